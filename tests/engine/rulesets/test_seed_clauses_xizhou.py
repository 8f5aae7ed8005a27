"""西周麻将: clauses of shared/seeds/xizhou.txt no earlier case pinned on its own: 边倒's "789的7", 清一色 with 对对胡, a 加杠's replacement (杠开, not 送杠胡), 送杠胡
by the bound partner, 北's own flowers, 字一色 with 大三元, 还杠胡 by the
互包 partner, 正风 on a concealed kong. Every number was computed by hand from
the quoted clauses (and the decisions in docs/rules/xizhou.md where the seed is silent) before
the engine ran. Summary logs through codec -> replay -> score -> settle.

  "计算结果分M=总台数*底分" (底分 1); "自摸：每人付M给胡家"; "点炮：点炮玩家付2M给胡家".
Own flowers (正花), docs `flower_order=tile_numbers`: 东 春梅 1f 5f, 南 夏兰 2f 6f, 西 秋菊 3f 8f,
北 冬竹 4f 7f.
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case, each
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
