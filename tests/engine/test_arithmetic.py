"""The hand page's arithmetic: each scoring seat's formula steps and each payment's rule and
sum, made by the ruleset's own scoring and settlement (issue 16, point 1). Expected numbers
are worked by hand from the seeds' formulas, not read off the code."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.audit import audit_records
from events.codec import parse_log

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def first_hand(path: str) -> dict:
    return audit_records(parse_log((FIXTURES / path).read_bytes()).records)["hands"][0]


def steps(hand: dict, seat: str) -> list[tuple]:
    return [(s["code"], s["operand"], s["value"]) for s in hand["steps"][seat]]


def rules(hand: dict) -> dict:
    return {(p["from"], p["to"]): (p["reason"], p["formula"], p["amount"])
            for p in hand["expected_payments"]}  # fmt: skip


def test_wenling_sum_doubling_rounding_and_cap_for_every_seat():
    h = first_hand("wenling/settlement.jsonl")
    # 东: two 风/一九/字牌暗刻 (8 胡 each) = 16 胡, 门风刻 1 番: 16 × 2 = 32, up to 10 → 40.
    assert steps(h, "E") == [("hu_sum", None, 16), ("fan_sum", None, 1), ("doubled", 1, 32),
                             ("round_up", 10, 40), ("cap", 500, 40)]  # fmt: skip
    # 南 wins: base 20 胡, 无得 + 旁胡 = 2 番: 20 × 4 = 80.
    assert steps(h, "S")[:3] == [("hu_sum", None, 20), ("fan_sum", None, 2), ("doubled", 2, 80)]
    # 西: 2 × 4 (花/白) + 2 × 8 (暗刻) + 2 (对) = 26 胡, 3 番: 208 → 210.
    assert steps(h, "W")[2:4] == [("doubled", 3, 208), ("round_up", 10, 210)]
    # 北 8 胡, no 番: 8 → 10 (rounding up is the whole of it).
    assert steps(h, "N")[3] == ("round_up", 10, 10)


def test_wenling_payments_name_their_rule_and_sum():
    h = first_hand("wenling/settlement.jsonl")  # multiplier 2
    paid = rules(h)
    assert paid["E", "S"] == ("胡牌：没胡的一家付胡家 牌点 ÷ 10", "80 ÷ 10 × 2", 16)
    assert paid["E", "W"] == ("闲家差额：没胡的两家按牌点之差 ÷ 10 互付", "(210 − 40) ÷ 10 × 2", 34)
    english = {p["rule_en"] for p in h["expected_payments"]}
    assert english == {"a non-winner pays the winner its points ÷ 10",
                       "non-winners settle the difference of their points ÷ 10"}  # fmt: skip


def test_wenling_bao_san_jia_payment_adds_up_each_seat_it_pays_for():
    hand = audit_records(parse_log((FIXTURES / "wenling/settlement.jsonl").read_bytes()).records)
    h = hand["hands"][1]  # 西 liable for 南's 80: 3 × 80 ÷ 10 × 2 = 48
    reason, formula, amount = rules(h)["W", "S"]
    assert (formula, amount) == (" + ".join(["80 ÷ 10 × 2"] * 3), 48)
    seats = h["seats"]
    assert f"包三家(代{seats['E']})" in reason and f"包三家(代{seats['N']})" in reason


def test_huangyan_seed_example_halves_the_non_winners_differences():
    h = first_hand("huangyan/seed_examples.jsonl")
    # 付筹码篇 庄家胡: 庄 底胡 10, 无得 1 番 = 20; 南 4 + 8 + 2 = 14 胡, 字牌 1 番 = 28.
    assert steps(h, "E") == [("hu_sum", None, 10), ("fan_sum", None, 1), ("doubled", 1, 20)]
    assert steps(h, "S")[-1] == ("doubled", 1, 28)
    paid = rules(h)
    assert paid["S", "E"] == ("付胡家全额", "20 × 1", 20)
    assert paid["W", "S"] == ("胡数相减除以二（半粒进一）", "(28 − 6) × 1 ÷ 2", 11)


def test_zhoushan_tai_capped_and_paid_stake_times_base_plus_tai():
    h = first_hand("zhoushan/items.jsonl")  # 南 wins on 西's discard with a 红中 pung: 1 台
    assert steps(h, "S") == [("tai_sum", None, 1), ("cap", 4, 1)]
    assert rules(h) == {("W", "S"): ("放炮：每台分值 × (底 + 台)", "1 × (1 + 1)", 2)}


def test_xizhou_discarder_pays_twice_m():
    h = first_hand("xizhou/items.jsonl")  # 北: 边倒 1 + 门清 1 = 2 台, M = 2 × 底分 1
    assert steps(h, "N") == [("tai_sum", None, 2)]
    assert rules(h) == {("W", "N"): ("放炮：放炮的一家付2M", "2 × 2 × 1", 4)}


@pytest.mark.parametrize("path", ["wenling/settlement.jsonl", "wenling/limits.jsonl",
                                  "wenling/nonwinners.jsonl", "huangyan/scoring_items.jsonl",
                                  "zhoushan/items.jsonl", "xizhou/items.jsonl"])  # fmt: skip
def test_the_last_step_is_the_seats_points(path):
    """The steps end at the points the settlement pays on (one computation, not two)."""
    report = audit_records(parse_log((FIXTURES / path).read_bytes()).records)
    checked = 0
    for h in report["hands"]:
        for seat, points in h["points"].items():
            if h["steps"][seat] and not h["limits"].get(seat) == "below_minimum":
                assert h["steps"][seat][-1]["value"] == points, (h["no"], seat)
                checked += 1
    assert checked
