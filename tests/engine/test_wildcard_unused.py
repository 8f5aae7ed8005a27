"""A 得 (wildcard) line where the rules play without 得 — zhoushan and xizhou, huangyan with
``wildcard_rule=none`` — is reported as ``wildcard_unused`` and changes nothing: the hand scores,
settles and counts its wall as it does without the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.audit import audit_records
from engine.replay import replay
from events.codec import parse_log
from tests.engine.summary_log import log, show, win

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
WILD = {"type": "wildcard", "indicator": "5m"}
HAND = [show("S", "123m456p789s11z234s"), win("S", "self_draw", "4s")]


def _codes(hand: dict) -> list[str]:
    return [a["code"] for a in hand["anomalies"]]


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [("zhoushan", None), ("xizhou", None), ("huangyan", {"wildcard_rule": "none"})],
)
def test_a_wildcard_line_without_wildcards_is_reported_and_ignored(ruleset, options):
    plain = audit_records(log(ruleset, HAND, options=options))["hands"][0]
    wild = audit_records(log(ruleset, [WILD, *HAND], options=options))["hands"][0]
    assert _codes(wild) == [*_codes(plain), "wildcard_unused"]
    assert next(a for a in wild["anomalies"] if a["code"] == "wildcard_unused")["severity"] == (
        "warning"
    )
    assert wild["points"] == plain["points"]
    assert wild["expected_payments"] == plain["expected_payments"]


def test_a_ruleset_with_wildcards_takes_the_line():
    hand = audit_records(log("wenling", [WILD, *HAND]))["hands"][0]
    assert "wildcard_unused" not in _codes(hand)


def test_the_ignored_line_takes_no_tile_off_the_wall():
    text = (FIXTURES / "zhoushan" / "flow.jsonl").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(text) if '"type":"deal"' in line)
    wild = [*text[:at], '{"type":"wildcard","indicator":"5m"}', *text[at:]]
    walls = [
        [h.outcome.wall_left for h in replay(parse_log("\n".join(lines)).records).hands]
        for lines in (text, wild)
    ]
    assert walls[0] == walls[1] and walls[0][0] is not None
