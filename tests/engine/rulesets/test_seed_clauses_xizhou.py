"""西周麻将: clauses of shared/seeds/xizhou.txt no earlier case pinned on its own: 边倒's "789的7", 清一色 with 对对胡, a 加杠's replacement (杠开, not 送杠胡), 送杠胡
by the bound partner, 北's own flowers, 字一色 with 大三元, 还杠胡 by the
互包 partner, 正风 on a concealed kong; "清12混10", 大四喜, the "1234胡1/4" 单吊, 中发白 可累加, 互包 beside a
third seat's discard, 八花 on a discard, 一炮多响 with 互包, 三包 on 海底. Every number was computed by hand from
the quoted clauses (and the decisions in docs/rules/xizhou.md where the seed is silent) before
the engine ran. Summary logs through codec -> replay -> score -> settle.

  "计算结果分M=总台数*底分" (底分 1); "自摸：每人付M给胡家"; "点炮：点炮玩家付2M给胡家".
Own flowers (正花), docs `flower_order=tile_numbers`: 东 春梅 1f 5f, 南 夏兰 2f 6f, 西 秋菊 3f 8f,
北 冬竹 4f 7f.
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case, each, next_dealer
from tests.engine.summary_log import show, win

KONG_DRAW = ["kong_replacement"]

CASES = [
    # 1. "边倒：所胡的牌为123的3或789的7，1台": 南 wins 7p (89p+7p) on 西's discard; 门清 1 = 2台
    # (no 平胡: "不符合以上任一牌型"). 西 pays 2M = 4.
    pytest.param(
        [show("S", "123m456m789p234s55s"), win("S", "discard", "7p", "W")],
        {"S": 2},
        {("W", "S"): 4},
        id="biandao_seven_of_789",
    ),
    # 2. 北, all 条 in concealed pungs, wins the 9s pair on 东's discard: 清一色 14 ("清14混12") +
    # 对对胡 "按混一色计" 12 + 单吊 1 + 门清 "没有吃碰和明杠" 1 = 28台; 东 pays 2M = 56.
    pytest.param(
        [show("N", "111333555777s99s"), win("N", "discard", "9s", "E")],
        {"N": 28},
        {("E", "N"): 56},
        id="full_flush_duiduihu_dandiao",
    ),
    # 3. 西 碰ed 南's 8m, 加杠s it with its own draw and self-draws 3s on the replacement (单吊):
    # "杠开：杠牌（含花杠）后胡牌，1台" 1 + 单吊 1 + 自摸 1 = 3 (no 门清: a 碰). A 加杠 is no "他人点杠",
    # so no 送杠胡 and nobody is 承包: "自摸：每人付M" = 3 each.
    pytest.param(
        [
            show("W", "123p456p789s33s", [("gang_added", "8888m", "S")]),
            win("W", "self_draw", "3s", flags=KONG_DRAW),
        ],
        {"W": 3},
        each("W", 3),
        id="added_kong_replacement_is_gang_kai",
    ),
    # 4. 北 吃s 西 twice and 明杠s 西's 7p: three claims on 西, "三包：吃碰杠同一家达到3次". On the
    # replacement 北 self-draws 8s (单吊): 送杠胡 1 (not 杠开) + 单吊 1 + 自摸 1 = 3; M = 3.
    # "送杠胡：点杠玩家需付胡家5M" 15 + (docs: a kong 承包 win counts as a discard win for 三包)
    # "额外付2M" 6 ("拉杠/送杠/还杠可与三包/互包累加") = 西 pays 21, nobody else.
    pytest.param(
        [
            show(
                "N",
                "23488s",
                [("chi", "123m", "W"), ("chi", "456m", "W"), ("gang_exposed", "7777p", "W")],
            ),
            win("N", "self_draw", "8s", flags=KONG_DRAW),
        ],
        {"N": 3},
        {("W", "N"): 21},
        id="song_gang_by_the_bound_partner",
    ),
    # 5. 北 with 冬 (4f) and 竹 (7f), its own: "正花…可累加，2台" 2 × 2 = 4, and 菊 (8f, 西's):
    # "野花…1台" 1; 平胡 (34m+2m, pair 1p) 1 + 自摸 1 + 门清 1 = 8台; each pays M = 8.
    pytest.param(
        [
            show("N", "234m11567p345678s", revealed=["4f", "7f", "8f"]),
            win("N", "self_draw", "2m"),
        ],
        {"N": 8},
        each("N", 8),
        id="north_own_flowers_dong_zhu",
    ),
    # 6. 西 (东 round), all concealed: 白 发 中 東 pungs, wins the 南 pair on 北's discard.
    # "字一色…40台" + "大三元…不叠加中发白，25台" + 对对胡 12 + 圈风 東 1 + 单吊 1 + 门清 1 = 80台
    # (字一色 is no 混一色: no suit); 北 pays 2M = 160.
    pytest.param(
        [show("W", "555z666z777z111z22z"), win("W", "discard", "2z", "N")],
        {"W": 80},
        {("N", "W"): 160},
        id="ziyise_da_san_yuan_duiduihu",
    ),
    # 7. 还杠胡 by the 互包 partner: 南 碰s 西 three times and 西 碰s 南 twice and 明杠s 南's 6p
    # (三 claims each way: 互包). 西's next discard 5s lets 南 win (67s+5s, 88s): "还杠胡…1台" 1 =
    # 1台 (no 门清: 碰); M = 1. "还杠胡：杠牌并点炮玩家需付胡家5M" 5 + 互包 "原本三包双方需付出的部分翻倍"
    # (the discard part 2M, docs: a kong 承包 win counts as a discard win) 4 = 西 pays 9.
    pytest.param(
        [
            show(
                "S",
                "567s88s",
                [("peng", "222m", "W"), ("peng", "333p", "W"), ("peng", "444s", "W")],
            ),
            show(
                "W",
                "1234z",
                [("peng", "999m", "S"), ("peng", "111p", "S"), ("gang_exposed", "6666p", "S")],
            ),
            win("S", "discard", "5s", "W", flags=["after_kong"]),
        ],
        {"S": 1},
        {("W", "S"): 9},
        id="huan_gang_by_the_hu_bao_partner",
    ),
    # 8. 东 (dealer, 东 round) with a concealed 东 kong self-draws 3m (12m+3m): "正风…刻子或杠子，2台" 2
    # + 边倒 1 + 自摸 1 + 门清 "没有吃碰和明杠" (a concealed kong keeps it) 1 = 5台; each pays 5.
    pytest.param(
        [
            show("E", "123m456p789s55s", [("gang_concealed", "1111z", None)]),
            win("E", "self_draw", "3m"),
        ],
        {"E": 5},
        each("E", 5),
        id="zhengfeng_concealed_kong_keeps_menqing",
    ),
    # 9. "对倒：所胡的牌与两组对子中任一组组成刻子，1台" names no discard (docs: self-drawn counts):
    # 南 self-draws 3p on 33p/77s: 对倒 1 + 自摸 1 + 门清 1 = 3台; each pays 3.
    pytest.param(
        [show("S", "123m456m789s333p77s"), win("S", "self_draw", "3p")],
        {"S": 3},
        each("S", 3),
        id="duidao_self_drawn",
    ),
]


@pytest.mark.parametrize("records,points,payments", CASES)
def test_seed_case(records, points, payments):
    check_case("xizhou", records, {}, points, payments, round_wind="E")


FLOWERS = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]

# (records, options, points, payments), 东风圈.
OPTION_CASES = [
    # 10. "清12混10：…混一色10台": 南 wins 5m on 东's discard (单吊 55m or 嵌倒 4m6m: "以上5种牌型
    # 不叠加", 1) + 混一色 10 + 南 pung "位风：跟位风所对应的风牌刻子或杠子，1台" 1 (not 正风: the round
    # is 东) + 门清 1 = 13台; "点炮：点炮玩家付2M" 26.
    pytest.param(
        [show("S", "123m456m789m222z55m"), win("S", "discard", "5m", "E")],
        {"flush_config": "12/10"},
        {"S": 13},
        {("E", "S"): 26},
        id="half_flush_config_12_10_with_weifeng",
    ),
    # 11. "大四喜：同时有东南西北四组刻子，不叠加正风圈风位风，50台" + 混一色 12 + 对对胡 "按混一色计" 12
    # + 单吊 1 + 门清 1 = 76台 (the 5m pair: no 字一色); 西 pays 2M = 152.
    pytest.param(
        [show("N", "111z222z333z444z55m"), win("N", "discard", "5m", "W")],
        {},
        {"N": 76},
        {("W", "N"): 152},
        id="da_si_xi_half_flush_duiduihu",
    ),
    # 12. "单吊：所胡的牌与单张组成对子，如1234胡1/4，1台": 东 holds 1234m and self-draws 1m (11m + 234m):
    # 单吊 1 + 自摸 1 + 门清 1 = 3台; "自摸：每人付M给胡家" 3 each.
    pytest.param(
        [show("E", "11234m567p789s345s"), win("E", "self_draw", "1m")],
        {},
        {"E": 3},
        each("E", 3),
        id="dandiao_the_seeds_1234_example",
    ),
    # 13. "中发白：刻子或杠子，可累加，1台": 西 with 白 and 发 pungs wins 6s (57s) on 南's discard:
    # 2 + 嵌倒 1 + 门清 1 = 4台; 南 pays 8.
    pytest.param(
        [show("W", "555z666z123p567s99m"), win("W", "discard", "6s", "S")],
        {},
        {"W": 4},
        {("S", "W"): 8},
        id="two_dragon_pungs_qiandao",
    ),
    # 14. 互包 with a third seat's discard: 南 碰s 西 three times (2m, 3p, 中), 西 吃s 南 three times.
    # 南 wins 8s (单吊) on 北's discard: 单吊 1 + 中 1 = 2台 (no 门清); M = 2. 北: "点炮…2M" 4;
    # 西: "互包：原本三包双方需付出的部分翻倍" of "额外付2M" = 4M = 8 ("与无承包玩家的计算结果不变":
    # 北 pays only its 2M).
    pytest.param(
        [
            show(
                "S",
                "456m88s",
                [("peng", "222m", "W"), ("peng", "333p", "W"), ("peng", "777z", "W")],
            ),
            show("W", "1234z", [("chi", "123m", "S"), ("chi", "456p", "S"), ("chi", "789s", "S")]),
            win("S", "discard", "8s", "N"),
        ],
        {},
        {"S": 2},
        {("N", "S"): 4, ("W", "S"): 8},
        id="hu_bao_partner_pays_double_beside_a_third_discarder",
    ),
    # 15. "八花：摸到全部8张花，不计正花野花四花，25台" + 嵌倒 1 (3s of 24s) + 门清 1 = 27台; on 南's
    # discard: 2M = 54.
    pytest.param(
        [show("E", "123m456m789p234s88p", revealed=FLOWERS), win("E", "discard", "3s", "S")],
        {},
        {"E": 27},
        {("S", "E"): 54},
        id="eight_flowers_on_a_discard",
    ),
    # 16. "支持一炮多响…A需要支付BC二家的分数；台数番数各算各的" with 互包: 东 and 南 each claimed three
    # times from the other. 东's 5p: 南 (46p) 嵌倒 1 = 1台 (no 门清); 北 (34p, pair 2m) 平胡 1 + 门清 1 =
    # 2台. 东 → 南: "点炮…2M" 2 + 互包 "原本三包双方需付出的部分翻倍" 2 × 2M = 4 -> 6; 东 → 北 2M = 4.
    pytest.param(
        [
            show(
                "S",
                "456p77s",
                [("chi", "123m", "E"), ("chi", "456s", "E"), ("peng", "999p", "E")],
            ),
            show(
                "E", "1234z", [("peng", "222s", "S"), ("peng", "888p", "S"), ("peng", "666m", "S")]
            ),
            show("N", "123p345p678s789s22m"),
            win("S", "discard", "5p", "E"),
            win("N", "discard", "5p", "E"),
        ],
        {},
        {"S": 1, "N": 2},
        {("E", "S"): 6, ("E", "N"): 4},
        id="two_winners_one_bound_both_ways_to_the_discarder",
    ),
    # 17. 三包 on a 海底 self-draw: 南 吃s 东 three times and self-draws the last tile 4s (23s, pair
    # 5s): 平胡 1 + "海底捞月：摸到最后1张牌时胡牌，1台" 1 + 自摸 1 = 3台 (no 门清); M = 3. "如三包的一方
    # 自摸胡，未胡的另一方需独缴原本三家付的3M，并额外付2M，共计5M": 东 pays 15, 西 and 北 nothing.
    pytest.param(
        [
            show(
                "S",
                "234s55s",
                [("chi", "123m", "E"), ("chi", "456m", "E"), ("chi", "789p", "E")],
            ),
            win("S", "self_draw", "4s", flags=["last_tile"]),
        ],
        {},
        {"S": 3},
        {("E", "S"): 15},
        id="san_bao_on_a_haidi_self_draw",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", OPTION_CASES)
def test_seed_option_case(records, options, points, payments):
    check_case("xizhou", records, options, points, payments, round_wind="E")


def test_the_dealer_keeps_the_deal_after_its_self_draw():
    # "庄家胡则连庄": case 12's 东 won.
    assert next_dealer("xizhou", OPTION_CASES[2].values[0]) == "E"


def test_two_winners_without_the_dealer_pass_the_deal():
    # "闲家胡则庄家下家坐庄": case 16's winners are 南 and 北, not 东.
    assert next_dealer("xizhou", OPTION_CASES[6].values[0]) == "S"
