"""Disputes are counted by hand, and either resolution closes one (issue 16, point 2)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from engine.audit import audit, open_disputes, resolutions
from engine.replay import Correction
from engine.report import Dispute, HandReport
from events.codec import parse_log

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "audit" / "fan_missed.jsonl"
REPORT = audit(parse_log(FIXTURE.read_bytes()).records)


def _hand(seq: int, disputes: int) -> HandReport:
    line = Dispute(seq, "E", "S", 10, 5, None)
    return dataclasses.replace(REPORT.hands[0], seq=seq, disputes=(line,) * disputes)


def _settlement_fix(seq: int, target: int, reason: str, paid: int, now: int) -> Correction:
    return Correction(seq, target, reason=reason, by="carol", applied=True,
                      original={"type": "settlement", "payments": [{"from": "E", "to": "S", "amount": paid}]},
                      replacement={"type": "settlement", "payments": [{"from": "E", "to": "S", "amount": now}]})  # fmt: skip


def test_open_disputes_count_hands_and_either_resolution_closes_one():
    # hand at seq 1 has three differing payment lines: one disputed hand, not three.
    report = dataclasses.replace(
        REPORT, hands=(_hand(1, 3), _hand(20, 1), _hand(40, 2)), corrections=()
    )
    assert open_disputes(report) == 3
    report = dataclasses.replace(report, corrections=(
        _settlement_fix(60, 19, "keep_recorded: they agreed", paid=5, now=5),  # still differs
        _settlement_fix(61, 39, "accept_expected: pay it", paid=5, now=10),
        _settlement_fix(62, 39, "accept_expected: again", paid=10, now=10),
    ))  # fmt: skip
    assert open_disputes(report) == 1  # only the hand at seq 40 stays open
    r = resolutions(report)
    assert (r[1]["action"], r[1]["paid"], r[1]["payments"][0]["amount"]) == (
        "keep_recorded",
        [{"from": "E", "to": "S", "amount": 5}],
        5,
    )
    # what was really paid is the log's own settlement, not an earlier correction's
    assert (r[20]["action"], r[20]["seq"], r[20]["paid"][0]["amount"]) == ("accept_expected", 62, 5)


def test_a_reopen_takes_the_resolution_back_and_a_later_one_closes_it_again():
    report = dataclasses.replace(REPORT, hands=(_hand(1, 1), _hand(20, 1)), corrections=(
        _settlement_fix(60, 19, "accept_expected: pay it", paid=5, now=10),
        _settlement_fix(61, 19, "reopen: resolved by a slip", paid=10, now=5),
    ))  # fmt: skip
    assert resolutions(report) == {}
    assert open_disputes(report) == 2  # both hands are open again
    report = dataclasses.replace(report, corrections=(
        *report.corrections,
        _settlement_fix(62, 19, "keep_recorded: they agreed", paid=5, now=5),
    ))  # fmt: skip
    r = resolutions(report)
    # closed again by the later resolution; what the table paid is still the log's own 5
    assert (r[1]["seq"], r[1]["action"], r[1]["paid"][0]["amount"]) == (62, "keep_recorded", 5)
    assert open_disputes(report) == 1
