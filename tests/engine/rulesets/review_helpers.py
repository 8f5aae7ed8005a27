"""Shared by the seed reviews (test_<ruleset>_review.py): a review fixture audited through the
full path (codec -> replay -> audit), and the same file with one hand's settlement replaced by a
table's mistake, to see which explanation the audit names."""

from pathlib import Path

from engine.audit import audit_records
from events.codec import parse_log

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def fixture_records(path: str) -> list[dict]:
    """The canonical records of ``tests/fixtures/<path>``."""
    return parse_log((FIXTURES / path).read_bytes()).records


def review_records(ruleset: str) -> list[dict]:
    return fixture_records(f"{ruleset}/review.jsonl")


def audit_review(ruleset: str, overrides: dict | None = None) -> dict:
    return audit_records(review_records(ruleset), overrides)


def disputed(ruleset: str, no: int, payments: list[tuple[str, str, int]], overrides=None) -> dict:
    """The report of hand ``no`` after its settlement is replaced by ``payments``."""
    records, hand = review_records(ruleset), None
    for i, rec in enumerate(records):
        if rec["type"] == "hand":
            hand = rec["no"]
        elif rec["type"] == "settlement" and hand == no:
            records[i] = {
                "type": "settlement",
                "payments": [{"from": a, "to": b, "amount": n} for a, b, n in payments],
            }
    return audit_records(records, overrides)["hands"][no - 1]


def explanation(hand: dict) -> str | None:
    """The explanation code shared by a hand's disputes (asserting there are some)."""
    assert hand["disputes"], "the replaced settlement should be disputed"
    codes = {(d["explanation"] or {}).get("code") for d in hand["disputes"]}
    assert len(codes) == 1
    return codes.pop()


def assert_clean(report: dict, expected_points: dict[int, dict[str, int]]) -> None:
    """No anomaly anywhere, no dispute, the hand-computed points, recorded net = expected net."""
    assert report["anomalies"] == []
    assert [h["no"] for h in report["hands"]] == list(expected_points)
    for h in report["hands"]:
        assert (h["no"], h["anomalies"], h["disputes"]) == (h["no"], [], [])
        assert (h["no"], h["points"]) == (h["no"], expected_points[h["no"]])
        assert h["recorded_net"] == h["expected_net"]
    assert report["ok"] is True
