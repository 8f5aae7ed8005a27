"""西周麻将: clauses of shared/seeds/xizhou.txt taken together, where a slip is likeliest — 大吊车
with 单吊 and 对对胡 (and 三包, 混一色, 字一色), 杠开 on an own 暗杠 paid by a 三包 partner alone, two
bound seats beside a third seat's discard, 互包 on a self-draw with 底分 2, 四花 holding two own
flowers under both `four_flowers` readings, the dealer's 对倒 self-draw with 对对胡 and 正风. Every
number was computed by hand from the quoted clauses (and the decisions in docs/rules/xizhou.md)
before the engine ran. M = 台 × 底分 (1 unless said); 清14混12 (the default): 混一色, 大吊车 and
对对胡 12 each. Summary logs, and one full play-by-play log (tests/engine/rulesets/play_log.py).

  "单吊：所胡的牌与单张组成对子…1台"  "大吊车：只剩1张立牌单吊胡牌，可叠加单吊，按混一色计"
  "对对胡：4组刻子（杠子）加将牌，按混一色计"  "字一色/风一色：全部牌为字牌，40台"
  "三包：吃碰杠同一家达到3次形成承包关系（双向）"  "不同玩家间三包/互包可累加"
  "如三包的一方接点炮胡，未胡的另一方需在正常计算结果基础上额外付2M给胡家"
  "如三包的一方自摸胡，未胡的另一方需独缴原本三家付的3M，并额外付2M，共计5M"
  "互包：原本三包双方需付出的部分翻倍"  "自摸：每人付M给胡家"  "点炮：点炮玩家付2M给胡家"
"""

import pytest

from tests.engine.rulesets import play_log
from tests.engine.rulesets.seed_case_helpers import check_case, each, next_dealer
from tests.engine.summary_log import show, win

# 南's four 碰, three of them of 北's discards (三包 南–北), and the 5m it waits on alone.
BOUND_DA_DIAO_CHE = show(
    "S",
    "55m",
    [("peng", "111m", "N"), ("peng", "999m", "N"), ("peng", "777z", "N"), ("peng", "333m", "E")],
)
# 北's three 碰 of 南's discards, and four honors.
NORTH_BOUND_TO_SOUTH = show(
    "N", "1z2z3z4z", [("peng", "333m", "S"), ("peng", "888p", "S"), ("peng", "111s", "S")]
)
FOUR_FLOWERS_TWO_OWN = show("E", "123m456m789p234s55s", revealed=["1f", "2f", "5f", "6f"])

CASES = [
    # 1. 南: 碰 111m (东), 999p (东), 333s (西), 777s (北), one 8p standing, wins 西's 8p: 单吊 1 +
    # 大吊车 12 ("可叠加单吊") + 对对胡 12 = 25台 (three suits: no flush; no 门清; two claims on one
    # seat at most: no 三包). "点炮玩家付2M": 西 pays 50.
    pytest.param(
        [
            show(
                "S",
                "88p",
                [
                    ("peng", "111m", "E"),
                    ("peng", "999p", "E"),
                    ("peng", "333s", "W"),
                    ("peng", "777s", "N"),
                ],
            ),
            win("S", "discard", "8p", "W"),
        ],
        {},
        {"S": 25},
        {("W", "S"): 50},
        id="da_diao_che_dandiao_duiduihu",
    ),
    # 2. 南 wins 西's 5m: 单吊 1 + 大吊车 12 + 对对胡 12 + 混一色 12 (万 and 中) + "中发白…1台" 1 = 38;
    # M = 38. 西 pays 2M = 76; 北, bound to 南 by three 碰 and not the winner, "额外付2M" = 76.
    pytest.param(
        [BOUND_DA_DIAO_CHE, win("S", "discard", "5m", "W")],
        {},
        {"S": 38},
        {("W", "S"): 76, ("N", "S"): 76},
        id="da_diao_che_half_flush_bound_on_a_discard",
    ),
    # 3. The same hand self-drawn: 38 + 自摸 1 = 39, M = 39; "独缴…共计5M": 北 pays 195 alone.
    pytest.param(
        [BOUND_DA_DIAO_CHE, win("S", "self_draw", "5m")],
        {},
        {"S": 39},
        {("N", "S"): 195},
        id="da_diao_che_half_flush_bound_self_drawn",
    ),
    # 4. 南 (暗杠 2p, 456m 789m 66s, 46s) self-draws 5s on the kong's replacement: 杠开 1 + 自摸 1 +
    # 门清 1 ("没有吃碰和明杠": an 暗杠 keeps it) + 嵌倒 1 = 4台, M = 4. 北 碰'd three of 南's
    # discards: bound "（双向）", it pays 5M = 20 alone; 东 and 西 nothing.
    pytest.param(
        [
            show("S", "456m789m456s66s", [("gang_concealed", "2222p", None)]),
            NORTH_BOUND_TO_SOUTH,
            win("S", "self_draw", "5s", flags=["kong_replacement"]),
        ],
        {},
        {"S": 4},
        {("N", "S"): 20},
        id="gang_kai_on_a_concealed_kong_bound_partner_pays_alone",
    ),
    # 5. 东 (庄) in the 东 round, all concealed: 东 pung, 555m 777p 999s and 22s; self-draws 9s:
    # 对倒 1 (self-drawn counts, docs) + 自摸 1 + 门清 1 + 对对胡 12 + 正风 2 (东 is both its seat
    # and the round's wind; docs: instead of 圈风 + 位风) = 17; "每人付M": 17 from each.
    pytest.param(
        [show("E", "111z555m777p999s22s"), win("E", "self_draw", "9s")],
        {},
        {"E": 17},
        each("E", 17),
        id="dealer_duidao_self_draw_duiduihu_zhengfeng",
    ),
    # 6. 东 shows 春 夏 梅 兰 (its own 春 and 梅, 南's 夏 and 兰) and wins 西's 4s (23s, four runs,
    # 55s): "四花：四个花，不叠加其中的正花野花，12台" 12 + 平胡 1 + 门清 1 = 14; 西 pays 28.
    pytest.param(
        [FOUR_FLOWERS_TWO_OWN, win("E", "discard", "4s", "W")],
        {},
        {"E": 14},
        {("W", "E"): 28},
        id="four_flowers_holding_two_own",
    ),
    # 7. `four_flowers=set`: 春夏梅兰 is no full set, so each flower counts alone: 正花 2 × 2 + 野花
    # 1 × 2 = 6, + 平胡 1 + 门清 1 = 8; 西 pays 16.
    pytest.param(
        [FOUR_FLOWERS_TWO_OWN, win("E", "discard", "4s", "W")],
        {"four_flowers": "set"},
        {"E": 8},
        {("W", "E"): 16},
        id="four_flowers_holding_two_own_by_set",
    ),
    # 8. 南 吃s 东's 1m and 4p and 碰s 东's 中 (三包 南–东); 北 碰'd three of 南's tiles (三包
    # 北–南). 南 wins 西's 3s (24s: 嵌倒 1) + 中 1 = 2台, M = 2: 西 2M = 4; "不同玩家间三包/互包可累加":
    # 东 2M = 4 and 北 2M = 4.
    pytest.param(
        [
            show(
                "S",
                "234s99s",
                [("chi", "123m", "E"), ("chi", "456p", "E"), ("peng", "777z", "E")],
            ),
            NORTH_BOUND_TO_SOUTH,
            win("S", "discard", "3s", "W"),
        ],
        {},
        {"S": 2},
        {("W", "S"): 4, ("E", "S"): 4, ("N", "S"): 4},
        id="two_bound_seats_beside_a_third_seats_discard",
    ),
    # 9. 南 碰s three of 北's tiles and 北 three of 南's: 互包 (docs `each_3`). 南 self-draws 6s
    # (45s, 两面; 99s): 自摸 1 + 中 1 = 2台; 底分 2: M = 4. "互包：原本三包双方需付出的部分翻倍": 北
    # pays 2 × 5M = 40 alone.
    pytest.param(
        [
            show(
                "S",
                "456s99s",
                [("peng", "222m", "N"), ("peng", "888p", "N"), ("peng", "777z", "N")],
            ),
            show(
                "N",
                "1z2z3z4z",
                [("peng", "555m", "S"), ("peng", "666p", "S"), ("peng", "777s", "S")],
            ),
            win("S", "self_draw", "6s"),
        ],
        {"base": 2},
        {"S": 2},
        {("N", "S"): 40},
        id="hu_bao_self_draw_base_2",
    ),
    # 10. 南: 碰 东 (东), 南 (西), 白 (北), 发 (东), a 中 standing, wins 西's 中: 单吊 1 + 大吊车 12 +
    # 对对胡 12 + 字一色 40 + 中发白 2 (白, 发; 中 is the pair: no 大三元) + 位风 1 (南) + 圈风 1 (东
    # round) = 69; 西 pays 138.
    pytest.param(
        [
            show(
                "S",
                "77z",
                [
                    ("peng", "111z", "E"),
                    ("peng", "222z", "W"),
                    ("peng", "555z", "N"),
                    ("peng", "666z", "E"),
                ],
            ),
            win("S", "discard", "7z", "W"),
        ],
        {},
        {"S": 69},
        {("W", "S"): 138},
        id="ziyise_da_diao_che_winds_and_dragons",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", CASES)
def test_seed_combo(records, options, points, payments):
    check_case("xizhou", records, options, points, payments)


def test_the_dealer_keeps_the_deal_after_its_self_draw():
    # Case 5: "庄家胡则连庄".
    assert next_dealer("xizhou", CASES[4].values[0]) == "E"


def test_gang_kai_on_a_concealed_kong_bound_partner_pays_alone_full_log():
    # Case 4 played: 北 碰s 南's 3m, 8p and 1s (three claims on one seat: 三包), 南 draws its 4th
    # 2p, 暗杠s it and wins 5s on the replacement: 4台, 北 pays 5M = 20 alone; 南 deals next.
    deals = {
        "E": "159m159p159s12345z",
        "S": "222p456m789m46s66s",
        "W": "2368m3478p2379s6z",
        "N": "33m88p11s1234567z",
    }
    steps = (
        "E-1z S~3m N:peng N-7z E~2z S~8p N:peng N-6z E~3z S~1s N:peng N-5z E~4z"
        " S+2p S:gang:concealed:2p S*5s S:zimo:5s"
    )
    recs = play_log.full_log("xizhou", deals, steps)
    hand = play_log.audited(recs)
    assert hand["points"] == {"S": 4}
    assert play_log.flows(hand) == {("N", "S"): 20}
    assert play_log.next_dealer(recs) == "S"
