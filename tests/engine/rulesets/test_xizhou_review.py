"""An independent review of xizhou against its seed: fourteen new hand-computed summary hands
(tests/fixtures/xizhou/review.jsonl, the arithmetic in each hand's note) through the full path,
and disputed settlements explained by the right cause."""

import pytest

from tests.engine.rulesets.review_helpers import assert_clean, audit_review, disputed, explanation

POINTS = {
    1: {"S": 2},
    2: {"W": 6},
    3: {"N": 1},
    4: {"S": 1},
    5: {"S": 1},
    6: {"W": 3},
    7: {"N": 3},
    8: {"E": 3},
    9: {"S": 2, "N": 2},
    10: {"E": 29},
    11: {"S": 27},
    12: {},
    13: {"N": 40},
    14: {"N": 15},
}


def test_review_hands_audit_clean():
    assert_clean(audit_review("xizhou"), POINTS)


@pytest.mark.parametrize(
    ("no", "payments", "code"),
    [
        (2, [("E", "W", 5), ("S", "W", 5), ("N", "W", 5)], "tai_missed"),  # one 台 forgotten
        (3, [("W", "N", 2)], "san_bao_missed"),  # the bound E paid no extra 2M
        (11, [("W", "S", 27)], "discard_not_doubled"),  # 点炮 paid M, not 2M
        (6, [("S", "W", 6)], "la_gang_missed"),  # 拉杠胡 paid as a plain discard
        (5, [("W", "S", 2), ("E", "S", 2)], "hu_bao_not_doubled"),  # 互包 paid as 三包
        # the wrong payers: 点炮 settled like a 自摸, each of the three paying M
        (1, [("E", "S", 2), ("W", "S", 2), ("N", "S", 2)], "discard_as_self_draw"),
        (3, [("E", "N", 1), ("S", "N", 1), ("W", "N", 1)], "discard_as_self_draw"),
    ],
)
def test_disputes_name_the_cause(no, payments, code):
    assert explanation(disputed("xizhou", no, payments)) == code


def test_four_mixed_flowers_are_si_hua_unless_the_set_option():
    codes = {x["code"] for x in audit_review("xizhou")["hands"][13]["items"]["N"]}
    assert "si_hua" in codes and not codes & {"zheng_hua", "ye_hua"}
    hand = audit_review("xizhou", {"four_flowers": "set"})["hands"][13]
    # 竹 正花 2 + 春夏梅 野花 3 + 单吊1 + 自摸1 + 门清1 = 8台, so each of the three pays 7 less
    assert hand["points"] == {"N": 8}


@pytest.mark.parametrize(
    ("overrides", "no", "payments"),
    [
        ({"base": 2}, 1, [("E", "S", 8)]),  # M = 2台 x 底分2; 点炮 2M
        # 清10混6: 混一色 6 + 对对胡 6 instead of 12 + 12: 17台
        ({"flush_config": "10/6"}, 10, [("N", "E", 17), ("S", "E", 17), ("W", "E", 17)]),
        # 正风 2 plus 圈风 1 and 位风 1: 31台
        ({"zhengfeng_stacks": True}, 10, [("N", "E", 31), ("S", "E", 31), ("W", "E", 31)]),
    ],
)
def test_options_on_review_hands(overrides, no, payments):
    hand = audit_review("xizhou", overrides)["hands"][no - 1]
    assert sorted((p["from"], p["to"], p["amount"]) for p in hand["expected_payments"]) == payments
