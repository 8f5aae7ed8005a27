"""Every problem the codec reports has a stable code of events/messages.py whose text its params
fill; every code is reached by some log (or is named below as reached elsewhere)."""

from __future__ import annotations

import gzip
import json
import re

import pytest

from engine.rulesets.base import _KIND_WORDS
from events import codec
from events.codec import MAX_LINE_BYTES, LogError, LogFormatError, parse_log
from events.messages import JSON_REASONS, MESSAGES, WORD_PARAMS, WORDS, english
from tests.events.test_codec_errors import HAND, RECORD_CASES, SESSION, jsonl

# Codes no log below provokes: the upload's own (service/uploads), an option outside its
# choices (no ruleset has an option with choices yet), fallbacks for what pydantic, json or a
# ruleset might one day say that has no code yet.
ELSEWHERE = {"file_type", "no_club", "not_member", "option_choice", "invalid", "option",
             "json_refused"}  # fmt: skip


def _logs() -> list[tuple[str | bytes, dict]]:
    play = [jsonl(SESSION, HAND, record) for record, _message in RECORD_CASES]
    session = [
        jsonl({**SESSION, **change}, HAND)
        for change in (
            {"players": ["a", "b", "c"]},
            {"table": "t" * 201},
            {"table": 3.5},
            {"options": {"no_such_option": 1}},
            {"options": {"multiplier": [1]}},
            {"options": {"multiplier": 0}},
            {"options": {"multiplier": 10**7}},
        )
    ]
    flowers = jsonl(
        {**SESSION, "ruleset": "huangyan"}, HAND, {"type": "draw", "seat": "E", "tile": "春"}
    )
    other = [
        jsonl(HAND, SESSION),
        jsonl(SESSION, {"type": "dice", "seat": "E", "dice": [1, 2]}, HAND),
        jsonl(SESSION, {**HAND, "no": 3}, HAND),
        jsonl(
            SESSION,
            HAND,
            {"type": "correction", "target": 1, "void": True},
            {"type": "correction", "target": 2, "void": True},
        ),  # fmt: skip
        b"",
        jsonl(SESSION, HAND).encode() + b'{"type":"exhausted","note":"\xff"}\n',
        jsonl(SESSION, HAND).encode("gbk"),
        gzip.compress(jsonl(SESSION, HAND).encode()),
        jsonl(SESSION, HAND).encode("utf-16"),
        jsonl(SESSION, HAND, {"type": "exhausted", "note": "x" * MAX_LINE_BYTES}),
        jsonl(SESSION, HAND, *[{"type": "discard", "seat": "E", "tile": "0m"}] * 60),
        jsonl(SESSION, HAND, '{"type": "exhausted", "x": {"k\\ud800": 1}}'),
    ]
    return [(log, {}) for log in play + session + other + [flowers]] + [
        (jsonl(SESSION, HAND, *[{"type": "exhausted"}] * 600), {"deadline": 0.0}),
        (jsonl(SESSION, HAND, *[{"type": "exhausted"}] * 100), {"max_bytes": 500}),
    ]


def _found() -> list[LogError]:
    found = []
    for log, options in _logs():
        with pytest.raises(LogFormatError) as info:
            parse_log(log, **options)
        found += info.value.errors
    return found


def test_every_code_of_the_codec_is_reached_and_fills_its_text():
    found = _found()
    for error in found:
        assert error.code in MESSAGES
        assert english(error.code, error.params) == error.message  # every placeholder filled
        assert all(isinstance(v, str | int) for v in error.params.values()), error
        for key in WORD_PARAMS:  # words the service translates
            assert key not in error.params or error.params[key] in WORDS, error
    assert set(MESSAGES) - {e.code for e in found} <= ELSEWHERE | {"too_many_lines"}  # below


def test_too_many_lines_has_its_code(monkeypatch):
    monkeypatch.setattr(codec, "MAX_LINES", 5)
    with pytest.raises(LogFormatError) as info:
        parse_log(jsonl(SESSION, HAND, *[{"type": "exhausted"}] * 5))
    assert [e.code for e in info.value.errors] == ["too_many_lines"]


def test_a_code_outside_the_table_cannot_be_made():
    with pytest.raises(KeyError):
        LogError(1, None, None, "no such code")


def test_the_words_given_as_params_are_in_the_table():
    kinds = {codec._json_kind(v) for v in ({}, [], "", True, 1, None)}
    kinds |= set(codec._TYPE_WORDS.values()) | set(_KIND_WORDS.values())
    assert kinds <= WORDS
    reasons = set()
    for text in ('{"a":1,}', "[1,]", '{"a" 1}', '{"a":1 "b"}', '"abc', '"\\x"', '"\\u12"',
                 '{"a":1} x', '"a\x01"'):  # fmt: skip
        with pytest.raises(json.JSONDecodeError) as info:
            json.loads(text)
        reasons.add(info.value.msg)
    assert reasons <= set(JSON_REASONS)  # each of Python's reasons has our own words
    assert {JSON_REASONS[r] for r in reasons} <= WORDS


def test_the_codes_are_documented():
    doc = open("docs/log-format.md", encoding="utf-8").read()
    section = doc.split("\n## Error codes\n")[1].split("\n## ")[0]
    documented = set(re.findall(r"^\| `([a-z0-9_]+)` \|", section, re.M))
    assert documented == set(MESSAGES)
