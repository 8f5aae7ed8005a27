"""Hand-written malformed logs, each a guess at what a club's tool might write: the codec
refuses it with a LogFormatError naming the line and the field (never another exception), or
accepts it and the replay, the audit and the review take it without a traceback. Kept apart from
test_codec*.py so they guard any rewrite of the codec, the store or the engine."""

from __future__ import annotations

import json

import pytest

from events.codec import LogFormatError, parse_log

SESSION = {"type": "session", "ruleset": "wenling", "players": ["阿强", "小李", "老王", "阿芳"]}


def _log(*records: dict) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


def _refused(text: str) -> list:
    with pytest.raises(LogFormatError) as caught:
        parse_log(text)
    return caught.value.errors


@pytest.mark.parametrize("value", ["²", "١٢", "-", "1_000", "+5", " 3 x"])
def test_an_integer_option_written_as_odd_digits_is_refused_on_the_options_field(value):
    # "²" passes str.isdigit and int() refuses it: it escaped as a bare ValueError (a 500 on
    # upload, a traceback on the command line) instead of an option error.
    errors = _refused(_log({**SESSION, "options": {"multiplier": value}}))
    assert [(e.line, e.field, e.code) for e in errors] == [(1, "options", "option_type")]
    assert errors[0].params["name"] == "multiplier"


def test_an_integer_option_written_as_ascii_digits_is_read():
    from engine.rulesets import get_ruleset

    parsed = parse_log(_log({**SESSION, "options": {"multiplier": " 3 "}}))
    assert get_ruleset("wenling").options(parsed.session["options"]).multiplier == 3
