"""舟山(定海)麻将: who pays, found by the replay from full play-by-play logs written by hand
(no flags, no showdown). Each case quotes its clause of shared/seeds/zhoushan.txt; the payments
were computed by hand from it, and from the decisions in docs/rules/zhoushan.md (the 台 alone is
paid, the discarder alone pays a discard win), before the engine ran.

  "自摸：自己抓牌成胡牌(包括杠上开花、补花胡)其他三家，都要按照胡牌者的台数相应付分"
  "(12)杠上开花：自己抓牌开杠，补牌成胡牌…计2台。抓别人的牌开杠，补牌后成胡，被开杠那家付3家，杠上开花与自摸不累加"
  "(14)抢杠胡：胡别人明杠的牌。被抢杠者，付抢杠者台数的五倍，其他玩家不付"
  "庄家胡牌后继续做庄" / "闲家胡牌后庄家下庄，下盘由原庄家下家做庄"
"""

import pytest

from tests.engine.rulesets.play_log import audited, drain, flows, full_log, next_dealer

# 南 holds 555p and 35s 99s around two runs: 坎张 on 4s ("(7)坎张…计1台").
SOUTH = "555p234m678m35s99s"
WEST = "111p222s444z55z6z7z"
NORTH = "999p33m55m77m44p6p8p"
EAST_5P = "5p11m9m23p78p123z678s"  # throws the 5p first
EAST_1Z = "9s11m9m23p78p123z678s"  # no 5p; throws 1z first

CASES = [
    # 1. 东 throws 5p, 南 明杠s it, its replacement 4s completes 35s: "抓别人的牌开杠，补牌后成胡，
    # 被开杠那家付3家": 杠上开花 2 + 坎张 1 = 3台 (no 自摸: "不累加"); 东 pays 3 × 3 = 9, nobody else.
    pytest.param(
        EAST_5P,
        "E-5p S:gang:exposed:5p S*4s S:zimo:4s",
        {"S": 3},
        {("E", "S"): 9},
        "S",
        id="claimed_kong_replacement_win_the_feeder_pays_for_three",
    ),
    # 2. The same shape from 南's own 暗杠 (its 4th 5p drawn, on a later turn): "自己抓牌开杠，补牌成
    # 胡牌…计2台" and 自摸 "其他三家…相应付分": 杠上开花 2 + 坎张 1 = 3台; each of 东 西 北 pays 3.
    pytest.param(
        EAST_1Z,
        "E-1z S~2z W~2z N~2z E~3z S+5p S:gang:concealed:5p S*4s S:zimo:4s",
        {"S": 3},
        {("E", "S"): 3, ("W", "S"): 3, ("N", "S"): 3},
        "S",
        id="own_concealed_kong_replacement_win_all_three_pay",
    ),
    # 2b. The same 暗杠 on 南's very first draw: "(18)地胡：闲家摸第一张牌成胡，计1台" — read (docs
    # decision) as a win in the seat's first turn, its replacement after a 暗杠 included, as
    # xizhou's seed says of 天胡 ("可叠加扛开"): 3 + 1 = 4台; each pays 4.
    pytest.param(
        EAST_1Z,
        "E-1z S+5p S:gang:concealed:5p S*4s S:zimo:4s",
        {"S": 4},
        {("E", "S"): 4, ("W", "S"): 4, ("N", "S"): 4},
        "S",
        id="own_concealed_kong_on_the_first_draw_is_dihu",
    ),
    # 3. 南 明杠s 东's 5p but its replacement (东) does not win; it throws it and wins later on a
    # plain draw: no 补牌后成胡, so no 包: 坎张 1 + 自摸 1 = 2台, each of the three pays 2.
    pytest.param(
        EAST_5P,
        "E-5p S:gang:exposed:5p S*1z S-1z W~7z N~7z E~6z S+4s S:zimo:4s",
        {"S": 2},
        {("E", "S"): 2, ("W", "S"): 2, ("N", "S"): 2},
        "S",
        id="claimed_kong_later_self_draw_is_no_bao",
    ),
    # 4. After the same kong 西 throws the 4s: a discard win (放铳), not the kong's 补牌: 坎张 1台,
    # the discarder 西 alone pays 1 (docs discard_payer=discarder); 东, who fed the kong, nothing.
    pytest.param(
        EAST_5P,
        "E-5p S:gang:exposed:5p S*1z S-1z W+4s W-4s S:hu:4s:W",
        {"S": 1},
        {("W", "S"): 1},
        "S",
        id="claimed_kong_then_a_discard_win_the_discarder_pays",
    ),
]


@pytest.mark.parametrize(("east", "steps", "points", "payments", "dealer"), CASES)
def test_played_kong_liabilities(east, steps, points, payments, dealer):
    recs = full_log("zhoushan", {"E": east, "S": SOUTH, "W": WEST, "N": NORTH}, steps)
    hand = audited(recs)
    assert hand["points"] == points
    assert flows(hand) == payments
    # "闲家胡牌后庄家下庄，下盘由原庄家下家做庄"
    assert next_dealer(recs) == dealer


def test_robbed_added_kong_the_robbed_seat_pays_fivefold():
    # 东 碰s 西's 7p, later draws the 4th and 加杠s; 南 (123m 456m 789m 6p8p 99s) robs it: "胡别人明杠
    # 的牌" — 坎张 1台 (抢杠 adds none); "被抢杠者，付抢杠者台数的五倍，其他玩家不付": 东 pays 5.
    # 南 let 西's 7p go (东's 碰) and drew since, so it may win again.
    deals = {
        "E": "1z77p4z123456789s9m",
        "S": "123456789m68p99s",
        "W": "7p111222333444p",
        "N": "222333m555p666z7z",
    }
    steps = "E-1z S~2z W+3z W-7p E:peng E-4z S~2z W~5z N~5z E+7p E:gang:added:7p S:qiang:7p:E"
    recs = full_log("zhoushan", deals, steps)
    hand = audited(recs)
    assert hand["points"] == {"S": 1}
    assert flows(hand) == {("E", "S"): 5}
    assert next_dealer(recs) == "S"


def test_dealer_win_on_a_discard_keeps_the_deal():
    # 东 (14: 123m 456m 789m 13p 55s + 9z… it throws 北 first) waits 2p (坎张); 北 throws it: 坎张 1台,
    # 北 alone pays 1; "庄家胡牌后继续做庄".
    deals = {
        "E": "123456789m13p55s4z",
        "S": "111222333s444z5z",
        "W": "777p888p999p666m7z",
        "N": "2p5m5m6s6s7s7s8s8s1z1z2z3z",
    }
    recs = full_log("zhoushan", deals, "E-4z S~6z W~6z N+6z N-2p E:hu:2p:N")
    hand = audited(recs)
    assert hand["points"] == {"E": 1}
    assert flows(hand) == {("N", "E"): 1}
    assert next_dealer(recs) == "E"


def test_a_drawn_hand_pays_nothing_and_the_dealer_stays():
    # Every seat throws what it draws to the wall's last tile ("最后一张牌抓起来后再打一张"; flowers
    # revealed and replaced): no winner, nothing paid; "流局后庄家继续做庄".
    deals = {"E": EAST_1Z, "S": SOUTH, "W": WEST, "N": NORTH}
    recs = full_log("zhoushan", deals, f"E-1z {drain('zhoushan', deals, 0)} exhausted")
    assert audited(recs)["expected_payments"] == []
    assert next_dealer(recs) == "E"


def test_two_seats_rob_one_added_kong():
    # As above, and 北 (222m 333m 555p 66z 6p8p) robs the same 7p: "被抢杠者，付抢杠者台数的五倍" to
    # each — 南 坎张 1台, 北 坎张 1台: 东 pays 5 and 5. "一炮多响按逆时针胡在前面的为下局庄家": after
    # 东, 南 comes first and deals.
    deals = {
        "E": "1z77p4z123456789s9m",
        "S": "123456789m68p99s",
        "W": "7p111222333444p",
        "N": "222333m555p68p66z",
    }
    steps = (
        "E-1z S~2z W+3z W-7p E:peng E-4z S~2z W~5z N~5z E+7p E:gang:added:7p"
        " S:qiang:7p:E N:qiang:7p:E"
    )
    recs = full_log("zhoushan", deals, steps)
    hand = audited(recs)
    assert hand["points"] == {"S": 1, "N": 1}
    assert flows(hand) == {("E", "S"): 5, ("E", "N"): 5}
    assert next_dealer(recs) == "S"


# 东 is dealt 123m 456m 789p 23s 55p and 春 (1f, 东's own: "东=春梅"), shows 春 and wins on the
# back draw 4s before any discard.
HEAVEN_ON_A_FLOWER = {
    "E": "123m456m789p23s55p1f",
    "S": "147m258p369s1234z",
    "W": "258m369p147s5677z",
    "N": "369m147p258s1234z",
}


@pytest.mark.parametrize(
    ("options", "tai"),
    [
        # "(17)天胡：庄家起牌就成胡，计4台" 4 + "(4)…补花成胡，那么分数计算结果时则按'杠上开花'的台数计算" 2
        # ("杠上开花与自摸不累加": no 自摸) + "(4)花牌…正花，计1台" 1 + "(15)排胡" (four chows, 55p, 23s
        # won on 4s: 两面) 1 = 8, with no cap: "其他三家，都要按照胡牌者的台数相应付分" 8 each.
        pytest.param({"cap": 0}, 8, id="uncapped"),
        # "台数超过4台，仍按4台计算": 4 each.
        pytest.param({}, 4, id="capped"),
    ],
)
def test_heaven_on_a_flower_replacement(options, tai):
    recs = full_log("zhoushan", HEAVEN_ON_A_FLOWER, "E!1f E*4s E:zimo:4s", options)
    hand = audited(recs)
    assert hand["points"] == {"E": tai}
    assert flows(hand) == {("S", "E"): tai, ("W", "E"): tai, ("N", "E"): tai}
    assert next_dealer(recs) == "E"  # "庄家胡牌后继续做庄"
