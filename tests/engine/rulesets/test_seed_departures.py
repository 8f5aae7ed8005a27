"""The two places where the code departed from a seed (issue 15), with hands computed by hand
from the seed text: zhoushan pays the 台 alone ("其他三家，都要按照胡牌者的台数相应付分", 抢杠胡
"付抢杠者台数的五倍"), and in xizhou only the bound partner who did not win owes the 三包 extra
("未胡的另一方需…额外付2M给胡家")."""

from engine.audit import audit_records
from tests.engine.summary_log import log, paid, show, win

# S holds 777z 123m 456p 789s 9s and wins on W's 9s: 中3个 1 + 单钓将 1 = 2 台 (the best reading;
# the 9s may also have completed 78s, a two-sided wait worth nothing).
ZS_DISCARD = [show("S", "777z123m456p789s99s"), win("S", "discard", "9s", "W")]
# S holds 123m 456m 789m 46p 11s and robs W's added kong of 5p: 坎张 1 台 (no 排胡: not two-sided).
ZS_ROBBED = [show("S", "123m456m789m456p11s"), win("S", "robbed_kong", "5p", "W")]
# S shows seven pairs and declares a self-draw: no win in zhoushan (the basic shape only).
ZS_FALSE = [show("S", "1122m3344p5566s77z"), win("S", "self_draw", "7z")]


def test_zhoushan_pays_the_tai_alone_by_default():
    report = audit_records(log("zhoushan", ZS_DISCARD, ZS_ROBBED))
    assert report["session"]["options"]["base"] == 0
    first, robbed = report["hands"]
    assert first["points"] == {"S": 2} and paid(first) == [("W", "S", 2)]
    assert robbed["points"] == {"S": 1} and paid(robbed) == [("W", "S", 5)]  # 5 × 1 台


def test_zhoushan_base_stays_an_option():
    report = audit_records(log("zhoushan", ZS_DISCARD, ZS_ROBBED, options={"base": 1}))
    first, robbed = report["hands"]
    assert paid(first) == [("W", "S", 3)]  # 1 + 2 台
    assert paid(robbed) == [("W", "S", 10)]  # 5 × (1 + 1)


# 三包 between E and S (S 吃ed E's tiles three times). N discards 4p and both win on it:
# S: 234p 55s + three 吃: 平胡 1 台 -> N pays 2M = 2.
# E: 123m 456m 789s 234p 99s, concealed: 平胡 1 + 门清 1 = 2 台 -> N pays 2M = 4.
XZ_BOTH_BOUND_WIN = [
    show("E", "123m456m789s234p99s"),
    show("S", "234p55s", [("chi", "123m", "E"), ("chi", "456m", "E"), ("chi", "789m", "E")]),
    win("S", "discard", "4p", "N"),
    win("E", "discard", "4p", "N"),
]
# Only S wins on N's 4p: the bound E, who did not win, pays 2M = 2 extra.
XZ_ONE_BOUND_WINS = [
    show("S", "234p55s", [("chi", "123m", "E"), ("chi", "456m", "E"), ("chi", "789m", "E")]),
    win("S", "discard", "4p", "N"),
]


def test_xizhou_both_bound_partners_winning_owe_each_other_nothing():
    hand = audit_records(log("xizhou", XZ_BOTH_BOUND_WIN))["hands"][0]
    assert hand["points"] == {"E": 2, "S": 1}
    assert paid(hand) == [("N", "E", 4), ("N", "S", 2)]


def test_xizhou_the_bound_partner_who_did_not_win_pays_the_extra():
    hand = audit_records(log("xizhou", XZ_ONE_BOUND_WINS))["hands"][0]
    assert paid(hand) == [("E", "S", 2), ("N", "S", 2)]


def test_a_false_win_in_zhoushan_is_paid_nothing_even_with_a_base():
    for options in ({}, {"base": 1}):
        hand = audit_records(log("zhoushan", ZS_FALSE, options=options))["hands"][0]
        assert "not_winning" in [a["code"] for a in hand["anomalies"]]
        assert hand["expected_payments"] == []
