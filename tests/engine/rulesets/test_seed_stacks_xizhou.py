"""西周麻将: several clauses of shared/seeds/xizhou.txt stacked on one hand — kong 承包 with 互包,
三包 and 互包 to two seats on one discard, 正风 in the 南 round, a round-wind pair barring 平胡,
八花 on a flower's replacement, 送杠胡 with 清一色 under another configuration and 底分, 大吊车 with a
concealed kong among its four sets, 还杠胡 beside a plain win on the same discard, and full
play-by-play logs where the replay must find 地胡 and the kong a bloom follows. Every number
was computed by hand from the quoted clauses (and the decisions in docs/rules/xizhou.md) before
the engine ran. M = 台 × 底分 (1 unless said); 清14混12 (the default) unless said.

  "单吊…1台" "嵌倒…1台" "边倒…1台" "对倒…1台"  "平胡：…将牌不可为中发牌、正风圈风位风…1台"
  "八花：摸到全部8张花，不计正花野花四花，25台"  "正风：跟正风所对应的风牌刻子或杠子，2台"
  "地胡：庄家打出的第一张牌点炮，16台"  "杠开：杠牌（含花杠）后胡牌，1台"
  "拉杠胡：胡他人危机杠的加杠牌，1台"  "送杠胡：接他人点杠并扛开（不与扛开叠加），1台"
  "还杠胡：点任一玩家杠后接该玩家杠后炮胡牌，1台"  "海底捞月：摸到最后1张牌时胡牌，1台"
  "自摸…1台" "门清：没有吃碰和明杠，1台" "中发白：刻子或杠子，可累加，1台"
  "大吊车：只剩1张立牌单吊胡牌，可叠加单吊，按混一色计"  "对对胡：4组刻子（杠子）加将牌，按混一色计"
  "三包：吃碰杠同一家达到3次形成承包关系（双向）"  "互包：两名玩家互相吃碰杠对方的牌达3次"
  "不同玩家间三包/互包可累加"  "拉杠/送杠/还杠可与三包/互包累加"
  "自摸：每人付M给胡家"  "点炮：点炮玩家付2M给胡家"  "拉杠胡：杠牌玩家需付胡家5M"
  "送杠胡：点杠玩家需付胡家5M"  "还杠胡：杠牌并点炮玩家需付胡家5M"
  "如三包的一方接点炮胡，未胡的另一方需在正常计算结果基础上额外付2M给胡家"
  "互包：原本三包双方需付出的部分翻倍，与无承包玩家的计算结果不变"
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case, each, next_dealer
from tests.engine.rulesets.test_seed_stacks_zhoushan import (
    ADDED_CHAIN,
    ADDED_CHAIN_DEALS,
    DEALER_FLOWER,
    DEALER_FLOWER_DEALS,
    DEALER_KONG,
    DEALER_KONG_DEALS,
    FIRST_DISCARD_DEALS,
    HEAVEN_DEALS,
    NORTH_FIRST_DRAW,
    NORTH_FIRST_DRAW_DEALS,
    THIRD_CLAIM_KONG,
    THIRD_CLAIM_KONG_DEALS,
    check_played,
)
from tests.engine.summary_log import show, win

SOUTH_ROUND_ZHENGFENG = [show("S", "111z222z123m456m99m"), win("S", "discard", "9m", "W")]
ROUND_WIND_PAIR = [show("W", "123m456m789p234s44z"), win("W", "self_draw", "4s")]
# 南 and 西 each 碰 three times from the other (互包); 东 碰s three times from 南 (三包 东–南).
HU_BAO_WEST = show("W", "1z2z3z4z", [("peng", "222p", "S"), ("peng", "888m", "S"), ("peng", "333s", "S")])  # fmt: skip

CASES = [
    # 1. 南 robs 北's 加杠 of 5p (46p: 嵌倒) with a 中 pung: 嵌倒 1 + 拉杠胡 1 + 中发白 1 = 3 (no 门清:
    # its 碰). 南 碰'd three of 北's tiles and 北 three of 南's: 互包. "拉杠胡：杠牌玩家需付胡家5M"
    # 15 + "可与三包/互包累加": the 三包 part of a discard win, 2M, doubled for 互包: 4M = 12.
    # 北 pays 27.
    pytest.param(
        [
            show(
                "S",
                "456p11s",
                [("peng", "999m", "N"), ("peng", "333p", "N"), ("peng", "777z", "N")],
            ),  # fmt: skip
            show(
                "N",
                "1z2z3z4z",
                [("peng", "555p", "S"), ("peng", "888s", "S"), ("peng", "111m", "S")],
            ),  # fmt: skip
            win("S", "robbed_kong", "5p", "N"),
        ],
        {},
        None,
        {"S": 3},
        {("N", "S"): 27},
        id="la_gang_by_the_hu_bao_partner",
    ),
    # 2. The 南 round: 南 wins 西's 9m alone with a 南 pung (its wind and the round's) and a 东 pung:
    # 正风 2 + 单吊 1 + 门清 1 + 混一色 12 = 16 (东 is neither its wind nor the round's): 西 pays 32.
    pytest.param(
        SOUTH_ROUND_ZHENGFENG, {}, "S", {"S": 16}, {("W", "S"): 32}, id="zhengfeng_south_round"
    ),  # fmt: skip
    # 3. The same with `zhengfeng_stacks`: + 圈风 1 + 位风 1 = 18, 西 pays 36.
    pytest.param(
        SOUTH_ROUND_ZHENGFENG,
        {"zhengfeng_stacks": True},
        "S",
        {"S": 18},
        {("W", "S"): 36},
        id="zhengfeng_south_round_stacked",
    ),
    # 4. The 北 round: 西 self-draws 4s (23s, four runs) with a 北 pair, the round's wind: no 平胡
    # ("将牌不可为…圈风"): 自摸 1 + 门清 1 = 2, 2 from each.
    pytest.param(
        ROUND_WIND_PAIR, {}, "N", {"W": 2}, each("W", 2), id="round_wind_pair_bars_pinghu"
    ),  # fmt: skip
    # 5. The same hand in the 东 round (北 is then nobody's wind here): 平胡 1 + 自摸 1 + 门清 1 = 3.
    pytest.param(
        ROUND_WIND_PAIR, {}, "E", {"W": 3}, each("W", 3), id="north_pair_in_the_east_round"
    ),  # fmt: skip
    # 6. 南 shows all eight flowers and wins 5s (46s: 嵌倒) on a flower's replacement: 八花 25 (no
    # 正花/野花/四花) + 杠开 1 ("含花杠") + 自摸 1 + 门清 1 + 嵌倒 1 = 29, 29 from each.
    pytest.param(
        [
            show("S", "123m456m789p456s99s", revealed=[f"{n}f" for n in range(1, 9)]),
            win("S", "self_draw", "5s", flags=["bonus_replacement"]),
        ],
        {},
        None,
        {"S": 29},
        each("S", 29),
        id="eight_flowers_flower_kong_bloom",
    ),
    # 7. 南 明杠s 西's 2p and wins 8p (79p: 嵌倒) on the replacement, all 筒 (345p 666p 789p 11p):
    # 送杠胡 1 (not 杠开 too) + 嵌倒 1 + 自摸 1 + 清一色 10 ("清10混6") = 13; 底分 2: M = 26, "点杠
    # 玩家需付胡家5M": 西 pays 130 alone.
    pytest.param(
        [
            show("S", "345p666p789p11p", [("gang_exposed", "2222p", "W")]),
            win("S", "self_draw", "8p", flags=["kong_replacement"]),
        ],
        {"flush_config": "10/6", "base": 2},
        None,
        {"S": 13},
        {("W", "S"): 130},
        id="song_gang_full_flush_config_10_6_base_2",
    ),
    # 8. 南: 暗杠 1m, 碰 9p (东), 碰 3s (西), 吃 456s (东), and one 8p standing; wins 北's 8p: 单吊 1 +
    # 大吊车 12 (the concealed kong is laid down: one standing tile) = 13 (a 吃: no 对对胡; no 门清;
    # three suits); 北 pays 26.
    pytest.param(
        [
            show(
                "S",
                "88p",
                [
                    ("gang_concealed", "1111m", None),
                    ("peng", "999p", "E"),
                    ("peng", "333s", "W"),
                    ("chi", "456s", "E"),
                ],
            ),
            win("S", "discard", "8p", "N"),
        ],
        {},
        None,
        {"S": 13},
        {("N", "S"): 26},
        id="da_diao_che_with_a_concealed_kong",
    ),
    # 9. 南 self-draws the last tile, 3s, to 22s 33s (all concealed pungs 1m 5p 9s): 海底捞月 1 +
    # 对倒 1 + 自摸 1 + 门清 1 + 对对胡 12 = 16, 16 from each.
    pytest.param(
        [show("S", "111m555p999s22s333s"), win("S", "self_draw", "3s", flags=["last_tile"])],
        {},
        None,
        {"S": 16},
        each("S", 16),
        id="haidi_duidao_duiduihu_menqing",
    ),
    # 10. 北 throws 5s; 南 wins it (46s: 嵌倒, 中 pung) = 2台. 南 is 互包 with 西 and 三包 with 东 (东's
    # three 碰 of 南's tiles, "（双向）"): 北 2M = 4; 东 the extra 2M = 4; 西 doubled, 4M = 8.
    pytest.param(
        [
            show(
                "S",
                "456s22s",
                [("peng", "111m", "W"), ("peng", "999p", "W"), ("peng", "777z", "W")],
            ),  # fmt: skip
            HU_BAO_WEST,
            show(
                "E",
                "1z2z3z4z",
                [("peng", "555m", "S"), ("peng", "666p", "S"), ("peng", "777s", "S")],
            ),  # fmt: skip
            win("S", "discard", "5s", "N"),
        ],
        {},
        None,
        {"S": 2},
        {("N", "S"): 4, ("E", "S"): 4, ("W", "S"): 8},
        id="san_bao_and_hu_bao_to_two_seats_on_a_third_seats_discard",
    ),
    # 11. 北 明杠'd 南's 5p and its next discard, 3s, is won by 南 and by 西. 南 (12s: 边倒, 门清):
    # 还杠胡 1 + 边倒 1 + 门清 1 = 3, "杠牌并点炮玩家需付胡家5M": 北 pays 15; 西 (24s: 嵌倒, 门清) fed
    # no kong: 2台, "点炮玩家付2M": 北 pays 4.
    pytest.param(
        [
            show("N", "1234567z112m", [("gang_exposed", "5555p", "S")]),
            show("S", "123m456m789m123s88p"),
            show("W", "234p678p999m234s55s"),
            win("S", "discard", "3s", "N", flags=["after_kong"]),
            win("W", "discard", "3s", "N"),
        ],
        {},
        None,
        {"S": 3, "W": 2},
        {("N", "S"): 15, ("N", "W"): 4},
        id="huan_gang_beside_a_plain_win_on_one_discard",
    ),
    # 12. "清10混6": 南 碰s 南 (西), 1m (东), 9m (北), 5m (西) and wins 东's 3m alone: 单吊 1 + 大吊车 6
    # + 对对胡 6 + 混一色 6 + 位风 1 = 20 (东 round: no 圈风); 东 pays 40.
    pytest.param(
        [
            show(
                "S",
                "33m",
                [
                    ("peng", "222z", "W"),
                    ("peng", "111m", "E"),
                    ("peng", "999m", "N"),
                    ("peng", "555m", "W"),
                ],
            ),
            win("S", "discard", "3m", "E"),
        ],
        {"flush_config": "10/6"},
        None,
        {"S": 20},
        {("E", "S"): 40},
        id="da_diao_che_duiduihu_half_flush_weifeng_config_10_6",
    ),
]


@pytest.mark.parametrize("records,options,round_wind,points,payments", CASES)
def test_stacked_clauses(records, options, round_wind, points, payments):
    check_case("xizhou", records, options, points, payments, round_wind)


def test_after_two_winners_of_the_konger_the_dealers_next_seat_deals():
    # Case 11: neither winner is the dealer: "闲家胡则庄家下家坐庄" — 南.
    assert next_dealer("xizhou", CASES[10].values[0]) == "S"


# -- full logs (the hands of test_seed_stacks_zhoushan.py) -------------------------------------

FULL_CASES = [
    # 南 wins 东's first discard 5p (46p): 地胡 16 + 嵌倒 1 + 门清 1 = 18, "点炮玩家付2M": 东 pays 36
    # (zhoushan: no 地胡 on a discard). "闲家胡则庄家下家坐庄": 南 deals next.
    pytest.param(
        FIRST_DISCARD_DEALS, "E-5p S:hu:5p:E", {"S": 18}, {("E", "S"): 36}, "S",
        id="dihu_on_the_dealers_first_discard",
    ),
    # 北 completes 111m 555p 999s 22s 33s on its first draw: 地胡 here is a win on the dealer's
    # first discard, so none: 对倒 1 + 自摸 1 + 门清 1 + 对对胡 12 = 15 from each.
    pytest.param(
        NORTH_FIRST_DRAW_DEALS, NORTH_FIRST_DRAW, {"N": 15}, each("N", 15), "S",
        id="a_first_draw_self_draw_is_no_dihu_here",
    ),
    # The 加杠 on the replacement of the 明杠 南 fed continues it (docs, 杠上杠): 送杠胡 1 + 嵌倒 1
    # + 自摸 1 = 3 (no 门清); "点杠玩家需付胡家5M": 南 pays 15. Claims: one on 东, one on 南.
    pytest.param(
        ADDED_CHAIN_DEALS, ADDED_CHAIN, {"N": 3}, {("S", "N"): 15}, "S",
        id="song_gang_after_a_claimed_kong_and_an_added_kong_on_its_replacement",
    ),
    # "天胡：庄家开局直接胡牌…24台" + 自摸 1 + 门清 1 + 平胡 1 (four runs, 55s, the named 4s with 23s:
    # 两面) = 27, "每人付M": 27 from each; "庄家胡则连庄".
    pytest.param(HEAVEN_DEALS, "E:zimo:4s", {"E": 27}, each("E", 27), "E", id="heaven"),
    # 南's first draw after 东's 暗杠: 嵌倒 1 + 自摸 1 + 门清 1 = 3 from each (no 地胡 on a draw).
    pytest.param(
        DEALER_KONG_DEALS, DEALER_KONG, {"S": 3}, each("S", 3), "S",
        id="a_first_draw_after_the_dealers_kong_is_no_dihu_here",
    ),
    # 北's 明杠 of 南's 5p is its third claim on 南 (碰, 碰, 明杠: 三包 北–南), and its first discard
    # after the kong, 3s, is won by 南 (12s, no claim): 还杠胡 1 + 边倒 1 + 门清 1 = 3台; "还杠胡：杠牌
    # 并点炮玩家需付胡家5M" 15 + "拉杠/送杠/还杠可与三包/互包累加": 三包's 2M = 6; 北 pays 21.
    pytest.param(
        THIRD_CLAIM_KONG_DEALS, THIRD_CLAIM_KONG, {"S": 3}, {("N", "S"): 21}, "S",
        id="huan_gang_and_san_bao_from_the_kong_that_made_it",
    ),
    # 东 shows 春, draws its replacement 5p and throws it: still its first discard, "地胡：庄家打出的
    # 第一张牌点炮，16台" + 嵌倒 1 + 门清 1 = 18; 东 pays 36.
    pytest.param(
        DEALER_FLOWER_DEALS, DEALER_FLOWER, {"S": 18}, {("E", "S"): 36}, "S",
        id="dihu_on_the_first_discard_after_the_dealers_flower",
    ),
]  # fmt: skip


@pytest.mark.parametrize("deals,steps,points,payments,dealer", FULL_CASES)
def test_full_logs(deals, steps, points, payments, dealer):
    check_played("xizhou", deals, steps, {}, points, payments, dealer)
