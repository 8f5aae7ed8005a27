"""The audit on hand-written logs: net flows per pair of seats, disputes and their explanations,
hands without a settlement, exhausted hands, dealer rotation, totals and option overrides."""

from __future__ import annotations

from pathlib import Path

from engine.audit import audit_records, net, pair_flows
from engine.rulesets.base import Payment
from events.codec import parse_log

AUDIT = Path(__file__).resolve().parents[1] / "fixtures" / "audit"


def audit(name: str, overrides: dict | None = None) -> dict:
    return audit_records(parse_log((AUDIT / name).read_bytes()).records, overrides)


def flows(*payments: tuple[str, str, int]) -> dict:
    return pair_flows(Payment(a, b, n) for a, b, n in payments)


def test_pair_flows_net_each_pair():
    assert flows(("W", "E", 10), ("E", "W", 3)) == flows(("W", "E", 7)) == {("E", "W"): -7}
    assert flows(("S", "N", 5), ("N", "S", 5)) == {}
    assert flows(("E", "S", 4), ("E", "S", 6), ("W", "N", 1)) == {("E", "S"): 10, ("W", "N"): 1}


def test_net_per_seat():
    assert net([Payment("S", "E", 72), Payment("S", "W", 2)]) == {"E": 72, "S": -74, "W": 2, "N": 0}


def test_right_settlement_is_clean():
    report = audit("paid_right.jsonl")
    (hand,) = report["hands"]
    assert report["ok"] and hand["disputes"] == [] and hand["anomalies"] == []
    assert hand["result"] == "win" and hand["winners"] == ["E"]
    assert hand["expected_net"] == hand["recorded_net"] == {"E": 216, "S": -74, "W": -68, "N": -74}
    assert hand["points"]["E"] == 72  # (16 明杠幺九 + 8 暗刻幺九 + 2 自摸 + 10 底胡) × 2 硬碰硬


def test_equivalent_payments_are_not_disputes():
    report = audit("paid_equivalent.jsonl")
    hand = report["hands"][0]
    assert report["ok"] and hand["disputes"] == []
    assert len(hand["recorded_payments"]) == 7 and len(hand["expected_payments"]) == 5


def test_dispute_names_the_missed_fan():
    hand = audit("fan_missed.jsonl")["hands"][0]
    expected_points = hand["points"]["W"]
    assert expected_points == 20  # 底胡 10 × 2 (硬碰硬); the table paid on 10
    explanation = {
        "code": "fan_missed",
        "zh": "漏算无得（硬碰硬）",
        "en": "no wildcard in hand not counted",
    }
    assert hand["disputes"] == [
        {
            "hand": 1,
            "from": "E",
            "to": "W",
            "expected": 20,
            "recorded": 10,
            "explanation": explanation,
        },
        {
            "hand": 1,
            "from": "S",
            "to": "W",
            "expected": 10,
            "recorded": 5,
            "explanation": explanation,
        },
        {
            "hand": 1,
            "from": "N",
            "to": "W",
            "expected": 10,
            "recorded": 5,
            "explanation": explanation,
        },
    ]


def test_unexplained_dispute_has_no_explanation():
    report = audit("unexplained.jsonl")
    assert not report["ok"]
    assert report["hands"][0]["disputes"] == [
        {"hand": 1, "from": "N", "to": "W", "expected": 10, "recorded": 13, "explanation": None}
    ]


def test_hand_without_settlement_reports_expected_and_flags_nothing():
    report = audit("no_settlement.jsonl")
    hand = report["hands"][0]
    assert report["ok"] and hand["disputes"] == []
    assert hand["recorded_payments"] is None and hand["recorded_net"] is None
    assert {(p["from"], p["to"], p["amount"]) for p in hand["expected_payments"]} == {
        ("E", "W", 20),
        ("S", "W", 10),
        ("N", "W", 10),
        ("S", "E", 12),
        ("N", "E", 12),
    }
    assert report["recorded_totals"] == {}


def test_exhausted_hand_expects_nothing():
    report = audit("exhausted_paid.jsonl")
    hand = report["hands"][0]
    assert hand["result"] == "exhausted" and hand["winners"] == []
    assert hand["expected_payments"] == []
    assert hand["disputes"] == [
        {"hand": 1, "from": "S", "to": "E", "expected": 0, "recorded": 5, "explanation": None}
    ]


def test_summary_session_totals_per_player():
    report = audit("summary.jsonl")
    assert report["ok"], report
    assert [h["summary"] for h in report["hands"]] == [True, True]
    # hand 1: 小李 (S) self-draws 24 胡 and is paid 24 by the dealer, 12 by each other 闲家
    assert report["totals"] == {"阿强": -24, "小李": 48, "老王": -12, "阿芳": -12}
    assert report["recorded_totals"] == report["totals"]


def test_dealer_rotation_is_checked():
    report = audit("dealer_rotation.jsonl")
    assert not report["ok"]
    ((seq, code, severity),) = [(a["seq"], a["code"], a["severity"]) for a in report["anomalies"]]
    assert (seq, code, severity) == (6, "dealer_rotation", "error")
    assert "should seat East 小李, South 老王" in report["anomalies"][0]["message"]


def test_seat_change_exempts_the_hand():
    assert audit("seat_change.jsonl")["ok"]


def test_hand_number_gap_is_a_warning():
    report = audit("hand_number.jsonl")
    assert [(a["code"], a["severity"]) for a in report["anomalies"]] == [("hand_number", "warning")]


def test_corrections_are_reported_and_applied():
    report = audit("corrections.jsonl")
    assert report["ok"]
    assert [(c["target"], c["applied"], c["reason"]) for c in report["corrections"]] == [
        (10, True, "typo: 九筒 not 八筒"),
        (11, True, "W never drew"),
    ]


def test_overrides_change_the_expected_payments():
    report = audit("paid_right.jsonl", {"li_per_hu": 2})
    disputes = report["hands"][0]["disputes"]
    assert report["session"]["options"]["li_per_hu"] == 2
    assert {(d["from"], d["to"], d["expected"], d["recorded"]) for d in disputes} == {
        ("S", "E", 144, 72),
        ("W", "E", 144, 72),
        ("N", "E", 144, 72),
        ("S", "W", 4, 2),
        ("N", "W", 4, 2),
    }


def test_report_shape():
    report = audit("paid_right.jsonl")
    assert set(report) >= {"ok", "session", "hands", "totals", "recorded_totals", "anomalies"}
    hand = report["hands"][0]
    assert set(hand) >= {
        "no",
        "result",
        "winners",
        "points",
        "items",
        "reading",
        "expected_payments",
        "recorded_payments",
        "expected_net",
        "recorded_net",
        "disputes",
        "anomalies",
    }
    line = hand["items"]["E"][0]
    assert set(line) == {"code", "zh", "en", "value", "unit", "count"}
    assert report["session"]["ruleset"] == "huangyan" and report["session"]["club"] == "黄岩俱乐部"


def test_a_failing_ruleset_becomes_an_anomaly_not_a_crash():
    from engine.audit import audit_hand
    from engine.hand import decompositions
    from engine.replay import replay

    hand = replay(parse_log((AUDIT / "fan_missed.jsonl").read_bytes()).records).hands[0]

    class Broken(type(hand.ruleset)):
        def score(self, outcome, opts):
            raise ValueError("no reading")

    hand.ruleset = Broken()
    report = audit_hand(hand).to_dict()
    assert [(a["code"], a["severity"]) for a in report["anomalies"]] == [("score_failed", "error")]
    # a reader sees no exception (the log has it for developers); a HandError's words are shown
    assert "no reading" not in report["anomalies"][0]["message"]
    assert "cannot score this hand" in report["anomalies"][0]["message"]
    Broken.score = lambda self, outcome, opts: list(decompositions("1m1m1m2m2m", winning_tile="5p"))
    message = audit_hand(hand).anomalies[0].message
    assert "the winning tile 5 Dots is not among the concealed tiles" in message, message
    assert report["expected_payments"] == [] and report["points"] == {}
    # the recorded payments are still compared (against nothing expected)
    assert {(d["from"], d["to"], d["recorded"]) for d in report["disputes"]} >= {("E", "W", 10)}
