"""温岭麻将: new hand-computed cases, clause by clause from shared/seeds/wenling.txt (seed check,
session 4). Every number below was worked out by hand from the seed text (and, where the seed is
silent, the decision recorded in docs/rules/wenling.md) before the engine was run; the
arithmetic is in each case's comment. Hands are summary logs (tests/engine/summary_log.py)
audited through the full path (codec -> replay -> score -> settle).

Formulas used throughout:
  胡牌家: "牌点汇总 = （基础牌点 + 基础20胡） *2^ 番数", "若结果大于或等于 500胡，则以500胡计",
          "10 进制计算，若有零数的以进 10 计算".
  闲家:   胡 × 2^番 (no +20: docs decision `nonwinner_plus_20` false), capped and rounded alike.
  C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例"
  C.2 "未胡牌玩家互相支付：（被支付方牌点汇总－支付方牌点汇总） /10 *加倍比例"
得 is 九条 (indicator 9s: the other three 9s are 得) unless a case says otherwise.
"""

import pytest

from engine.audit import audit_records
from tests.engine.rulesets.seed_case_helpers import check_case, next_dealer
from tests.engine.summary_log import log, show, win

DE_9S = {"type": "wildcard", "indicator": "9s"}
DE_RED = {"type": "wildcard", "indicator": "7z"}  # 闹闹: "当得为中发白花牌中的一个时"
# 南 self-draws 2m: 234m(34 两面) 567m 345p 678p 123s 88s, all chows (cases 1, 12, 19):
# ① 自摸 "自摸为 2 胡": 2 + 20 = 22; ② 旁胡 1 + 无得 1 = 2番 -> 22 × 4 = 88 -> 进10 = 90.
SELF_DRAWN_PANGHU = [show("S", "234567m345678p12388s"), win("S", "self_draw", "2m")]
# 南 wins 4p (23p 两面) from 西 with 夏 翻出 and two 闲家 showing (cases 9, 10): see case 9.
BAO_HAND = [
    DE_9S,
    show("S", "123456789m23455p678s", revealed=["2f"]),
    show("E", "1357m468p1358s12777z"),
    show("N", "2468m122279p2478s44z"),
]
# 东 (dealer) 对对胡 with three 碰, won on 西's 6m (case 14 and the rotation test).
DEALER_DUIDUIHU = [
    DE_9S,
    show("E", "66m555p777s", [("peng", "222p", "N"), ("peng", "333s", "W"), ("peng", "444m", "S")]),
    win("E", "discard", "6m", "W"),
]
# 北 wins 北 (单吊) on 南's discard (case 18 and the rotation test).
NORTH_TANKI = [show("N", "123456m789p345678s44z"), win("N", "discard", "4z", "S")]


CASES = [
    # 1. C.1 + C.2 at 加倍的比例 2, a self-drawn 旁胡 (SELF_DRAWN_PANGHU: 90), and three 闲家 scored
    # by the 闲家 rules.
    # 东 (闲家): 东暗刻 "每个风牌暗刻 … 8 胡" 8 + 中对 "每个自家门风对、字牌对 2 胡" 2
    #   + 春 翻出 "每张翻出的白板或花牌以 4 胡" 4 = 14 胡; 番: 门风刻 1 + 春 (东=春梅) 1 = 2
    #   -> 14 × 4 = 56 -> 60.
    # 西 (闲家): 碰发 "字牌刻子 4 胡" 4 + 555s "其它暗刻 4 胡" 4 = 8; 字牌刻 1番 -> 16 -> 20.
    # 北: nothing -> 0.
    # C.1: 90/10 × 2 = 18 from each. C.2: 西→东 (60-20)/10×2 = 8, 北→东 60/10×2 = 12,
    # 北→西 20/10×2 = 4.
    pytest.param(
        [
            DE_9S,
            show("E", "135m23689p468s11177z", revealed=["1f"]),
            show("W", "147m258p135557s4z", [("peng", "666z", "N")]),
            show("N", "23689m14579p2368s23z"),
            *SELF_DRAWN_PANGHU,
        ],
        {"multiplier": 2},
        {"S": 90, "E": 60, "W": 20, "N": 0},
        {
            ("E", "S"): 18,
            ("W", "S"): 18,
            ("N", "S"): 18,
            ("W", "E"): 8,
            ("N", "E"): 12,
            ("N", "W"): 4,
        },
        id="C1_C2_multiplier_2_selfdrawn_panghu_and_three_nonwinners",
    ),
    # 2. 清一色 + 对对胡 + 无得 over the cap (not a 腊子): 南 holds 111 333 555 777 888p and wins
    # 9p (单吊) on 西's discard. 111p 暗刻 8 + 333/555/777/888p 暗刻 4×4 = 16 + 单吊 2 = 26 + 20
    # = 46; 番 清一色 3 + 对对胡 2 + 无得 1 = 6 -> 46 × 64 = 2944 ≥ 500 -> 500. Each pays 50.
    pytest.param(
        [DE_9S, show("S", "11133355577788899p"), win("S", "discard", "9p", "W")],
        {},
        {"S": 500},
        {("E", "S"): 50, ("W", "S"): 50, ("N", "S"): 50},
        id="qingyise_duiduihu_capped_at_500",
    ),
    # 3. 北 碰中 from 东, 北暗刻, 123m won 3m by self-draw (靠柄), 456p 678s 55s.
    # ① 碰中 "字牌刻子 4 胡" 4 + 北暗刻 8 + 靠柄 2 + 自摸 2 = 16 + 20 = 36;
    # ② 字牌刻 1 + 门风刻 1 + 无得 1 = 3番 -> 36 × 8 = 288 -> 290. Each pays 29.
    pytest.param(
        [
            DE_9S,
            show("N", "123m456p55678s444z", [("peng", "777z", "E")]),
            win("N", "self_draw", "3m"),
        ],
        {},
        {"N": 290},
        {("E", "N"): 29, ("S", "N"): 29, ("W", "N"): 29},
        id="dragon_peng_own_wind_concealed_penchan_selfdraw",
    ),
    # 4. 2张得, one making the winner's 门风暗刻 ("门风暗刻可由得替代产生"): 东 (dealer) holds
    # 11z 99s(得得) 123456789m 555s and wins 7p on 南's discard. Best reading ("按玩家算出最高的汇点"):
    # 得 -> 东 (东暗刻 8, 门风 1番), 得 -> 7p (77p 对, 单吊 2); 555s 暗刻 4: 胡 14 + 20 = 34;
    # 番 门风 1 + 2张得 1 = 2 -> 136 -> 140. (Other readings: 777p 刻子 with 东对: (2+2+4+20)
    # × 2 = 56; 789p 靠柄 with 东对: 56.) Each pays 14.
    pytest.param(
        [DE_9S, show("E", "123456789m7p555s99s11z"), win("E", "discard", "7p", "S")],
        {},
        {"E": 140},
        {("S", "E"): 14, ("W", "E"): 14, ("N", "E"): 14},
        id="two_de_one_as_own_wind_concealed_pung",
    ),
    # 5. 抢杠胡 "抢杠胡为 1番" + 旁胡 + 门风对, and "明杠家的杠牌以刻子计算": 西 robs 北's added 5m
    # (67m 两面) with 234m 567m 234p 345s 678s 西西. 胡 门风对 2 + 20 = 22; 番 旁胡 1 + 抢杠 1 +
    # 无得 1 = 3 -> 176 -> 180: 18 from each (the seed has no 抢杠 liability in wenling).
    # 北 (闲家) keeps its 碰 555m: "其它刻子 2 胡" -> 2 -> 进10 = 10; 东 and 南 show nothing (0):
    # C.2 东→北 10/10 = 1, 南→北 1.
    pytest.param(
        [
            DE_9S,
            show("W", "234567m234p345678s33z"),
            show("N", "138m14689p127s26z", [("peng", "555m", "E")]),
            win("W", "robbed_kong", "5m", "N"),
        ],
        {},
        {"W": 180, "N": 10},
        {("E", "W"): 18, ("S", "W"): 18, ("N", "W"): 18, ("E", "N"): 1, ("S", "N"): 1},
        id="robbed_kong_panghu_konger_keeps_a_pung",
    ),
    # 6. 杠上开花 + 自摸得: 南 明杠 8888p (from 西) and self-draws a 得 on the replacement; the 得
    # pairs 6s (or 3s): 234m 567m 345s 东暗刻 66s. 胡 明杠 "其它明杠 8 胡" 8 + 东暗刻 (风牌暗刻,
    # not 南's 门风: no 番) 8 + 单吊 2 + 自摸 2 = 20 + 20 = 40; 番 杠上开花 1 + 自摸得 1 = 2
    # (one 得 held: neither 无得 nor 2张得) -> 160. Each pays 16.
    pytest.param(
        [
            DE_9S,
            show("S", "234567m3456s9s111z", [("gang_exposed", "8888p", "W")]),
            win("S", "self_draw", "9s", flags=["kong_replacement"]),
        ],
        {},
        {"S": 160},
        {("E", "S"): 16, ("W", "S"): 16, ("N", "S"): 16},
        id="kong_bloom_self_drawn_de_exposed_kong",
    ),
    # 7. 翻白板及花牌 for the winner: 北 shows 白, 冬 (北's own: "北风为冬菊"), 夏 (南's).
    # ① "每张翻出的白板及花牌以 4 胡" 3 × 4 = 12 + 单吊 8s 2 = 14 + 20 = 34;
    # ② 翻白板 1 + 翻花牌 冬 1 (夏 is not 北's) + 无得 1 = 3番 -> 272 -> 280. Each pays 28.
    pytest.param(
        [
            DE_9S,
            show("N", "123456789m234p56788s", revealed=["5z", "4f", "2f"]),
            win("N", "discard", "8s", "E"),
        ],
        {},
        {"N": 280},
        {("E", "N"): 28, ("S", "N"): 28, ("W", "N"): 28},
        id="revealed_white_own_and_other_flowers",
    ),
    # 8. 闹闹 (得 = 红中): 西 shows 发 and 春; "闹闹时的翻字牌或花牌 每翻出一张，均以4胡" 8 胡,
    # "翻发财 闹闹时，每张发财以1番"; 123m 456m(6m: 45 两面) 789p 345s 678s 西西 (门风对 2).
    # 胡 8 + 2 + 20 = 30; 番 发 1 + 旁胡 1 + 无得 1 = 3 -> 240. Each pays 24.
    # 东 (闲家) shows 发 and 白: "闹闹时，翻出的红中或发财，每张以4胡" + "翻白板 每张…4 胡" = 8;
    # "闹闹时，每张发财或红中均以1番" 1 + "翻白板 每张白板以 1番" 1 = 2 -> 32 -> 40:
    # 南→东 4, 北→东 4.
    pytest.param(
        [
            DE_RED,
            show("W", "123456m789p345678s33z", revealed=["6z", "1f"]),
            show("E", "1247m2568p13689s124z", revealed=["6z", "5z"]),
            win("W", "discard", "6m", "N"),
        ],
        {},
        {"W": 240, "E": 40},
        {("E", "W"): 24, ("S", "W"): 24, ("N", "W"): 24, ("S", "E"): 4, ("N", "E"): 4},
        id="naonao_revealed_green_and_flower_nonwinner_green_white",
    ),
    # 9. 包三家 (flag: 西 threw a 生牌 in the 生牌阶段). 南 wins 4p (23p 两面) from 西:
    # 123m 456m 789m 234p 55p 678s, 夏 翻出 (南's own). 胡 4 + 20 = 24; 番 夏 1 + 旁胡 1 + 无得 1
    # = 3 -> 192 -> 200. 东: 中暗刻 8, 字牌 1番 -> 16 -> 20. 北: 北对 2 + 222p 暗刻 4 = 6 -> 10.
    # "被包方牌点汇总以 0 计"; "各闲家支付给胡牌家的胡牌支付额全由被包者支付": 西→南 3 × 20 = 60;
    # "被包者根据各闲家结算规则向各闲家支付": 西→东 20/10 = 2, 西→北 10/10 = 1;
    # "闲家之间的结算额由被包者支付": 北 owed 东 (20-10)/10 = 1 -> 西→东 2 + 1 = 3.
    pytest.param(
        [*BAO_HAND, win("S", "discard", "4p", "W", flags=["bao_san_jia"])],
        {},
        {"S": 200, "E": 20, "N": 10},
        {("W", "S"): 60, ("W", "E"): 3, ("W", "N"): 1},
        id="bao_san_jia_liable_pays_winner_nonwinners_and_their_difference",
    ),
    # 10. The same hand without 包三家: C.1 20 from each; C.2 北→东 1, 西 (0) → 东 2, 西→北 1.
    pytest.param(
        [*BAO_HAND, win("S", "discard", "4p", "W")],
        {},
        {"S": 200, "E": 20, "N": 10},
        {
            ("E", "S"): 20,
            ("W", "S"): 20,
            ("N", "S"): 20,
            ("N", "E"): 1,
            ("W", "E"): 2,
            ("W", "N"): 1,
        },
        id="same_hand_without_bao",
    ),
    # 11. 腊子 四风会齐 "为腊子" (500) with 包三家 on it (docs: `bao_on_laizi` true): 西 holds
    # 东暗刻 南暗刻 西暗刻 北北, 123m 456m, and wins 北 (单吊) from 北. 500 -> 50 per seat.
    # 北 liable: 北→西 3 × 50 = 150; 东 (闲家) 中暗刻 8 × 2 = 16 -> 20: 北→东 2, plus what 南 (0)
    # owed 东, 2 -> 4.
    pytest.param(
        [
            DE_9S,
            show("W", "123456m11122233344z"),
            show("E", "789m13579p13567s777z"),
            win("W", "discard", "4z", "N", flags=["bao_san_jia"]),
        ],
        {},
        {"W": 500, "E": 20},
        {("N", "W"): 150, ("N", "E"): 4},
        id="four_winds_laizi_with_bao",
    ),
    # 12. A 闲家's 四风会齐 ("门风对加其它三风牌均为刻或杠") is 500 too: 东 holds 东对 南 西 北暗刻
    # while 南 self-draws the 90 of case 1 (at ×1: 9 each). C.2: 西→东 500/10 = 50, 北→东 50.
    pytest.param(
        [DE_9S, show("E", "9m19p57s11222333444z"), *SELF_DRAWN_PANGHU],
        {},
        {"S": 90, "E": 500},
        {("E", "S"): 9, ("W", "S"): 9, ("N", "S"): 9, ("W", "E"): 50, ("N", "E"): 50},
        id="nonwinner_four_winds_is_500",
    ),
    # 13. 天胡 "指庄家，没打一张牌就已胡牌" 腊子 500 at 加倍 3: 500/10 × 3 = 150 from each.
    # 南 (闲家) 北暗刻 8 -> 10: 西→南 10/10 × 3 = 3, 北→南 3.
    pytest.param(
        [
            DE_9S,
            show("E", "123456789m234p55678s"),
            show("S", "135m13579p13s123444z"),
            win("E", "self_draw", "5s", flags=["heaven"]),
        ],
        {"multiplier": 3},
        {"E": 500, "S": 10},
        {("S", "E"): 150, ("W", "E"): 150, ("N", "E"): 150, ("W", "S"): 3, ("N", "S"): 3},
        id="tianhu_500_multiplier_3",
    ),
    # 14. 对对胡 with three 碰 of simples (dealer wins): 222p 333s 444m 碰 "其它刻子 2 胡" 3 × 2
    # = 6 + 555p 777s 暗刻 "每个其它暗刻 4 胡" 8 + 单吊 6m 2 = 16 + 20 = 36;
    # 番 对对胡 2 + 无得 1 = 3 -> 288 -> 290. Each pays 29.
    pytest.param(
        DEALER_DUIDUIHU,
        {},
        {"E": 290},
        {("S", "E"): 29, ("W", "E"): 29, ("N", "E"): 29},
        id="duiduihu_with_three_pengs_under_the_cap",
    ),
    # 15. 杠上开花 on a flower replacement ("包括翻白板花牌一类时的杠牌") + 暗杠 西 + own flower:
    # 南 暗杠 3333z "风牌暗杠 32 胡" 32 + 兰 翻出 4 + 单吊 7s 2 + 自摸 2 = 40 + 20 = 60;
    # 番 兰 (南=夏兰) 1 + 杠上开花 1 + 无得 1 = 3 -> 480 (under 500). Each pays 48.
    pytest.param(
        [
            DE_9S,
            show("S", "123456m789p23477s", [("gang_concealed", "3333z", None)], revealed=["6f"]),
            win("S", "self_draw", "7s", flags=["bonus_replacement"]),
        ],
        {},
        {"S": 480},
        {("E", "S"): 48, ("W", "S"): 48, ("N", "S"): 48},
        id="flower_replacement_bloom_concealed_wind_kong_480",
    ),
    # 16. 混一色 "由字牌、风牌及…其中一门花色组成" with one 得 standing for a 筒: 南 holds 123p 456p
    # 5555p(暗刻 + the 5p of 456p) 78p+得 (789p), 东暗刻, 西西 and wins 西 (单吊) on 西's discard.
    # 胡 555p 暗刻 4 + 东暗刻 8 + 单吊 2 = 14 + 20 = 34; 番 混一色 2 (one 得: no 无得) -> 136 -> 140.
    pytest.param(
        [DE_9S, show("S", "12345555678p9s11133z"), win("S", "discard", "3z", "W")],
        {},
        {"S": 140},
        {("E", "S"): 14, ("W", "S"): 14, ("N", "S"): 14},
        id="hunyise_with_a_de_as_a_dot",
    ),
    # 17. 清一色 with one 得 (no 无得): 南 holds 123456789m 234m 55m 67m + 得 and wins 7m on 东's
    # discard. Best: 得 -> 5m, 567m (56+7 两面), all chows -> 旁胡: 20 × 2^(清一色 3 + 旁胡 1) = 320.
    # (嵌档 678m with 得 -> 8m: 22 × 8 = 176.) Each pays 32.
    pytest.param(
        [DE_9S, show("S", "1234567892345567m9s"), win("S", "discard", "7m", "E")],
        {},
        {"S": 320},
        {("E", "S"): 32, ("W", "S"): 32, ("N", "S"): 32},
        id="qingyise_one_de_panghu_320",
    ),
    # 18. 闲家: "字牌暗刻不能由'得'替代产生" but the 胡 can: 东 holds 77z + 得 -> 中暗刻 8 胡, no 番
    # -> 8 -> 10; and "(可杠没杠按刻子计)": 4 × 2p in hand are one 暗刻 "每个其它暗刻 4 胡" 4.
    # 东 8 + 4 = 12 -> 20 (no 番). Winner 北 wins 北 单吊 on 南's discard with 123m 456m 789p
    # 345s 678s: 北对 2 + 单吊 2 + 20 = 24; 无得 1 -> 48 -> 50.
    # C.1 5 each; C.2 南→东 20/10 = 2, 西→东 2.
    pytest.param(
        [DE_9S, show("E", "13579m2222p468s9s177z"), *NORTH_TANKI],
        {},
        {"N": 50, "E": 20},
        {("E", "N"): 5, ("S", "N"): 5, ("W", "N"): 5, ("S", "E"): 2, ("W", "E"): 2},
        id="nonwinner_de_gives_hu_not_fan_and_four_alike_are_one_pung",
    ),
    # 19. A 闲家 over the cap: 东 暗杠 东 "风牌暗杠 32 胡" 32 + 暗杠 中 32 + 白 白 翻出 2 × 4 = 8
    # = 72 胡; 番 门风杠 1 + 字牌杠 1 + 翻白板 2 = 4 -> 72 × 16 = 1152 -> 500 (the cap, not a
    # 腊子). 南 self-draws case 12's 90: 9 from each; C.2 西→东 50, 北→东 50.
    pytest.param(
        [
            DE_9S,
            show(
                "E",
                "147m258p369s4z",
                [("gang_concealed", "1111z", None), ("gang_concealed", "7777z", None)],
                revealed=["5z", "5z"],
            ),
            *SELF_DRAWN_PANGHU,
        ],
        {},
        {"S": 90, "E": 500},
        {("E", "S"): 9, ("W", "S"): 9, ("N", "S"): 9, ("W", "E"): 50, ("N", "E"): 50},
        id="nonwinner_capped_at_500",
    ),
    # 20. 地胡 "庄家打出第一牌后，就有玩家胡牌" 腊子 500 at ×2 with 包三家 flagged (docs:
    # bao_on_laizi): 东 (the thrower) pays 3 × 500/10 × 2 = 300; 北 (闲家) 碰北 "风牌刻子 4 胡",
    # 门风刻 1番 -> 8 -> 10: 东→北 10/10 × 2 = 2, plus what 西 (0) owed 北, 2 -> 4.
    pytest.param(
        [
            DE_9S,
            show("S", "123456m789p345678s22z"),
            show("N", "1357m24689p1357s", [("peng", "444z", "E")]),
            win("S", "discard", "2z", "E", flags=["first_discard", "bao_san_jia"]),
        ],
        {"multiplier": 2},
        {"S": 500, "N": 10},
        {("E", "S"): 300, ("E", "N"): 4},
        id="dihu_with_bao_at_multiplier_2",
    ),
    # 21. 闹闹 with a flower 得: "若翻出来的是'春'的花牌，则夏秋冬是'得'". 西 holds 秋 as a 得 (not
    # revealed: "若闹闹时，'得'牌是不能翻出来的", so no 秋 番) and shows 竹 (西's own) and 白.
    # 123m 456m 789p 234s 678s, 西 + 得 -> 西西 (门风对 2), self-drawn 西 (单吊 2, 自摸 2):
    # 胡 竹 4 + 白 4 + 2 + 2 + 2 + 20 = 34; 番 竹 1 + 翻白板 1 = 2 (one 得: no 无得) -> 136 -> 140.
    pytest.param(
        [
            {"type": "wildcard", "indicator": "1f"},
            show("W", "123456m789p234678s3z3f", revealed=["7f", "5z"]),
            win("W", "self_draw", "3z"),
        ],
        {},
        {"W": 140},
        {("E", "W"): 14, ("S", "W"): 14, ("N", "W"): 14},
        id="naonao_flower_de_is_not_revealed",
    ),
]


@pytest.mark.parametrize(("records", "options", "points", "payments"), CASES)
def test_seed_case(records, options, points, payments):
    check_case("wenling", records, options, points, payments)


def test_huang_pai_pays_nothing_even_with_showdowns_and_the_dealer_passes():
    # 黄牌 "各玩家间不再进行该副牌的结算，同时庄家自动下庄": 东 shows a 中暗刻 (would be 20 as a
    # 闲家) and still nothing is paid; the deal passes to 南.
    records = [DE_9S, show("E", "789m13579p13567s777z"), {"type": "exhausted"}]
    assert audit_records(log("wenling", records))["hands"][0]["expected_payments"] == []
    assert next_dealer("wenling", records) == "S"


def test_the_dealer_stays_after_its_own_win_and_passes_after_another_seat_wins():
    # "坐庄 '庄家'连续胡牌 … 一直具有'庄家'特权"; "下庄 … 若'庄家'无法'胡牌'" -> 南 deals.
    assert next_dealer("wenling", DEALER_DUIDUIHU) == "E"
    assert next_dealer("wenling", [DE_9S, *NORTH_TANKI]) == "S"
