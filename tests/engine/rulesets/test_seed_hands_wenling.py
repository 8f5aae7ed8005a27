"""温岭麻将: nineteen more hands from shared/seeds/wenling.txt, several clauses on each, weighted to
what the earlier cases touched least: 得 standing for different tiles in one hand (门风对 by a
self-drawn 得, 门风暗刻 and 字牌暗刻 by 得, one 得 restored alone), 闹闹 with 白, 发 and 中 as the
得 and with a 梅兰竹菊 flower as the 得, 靠柄 on the 7 of 789, 清一色 just under the cap, 4 白 in
闹闹, two instant winners without the dealer, 包三家 on the dealer's win, 抢杠胡 with 嵌档, and the
options that change a number (`tanki_on_honor`, `nonwinner_plus_20`, `discard_pung_concealed`,
`restore_pair_counts`). Computed by hand from the quoted clauses before the engine ran; summary
logs through codec -> replay -> score -> settle.

  "牌点汇总 = （基础牌点 + 基础20胡） *2^ 番数", "若结果大于或等于 500胡，则以500胡计算",
  "若有零数的以进 10 计算"; C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例";
  C.2 "未胡牌玩家互相支付：（被支付方牌点汇总－支付方牌点汇总） /10 *加倍比例".
The 闲家's totals follow docs/rules/wenling.md (胡 × 2^番, 进 10, no base 20 unless the option).
Seats: 东 E (庄), 南 S, 西 W, 北 N; own flowers "东风对应为'春梅'(1f 5f)，南风对应为'夏兰'(2f 6f)，
西风为'秋竹'(3f 7f)，北风为'冬菊'(4f 8f)"; 5z 白, 6z 发, 7z 中.
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case, each, next_dealer
from tests.engine.rulesets.seed_case_helpers import indicator as de
from tests.engine.summary_log import show, win

# 1. 南 self-draws a 得 (9p) that can only be its 门风 南 beside the lone 南: "单吊 … 最后通过达成一个
# 对实现胡牌" 2 + "自家门风对 2 胡" 2 + "自摸为 2 胡" 2 + 20 = 26; "自摸得 … 1番" (one 得 held: neither
# 无得 nor 2张得) -> 52 -> 60; each pays 6. 东 (闲家): 碰中 "字牌刻子 4 胡" + "字牌刻、杠 … 1番", 春
# (东's own) 4 胡 1番, 白 4 胡 "翻白板 每张白板以 1番": 12 胡 3番 -> 96 -> 100. 西's two 得 and its 西:
# "风牌暗刻 8" for 胡, but "门风暗刻不能由得替代产生": no 番 -> 8 -> 10 (as 中对 and 西对 only 2 + 2).
# C.2: 西 → 东 (100 − 10)/10 = 9, 北 (0) → 东 10, 北 → 西 1.
SELF_DRAWN_DE_PAIR = [
    de("9p"),
    show("S", "123m456m789m234s567s2z9p"),
    show("E", "14578m258p369s34z", [("peng", "777z", "W")], revealed=["1f", "5z"]),
    show("W", "9p9p3z258m36m147p258s17s"),
    win("S", "self_draw", "9p"),
]
# 6. 西 碰s its 门风 西; two 得 (2s) make 中暗刻 and 111m: 中中得 "字牌暗刻 8" + "字牌刻、杠 1番" (the
# winner's 得 may make it, docs), 11m得 "1、9 牌暗刻 8", 9m9m + 北's 9m: the discard completes it, a
# 刻子 (docs) "1、9 牌刻子 4", 碰西 "风牌刻子 4" + "门风刻 1番", 345s, 55p pair 0:
# 20 + 8 + 8 + 4 + 4 = 44; 番 1 + 1 + "2 张'得' 1番" = 3 -> 352 -> 360; each pays 36. (Pair 中中
# instead: 42 × 4 = 168; pair 11m: 40 × 8 = 320.) 南: 夏 (own) and 菊: 8 胡 1番 -> 16 -> 20.
# 东: 南南南 "风牌暗刻 8", not its wind -> 10. C.2: 东 → 南 1, 北 (0) → 南 2, 北 → 东 1.
TWO_DE_DRAGON_AND_TERMINAL_PUNGS = [
    de("2s"),
    show("W", "11999m55p345s77z22s", [("peng", "333z", "S")]),
    show("S", "147m258m369p147p69s14z", revealed=["2f", "8f"]),
    show("E", "222z367m258p178s369p4z"),
    win("W", "discard", "9m", "N"),
]

# 8/9. 闹闹 with 发 as the 得, 东's two 得 its pair (see case 8).
NAONAO_GREEN_DE_PAIR = [
    de("6z"),
    show("E", "123345m456s789s567p66z", revealed=["5z", "7z"]),
    show("S", "147m258p369p147s258s2z", revealed=["5z", "6f"]),
    show("W", "258m369m147p147s369s3z", revealed=["7z"]),
    win("E", "discard", "5m", "S"),
]

CASES = [
    pytest.param(
        SELF_DRAWN_DE_PAIR,
        {},
        {"S": 60, "E": 100, "W": 10},
        {**each("S", 6), ("W", "E"): 9, ("N", "E"): 10, ("N", "W"): 1},
        id="self_drawn_de_as_own_wind_pair_tanki",
    ),
    # 2. The same with `tanki_on_honor` off (单吊 on an honor pair earns nothing): 24 × 2 = 48 -> 50.
    pytest.param(
        SELF_DRAWN_DE_PAIR,
        {"tanki_on_honor": False},
        {"S": 50, "E": 100, "W": 10},
        {**each("S", 5), ("W", "E"): 9, ("N", "E"): 10, ("N", "W"): 1},
        id="self_drawn_de_pair_without_honor_tanki",
    ),
    # 3. The same with `nonwinner_plus_20` (the 闲家 add the base 20): 东 (12 + 20) × 8 = 256 -> 260,
    # 西 (8 + 20) = 28 -> 30, 北 (not shown) 0. C.2: 西 → 东 23, 北 → 东 26, 北 → 西 3.
    pytest.param(
        SELF_DRAWN_DE_PAIR,
        {"nonwinner_plus_20": True},
        {"S": 60, "E": 260, "W": 30},
        {**each("S", 6), ("W", "E"): 23, ("N", "E"): 26, ("N", "W"): 3},
        id="self_drawn_de_pair_nonwinners_plus_20",
    ),
    # 4. 闹闹 with 白 as the 得 ("当得为中发白花牌中的一个时，称之为闹闹"; 中, 发 and flowers revealed).
    # 西 wins 9s (78s: 两面) on 北's discard; two 得 make 西暗刻 ("门风暗刻可由得替代产生") 8; 中
    # revealed "闹闹时的翻字牌或花牌 … 4胡" 4 and "翻红中 … 1番"; 梅 (东's flower) 4 胡, no 番:
    # 20 + 8 + 4 + 4 = 36; 番 门风 1 + 红中 1 + 2张得 1 = 3 -> 288 -> 290; each pays 29. (西得 pair and
    # 555p: 34 × 4 = 136.) 北: 发 发 "闹闹时，翻出的红中或发财，每张以4胡" and 1番 each, 菊 (own) 4 胡 1番:
    # 12 胡 3番 -> 96 -> 100. 东: 东暗刻 8, 门风 1番 -> 16 -> 20.
    # C.2: 东 → 北 8, 南 (0) → 北 10, 南 → 东 2.
    pytest.param(
        [
            de("5z"),
            show("W", "123m456m78s9s3z5z5z55p789p", revealed=["7z", "5f"]),
            show("N", "147m258m369p147s258s1z", revealed=["6z", "6z", "8f"]),
            show("E", "111z369m147p258p369s4z"),
            win("W", "discard", "9s", "N"),
        ],
        {},
        {"W": 290, "N": 100, "E": 20},
        {**each("W", 29), ("E", "N"): 8, ("S", "N"): 10, ("S", "E"): 2},
        id="naonao_white_de_makes_the_winners_wind_pung",
    ),
    # 5. 闹闹 with 发 as the 得; "在闹闹时，一个玩家抓到四个白板…作为胡牌": 北 shows four 白 at the deal,
    # 500. "加倍的比例" 2: each pays 北 500/10 × 2 = 100. 东: 中 中 4 胡 and "每张发财或红中均以1番" each:
    # 8 × 4 = 32 -> 40. 南: 兰 (own) and 秋: 8 胡 1番 -> 16 -> 20. C.2 × 2: 南 → 东 (40 − 20)/10 × 2 = 4,
    # 西 (0) → 东 8, 西 → 南 4. "庄家无法胡牌 … 下庄": 南 deals next.
    pytest.param(
        [
            de("6z"),
            show("N", "147m258m369m147p258s2z", revealed=["5z", "5z", "5z", "5z", "4f"]),
            show("E", "123m147s369s258p369p3z", revealed=["7z", "7z"]),
            show("S", "456m789m147s258s369p4z", revealed=["6f", "3f"]),
            win("N", "instant"),
        ],
        {"multiplier": 2},
        {"N": 500, "E": 40, "S": 20},
        {**each("N", 100), ("S", "E"): 4, ("W", "E"): 8, ("W", "S"): 4},
        id="naonao_four_whites_times_2",
    ),
    # 6. (above) two 得 as a 字牌暗刻 and a 1、9 暗刻, the discard's pung a 刻子.
    pytest.param(
        TWO_DE_DRAGON_AND_TERMINAL_PUNGS,
        {},
        {"W": 360, "S": 20, "E": 10},
        {**each("W", 36), ("E", "S"): 1, ("N", "S"): 2, ("N", "E"): 1},
        id="two_de_dragon_and_terminal_pungs_discard_pung_exposed",
    ),
    # 7. The same with `discard_pung_concealed`: 999m counts as 暗刻 8: 48 × 8 = 384 -> 390; each 39.
    pytest.param(
        TWO_DE_DRAGON_AND_TERMINAL_PUNGS,
        {"discard_pung_concealed": True},
        {"W": 390, "S": 20, "E": 10},
        {**each("W", 39), ("E", "S"): 1, ("N", "S"): 2, ("N", "E"): 1},
        id="two_de_dragon_and_terminal_pungs_discard_pung_concealed",
    ),
    # 8. 闹闹 with 发 as the 得: 东 wins 5m (34m: 两面) on 南's discard, its two 得 the pair (东对 or a
    # 字牌对, "除…亮出的牌…外，以上所有牌均可由手里的'得'替代产生" 2), five chows: "旁胡 … 1番" (a 门风/字牌
    # pair allowed, docs); 白 revealed 4 胡 1番, 中 revealed 4 胡 "翻红中" 1番: 20 + 8 + 2 = 30;
    # 番 白 1 + 中 1 + 2张得 1 + 旁胡 1 = 4 -> 480 (the 得 pair standing for 发 itself is not 双得还原,
    # docs: `restore_pair_counts` off; 33m pair with 4m5m得 嵌档: 30 × 8 = 240). Each pays 48.
    # 南: 白 and 兰 (own): 8 胡 2番 -> 32 -> 40. 西: 中 4 胡 1番 -> 8 -> 10.
    # C.2: 西 → 南 3, 北 (0) → 南 4, 北 → 西 1.
    pytest.param(
        NAONAO_GREEN_DE_PAIR,
        {},
        {"E": 480, "S": 40, "W": 10},
        {**each("E", 48), ("W", "S"): 3, ("N", "S"): 4, ("N", "W"): 1},
        id="naonao_green_de_pair_panghu_not_double_restore",
    ),
    # 9. The same with `restore_pair_counts`: the 得 pair standing for 发 is "二张得同时还原" 双得还原,
    # "腊子胡 … 以500胡计": each pays 50.
    pytest.param(
        NAONAO_GREEN_DE_PAIR,
        {"restore_pair_counts": True},
        {"E": 500, "S": 40, "W": 10},
        {**each("E", 50), ("W", "S"): 3, ("N", "S"): 4, ("N", "W"): 1},
        id="naonao_green_de_pair_double_restore_by_option",
    ),
    # 10. 北 wins 7p on 西's discard, 89p + 7: "靠柄 … 最后一张…必须 3 或 7 ，达成的顺子必须是 123 或
    # 789" 2; 明杠 北 "风牌明杠 16" + "门风刻、杠 1番"; 发对 "字牌…对 2"; no 得 (得 = 1s): "无'得' 1番":
    # 20 + 16 + 2 + 2 = 40, 2番 -> 160; each pays 16. 东: 中暗刻 8 + 1番, 9m × 4 not konged "1、9 牌暗刻
    # (可杠没杠按刻子计) 8": 16 × 2 = 32 -> 40. 西: 白 白 8 胡 2番 -> 40. C.2: 东 = 西 (nothing),
    # 南 (0) → 东 4, 南 → 西 4.
    pytest.param(
        [
            de("1s"),
            show("N", "123m456p789p66z234s", [("gang_exposed", "4444z", "E")]),
            show("E", "777z9999m147p23568s3z"),
            show("W", "147m258m258p369p479s1z", revealed=["5z", "5z"]),
            win("N", "discard", "7p", "W"),
        ],
        {},
        {"N": 160, "E": 40, "W": 40},
        {**each("N", 16), ("S", "E"): 4, ("S", "W"): 4},
        id="penchan_seven_of_789_own_wind_kong",
    ),
    # 11. Two instant winners, neither the dealer ("若有多家附合条件，作为多家胡牌"): 南 holds the three 得
    # (3m) and 北 shows 梅兰竹菊 ("4 张'黑花'"): 500 each. 东: 东暗刻 8 + 1番, 中 × 4 in hand "字牌暗刻
    # (可杠没杠…) 8" + 1番, 白 4 + 1番: 20 × 8 = 160. C.1: 东 and 西 each pay 南 50 and 北 50; C.2:
    # 西 (0) → 东 16. "下庄 … 南家自动转为'庄家'": 南 deals next.
    pytest.param(
        [
            de("3m"),
            show("S", "333m147m258p369s147s1z"),
            show("N", "258m69m147p369p258s24z", revealed=["5f", "6f", "7f", "8f"]),
            show("E", "111z7777z46m258p4679s", revealed=["5z"]),
            win("S", "instant"),
            win("N", "instant"),
        ],
        {},
        {"S": 500, "N": 500, "E": 160},
        {
            ("E", "S"): 50,
            ("E", "N"): 50,
            ("W", "S"): 50,
            ("W", "N"): 50,
            ("W", "E"): 16,
        },
        id="two_instant_winners_without_the_dealer",
    ),
    # 12. Two 得 (4s): one stands for itself in 3s得5s (a lone 得还原 earns nothing: the seed's only
    # 还原 item is 双得还原), the other makes 南南 with the lone 南; 南 wins 5s (3s得: 两面) on 西's
    # discard: five chows, 门风对 2: "旁胡 1番" + "2 张'得' 1番": 22 × 4 = 88 -> 90; each pays 9.
    # 西: 碰 9s "1、9 牌刻子 4", 西 × 4 in hand "风牌暗刻 (可杠没杠…) 8" + 门风 1番: 12 × 2 = 24 -> 30.
    # 东: 白 × 3: 12 胡 3番 -> 96 -> 100. 北: 冬 (own) 4 胡 1番 -> 10; its 东东 "其它对子 0".
    # C.2: 西 → 东 7, 北 → 东 9, 北 → 西 2.
    pytest.param(
        [
            de("4s"),
            show("S", "123m456m789p678p35s2z4s4s"),
            show("W", "3333z147m258p36p1z", [("peng", "999s", "N")]),
            show("E", "258m369m147p235678s2z", revealed=["5z", "5z", "5z"]),
            show("N", "147m258m258p369p19s11z", revealed=["4f"]),
            win("S", "discard", "5s", "W"),
        ],
        {},
        {"S": 90, "W": 30, "E": 100, "N": 10},
        {**each("S", 9), ("W", "E"): 7, ("N", "E"): 9, ("N", "W"): 2},
        id="one_de_restored_alone_other_own_wind_pair_panghu",
    ),
    # 13. 东 (庄) self-draws 5m between 4m and 6m: 嵌档 2 + 自摸 2; its 得 (9s) makes 东暗刻 with 东东
    # ("门风暗刻可由得替代产生") 8 + 1番: 20 + 8 + 2 + 2 = 32 × 2 = 64 -> 70 (得 as 8p: 888p 4 and 东对 2,
    # 30, no 番). Each pays 7. 南: 碰发 4 + 1番; its 得 with 南南: "风牌暗刻 8" but no 番 (闲家), better
    # than 南对 2 + 中得 对 2: 12 × 2 = 24 -> 30. C.2: 西 → 南 3, 北 → 南 3. "坐庄": 东 deals again.
    pytest.param(
        [
            de("9s"),
            show("E", "11z9s456m123p234s678s88p"),
            show("S", "22z9s7z147m258m369p", [("peng", "666z", "W")]),
            win("E", "self_draw", "5m"),
        ],
        {},
        {"E": 70, "S": 30},
        {**each("E", 7), ("W", "S"): 3, ("N", "S"): 3},
        id="dealer_kanchan_self_draw_de_own_wind_pung",
    ),
    # 14. 包三家 on the dealer's win, "加倍的比例" 2: 东 wins 8p (67p: 两面) on 北's 生牌 (flag): five
    # chows, 11s pair: 旁胡 1, 无得 1, 春 (own) 4 胡 1番: 24 × 8 = 192 -> 200. 南: 白 4 胡 1番 -> 10;
    # 西: 中暗刻 8 + 1番 -> 20; 北 (its 北暗刻 20) "1：被包方牌点汇总以 0 计".
    # "2：…全由被包者支付": 北 → 东 3 × 200/10 × 2 = 120; "3：…向各闲家支付": 北 → 南 2, 北 → 西 4;
    # "4：闲家之间的结算额由被包者支付": 南 would pay 西 (20 − 10)/10 × 2 = 2: 北 → 西 2 (6 in all).
    pytest.param(
        [
            de("9s"),
            show("E", "123m456m789m234p67p11s8p", revealed=["1f"]),
            show("S", "147m258p147s258s36s13z", revealed=["5z"]),
            show("W", "777z258m369p58p36s47s2z"),
            show("N", "444z147m369m147p258s1z"),
            win("E", "discard", "8p", "N", flags=["bao_san_jia"]),
        ],
        {"multiplier": 2},
        {"E": 200, "S": 10, "W": 20, "N": 0},
        {("N", "E"): 120, ("N", "S"): 2, ("N", "W"): 6},
        id="bao_san_jia_on_the_dealers_win_times_2",
    ),
    # 15. 西 robs 南's 加杠 of 5m for 46m's middle: "抢杠胡为 1番", 嵌档 2; 碰西 "风牌刻子 4" + 门风 1番;
    # 无得 1: 20 + 4 + 2 = 26, 3番 -> 208 -> 210; each pays 21 (no 包 for the robbed seat in the
    # wenling seed). 南: "明杠家明杠失败，明杠家的杠牌以刻子计算": 碰 5m "其它刻子 2" -> 2 -> 10.
    # C.2: 东 (0) → 南 1, 北 (0) → 南 1.
    pytest.param(
        [
            de("9s"),
            show("W", "46m5m123p789p11s456s", [("peng", "333z", "N")]),
            show("S", "9m147p258p36s47s12z", [("peng", "555m", "E")]),
            win("W", "robbed_kong", "5m", "S"),
        ],
        {},
        {"W": 210, "S": 10},
        {**each("W", 21), ("E", "S"): 1, ("N", "S"): 1},
        id="robbed_kong_kanchan_own_wind_peng",
    ),
    # 16. 闹闹 with 菊 as the indicator: "梅兰竹菊以此相同", 梅兰竹 are 得; 春夏秋冬 and 中发白 revealed.
    # 南 self-draws 6s (45s: 两面), its 得 梅 兰 making 南暗刻 8 + 门风 1番; 夏 (own) 4 胡 1番; 自摸 2:
    # 20 + 8 + 4 + 2 = 34; 番 1 + 1 + 2张得 1 = 3 -> 272 -> 280 (南得 pair and 333s: 32 × 4 = 128).
    # Each pays 28. 北: 冬 (own) and 春: 8 胡 1番 -> 20. 西: 秋 (own) and 中: 8 胡 2番 -> 40.
    # 东: 白 4 胡 1番 -> 10. C.2: 东 → 西 3, 东 → 北 1, 北 → 西 2.
    pytest.param(
        [
            de("8f"),
            show("S", "2z5f6f123m456p789s33s45s6s", revealed=["2f"]),
            show("N", "147m258m258p369p147s1z", revealed=["4f", "1f"]),
            show("W", "369m123p147p258s369s4z", revealed=["3f", "7z"]),
            show("E", "147m258m369m258s147s3z", revealed=["5z"]),
            win("S", "self_draw", "6s"),
        ],
        {},
        {"S": 280, "N": 20, "W": 40, "E": 10},
        {**each("S", 28), ("E", "W"): 3, ("E", "N"): 1, ("N", "W"): 2},
        id="naonao_plum_flower_de_own_wind_pung",
    ),
    # 17. 北 wins 5p on 东's discard: 清一色 of 筒 (3番) with 999p "1、9 牌暗刻 8" and the 5p as 单吊 or
    # the middle of 456p (嵌档), 2 either way; no 得 (北 is the 得 face: 4z): 无得 1:
    # 20 + 8 + 2 = 30, 4番 -> 480, just under "500胡". Each pays 48. 东: 明杠 1m "1、9 牌明杠 16";
    # its 得 (北) with 东东 makes 东暗刻 "风牌暗刻 8" without 番 (闲家): 24 -> 30. 南: 白 白 8 胡 2番 -> 40.
    # C.2: 东 → 南 1, 西 (0) → 南 4, 西 → 东 3. 北 was not the dealer: 南 deals next.
    pytest.param(
        [
            de("4z"),
            show("N", "12233445556789999p"),
            show("E", "11z4z258m369m147s3z", [("gang_exposed", "1111m", "W")]),
            show("S", "24578m147s258s369s23z", revealed=["5z", "5z"]),
            win("N", "discard", "5p", "E"),
        ],
        {},
        {"N": 480, "E": 30, "S": 40},
        {**each("N", 48), ("E", "S"): 1, ("W", "S"): 4, ("W", "E"): 3},
        id="full_flush_terminal_pung_just_under_the_cap",
    ),
    # 18. 闹闹 with 中 as the 得: 西 holds the three 得 ("3 张'得'") and 南 shows 春夏秋冬 ("4 张'红花'"):
    # 500 each. 东: 发 × 3 and 白: 16 胡, "闹闹时，每张发财…以1番" 3 + 白 1 = 4番 -> 256 -> 260. "加倍的比例"
    # 3: 东 and 北 each pay 南 and 西 500/10 × 3 = 150; C.2: 北 (0) → 东 26 × 3 = 78. 南 deals next.
    pytest.param(
        [
            de("7z"),
            show("W", "777z147m258m369p147s1z"),
            show("S", "258p147p369s258s369m2z", revealed=["1f", "2f", "3f", "4f"]),
            show("E", "147m258s123p456p789p3z", revealed=["6z", "6z", "6z", "5z"]),
            win("W", "instant"),
            win("S", "instant"),
        ],
        {"multiplier": 3},
        {"W": 500, "S": 500, "E": 260},
        {
            ("E", "S"): 150,
            ("E", "W"): 150,
            ("N", "S"): 150,
            ("N", "W"): 150,
            ("N", "E"): 78,
        },
        id="naonao_red_de_three_de_and_red_flowers_times_3",
    ),
    # 19. "A：因胡牌方的'得'替代方法不同…按玩家算出最高的汇点计算": 北 holds one 得 (9p) beside five
    # chows and self-draws the second. Read plainly, the two 得 are the pair (北对 2 + 单吊 2 + 自摸 2
    # + 20 = 26; "自摸得" 1 + "2 张'得'" 1 -> 104 -> 110). Regrouped, the held 得 pairs a 7s (77s)
    # and the drawn one is the 4s of 23s + 4s, a 两面 wait, the rest chows: 自摸 2 + 20 = 22;
    # "旁胡 1番" + 自摸得 1 + 2张得 1 -> 176 -> 180, the highest. Each pays 18.
    pytest.param(
        [de("9p"), show("N", "123m456m789m234567s9p9p"), win("N", "self_draw", "9p")],
        {},
        {"N": 180},
        each("N", 18),
        id="self_drawn_de_regrouped_for_panghu",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", CASES)
def test_seed_hand(records, options, points, payments):
    check_case("wenling", records, options, points, payments)


@pytest.mark.parametrize(
    "case,dealer",
    [("naonao_four_whites_times_2", "S"), ("two_instant_winners_without_the_dealer", "S"),
     ("dealer_kanchan_self_draw_de_own_wind_pung", "E"),
     ("full_flush_terminal_pung_just_under_the_cap", "S")],
)  # fmt: skip
def test_who_deals_next(case, dealer):
    # "坐庄 '庄家'连续胡牌 … 一直具有'庄家'特权"; "下庄 若'庄家'无法'胡牌' … 南家自动转为'庄家'".
    records = next(p.values[0] for p in CASES if p.id == case)
    assert next_dealer("wenling", records) == dealer
