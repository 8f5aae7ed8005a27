"""温岭麻将: an independent audit (helper h-seeds-a, session 6) of the seed
shared/seeds/wenling.txt. Every number below was computed by hand from the quoted clauses (and,
where the seed is silent, the decision named in docs/rules/wenling.md) before the engine ran.
Hands are summary logs audited through the full path (codec -> replay -> score -> settle).

Formulas:
  胡牌家 "牌点汇总 = （基础牌点 + 基础20胡） *2^ 番数", "若结果大于或等于 500胡，则以500胡计算",
         "10 进制计算，若有零数的以进 10 计算".
  闲家   胡 × 2^番 (docs decision `nonwinner_plus_20` false), capped and rounded alike.
  C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例"
  C.2 "未胡牌玩家互相支付：（被支付方牌点汇总－支付方牌点汇总） /10 *加倍比例"
Tiles: 1z-4z 东南西北, 5z 白, 6z 发, 7z 中; 1f-8f 春夏秋冬梅兰竹菊.
得 is 九条 (indicator 9s: "翻出…一张牌，作为'得'") unless a case says otherwise.
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case, each
from tests.engine.summary_log import show, win

DE_9S = {"type": "wildcard", "indicator": "9s"}
DE_WHITE = {"type": "wildcard", "indicator": "5z"}  # 闹闹 "当得为中发白花牌中的一个时"
DE_5M = {"type": "wildcard", "indicator": "5m"}
# 北 wins 北 单吊 on 南's discard, 123456m 789p 345678s: 北对 "每个自家门风对…2 胡" 2 + 单吊 2
# + 20 = 24; 无得 1番 -> 48 -> 进10 50 (cases 3, 11).
NORTH_TANKI = [show("N", "123456m789p345678s44z"), win("N", "discard", "4z", "S")]

CASES = [
    # 1. Two 明杠 of the winner. 南: 明杠 1m "1、9 牌明杠 16 胡" 16 + 明杠 发 "字牌明杠 16 胡" 16
    # + 789m won on 7m "靠柄 … 最后一张…必须 3 或 7 … 789" 2 = 34 + 20 = 54;
    # 番 "字牌刻、杠 … 明杠 … 1番" 1 + "无'得' 手里无'得'为 1番" 1 = 2 -> 216 -> 220. 22 each.
    pytest.param(
        [
            DE_9S,
            show(
                "S",
                "789m234p567p55s",
                [("gang_exposed", "1111m", "W"), ("gang_exposed", "6666z", "E")],
            ),
            win("S", "discard", "7m", "N"),
        ],
        {},
        {"S": 220},
        each("S", 22),
        id="exposed_terminal_and_dragon_kongs_penchan",
    ),
    # 2. 西: 暗杠 5s "每个其它暗杠 16 胡" 16 + 999m "1、9 牌暗刻 8 胡" 8 + 嵌档 5p (46p) 2 = 26
    # + 20 = 46; 番 无得 1 -> 92 -> 100. 10 each.
    pytest.param(
        [
            DE_9S,
            show("W", "22m999m123p456p678s", [("gang_concealed", "5555s", None)]),
            win("W", "discard", "5p", "N"),
        ],
        {},
        {"W": 100},
        each("W", 10),
        id="concealed_simple_kong_terminal_pung_kanchan",
    ),
    # 3. A 闲家's items. 西 (闲家): 西对 "每个自家门风对、字牌对 2 胡" 2 + 发对 2 + 明杠 1p "1、9 牌明杠
    # 16 胡" 16 + 秋 (西's: "西风为秋竹") 4 + 梅 (东's) 4 + 白 4 ("每张翻出的白板或花牌以 4 胡") = 32;
    # 番 秋 1 ("翻花牌 与玩家对应的花牌") + 白 1 ("翻白板 每张白板以 1番") = 2 -> 128 -> 130.
    # Winner 北 50: 5 from each. C.2: 东 (0) → 西 13, 南 (0) → 西 13.
    pytest.param(
        [
            DE_9S,
            show(
                "W",
                "147m258p147s33z66z",
                [("gang_exposed", "1111p", "E")],
                revealed=["3f", "5f", "5z"],
            ),
            *NORTH_TANKI,
        ],
        {},
        {"N": 50, "W": 130},
        {**each("N", 5), ("E", "W"): 13, ("S", "W"): 13},
        id="nonwinner_pairs_terminal_kong_flowers_white",
    ),
    # 4. 旁胡 with a 字牌 pair (docs: panghu_value_pair). 南 wins 4p (23p 两面) from 东: 中对
    # "字牌…对 2 胡" 2 + 20 = 22; 番 旁胡 "除了一个对外，其它全由顺子组成" 1 + 无得 1 = 2 -> 88
    # -> 90. 9 each.
    pytest.param(
        [DE_9S, show("S", "123456789m234p567s77z"), win("S", "discard", "4p", "E")],
        {},
        {"S": 90},
        each("S", 9),
        id="panghu_with_a_dragon_pair",
    ),
    # 5. 闹闹 with 白 as 得 (indicator 白: the other 白 are 得). 东 self-draws 7s (56s 两面) and shows
    # 中 and 菊 (北's flower). "闹闹时的翻字牌或花牌 每翻出一张，均以4胡" 8 + 自摸 2 = 10 + 20 = 30;
    # 番 "翻红中 闹闹时，每张红中以1番" 1 + 旁胡 1 + 无得 1 = 3 (菊 is not 东's: "东风对应为'春梅'")
    # -> 240. 24 each.
    # 南 (闲家): 发 + 夏 shown: 8 胡; 番 "闹闹时，每张发财或红中均以1番" 1 + 夏 (南's) 1 = 2;
    # 南南 + 一张得 (白): 南暗刻 8 胡 ("以上胡数均可由'得'替代") but no 番 ("门风暗刻不能由得替代产生")
    # -> (8 + 8) × 4 = 64 -> 70. C.2: 西→南 7, 北→南 7.
    pytest.param(
        [
            DE_WHITE,
            show("E", "123456789m234567s88p", revealed=["7z", "8f"]),
            show("S", "1478m12458p2369s22z5z", revealed=["6z", "2f"]),
            win("E", "self_draw", "7s"),
        ],
        {},
        {"E": 240, "S": 70},
        {**each("E", 24), ("W", "S"): 7, ("N", "S"): 7},
        id="naonao_white_de_red_shown_nonwinner_de_pung_no_fan",
    ),
    # 6. 门风明杠 of the winner. 北: 明杠 北 "风牌明杠 16 胡" 16 + 碰 东 "风牌刻子 4 胡" 4 + 单吊 5s 2
    # + 自摸 2 = 24 + 20 = 44; 番 "自家门风…明杠…1番" 1 + 无得 1 = 2 (东 is not 北's 门风) -> 176
    # -> 180. 18 each.
    pytest.param(
        [
            DE_9S,
            show("N", "123m456m789p55s", [("gang_exposed", "4444z", "W"), ("peng", "111z", "S")]),
            win("N", "self_draw", "5s"),
        ],
        {},
        {"N": 180},
        each("N", 18),
        id="own_wind_exposed_kong_other_wind_peng",
    ),
    # 7. 自摸得 "玩家通过自摸得牌产生的胡牌": 西 self-draws a 得 that pairs its 西 (单吊).
    # 西对 2 + 单吊 2 + 自摸 2 = 6 + 20 = 26; 番 自摸得 1 (one 得: no 无得, no 2张得) -> 52 -> 60.
    pytest.param(
        [DE_9S, show("W", "123456789m234p567s3z9s"), win("W", "self_draw", "9s")],
        {},
        {"W": 60},
        each("W", 6),
        id="self_drawn_de_as_own_wind_pair",
    ),
    # 8. 对对胡 with 2张得 under the cap. 南 碰 2p 3s 4m, holds 555p 66m 得得 and wins 7m on 东's
    # discard. Best reading ("按玩家算出最高的汇点"): 得 -> 6m (666m 暗刻 4), 得 -> 7m (77m, 单吊 2);
    # 555p 暗刻 "每个其它暗刻 4 胡" 4; 碰 "其它刻子 2 胡" 3 × 2 = 6: 16 + 20 = 36;
    # 番 对对胡 2 + "2 张'得'为 1番" 1 = 3 -> 288 -> 290. (得得7m as 777m 刻子 with 66m 对: 32 × 8
    # = 256.) 29 each.
    pytest.param(
        [
            DE_9S,
            show(
                "S",
                "555p66m7m9s9s",
                [("peng", "222p", "W"), ("peng", "333s", "N"), ("peng", "444m", "E")],
            ),
            win("S", "discard", "7m", "E"),
        ],
        {},
        {"S": 290},
        each("S", 29),
        id="duiduihu_with_two_de",
    ),
    # 9. A 闲家's 四风会齐 with a 得 "可以用得顶替其中风字牌数": 东 东对 + 南南 得 + 西暗刻 + 北暗刻
    # ("门风对加其它三风牌均为刻或杠") -> 腊子 500. 南 wins 2m self-drawn 旁胡: 自摸 2 + 20 = 22,
    # 旁胡 1 + 无得 1 -> 88 -> 90: 9 each. C.2: 西→东 50, 北→东 50.
    pytest.param(
        [
            DE_9S,
            show("E", "147m25p11z22z9s333z444z"),
            show("S", "234567m345678p12388s"),
            win("S", "self_draw", "2m"),
        ],
        {},
        {"S": 90, "E": 500},
        {**each("S", 9), ("W", "E"): 50, ("N", "E"): 50},
        id="nonwinner_four_winds_with_a_de",
    ),
    # 10. 双得还原 "二张得同时还原" (腊子 500): 得 is 5m; 南 uses both as 5m in 345m and 456m and wins
    # 7s (单吊) on 西's discard. 50 each.
    pytest.param(
        [DE_5M, show("S", "345m456m123p789p234s77s"), win("S", "discard", "7s", "W")],
        {},
        {"S": 500},
        each("S", 50),
        id="double_restore_in_two_chows",
    ),
    # 11. Two 闲家 level: no C.2 between them. 东 中暗刻 "字牌暗刻 8 胡", 字牌刻 1番 -> 16 -> 20;
    # 西 发暗刻 likewise 20. Winner 北 50 (5 each). C.2: 南 (0) → 东 2, 南 → 西 2; 东/西 equal, 0.
    pytest.param(
        [
            DE_9S,
            show("E", "1479m2358p13468s777z"),
            show("W", "1258m3679p1478s2z666z"),
            *NORTH_TANKI,
        ],
        {},
        {"N": 50, "E": 20, "W": 20},
        {**each("N", 5), ("S", "E"): 2, ("S", "W"): 2},
        id="equal_nonwinners_settle_nothing_between_them",
    ),
    # 12. "得 … 可替代任何一张牌" for the winner's 字牌刻 番 too (only the 闲家 list forbids it:
    # "字牌暗刻不能由'得'替代产生"). 东 holds 中中 + 得, 123m 456m 789p 234s, and wins 5p (单吊)
    # on 南's discard. 得 -> 中: 中暗刻 "字牌暗刻 8 胡" 8 + 单吊 2 + 20 = 30; 番 "字牌刻、杠 …
    # 暗刻 … 1番" 1 (one 得: no 无得) -> 60. (得 -> 5p, 555p 刻子 2 + 中对 2: 24.) 6 each.
    pytest.param(
        [DE_9S, show("E", "123456m789p55p234s9s77z"), win("E", "discard", "5p", "S")],
        {},
        {"E": 60},
        each("E", 6),
        id="winner_de_makes_a_dragon_pung_and_its_fan",
    ),
    # 13. 自摸得 with 2张得: 南 holds 123m 456m 789p 234s 5p 66s + 得 and self-draws a second 得.
    # Best: 得 -> 4p, the drawn 得 -> 6p (45p 两面): all chows, 旁胡. 自摸 2 + 20 = 22; 番 旁胡 1 +
    # "2 张'得'为 1番" 1 + "自摸得为 1番" 1 = 3 -> 176 -> 180. (555p 暗刻: 26 × 4 = 104; 666s 暗刻
    # + 55p 单吊: 28 × 4 = 112.) 18 each.
    pytest.param(
        [DE_9S, show("S", "123456m5789p23466s9s9s"), win("S", "self_draw", "9s")],
        {},
        {"S": 180},
        each("S", 18),
        id="self_drawn_second_de_panghu",
    ),
    # 14. 旁胡 with a 吃 meld (docs: panghu_with_chi; "其它全由顺子组成"): 南 吃 123m from 东 (its
    # 上家), 456m 789m 234p 67s (8s 两面) 55p: 20; 旁胡 1 + 无得 1 -> 80. 8 each.
    pytest.param(
        [
            DE_9S,
            show("S", "456789m234p55p678s", [("chi", "123m", "E")]),
            win("S", "discard", "8s", "W"),
        ],
        {},
        {"S": 80},
        each("S", 8),
        id="panghu_with_a_chi_meld",
    ),
    # 15. 混一色 with another seat's wind: 西 碰 东 "风牌刻子 4 胡" (not 西's 门风: no 番), 南暗刻
    # "风牌暗刻 8 胡" 8, 123p 456p 789p, 西西 won on 北's 西 (单吊 2, 门风对 2): 16 + 20 = 36;
    # 番 混一色 2 + 无得 1 = 3 -> 288 -> 290. 29 each.
    pytest.param(
        [
            DE_9S,
            show("W", "123456789p222z33z", [("peng", "111z", "S")]),
            win("W", "discard", "3z", "N"),
        ],
        {},
        {"W": 290},
        each("W", 290 // 10),
        id="hunyise_with_other_winds",
    ),
    # 16. Two seats win at the deal "若有多家附合条件，作为多家胡牌", at ×2: 东 holds three 得
    # "3 张'得' … 腊子", 南 shows four 白 "4 张'白板' … 腊子": 500 each. Each 闲家 pays each winner
    # 500/10 × 2 = 100 (docs: winners do not pay each other); 西 and 北 level.
    pytest.param(
        [
            DE_9S,
            show("E", "123456789m1234p9s9s9s"),
            show("S", "123456789p123m4567s", revealed=["5z", "5z", "5z", "5z"]),
            win("E", "instant"),
            win("S", "instant"),
        ],
        {"multiplier": 2},
        {"E": 500, "S": 500},
        {("W", "E"): 100, ("N", "E"): 100, ("W", "S"): 100, ("N", "S"): 100},
        id="two_instant_winners_multiplier_2",
    ),
    # 17. 闹闹 with 发 as 得 (indicator 发): 白 and 中 are revealed. 西 shows 白 and 中, self-draws 7s
    # (56s 两面): 2 × 4 + 自摸 2 + 20 = 30; 番 "翻白板 … 1番" 1 + "翻红中 闹闹时 … 1番" 1 + 旁胡 1 +
    # 无得 1 = 4 -> 480. 48 each.
    pytest.param(
        [
            {"type": "wildcard", "indicator": "6z"},
            show("W", "123456789m234p56799s", revealed=["5z", "7z"]),
            win("W", "self_draw", "7s"),
        ],
        {},
        {"W": 480},
        each("W", 48),
        id="naonao_green_de_white_and_red_shown",
    ),
]


@pytest.mark.parametrize(("records", "options", "points", "payments"), CASES)
def test_seed_audit_case(records, options, points, payments):
    check_case("wenling", records, options, points, payments)
