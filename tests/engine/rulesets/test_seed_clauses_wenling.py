"""温岭麻将: clauses of shared/seeds/wenling.txt no earlier case pinned on its own: 西's own flowers 秋 and 竹 on a 旁胡 self-draw; a 闲家's 碰 with the fourth tile
in hand; who pays (a discard win, 包三家, 杠上开花 on a claimed kong), 闲家 rounded before they
settle, kongs, 黑花 at the deal and the next dealer, 闹闹's four 发, 地胡. Computed by hand from the quoted clauses before the engine ran; summary logs through
codec -> replay -> score -> settle.

  "牌点汇总 = （基础牌点 + 基础20胡） *2^ 番数", 500 cap, "若有零数的以进 10 计算";
  C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例" (×1).
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case, each, next_dealer
from tests.engine.summary_log import show, win


def test_west_own_flowers_on_a_panghu_self_draw():
    # 得 = 九条 (indicator 9s); no 9s in the hand. 西 shows 秋 (3f) and 竹 (7f): "西风为秋竹".
    # ① "每张翻出的白板及花牌以 4 胡" 4 × 2 = 8 + "自摸为 2 胡" 2 = 10; + 基础 20 = 30.
    # ② "翻花牌 与玩家对应的花牌，每张以1番" 2 + 旁胡 (five chows, 55p pair, 78s won on 6s: not
    # 嵌档/靠柄/单吊) 1 + "无'得'" 1 = 4番 -> 30 × 16 = 480 (below 500, already a multiple of 10).
    # C.1: 东, 南, 北 each pay 480 / 10 = 48.
    records = [
        {"type": "wildcard", "indicator": "9s"},
        show("W", "123m456m789p234s678s55p", revealed=["3f", "7f"]),
        win("W", "self_draw", "6s"),
    ]
    check_case("wenling", records, {}, {"W": 480}, each("W", 48))


def test_a_nonwinners_pung_with_the_fourth_tile_in_hand_stays_a_pung():
    # 北 wins 北 单吊 on 南's discard (123456m 789p 345678s 44z): 北对 "每个自家门风对 2 胡" 2 +
    # "单吊为 2 胡" 2 + 20 = 24; 无得 1番 -> 48 -> 进10 50. C.1: each non-winner pays 5.
    # 东 (闲家) 碰 9m and holds the fourth 9m: "刻子 每个风牌刻子、1、9 牌刻子…（可杠没杠按刻子计）4 胡"
    # 4 (not 明杠) + 东对 (门风对) 2 + 发对 2 + 中对 ("字牌对") 2 = 10; no 番 (刻/杠 of neither 门风
    # nor 字牌) -> 10. C.2 "（被支付方牌点汇总－支付方牌点汇总）/10": 南 (0) → 东 1, 西 (0) → 东 1.
    records = [
        {"type": "wildcard", "indicator": "9s"},
        show("E", "1479m25p8s116677z", [("peng", "999m", "S")]),
        show("N", "123456m789p345678s44z"),
        win("N", "discard", "4z", "S"),
    ]
    payments = {**each("N", 5), ("S", "E"): 1, ("W", "E"): 1}
    check_case("wenling", records, {}, {"N": 50, "E": 10}, payments)


# Who pays, the 闲家's own settlement, kongs and the dealer: clauses a club disputes. 得 = 九条
# (indicator 9s) and no hand holds one, so every winner has "无'得' 1番". The non-winners'
# totals follow docs/rules/wenling.md (胡 × 2^番, "进 10", no base 20).
DE_9S = {"type": "wildcard", "indicator": "9s"}
SOUTH_KANCHAN = show("S", "123m456m789p234s678s77z")  # won on 7s: 嵌档
EAST_WIND_PUNG = show("E", "147m258p147s2346z", [("peng", "111z", "N")])

CASES = [
    # 1. A discard win is paid by all three: C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例".
    # 南 wins 7s (the middle of 678s) on 西's discard: 中对 "字牌…对 2 胡" 2 + "嵌档为 2 胡" 2 + 20
    # = 24; "无'得' 1番" -> 48 -> "进 10" 50: 东, 西 (the discarder) and 北 pay 5 each.
    # 东 (闲家) 碰 东: "刻子 每个风牌刻子… 4 胡" 4, "门风刻、杠 自家门风刻子… 1番" -> 8 -> 10.
    # C.2 "（被支付方牌点汇总－支付方牌点汇总）/10": 西 (0) → 东 1, 北 (0) → 东 1.
    pytest.param(
        [DE_9S, SOUTH_KANCHAN, EAST_WIND_PUNG, win("S", "discard", "7s", "W")],
        {},
        {"S": 50, "E": 10},
        {**each("S", 5), ("W", "E"): 1, ("N", "E"): 1},
        id="discard_win_paid_by_all_three",
    ),
    # 2. 北 明杠s 东's 5p, 碰s 中 and shows one 白; self-draws 4s (23s 两面). 胡: "每个其它明杠 8 胡"
    # 8 + 中 "字牌刻子 4 胡" 4 + "每张翻出的白板及花牌以 4 胡" 4 + "自摸为 2 胡" 2 = 18 + 20 = 38.
    # 番: "翻白板 胡家翻出的每张白板以 1番" 1 + "字牌刻、杠 … 1番" 1 + 无得 1 = 3 -> 304 -> 310;
    # 31 from each.
    pytest.param(
        [
            DE_9S,
            show(
                "N",
                "123m456m234s88p",
                [("gang_exposed", "5555p", "E"), ("peng", "777z", "S")],
                revealed=["5z"],
            ),
            win("N", "self_draw", "4s"),
        ],
        {},
        {"N": 310},
        each("N", 31),
        id="other_exposed_kong_white_and_red_pung",
    ),
    # 3. 闲家 totals are rounded before they are subtracted ("牌点汇总结果…进 10", docs: seat by seat).
    # 西 wins 6s (78s 两面) on 北's discard with five chows and 55p: 旁胡 1 + 无得 1 -> 20 × 4 = 80;
    # 8 from each. 东: 碰 2m "其它刻子 2 胡" + 666p "其它暗刻 4 胡" + 东对 "自家门风对 2 胡" = 8 -> 10;
    # 南: 南对 2 -> 10. 东 − 南 = 0: nothing passes between them (8 − 2 would have paid 1);
    # 北 (0) → 东 1, 北 → 南 1.
    pytest.param(
        [
            DE_9S,
            show("W", "123m456m789p234s678s55p"),
            show("E", "147m38p666p258s11z", [("peng", "222m", "S")]),
            show("S", "369m147p1347s223467z"),
            win("W", "discard", "6s", "N"),
        ],
        {},
        {"W": 80, "E": 10, "S": 10},
        {**each("W", 8), ("N", "E"): 1, ("N", "S"): 1},
        id="nonwinners_rounded_before_subtracting",
    ),
    # 4. 杠上开花 on a kong of another seat's discard: wenling names no liability for it, so C.1
    # holds (all three pay). 南 明杠s 西's 3p, self-draws 南 on the replacement: "每个其它明杠 8 胡" 8 +
    # 南对 "自家门风对 2 胡" 2 + "单吊为 2 胡" 2 + "自摸为 2 胡" 2 = 14 + 20 = 34; "杠上开花为 1番" +
    # 无得 1 = 2 -> 136 -> 140; 14 from each (西 no more than the others).
    pytest.param(
        [
            DE_9S,
            show("S", "123m456m678s456p22z", [("gang_exposed", "3333p", "W")]),
            win("S", "self_draw", "2z", flags=["kong_replacement"]),
        ],
        {},
        {"S": 140},
        each("S", 14),
        id="kong_bloom_on_a_claimed_kong_all_pay",
    ),
    # 5. "4 张'黑花' 获得4张黑色花牌成为腊子，可立即胡牌" (docs red_flowers=spring: 梅兰竹菊 are 黑花):
    # 北 shows 5f-8f at the deal: 500, 50 from each. 东 shows 春 ("东风对应为'春梅'": 4 胡, 1番) -> 8
    # -> 10; 南 shows 夏 (南's: "夏兰") -> 10; 西 0: 西 → 东 1, 西 → 南 1, 东 and 南 level.
    pytest.param(
        [
            DE_9S,
            show("N", "123456789m1234p567s", revealed=["5f", "6f", "7f", "8f"]),
            show("E", "147m2589p138s123467z", revealed=["1f"]),
            show("S", "369m1367p2467s12347z", revealed=["2f"]),
            win("N", "instant"),
        ],
        {},
        {"N": 500, "E": 10, "S": 10},
        {**each("N", 50), ("W", "E"): 1, ("W", "S"): 1},
        id="four_black_flowers_at_the_deal",
    ),
    # 6. 东 (庄) wins 3m on 南's discard (12m+3m: "靠柄为 2 胡") with a 明杠 北 from 西: "每个风牌明杠…
    # 16 胡" 16 (北 is not 东's 门风: no 番) + 2 + 20 = 38; 无得 1番 -> 76 -> 80; 8 from each.
    # 西 (闲家) 暗杠 5m: "每个其它暗杠 16 胡" -> 16 -> 20: 南 → 西 2, 北 → 西 2.
    pytest.param(
        [
            DE_9S,
            show("E", "123m456p789p234s66s", [("gang_exposed", "4444z", "W")]),
            show("W", "369m147p258s2367z", [("gang_concealed", "5555m", None)]),
            win("E", "discard", "3m", "S"),
        ],
        {},
        {"E": 80, "W": 20},
        {**each("E", 8), ("S", "W"): 2, ("N", "W"): 2},
        id="dealer_penchan_wind_kong_nonwinner_concealed_kong",
    ),
    # 7. 包三家 (the win record's flag) on 西's discard, 西 holding a 九万 暗杠 ("1 、 9 牌暗杠 32 胡"
    # -> 40 had it not been liable): "1 ：被包方牌点汇总以 0 计". 南 50 as in case 1, 东 10.
    # "2 ：各闲家支付给胡牌家的胡牌支付额全由被包者支付": 西 → 南 3 × 5 = 15;
    # "3 ：被包者根据各闲家结算规则向各闲家支付相应的支付额": 西 → 东 (10 − 0)/10 = 1 (北 0: nothing);
    # "4 ：闲家之间的结算额由被包者支付": 北 would pay 东 1, 西 pays it: 西 → 东 2 in all.
    # The report's points are those paid on: 西's 0 (its own 40 shown by the 被包方牌点以 0 计 step).
    pytest.param(
        [
            DE_9S,
            SOUTH_KANCHAN,
            EAST_WIND_PUNG,
            show("W", "258m369p14s12346z", [("gang_concealed", "9999m", None)]),
            win("S", "discard", "7s", "W", flags=["bao_san_jia"]),
        ],
        {},
        {"S": 50, "E": 10, "W": 0},
        {("W", "S"): 15, ("W", "E"): 2},
        id="bao_san_jia_liable_seat_with_a_kong_counts_zero",
    ),
    # 8. 闹闹 (indicator 中: the other three 中 are 得; 白, 发 and the flowers are revealed):
    # 西 shows four 发 at the deal: "4红中或发财 闹闹时，4张红中或发财" 腊子 500, 50 from each.
    # 东 shows 白 and 春: "翻白板 每张翻出的白板或花牌以 4 胡" 8; 番 "翻白板 每张白板以 1番" 1 + 春
    # (东's own) 1 -> 8 × 4 = 32 -> 40. 南 shows 夏 (its own) and 秋 (西's): 8 胡, 1番 -> 16 -> 20.
    # C.2: 南 → 东 (40 − 20)/10 = 2, 北 (0) → 东 4, 北 → 南 2.
    pytest.param(
        [
            {"type": "wildcard", "indicator": "7z"},
            show("W", "123456789m1234p567s", revealed=["6z", "6z", "6z", "6z"]),
            show("E", "14578m2568p369s1234z", revealed=["5z", "1f"]),
            show("S", "369m13467p2578s1234z", revealed=["2f", "3f"]),
            win("W", "instant"),
        ],
        {},
        {"W": 500, "E": 40, "S": 20},
        {**each("W", 50), ("S", "E"): 2, ("N", "E"): 4, ("N", "S"): 2},
        id="naonao_four_green_and_revealed_nonwinners",
    ),
    # 9. "地胡 庄家打出第一牌后，就有玩家胡牌" 腊子 500: 南 wins on 东's first discard; C.1 asks the
    # same of all three: 50 each (东 no more). 东: 中暗刻 "字牌暗刻 8 胡", "字牌刻、杠 … 1番" -> 16 ->
    # 20: 西 → 东 2, 北 → 东 2.
    pytest.param(
        [
            DE_9S,
            show("S", "123m456m789p234s678s55p"),
            show("E", "777z1479m258p36s1234z"),
            win("S", "discard", "6s", "E", flags=["first_discard"]),
        ],
        {},
        {"S": 500, "E": 20},
        {**each("S", 50), ("W", "E"): 2, ("N", "E"): 2},
        id="earth_paid_alike_by_all_three",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", CASES)
def test_seed_clause_case(records, options, points, payments):
    check_case("wenling", records, options, points, payments)


def test_four_black_flowers_by_a_nondealer_pass_the_deal():
    # "若'庄家'无法'胡牌'就称之为'下庄' … 若庄家下庄，南家自动转为'庄家'": case 5's 北 won, 东 did not.
    assert next_dealer("wenling", CASES[4].values[0]) == "S"
