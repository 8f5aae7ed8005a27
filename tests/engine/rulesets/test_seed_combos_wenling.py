"""温岭麻将: several clauses of shared/seeds/wenling.txt on one hand (who pays under 包三家 when both
other 闲家 score, two 腊子 at once with the dealer among them, 抢杠胡 with 2张得 and the robbed
seat's own wind, 闹闹 with a flower 得, 天胡 beside a 闲家's 四风会齐, a 闲家 ahead of the winner
at ×2, a 闲家's 加杠 of its 门风 with two 白). Computed by hand from the quoted clauses before the
engine ran; summary logs through codec -> replay -> score -> settle.

  "牌点汇总 = （基础牌点 + 基础20胡） *2^ 番数", "若结果大于或等于 500胡，则以500胡计算",
  "若有零数的以进 10 计算"; C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例";
  C.2 "未胡牌玩家互相支付：（被支付方牌点汇总－支付方牌点汇总） /10 *加倍比例".
The 闲家's totals follow docs/rules/wenling.md (胡 × 2^番, 进 10, no base 20).
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case, each, next_dealer
from tests.engine.summary_log import show, win

DE_9S = {"type": "wildcard", "indicator": "9s"}  # 得 = the other three 九条
# Case 1 (also a dispute in tests/engine/test_dispute_cases.py).
BAO_BOTH_SCORE = [
    DE_9S,
    show("S", "123m456m789p234s678s77z"),
    show("E", "147m258p147s2346z", [("peng", "111z", "N")]),
    show("N", "444z147m258p1368s369m", revealed=["4f"]),
    show("W", "258m369p258s147p9m136z", revealed=["5z"]),
    win("S", "discard", "7s", "W", flags=["bao_san_jia"]),
]

CASES = [
    # 1. 包三家 with both other 闲家 scoring, "加倍的比例" 3. 南 wins 7s (the middle of 678s: 嵌档)
    # on 西's discard: 中对 "字牌…对 2 胡" 2 + "嵌档为 2 胡" 2 + 20 = 24; "无'得' 1番" -> 48 -> 50.
    # 东: 碰 东 "风牌刻子 4 胡" 4, "门风刻、杠 … 1番" -> 8 -> 10. 北: 北暗刻 "风牌暗刻 8 胡" 8 + 冬
    # "每张翻出的白板或花牌以 4 胡" 4 = 12; 番 门风 1 + "翻花牌 与玩家对应的花牌"(北 "冬菊") 1 -> 48 -> 50.
    # 西 (liable, its 白: 4 胡 1番 -> 10) "1：被包方牌点汇总以 0 计".
    # "2：各闲家支付给胡牌家的胡牌支付额全由被包者支付": 西 → 南 3 × 50/10 × 3 = 45.
    # "3：被包者根据各闲家结算规则向各闲家支付相应的支付额": 西 → 东 10/10 × 3 = 3, 西 → 北 50/10 × 3 = 15.
    # "4：闲家之间的结算额由被包者支付": 东 (10) would pay 北 (50) (50 − 10)/10 × 3 = 12: 西 → 北 12.
    # In all: 西 → 南 45, 西 → 东 3, 西 → 北 27.
    pytest.param(
        BAO_BOTH_SCORE,
        {"multiplier": 3},
        {"S": 50, "E": 10, "N": 50, "W": 0},
        {("W", "S"): 45, ("W", "E"): 3, ("W", "N"): 27},
        id="bao_both_other_nonwinners_score_times_3",
    ),
    # 2. Two 腊子 at the deal, the dealer one of them ("若有多家附合条件，作为多家胡牌"): 东 holds the
    # three 得 (indicator 5p: "3 张'得' … 腊子"), 西 shows four 白 ("4 张'白板' … 腊子"): 500 each.
    # C.1: 南 and 北 each pay 东 50 and 西 50 (winners do not pay each other, docs). 南 shows 夏
    # (南's: "夏兰") 4 胡 1番 -> 8 -> 10; 北 0: C.2 北 → 南 1.
    pytest.param(
        [
            {"type": "wildcard", "indicator": "5p"},
            show("E", "555p123m456m789m12347s"),
            show("W", "123456789s123p789p1z", revealed=["5z", "5z", "5z", "5z"]),
            show("S", "147m258m147p368p2346z", revealed=["2f"]),
            show("N", "369m2568s147s369p137z"),
            win("E", "instant"),
            win("W", "instant"),
        ],
        {},
        {"E": 500, "W": 500, "S": 10},
        {
            ("S", "E"): 50,
            ("S", "W"): 50,
            ("N", "E"): 50,
            ("N", "W"): 50,
            ("N", "S"): 1,
        },
        id="two_instant_winners_with_the_dealer",
    ),
    # 3. 抢杠胡 with 2张得: 西 碰s 西 from 南 and 加杠s the fourth; 北 robs it for 单吊 西 (the 西 and a
    # 得), its other 得 making 北暗刻 with 北北 ("门风暗刻可由得替代产生"): "风牌暗刻 8 胡" 8 + "单吊为 2 胡"
    # 2 (the 西 pair is not 北's 门风: 0) + 20 = 30; 番 门风 1 + "2 张'得'为1番" 1 + "抢杠胡为 1番" 1 =
    # 3 -> 240. (The other reading, 西西西 with both 得 and 北北 as the pair: "风牌刻子" 4 — the robbed
    # tile completes it, docs — + 门风对 2 = 26 × 4 = 104 -> 110, is less: "按玩家算出最高的汇点".)
    # C.1: each pays 北 24. 西: "明杠家的杠牌以刻子计算" 风牌刻子 4, 西 is its 门风: 1番 -> 8 -> 10;
    # C.2: 东 (0) → 西 1, 南 (0) → 西 1.
    pytest.param(
        [
            DE_9S,
            show("N", "123m456m789p234s44z3z9s9s"),
            show("W", "147m258p147s368p1z", [("peng", "333z", "S")]),
            win("N", "robbed_kong", "3z", "W"),
        ],
        {},
        {"N": 240, "W": 10},
        {**each("N", 24), ("E", "W"): 1, ("S", "W"): 1},
        id="robbed_kong_two_de_konger_own_wind_pung",
    ),
    # 4. 闹闹 with a flower 得 ("若翻出来的是'春'的花牌，则夏秋冬是'得'"): indicator 冬 -> 得 = 春夏秋;
    # 中发白 and 梅兰竹菊 are revealed. 东 holds one 得 (春) and wins 6s on 南's discard. Revealed: 梅
    # (东's: "东风对应为'春梅'") 4 胡 1番, 兰 (南's) 4 胡, 中 "闹闹时的翻字牌或花牌 … 4胡" 4 and "翻红中
    # 闹闹时，每张红中以1番" 1. The 得 as 4s reads 234s 456s with 45s + 6s (两面): "旁胡为 1番"
    # (东对 allowed, docs); as 7s, 567s with 6s in the middle: 嵌档 2 胡 but no 旁胡.
    # 旁胡: 12 + 东对 2 + 20 = 34, 番 1 + 1 + 1 = 3 -> 272 -> 280; 嵌档: 36 × 4 = 144: 280.
    # One 得: neither 无得 nor 2张得. C.1: each pays 东 28.
    # 北: 白 发 菊 revealed 12 胡; 番 白 1 + 发 (闹闹) 1 + 菊 ("北风…冬菊") 1 -> 96 -> 100.
    # 南: 竹 (西's flower) 4 胡 -> 10. C.2: 南 → 北 9, 西 (0) → 北 10, 西 → 南 1.
    pytest.param(
        [
            {"type": "wildcard", "indicator": "4f"},
            show("E", "123m456m789p234s56s11z1f", revealed=["5f", "6f", "7z"]),
            show("N", "147m258p369s147p258s3z", revealed=["5z", "6z", "8f"]),
            show("S", "369m147s369p24z58m278p", revealed=["7f"]),
            win("E", "discard", "6s", "S"),
        ],
        {},
        {"E": 280, "N": 100, "S": 10},
        {**each("E", 28), ("S", "N"): 9, ("W", "N"): 10, ("W", "S"): 1},
        id="naonao_flower_de_panghu_beats_kanchan",
    ),
    # 5. "天胡 指庄家，没打一张牌就已胡牌" 腊子 500 beside a 闲家's 四风会齐 (南: 南对 + 东西北 暗刻,
    # "门风对加其它三风牌均为刻或杠") also 500 (docs). C.1: 南, 西, 北 each pay 东 50 (南's own 500
    # changes nothing). 西: 中暗刻 "字牌暗刻 8 胡", "字牌刻、杠 … 1番" -> 16 -> 20. C.2: 西 → 南
    # (500 − 20)/10 = 48, 北 (0) → 南 50, 北 → 西 2.
    pytest.param(
        [
            {"type": "wildcard", "indicator": "9p"},
            show("E", "123m456m789m123p456p77p"),
            show("S", "111z333z444z22z258s36p"),
            show("W", "777z147m258m369s147s8p"),
            win("E", "self_draw", "7p", flags=["heaven"]),
        ],
        {},
        {"E": 500, "S": 500, "W": 20},
        {**each("E", 50), ("W", "S"): 48, ("N", "S"): 50, ("N", "W"): 2},
        id="heaven_beside_a_nonwinners_four_winds",
    ),
    # 6. A 闲家 ahead of the winner, "加倍的比例" 2. 南 wins as in 1: 50; C.1 each pays 50/10 × 2 = 10,
    # 东 too. 东: 碰 东 "风牌刻子 4 胡" + 暗杠 发 "字牌暗杠 32 胡" = 36; 番 门风 1 + "字牌刻、杠" 1 ->
    # 144 -> 150. C.2: 西 (0) → 东 150/10 × 2 = 30, 北 (0) → 东 30.
    pytest.param(
        [
            DE_9S,
            show("S", "123m456m789p234s678s77z"),
            show("E", "147m258p147s3z", [("peng", "111z", "N"), ("gang_concealed", "6666z", None)]),
            win("S", "discard", "7s", "W"),
        ],
        {"multiplier": 2},
        {"S": 50, "E": 150},
        {**each("S", 10), ("W", "E"): 30, ("N", "E"): 30},
        id="nonwinner_ahead_of_the_winner_times_2",
    ),
    # 7. 北 self-draws 6s (78s 两面) with five chows and 55p: "自摸为 2 胡" 2 + 20 = 22; 旁胡 1 + 无得 1
    # -> 88 -> 90: each pays 9. 南 (闲家) 加杠 its 门风 南: "每个风牌明杠 16 胡" 16 + two 白 "每张翻出的
    # 白板或花牌以 4 胡" 8 = 24; 番 "门风刻、杠" 1 + "翻白板 每张白板以 1番" 2 = 3 -> 192 -> 200.
    # C.2: 东 (0) → 南 20, 西 (0) → 南 20.
    pytest.param(
        [
            DE_9S,
            show("N", "123m456m789p234s678s55p"),
            show("S", "147m258p147s369m3z", [("gang_added", "2222z", "E")], revealed=["5z", "5z"]),
            win("N", "self_draw", "6s"),
        ],
        {},
        {"N": 90, "S": 200},
        {**each("N", 9), ("E", "S"): 20, ("W", "S"): 20},
        id="nonwinner_added_kong_of_own_wind_two_whites",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", CASES)
def test_seed_combo_case(records, options, points, payments):
    check_case("wenling", records, options, points, payments)


def test_the_dealer_among_two_instant_winners_keeps_the_deal():
    # "坐庄 '庄家'连续胡牌 … 一直具有'庄家'特权": 东 won (case 2), so 东 deals again.
    assert next_dealer("wenling", CASES[1].values[0]) == "E"
