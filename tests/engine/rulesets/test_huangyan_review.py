"""An independent review of huangyan against its seed: thirteen new hand-computed summary hands
(tests/fixtures/huangyan/review.jsonl, the arithmetic in each hand's note) through the full path,
and disputed settlements the audit must explain by the right cause."""

import pytest

from tests.engine.rulesets.review_helpers import assert_clean, audit_review, disputed, explanation

# hand -> every seat that showed: its 胡 as paid, worked out by hand from the seed.
POINTS = {
    1: {"E": 56, "S": 20, "W": 8, "N": 0},
    2: {"E": 20, "S": 16, "W": 36, "N": 6},
    3: {"E": 10, "S": 8, "W": 0, "N": 64},
    4: {"E": 240, "S": 16, "W": 20, "N": 0},
    5: {"S": 1472},
    6: {"E": 84, "S": 28, "W": 0, "N": 576},
    7: {"E": 80},
    8: {"W": 64},
    9: {"E": 6, "S": 0, "N": 24},
    10: {},
    11: {"E": 1472},
    12: {"E": 20, "S": 36},
    13: {"S": 24},
}


def test_review_hands_audit_clean():
    assert_clean(audit_review("huangyan"), POINTS)


def test_the_seeds_two_wildcards_one_restored_example():
    hand = audit_review("huangyan")["hands"][6]
    assert sorted(hand["reading"]["E"]) == ["6s→6s", "6s→7z"]
    fans = {x["code"]: x["count"] for x in hand["items"]["E"] if x["unit"] == "番"}
    assert fans == {"dragon": 1, "restored": 1}  # 一张得无番: no 无得


def test_a_wildcard_winning_tile_takes_the_middle_of_a_chow():
    hand = audit_review("huangyan")["hands"][12]
    assert hand["reading"]["S"] == ["9p→5m"]
    assert "kanchan" in {x["code"] for x in hand["items"]["S"]}


@pytest.mark.parametrize(
    ("no", "payments", "overrides", "code"),
    [
        # hand 1 paid on 28, the 无得 番 forgotten (the differences right)
        (
            1,
            [
                ("S", "E", 28),
                ("W", "E", 28),
                ("N", "E", 28),
                ("W", "S", 6),
                ("N", "S", 10),
                ("N", "W", 4),
            ],
            None,
            "fan_missed",
        ),
        # hand 5 with a 500-胡 封顶 in force, paid uncapped
        (
            5,
            [("E", "S", 1472), ("W", "S", 736), ("N", "S", 736)],
            {"cap": 500},
            "cap_or_rounding_ignored",
        ),
        # hand 9: the discarder E paid the whole 48 owed to the winner
        (9, [("E", "N", 48), ("S", "E", 6), ("W", "E", 6)], None, "discarder_paid_all"),
        # hand 2: the dealer paid like a 闲家 (half) and settled half differences
        (
            2,
            [
                ("E", "W", 18),
                ("S", "W", 18),
                ("N", "W", 18),
                ("S", "E", 2),
                ("N", "E", 7),
                ("N", "S", 5),
            ],
            None,
            "dealer_as_non_dealer",
        ),
    ],
)
def test_disputes_name_the_cause(no, payments, overrides, code):
    assert explanation(disputed("huangyan", no, payments, overrides)) == code


def _paid(hand):
    return sorted((p["from"], p["to"], p["amount"]) for p in hand["expected_payments"])


@pytest.mark.parametrize(
    ("overrides", "no", "payments"),
    [
        # 进十: N 24 -> 30, E 6 -> 10; E pays 30, S and W 15; S and W pay E its 10 in full
        (
            {"round_to": 10},
            9,
            [("E", "N", 30), ("S", "E", 10), ("S", "N", 15), ("W", "E", 10), ("W", "N", 15)],
        ),
        # 底5: S 14 + 5 = 19 胡, no 番; the 闲家 owe 9.5: the half 粒 rounds up, or down
        ({"base_hu": 5}, 13, [("E", "S", 19), ("N", "S", 10), ("W", "S", 10)]),
        (
            {"base_hu": 5, "half_rounding": "down"},
            13,
            [("E", "S", 19), ("N", "S", 9), ("W", "S", 9)],
        ),
        # 2 粒 per 胡 doubles every payment of hand 2 (the halves stay exact)
        (
            {"li_per_hu": 2},
            2,
            [
                ("E", "W", 72),
                ("N", "E", 28),
                ("N", "S", 10),
                ("N", "W", 36),
                ("S", "E", 8),
                ("S", "W", 36),
            ],
        ),
    ],
)
def test_rounding_and_unit_options(overrides, no, payments):
    assert _paid(audit_review("huangyan", overrides)["hands"][no - 1]) == payments
