"""Shared by the seed-case tests (test_seed_cases_<ruleset>.py): a summary log of one hand
audited through the full path (codec -> replay -> score -> settle), its payments as
{(payer, payee): amount}, and the dealer of the next hand."""

from engine.audit import audit_records
from engine.replay import replay
from engine.rulesets import get_ruleset
from tests.engine.summary_log import log


def flows(hand: dict) -> dict[tuple[str, str], int]:
    """The audit's expected payments, amounts of the same pair added."""
    out: dict[tuple[str, str], int] = {}
    for p in hand["expected_payments"]:
        out[(p["from"], p["to"])] = out.get((p["from"], p["to"]), 0) + p["amount"]
    return out


def each(winner: str, amount: int) -> dict[tuple[str, str], int]:
    """Each of the other three seats pays ``winner`` ``amount``."""
    return {(s, winner): amount for s in "ESWN" if s != winner}


def indicator(tile: str) -> dict:
    """The 得 indicator record of a summary log (the ruleset makes its 得 from it)."""
    return {"type": "wildcard", "indicator": tile}


def audited(ruleset: str, records: list[dict], options=None, round_wind=None) -> dict:
    """The report of a one-hand summary log, which must replay without an anomaly."""
    hand = audit_records(log(ruleset, records, options=options, round_wind=round_wind))["hands"][0]
    assert hand["anomalies"] == [], hand["anomalies"]
    return hand


def check_case(ruleset, records, options, points, payments, round_wind=None) -> None:
    """The hand-computed points of the seats in ``points`` (any other seat scores 0) and the
    hand-computed payments."""
    hand = audited(ruleset, records, options, round_wind)
    assert {s: p for s, p in hand["points"].items() if p or s in points} == points
    assert flows(hand) == payments


def next_dealer(ruleset: str, records: list[dict]) -> str:
    """Which of this hand's seats deals the next hand."""
    h = replay(log(ruleset, records)).hands[0]
    return get_ruleset(ruleset).next_dealer(h.outcome, h.opts)
