"""舟山(定海)麻将: new hand-computed cases, clause by clause from shared/seeds/zhoushan.txt (seed
check, session 4). Every number was worked out by hand from the seed (and, where it is silent, the
decisions in docs/rules/zhoushan.md: the discarder alone pays a discard win, 排胡 1台, the 台
alone is paid) before the engine was run; the arithmetic is in each case's comment.

  "台数可以累加计算", "台数超过4台，仍按4台计算".
  自摸 "其他三家，都要按照胡牌者的台数相应付分"; 放铳: the discarder pays the 台 (docs).
  杠上开花 "抢别人的牌开杠，补牌后成胡，被开杠那家付3家"; 抢杠胡 "被抢杠者，付抢杠者台数的五倍".
"""

import pytest

from engine.audit import audit_records
from tests.engine.rulesets.seed_case_helpers import check_case, each, flows, next_dealer
from tests.engine.summary_log import log, show, win

KONG = ["kong_replacement"]
# Hands scored twice, the second time under another option or round (case numbers).
DRAGONS_EDGE = [show("S", "123m456p88s666777z"), win("S", "discard", "3m", "W")]  # 1, 22
OWN_KONG_BLOOM = [
    show("E", "789m123456p55s", [("gang_concealed", "2222s", None)]),
    win("E", "self_draw", "8m", flags=KONG),
]  # 5, 21
WEST_PAIR_PAIHU = [show("S", "234m567p345678s33z"), win("S", "discard", "2m", "N")]  # 8, 9
ALL_CHOWS_E = show("E", "234m11567p345678s")  # 10, 11, 23
LAST_SELF_DRAW = [ALL_CHOWS_E, win("E", "self_draw", "2m", flags=["last_tile"])]  # 11, 23
SOUTH_PUNG_HALF_FLUSH = [
    show("W", "123456s77s333z", [("peng", "222z", "E")]),
    win("W", "discard", "3z", "N"),
]  # 13, 14
WHITE_TANKI = [show("N", "123m456p66789s555z"), win("N", "self_draw", "6s")]  # 15, 24
WEST_JU = [
    show("W", "234m11567p345678s", revealed=["8f"]),
    win("W", "discard", "2m", "E"),
]  # 18, 19


CASES = [
    # 1. "(1)中3个 … 计1台" + "(2)发3个 … 计1台" + "(8)边张 … 手上有1万和2万，胡3万" 1 = 3台,
    # on 西's discard: 西 pays 3.
    pytest.param(
        DRAGONS_EDGE, {}, None, {"S": 3}, {("W", "S"): 3}, id="red_and_green_pungs_edge_wait"
    ),
    # 2. "(13)清一色 … 计4台" + 自摸 1 + 坎张/排胡 -> over 4: "台数超过4台，仍按4台计算":
    # each pays 4.
    pytest.param(
        [show("N", "12334455678999m"), win("N", "self_draw", "4m")],
        {},
        None,
        {"N": 4},
        each("N", 4),
        id="full_flush_self_draw_capped_at_4",
    ),
    # 3. "(4)若有春、夏、秋、冬…的组合计2台" 2 + 梅 (东's own: 正花) 1 + "(6)对倒" (33p/77s, on a
    # discard) 1 = 4台: 北 pays 4.
    pytest.param(
        [
            show("E", "123456m333789p77s", revealed=["1f", "2f", "3f", "4f", "5f"]),
            win("E", "discard", "3p", "N"),
        ],
        {},
        None,
        {"E": 4},
        {("N", "E"): 4},
        id="flower_set_plus_own_flower_plus_duidao",
    ),
    # 4. "(12)杠上开花 … 计2台" + 中3个 1 = 3台 (67s+8s 两面, not 排胡: 777z and a kong), won on
    # the replacement after konging 北's 5p: "被开杠那家付3家" -> 北 pays 3 × 3 = 9.
    pytest.param(
        [
            show("W", "12344m678s777z", [("gang_exposed", "5555p", "N")]),
            win("W", "self_draw", "8s", flags=KONG),
        ],
        {},
        None,
        {"W": 3},
        {("N", "W"): 9},
        id="bloom_on_a_claimed_kong_the_feeder_pays_three",
    ),
    # 5. 杠上开花 after an own concealed kong: 2 + 坎张 (7m_9m on 8m) 1 = 3; "杠上开花与自摸不累加";
    # a self-draw: each pays 3.
    pytest.param(
        OWN_KONG_BLOOM, {}, None, {"E": 3}, each("E", 3), id="bloom_on_an_own_kong_everyone_pays"
    ),
    # 6. "(14)抢杠胡：…被抢杠者，付抢杠者台数的五倍，其他玩家不付": 坎张 (3s_5s) 1 + 白3个 1 = 2台;
    # 南 pays 5 × 2 = 10.
    pytest.param(
        [show("N", "123m67899p345s555z"), win("N", "robbed_kong", "4s", "S")],
        {},
        None,
        {"N": 2},
        {("S", "N"): 10},
        id="robbed_kong_pays_five_times",
    ),
    # 7. 抢杠胡 over the cap: 清一色 4 + 坎张 1 = 5 -> 4; 东 pays 5 × 4 = 20 (docs: the five-fold
    # applies to the capped 台).
    pytest.param(
        [show("W", "11122334456789p"), win("W", "robbed_kong", "5p", "E")],
        {},
        None,
        {"W": 4},
        {("E", "W"): 20},
        id="robbed_kong_capped_then_fivefold",
    ),
    # 8. "(15)排胡：4比牌全由顺子组成，作将的牌不可以是坐风、圈风、中、发、白": 南 with a 西 pair
    # (neither 南's wind nor the 东 round's), 34m+2m 两面: 1台 (docs: pinghu_tai 1); 北 pays 1.
    pytest.param(
        WEST_PAIR_PAIHU, {}, None, {"S": 1}, {("N", "S"): 1}, id="paihu_with_an_other_wind_pair"
    ),
    # 9. The same hand in the 西风圈: the 西 pair is the 圈风, no 排胡: 0台, nothing paid.
    pytest.param(WEST_PAIR_PAIHU, {}, "W", {"S": 0}, {}, id="round_wind_pair_bars_paihu"),
    # 10. "(16)海底捞月：胡打出的最后一张牌，计4台" 4 + 排胡 1 = 5 -> 4: 南 (the discarder) pays 4.
    pytest.param(
        [ALL_CHOWS_E, win("E", "discard", "2m", "S", flags=["last_tile"])],
        {},
        None,
        {"E": 4},
        {("S", "E"): 4},
        id="haidi_on_the_last_discard_capped",
    ),
    # 11. The last tile self-drawn: not 海底 (docs: "打出的最后一张"): 排胡 1 + 自摸 1 = 2, each 2.
    pytest.param(
        LAST_SELF_DRAW, {}, None, {"E": 2}, each("E", 2), id="last_tile_self_drawn_is_no_haidi"
    ),
    # 12. "(18)地胡：闲家摸第一张牌成胡，计1台" 1 + 自摸 1 + 边张 (12m+3m) 1 = 3: each pays 3.
    pytest.param(
        [show("S", "123m456789p12344s"), win("S", "self_draw", "3m", flags=["first_draw"])],
        {},
        None,
        {"S": 3},
        each("S", 3),
        id="dihu_self_draw_edge",
    ),
    # 13. 南风圈: 西 碰南 = "(19)圈风 … 计1台" 1 + "(11)混一色" 2 + 对倒 (77s/33z) 1 = 4; 西 pung
    # (西's own wind) earns nothing (docs); 北 pays 4.
    pytest.param(
        SOUTH_PUNG_HALF_FLUSH,
        {},
        "S",
        {"W": 4},
        {("N", "W"): 4},
        id="round_wind_pung_half_flush_duidao",
    ),
    # 14. The same hand in the 东风圈: no 圈风: 混一色 2 + 对倒 1 = 3; 北 pays 3.
    pytest.param(
        SOUTH_PUNG_HALF_FLUSH, {}, None, {"W": 3}, {("N", "W"): 3}, id="same_hand_east_round"
    ),
    # 15. "(9)…自模单钓将计2台" 2 + 自摸 1 (docs: beside it) + 白3个 1 = 4 (at the cap): each pays 4.
    pytest.param(WHITE_TANKI, {}, None, {"N": 4}, each("N", 4), id="self_drawn_tanki_white_pung"),
    # 16. "(10)碰碰胡" 2 + 自摸 1 = 3; a self-drawn two-pair wait is no 对倒 ("(6)对倒：胡别人打出的牌");
    # each pays 3.
    pytest.param(
        [show("S", "222333p444s55s", [("peng", "888m", "E")]), win("S", "self_draw", "3p")],
        {},
        None,
        {"S": 3},
        each("S", 3),
        id="pengpenghu_self_drawn_no_duidao",
    ),
    # 17. "如果玩家在补花的时候补花成胡，那么…按杠上开花的台数计算": 2 + 正花 夏 (南's) 1 = 3
    # (78s+9s 两面, not 排胡: 222s pung); no 自摸 beside it; each pays 3.
    pytest.param(
        [
            show("S", "123m11456p222789s", revealed=["2f"]),
            win("S", "self_draw", "9s", flags=["bonus_replacement"]),
        ],
        {},
        None,
        {"S": 3},
        each("S", 3),
        id="flower_replacement_win_is_bloom",
    ),
    # 18. 正花 by flower_order: 西 shows 菊. By the spec's order (西=秋竹) 菊 is 北's: 排胡 1 only;
    # 东 pays 1.
    pytest.param(WEST_JU, {}, None, {"W": 1}, {("E", "W"): 1}, id="ju_is_not_west_by_spec_order"),
    # 19. With flower_order=tile_numbers (西=秋菊): 正花 1 + 排胡 1 = 2; 东 pays 2.
    pytest.param(
        WEST_JU,
        {"flower_order": "tile_numbers"},
        None,
        {"W": 2},
        {("E", "W"): 2},
        id="ju_is_west_by_tile_numbers",
    ),
    # 20. 杠上开花 on 西's discard with 清一色: 2 + 4 + 单钓将 (self-drawn) 2 = 8 -> 4; "被开杠那家付3家":
    # 西 pays 3 × 4 = 12.
    pytest.param(
        [
            show("E", "11134567899s", [("gang_exposed", "2222s", "W")]),
            win("E", "self_draw", "9s", flags=KONG),
        ],
        {},
        None,
        {"E": 4},
        {("W", "E"): 12},
        id="claimed_kong_bloom_capped_then_threefold",
    ),
    # 21. Case 5 (3台, self-drawn) at stake 2 with a 底 of 1 (club options): each pays
    # 2 × (1 + 3) = 8.
    pytest.param(
        OWN_KONG_BLOOM,
        {"stake": 2, "base": 1},
        None,
        {"E": 3},
        each("E", 8),
        id="stake_and_base_options",
    ),
    # 22. Case 1 (3台 on a discard) with discard_payer=all: each of the three pays 3.
    pytest.param(
        DRAGONS_EDGE, {"discard_payer": "all"}, None, {"S": 3}, each("S", 3), id="discard_payer_all"
    ),
    # 23. Case 11 with haidi=both: 海底 4 + 排胡 1 + 自摸 1 = 6 -> 4; each pays 4.
    pytest.param(
        LAST_SELF_DRAW,
        {"haidi": "both"},
        None,
        {"E": 4},
        each("E", 4),
        id="haidi_both_counts_the_last_self_draw",
    ),
    # 24. Case 15 with tanki_self_draw_tai=1: 单钓将 1 + 自摸 1 + 白3个 1 = 3; each pays 3.
    pytest.param(
        WHITE_TANKI,
        {"tanki_self_draw_tai": 1},
        None,
        {"N": 3},
        each("N", 3),
        id="self_drawn_tanki_one_tai_by_option",
    ),
    # 25. "(1)中3个：…14张牌里面含有3张红中" with a 中 明杠 (four, docs: three or four): 1 +
    # 单钓将 on 东's 5s 1 = 2; 东 pays 2.
    pytest.param(
        [
            show("W", "123m456p789s55s", [("gang_exposed", "7777z", "S")]),
            win("W", "discard", "5s", "E"),
        ],
        {},
        None,
        {"W": 2},
        {("E", "W"): 2},
        id="red_kong_counts_as_three_red",
    ),
]


@pytest.mark.parametrize(("records", "options", "round_wind", "points", "payments"), CASES)
def test_seed_case(records, options, round_wind, points, payments):
    check_case("zhoushan", records, options, points, payments, round_wind)


def test_two_winners_on_one_discard_each_paid_and_the_first_after_the_discarder_deals():
    # "一炮多响按逆时针胡在前面的为下局庄家": 南 discards 5p; 东 (dealer) 中3个 1 + 坎张 (4p_6p) 1
    # = 2 -> 南 pays 2; 西 单钓将 1 + 圈风 (东 pung in the 东 round) 1 = 2 -> 南 pays 2.
    # After 南 come 西, 北, 东: 西 deals next although the dealer won too.
    records = [
        show("E", "123m456p789s99s777z"),
        show("W", "234567m55p678s111z"),
        win("E", "discard", "5p", "S"),
        win("W", "discard", "5p", "S"),
    ]
    hand = audit_records(log("zhoushan", records))["hands"][0]
    assert hand["points"]["E"] == 2 and hand["points"]["W"] == 2
    assert flows(hand) == {("S", "E"): 2, ("S", "W"): 2}
    assert next_dealer("zhoushan", records) == "W"


def test_drawn_hand_pays_nothing_and_the_dealer_stays():
    # "流局后庄家继续做庄".
    records = [show("E", "123m456p789s99s77z"), {"type": "exhausted"}]
    assert audit_records(log("zhoushan", records))["hands"][0]["expected_payments"] == []
    assert next_dealer("zhoushan", records) == "E"


def test_dealer_stays_on_its_win_and_passes_on_another_seats():
    # "庄家胡牌后继续做庄", "闲家胡牌后庄家下庄，下盘由原庄家下家做庄".
    assert next_dealer("zhoushan", LAST_SELF_DRAW) == "E"
    assert next_dealer("zhoushan", DRAGONS_EDGE) == "S"
