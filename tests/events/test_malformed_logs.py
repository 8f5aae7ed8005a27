"""Hand-written malformed logs, each a guess at what a club's tool might write: the codec
refuses it with a LogFormatError naming the line and the field (never another exception), or
accepts it and the replay, the audit and the review take it without a traceback. Kept apart from
test_codec*.py so they guard any rewrite of the codec, the store or the engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.rulesets.base import MAX_OPTION
from events.codec import LogFormatError, parse_log
from events.records import MAX_AMOUNT

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

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


SETTLED = (FIXTURES / "audit" / "paid_right.jsonl").read_text(encoding="utf-8")


@pytest.mark.parametrize("note", [False, True])  # the plain reading (events.plain), the model's
def test_an_amount_past_the_limit_is_refused_naming_the_payment(note):
    # Accepted before, then its sums could not be stored: the session never reached the ledger.
    text = SETTLED.replace('"amount":72', f'"amount":{MAX_AMOUNT + 1}', 1)
    if note:
        text = text.replace('{"type":"settlement",', '{"type":"settlement","note":"x",', 1)
    errors = _refused(text)
    assert [(e.line, e.record_type, e.field, e.code) for e in errors] == [
        (29, "settlement", "payments.0.amount", "at_most")
    ]
    widest = parse_log(SETTLED.replace('"amount":72', f'"amount":{MAX_AMOUNT}', 1))
    assert widest.records[-1]["payments"][0]["amount"] == MAX_AMOUNT


@pytest.mark.parametrize("points", [MAX_AMOUNT + 1, -MAX_AMOUNT - 1])
def test_points_past_the_limit_either_way_are_refused_naming_the_seat(points):
    text = SETTLED.replace(
        '{"type":"settlement",', f'{{"type":"settlement","points":{{"S":{points}}},', 1
    )
    errors = _refused(text)
    assert [(e.line, e.field) for e in errors] == [(29, "points.S")]
    assert errors[0].code == ("at_most" if points > 0 else "at_least")


@pytest.mark.parametrize(
    ("ruleset", "options", "code"),
    [
        ("wenling", {"multiplier": MAX_OPTION + 1}, "option_above"),
        ("huangyan", {"li_per_hu": 10**12}, "option_above"),
        ("zhoushan", {"stake": -1}, "option_below"),  # owed the loser: money the wrong way
        ("xizhou", {"base": -1}, "option_below"),
        ("wenling", {"multiplier": 0}, "option_below"),  # the ruleset's own bound still speaks
    ],
)
def test_a_number_option_out_of_range_is_refused_on_the_options_field(ruleset, options, code):
    errors = _refused(_log({**SESSION, "ruleset": ruleset, "options": options}))
    assert [(e.line, e.field, e.code) for e in errors] == [(1, "options", code)]
    assert errors[0].params["name"] == next(iter(options))


def test_the_widest_option_is_read():
    parsed = parse_log(_log({**SESSION, "options": {"multiplier": MAX_OPTION}}))
    assert parsed.session["options"] == {"multiplier": MAX_OPTION}


@pytest.mark.parametrize(
    ("value", "code"), [("9" * 5000, "option_above"), ("-" + "9" * 5000, "option_below")]
)
def test_a_number_option_written_with_more_digits_than_int_reads_is_refused_on_the_field(
    value, code
):
    # Text of more than 4,300 digits: int() raised a bare ValueError out of parse_log (a 500 on
    # upload; `fupan verify --option` printed Python's words, no option named).
    errors = _refused(_log({**SESSION, "options": {"multiplier": value}}))
    assert [(e.line, e.field, e.code) for e in errors] == [(1, "options", code)]
    assert errors[0].params["name"] == "multiplier"
    assert len(str(errors[0])) < 200  # the value shown by its first digits


def test_leading_zeros_past_what_int_reads_still_read_as_the_number():
    parsed = parse_log(_log({**SESSION, "options": {"multiplier": "0" * 5000 + "7"}}))
    from engine.rulesets import get_ruleset

    assert get_ruleset("wenling").options(parsed.session["options"]).multiplier == 7
