"""西周麻将: new hand-computed cases, clause by clause from shared/seeds/xizhou.txt (seed check,
session 4). Every number was worked out by hand from the seed (and, where it is silent, the
decisions in docs/rules/xizhou.md) before the engine was run; the arithmetic is in each case's
comment. Summary logs audited through the full path; 承包 relations come from the showdown
melds' `from`.

  "计算结果分M=总台数*底分" (底分 1); "自摸：每人付M给胡家"; "点炮：点炮玩家付2M给胡家".
  拉杠/送杠/还杠 "需付胡家5M"; 三包 "接点炮胡，未胡的另一方需在正常计算结果基础上额外付2M",
  "自摸胡，未胡的另一方需独缴原本三家付的3M，并额外付2M，共计5M"; 互包 "原本三包双方需付出的部分翻倍";
  "不同玩家间三包/互包可累加", "拉杠/送杠/还杠可与三包/互包累加".
Own flowers (正花) follow docs `flower_order=tile_numbers`: 东 春梅, 南 夏兰, 西 秋菊, 北 冬竹.
"""

import pytest

from engine.audit import audit_records
from tests.engine.rulesets.seed_case_helpers import check_case, each, flows, next_dealer
from tests.engine.summary_log import log, show, win

# Hands scored twice, the second time under another option or round (case numbers).
FLOWERS_DRAGON_EDGE = [
    show("S", "123m456p789s55s777z", revealed=["2f", "1f"]),
    win("S", "self_draw", "3m"),
]  # 1, 18
FIVE_FLOWERS = [
    show("N", "234m11567p345678s", revealed=["1f", "2f", "3f", "4f", "6f"]),
    win("N", "discard", "2m", "W"),
]  # 3, 19
SOUTH_PUNG = [
    show("S", "123456m789p11s", [("peng", "222z", "E")]),
    win("S", "discard", "2m", "N"),
]  # 4, 5
DOTS_FLUSH = [show("S", "12345678923455p"), win("S", "discard", "4p", "W")]  # 11, 12
TWO_PLUS_ONE = [
    show("S", "789p234s55s", [("chi", "123m", "E"), ("chi", "456m", "E")]),
    show("E", "19m1235p1234z", [("peng", "777s", "S")]),
    win("S", "discard", "4s", "W"),
]  # 14, 15
ALL_CHOWS = "234m11567p345678s"  # 3, 16, 17, 19, 20
WHITE_PAIR = [show("W", "234m567p345678s55z"), win("W", "discard", "2m", "N")]  # 22, 23


CASES = [
    # 1. 南 self-draws 3m (12m+3m): 边倒 1 + 正花 夏 "与自己风位相同的花牌…2台" 2 + 野花 春 1 +
    # 中 "刻子或杠子…1台" 1 + 自摸 1 + 门清 1 = 7台; each pays M = 7.
    pytest.param(
        FLOWERS_DRAGON_EDGE, {}, None, {"S": 7}, each("S", 7), id="self_draw_flowers_dragon_edge"
    ),
    # 2. 西 碰西 (位风 1: its seat wind, 东 round), wins 发 on 东's discard (55s/66z 对倒 1):
    # 发 1 + 混一色 12 + 对对胡 "按混一色计" 12 + 位风 1 + 对倒 1 = 27 (no 门清: 碰);
    # 东 pays 2M = 54.
    pytest.param(
        [show("W", "111999s55s666z", [("peng", "333z", "N")]), win("W", "discard", "6z", "E")],
        {},
        None,
        {"W": 27},
        {("E", "W"): 54},
        id="half_flush_duiduihu_seat_wind_dragon_duidao",
    ),
    # 3. 北 shows 春 夏 秋 冬 兰: 四花 "四个花，不叠加其中的正花野花" 12 on 春夏秋兰 (the four worth least
    # alone, docs) + 冬 正花 2; 平胡 (1p pair, 34m+2m) 1 + 门清 1 = 16; 西 pays 2M = 32.
    pytest.param(
        FIVE_FLOWERS, {}, None, {"N": 16}, {("W", "N"): 32}, id="five_flowers_four_flowers_plus_own"
    ),
    # 4. 南风圈, 南 碰南: 正风 (seat and round wind, docs) 2 + 嵌倒 (1m_3m) 1 = 3; 北 pays 6.
    pytest.param(SOUTH_PUNG, {}, "S", {"S": 3}, {("N", "S"): 6}, id="zhengfeng_in_its_own_round"),
    # 5. The same with zhengfeng_stacks: 正风 2 + 圈风 1 + 位风 1 + 嵌倒 1 = 5; 北 pays 10.
    pytest.param(
        SOUTH_PUNG,
        {"zhengfeng_stacks": True},
        "S",
        {"S": 5},
        {("N", "S"): 10},
        id="zhengfeng_stacks_option",
    ),
    # 6. 还杠胡 + 三包: 东 吃/吃/碰 from 北 (三包 东–北); 南 明杠 东's 8m and its next discard 3s
    # lets 东 win (2s_4s 嵌倒): 嵌倒 1 + 还杠胡 1 = 2 (no 门清); M = 2.
    # "还杠胡：杠牌并点炮玩家需付胡家5M": 南 10; 三包 (the kong 承包 counts as a discard win for the
    # 三包 part, docs): 北 2M = 4.
    pytest.param(
        [
            show(
                "E", "234s99p", [("chi", "123m", "N"), ("chi", "456m", "N"), ("peng", "777p", "N")]
            ),
            show("S", "19p13579s567z", [("gang_exposed", "8888m", "E")]),
            win("E", "discard", "3s", "S", flags=["after_kong"]),
        ],
        {},
        None,
        {"E": 2},
        {("S", "E"): 10, ("N", "E"): 4},
        id="huan_gang_plus_san_bao",
    ),
    # 7. 互包 and 三包 at once on a self-draw: 南 吃 东 three times and 东 碰 南 three times (互包);
    # 西 碰 南 three times (三包). 南 self-draws 4s (23s+4s), four chows and 55p: 平胡 1 + 自摸 1
    # = 2; M = 2. 三包 self-draw: the bound seat "独缴…3M，并额外付2M，共计5M"; 互包 doubles it:
    # 东 10M = 20; 西 5M = 10; 北 nothing.
    pytest.param(
        [
            show(
                "S", "234s55p", [("chi", "123m", "E"), ("chi", "456m", "E"), ("chi", "789m", "E")]
            ),
            show(
                "E", "78m56z", [("peng", "111p", "S"), ("peng", "999p", "S"), ("peng", "333s", "S")]
            ),
            show(
                "W", "19m34z", [("peng", "444p", "S"), ("peng", "666p", "S"), ("peng", "888s", "S")]
            ),
            win("S", "self_draw", "4s"),
        ],
        {},
        None,
        {"S": 2},
        {("E", "S"): 20, ("W", "S"): 10},
        id="hu_bao_and_san_bao_self_draw",
    ),
    # 8. 送杠胡 + 互包 + 大吊车: 西 碰 东 three times and 东 碰 西 three times (互包); 西 明杠 北's 3m
    # and self-draws 7p on the replacement, its one standing tile: 送杠胡 1 (not 杠开) + 自摸 1 +
    # 单吊 1 + 大吊车 "可叠加单吊，按混一色计" 12 + 对对胡 12 = 27; M = 27.
    # 北 "点杠玩家需付胡家5M" 135; 东 互包 on a kong 承包 (discard part 2M, doubled) 4M = 108.
    pytest.param(
        [
            show(
                "W",
                "77p",
                [
                    ("peng", "111m", "E"),
                    ("peng", "555p", "E"),
                    ("peng", "999s", "E"),
                    ("gang_exposed", "3333m", "N"),
                ],
            ),
            show(
                "E", "1234z", [("peng", "222p", "W"), ("peng", "444s", "W"), ("peng", "666m", "W")]
            ),
            win("W", "self_draw", "7p", flags=["kong_replacement"]),
        ],
        {},
        None,
        {"W": 27},
        {("N", "W"): 135, ("E", "W"): 108},
        id="song_gang_plus_hu_bao_da_diao_che",
    ),
    # 9. "天胡：庄家开局直接胡牌，可叠加扛开，24台": 东 暗杠 1p and wins on the replacement:
    # 天胡 24 + 杠开 1 + 单吊 (白) 1 + 自摸 1 + 门清 (a concealed kong keeps it) 1 = 28; each 28.
    pytest.param(
        [
            show("E", "234567m789s55z", [("gang_concealed", "1111p", None)]),
            win("E", "self_draw", "5z", flags=["heaven", "kong_replacement"]),
        ],
        {},
        None,
        {"E": 28},
        each("E", 28),
        id="tianhu_stacks_with_gang_kai",
    ),
    # 10. 大四喜 50 ("不叠加正风圈风位风") + 字一色 40 + 对对胡 12 + 单吊 (白) 1 + 自摸 1 + 门清 1
    # = 105 (字一色 is not 混一色: no suit, docs); each pays 105.
    pytest.param(
        [show("E", "11122233344455z"), win("E", "self_draw", "5z")],
        {},
        None,
        {"E": 105},
        each("E", 105),
        id="da_si_xi_zi_yi_se_duiduihu",
    ),
    # 11. 清一色 (清14混12) 14 + 平胡 (pair 5p, 23p+4p) 1 + 门清 1 = 16; 西 pays 32.
    pytest.param(DOTS_FLUSH, {}, None, {"S": 16}, {("W", "S"): 32}, id="full_flush_pinghu_menqing"),
    # 12. Config "清10混6": 10 + 1 + 1 = 12; 西 pays 24.
    pytest.param(
        DOTS_FLUSH,
        {"flush_config": "10/6"},
        None,
        {"S": 12},
        {("W", "S"): 24},
        id="full_flush_config_10_6",
    ),
    # 13. 拉杠胡 where the robbed konger is also the bound partner: 西 吃 南 three times (三包
    # 西–南), 南 加杠 5s and 西 robs it (4s_6s 嵌倒): 嵌倒 1 + 拉杠胡 1 = 2; M = 2.
    # 南 pays "杠牌玩家需付胡家5M" 10 + the 三包 extra 2M 4 ("可与三包/互包累加") = 14.
    pytest.param(
        [
            show(
                "W", "456s22p", [("chi", "123m", "S"), ("chi", "456m", "S"), ("chi", "789m", "S")]
            ),
            show("S", "19m1379p1234z", [("peng", "555s", "N")]),
            win("W", "robbed_kong", "5s", "S"),
        ],
        {},
        None,
        {"W": 2},
        {("S", "W"): 14},
        id="la_gang_by_the_bound_partner_adds_up",
    ),
    # 14. Two 吃 one way and one 碰 back: no seat claimed 3 times from the other, so no 三包 and
    # (hu_bao_rule=each_3) no 互包: 南 平胡 1 = 1 (no 门清); 西 pays 2M = 2.
    pytest.param(
        TWO_PLUS_ONE, {}, None, {"S": 1}, {("W", "S"): 2}, id="two_plus_one_claims_bind_nobody"
    ),
    # 15. hu_bao_rule=total_3 reads "互相吃碰杠对方的牌达3次" as 3 between them: 互包; 西 pays 2, 东
    # 2 × 2M = 4.
    pytest.param(
        TWO_PLUS_ONE,
        {"hu_bao_rule": "total_3"},
        None,
        {"S": 1},
        {("W", "S"): 2, ("E", "S"): 4},
        id="two_plus_one_is_hu_bao_by_total",
    ),
    # 16. "海底捞月：摸到最后1张牌时胡牌": a win on the last discard is no 海底 (摸到 = a draw):
    # 平胡 (11p pair, 34m+2m) 1 + 门清 1 = 2; 南 pays 2M = 4.
    pytest.param(
        [show("E", ALL_CHOWS), win("E", "discard", "2m", "S", flags=["last_tile"])],
        {},
        None,
        {"E": 2},
        {("S", "E"): 4},
        id="last_discard_is_no_haidi",
    ),
    # 17. The last tile self-drawn: 海底 1 + 平胡 1 + 自摸 1 + 门清 1 = 4; each pays 4.
    pytest.param(
        [show("E", ALL_CHOWS), win("E", "self_draw", "2m", flags=["last_tile"])],
        {},
        None,
        {"E": 4},
        each("E", 4),
        id="last_tile_self_drawn_is_haidi",
    ),
    # 18. 金币场底分 ("金币场底分按房间配置") base 2: case 1's 7台 -> M = 14 from each.
    pytest.param(
        FLOWERS_DRAGON_EDGE, {"base": 2}, None, {"S": 7}, each("S", 14), id="base_2_doubles_m"
    ),
    # 19. Case 3 with four_flowers=set: 春夏秋冬 四花 12 (冬, 北's own, inside it) + 兰 野花 1 +
    # 平胡 1 + 门清 1 = 15; 西 pays 30.
    pytest.param(
        FIVE_FLOWERS,
        {"four_flowers": "set"},
        None,
        {"N": 15},
        {("W", "N"): 30},
        id="four_flowers_as_a_set_by_option",
    ),
    # 20. "地胡：庄家打出的第一张牌点炮，16台": 南 wins on 东's first discard: 地胡 16 + 平胡 1 + 门清 1
    # = 18; 东 pays 2M = 36.
    pytest.param(
        [show("S", ALL_CHOWS), win("S", "discard", "2m", "E", flags=["first_discard"])],
        {},
        None,
        {"S": 18},
        {("E", "S"): 36},
        id="dihu_paid_by_the_dealer",
    ),
    # 21. "平胡 … 将牌不可为中发牌": a 发 pair bars 平胡 (34m+2m): 门清 1 only; 北 pays 2.
    pytest.param(
        [show("W", "234m567p345678s66z"), win("W", "discard", "2m", "N")],
        {},
        None,
        {"W": 1},
        {("N", "W"): 2},
        id="green_pair_bars_pinghu",
    ),
    # 22. A 白 pair allows it (docs, pinghu_white_pair): 平胡 1 + 门清 1 = 2; 北 pays 4; with
    # pinghu_white_pair=False: 1 -> 2 (case 23).
    pytest.param(WHITE_PAIR, {}, None, {"W": 2}, {("N", "W"): 4}, id="white_pair_allows_pinghu"),
    pytest.param(
        WHITE_PAIR,
        {"pinghu_white_pair": False},
        None,
        {"W": 1},
        {("N", "W"): 2},
        id="white_pair_bars_pinghu_by_option",
    ),
]


@pytest.mark.parametrize(("records", "options", "round_wind", "points", "payments"), CASES)
def test_seed_case(records, options, round_wind, points, payments):
    check_case("xizhou", records, options, points, payments, round_wind)


def test_two_winners_on_one_discard_one_of_them_bound():
    # "支持一炮多响 … A需要支付BC二家的分数；台数番数各算各的". 北 discards 5p.
    # 南 (吃 东 three times: 三包 南–东): 嵌倒 (4p_6p) 1 = 1 -> 北 2M = 2, the bound 东 2M = 2.
    # 西: 对倒 (55p/33s) 1 + 门清 1 = 2 -> 北 2M = 4.
    # The dealer did not win: its 下家 南 deals next ("闲家胡则庄家下家坐庄").
    records = [
        show("S", "456p11s", [("chi", "123m", "E"), ("chi", "456m", "E"), ("chi", "789m", "E")]),
        show("W", "678m555p23334789s"),
        win("S", "discard", "5p", "N"),
        win("W", "discard", "5p", "N"),
    ]
    hand = audit_records(log("xizhou", records))["hands"][0]
    assert hand["anomalies"] == []
    assert (hand["points"]["S"], hand["points"]["W"]) == (1, 2)
    assert flows(hand) == {("N", "S"): 2, ("E", "S"): 2, ("N", "W"): 4}
    assert next_dealer("xizhou", records) == "S"


def test_drawn_hand_without_a_dealer_kong_keeps_the_dealer():
    # "流局时，庄家无杠连庄，有杠则庄家下家坐庄": no kong -> 东 stays; nothing is paid.
    records = [show("E", "123m456p789s99s77z"), {"type": "exhausted"}]
    assert audit_records(log("xizhou", records))["hands"][0]["expected_payments"] == []
    assert next_dealer("xizhou", records) == "E"
