"""黃岩麻將: twelve more hands from shared/seeds/huangyan.txt, several clauses on each, weighted to
what the earlier cases touched least: 得 standing for the dealer's own wind and for 中 in a pung,
three 得 with two restored and one not ("如二張得，一張還原" with three), a restored 得 beside a
嵌檔 (with and without 無得 after it), 清一色 with 嵌檔 by self-draw, a 閒家 of 明槓 + 暗槓 + 碰 far
above the winner, the 'next' 得 rule on 1m (9 → 1), 碰 with its fourth tile in hand, and the
options that change a number (`pengpenghu`, `restored_then_hard`, `base_hu`, `cap`). Computed by
hand from the quoted clauses before the engine ran; summary logs through codec -> replay -> score
-> settle.

  "胡的人的胡數=（算出幾胡+底胡）X翻數 … 1翻=2倍（X2），2翻=4倍(X2X2)，3翻=8倍" ("10胡底");
  "沒胡的人的胡數=算出幾胡X翻數 … 中，發，白，自己分家各為一翻";
  莊家胡 "1、閒家按全額支付給莊家 2、閒家之間相減再除以2";
  閒家胡 "1、莊家按全額支付給閒家；其餘兩個閒家減半給 2、莊家和其餘兩家不減半；其餘兩家相減再減半".
Seats: 東 E (莊), 南 S, 西 W, 北 N; 5z 白, 6z 發, 7z 中; 1 粒 a 胡 (docs).
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case, each
from tests.engine.rulesets.seed_case_helpers import indicator as de
from tests.engine.summary_log import show, win

# 7/8. 北 wins 4s on 東's discard between 3s and its 得 (5s) standing for itself: "嵌檔 2和",
# 中對 "字牌對 2和": 2 + 2 + 10 = 14; "“得”還原 … 還原一個為1翻" 1 and, the restored 得 taken out
# of the count ("“得”還原後在“得”數量計算過程中應去掉得的數量"), "無“得”(硬碰硬) 1翻" (docs:
# `restored_then_hard`): 2番 -> 56. (得 as 2s, 234s: 12 × 1.)
# 東: 碰東 with the fourth 東 in hand "(可明槓沒槓按刻子計)" "風牌刻子 4" + "自己風家刻 1翻" -> 8.
# 南: 南暗刻 "風牌暗刻 8" + 1翻, 發對 "字牌對 2" -> 10 × 2 = 20. 西 not shown: 0.
RESTORED_KANCHAN = [
    de("5s"),
    show("N", "345s123m789m567p77z"),
    show("E", "1z258m369p147s", [("peng", "111z", "S")]),
    show("S", "222z66z147p28s69s4m"),
    win("N", "discard", "4s", "E"),
]
# 閒家胡 (北): 東 → 北 in full, 南 and 西 half; 東 and each of 南, 西 their full difference
# (東 → 南 20 − 8 = 12, 西 (0) → 東 8); 南 and 西 half theirs (西 → 南 20/2 = 10).
RESTORED_KANCHAN_REST = {("E", "S"): 12, ("W", "E"): 8, ("W", "S"): 10}
# 9/10. A 莊家胡 by self-draw: 東 "自摸 2和" + 10 = 12, "無“得” 1翻" -> 24 (5p only in the 55p pair).
# 南: 明槓 9p "1、9 牌明槓 16", 暗槓 中 "字牌暗槓 32" + 1翻, 碰南 with its fourth 南 in hand "刻子 4"
# + 1翻: 52 × 4 = 208. 西: 3s 暗刻 "其它暗刻 4" + 西對 2 = 6. 北: 北對 2 + 發暗刻 8 + 1翻 -> 20.
DEALER_BELOW_A_NONDEALER = [
    de("1s"),
    show("E", "123m456m789m234p55p"),
    show(
        "S",
        "2z368s",
        [("gang_exposed", "9999p", "W"), ("gang_concealed", "7777z", None), ("peng", "222z", "N")],
    ),
    show("W", "333s33z147m69m258p"),
    show("N", "44z666z258s3467p8m"),
    win("E", "self_draw", "5p"),
]
# 5/6. 北's all-pung hand (see case 5).
ALL_PUNGS = [
    de("8m"),
    show("N", "111m999p555s777z44z"),
    show("E", "55z234m567p36s", [("peng", "111z", "S")]),
    show("W", "147m258s369s2z", [("gang_exposed", "6666z", "S")]),
    win("N", "discard", "5s", "W"),
]

CASES = [
    # 1. 莊家胡 on 南's 5p (the 55p pair); its two 得 (7s) with the lone 東 make 東暗刻 "風牌暗刻 8" +
    # "自己風家刻 1翻" (a 得 in the winner's pung makes it and its 翻, docs); two 得 held: no 無得:
    # 8 + 10 = 18 × 2 = 36. (東得 pair 2 and 得55p, a 刻子 by the discard, 2: 14.) 南: 碰中 "字牌刻子
    # 4" + 1翻, 9s 暗刻 "1、9 牌暗刻 8": 12 × 2 = 24. 西: 西對 2. 北: 北 × 4 in hand "手裡有暗槓牌時不暗槓，
    # 作暗刻處理" 8 + 1翻 -> 16. Each 閒家 pays 東 36; "閒家之間相減再除以2": 西 → 南 (24 − 2)/2 = 11,
    # 西 → 北 (16 − 2)/2 = 7, 北 → 南 (24 − 16)/2 = 4.
    pytest.param(
        [
            de("7s"),
            show("E", "1z77s123m456m789p55p"),
            show("S", "999s147m258p3s", [("peng", "777z", "W")]),
            show("W", "33z2z258m369p1468s"),
            show("N", "4444z369m147p25s6z"),
            win("E", "discard", "5p", "S"),
        ],
        {},
        {"E": 36, "S": 24, "W": 2, "N": 16},
        {**each("E", 36), ("W", "S"): 11, ("W", "N"): 7, ("N", "S"): 4},
        id="dealer_two_de_make_his_own_wind_pung",
    ),
    # 2. 南 self-draws 8s between 7s and 9s: "嵌檔 2和", "自摸 2和", 999s "1、9 牌暗刻 8": 12 + 10 = 22;
    # "清一色 3翻" + 無得 1翻 -> 352. 東: 碰東 with the fourth in hand, "風牌刻子 4" + 1翻 -> 8. 西: 白暗刻
    # "字牌暗刻 8" + 1翻 -> 16. 北 not shown: 0. 東 → 南 352, 西 → 南 176, 北 → 南 176; 東 → 西 8
    # (full, the dealer), 北 → 東 8 (full), 北 → 西 16/2 = 8 (half).
    pytest.param(
        [
            de("3m"),
            show("S", "12345556789999s"),
            show("E", "1z147m258m369p", [("peng", "111z", "N")]),
            show("W", "555z147m147p258p3z"),
            win("S", "self_draw", "8s"),
        ],
        {},
        {"S": 352, "E": 8, "W": 16},
        {
            ("E", "S"): 352,
            ("W", "S"): 176,
            ("N", "S"): 176,
            ("E", "W"): 8,
            ("N", "E"): 8,
            ("N", "W"): 8,
        },
        id="nondealer_full_flush_kanchan_self_draw",
    ),
    # 3. 西 wins 6m (45m: no 嵌檔) on 東's discard: its 得 (6p) with 中中 is 中暗刻 "字牌暗刻 8" + 1翻,
    # 西暗刻 8 + "自己風家刻 1翻", 混一色 "1翻" (萬 and honors; "財神可以"); one 得: no 無得:
    # 16 + 10 = 26 × 8 = 208. (得 as 8m: 888m 4 + 中對 2: 24 × 4 = 96.) 東: 9p 暗刻 8 + 東對 2 -> 10.
    # 南: 碰發 4 + 1翻 -> 8. 北: 明槓北 "風牌明槓 16" + 1翻 -> 32. 東 → 西 208, 南 → 西 104, 北 → 西
    # 104; 南 → 東 10 − 8 = 2, 東 → 北 32 − 10 = 22 (full), 南 → 北 (32 − 8)/2 = 12.
    pytest.param(
        [
            de("6p"),
            show("W", "12345688m6p33377z"),
            show("E", "999p11z7m147s258s3z"),
            show("S", "258m369s147p9m", [("peng", "666z", "N")]),
            show("N", "369m147p258p5s", [("gang_exposed", "4444z", "S")]),
            win("W", "discard", "6m", "E"),
        ],
        {},
        {"W": 208, "E": 10, "S": 8, "N": 32},
        {
            ("E", "W"): 208,
            ("S", "W"): 104,
            ("N", "W"): 104,
            ("S", "E"): 2,
            ("E", "N"): 22,
            ("S", "N"): 12,
        },
        id="nondealer_de_as_red_pung_own_wind_half_flush",
    ),
    # 4. Three 得 (5m): two stand for themselves in 345m and 567m ("還原…兩個為兩翻"), the third makes
    # 中暗刻 (8, 1翻); one 得 left: no 無得. 東 self-draws 9s (the pair): 8 + 自摸 2 + 10 = 20 × 8
    # = 160. (All three restored cannot be grouped; two restored and 999s with 中對: 22 × 4 = 88.)
    # 南: 南暗刻 8 + 1翻, 白對 2 -> 20. 北: 1m 暗刻 8 + 碰 9p "1、9 牌刻子 4" -> 12. 西 0.
    # Each pays 東 160; 西 → 南 10, 西 → 北 6, 北 → 南 (20 − 12)/2 = 4.
    pytest.param(
        [
            de("5m"),
            show("E", "3455567m123p99s77z"),
            show("S", "222z55z147p258p36s"),
            show("N", "111m369s278p4z", [("peng", "999p", "W")]),
            win("E", "self_draw", "9s"),
        ],
        {},
        {"E": 160, "S": 20, "N": 12},
        {**each("E", 160), ("W", "S"): 10, ("W", "N"): 6, ("N", "S"): 4},
        id="dealer_three_de_two_restored_one_red",
    ),
    # 5. `pengpenghu` ("碰碰胡 除了做腳的，其餘都為對子 4和"): 北 wins 5s on 西's discard: 111m and 999p
    # "1、9 牌暗刻 8" each, 555s completed by the discard a 刻子 (docs) 2, 中暗刻 8 + 1翻, 北對 "自家門風對
    # 2": 28 + 4 + 10 = 42; 中 1 + 無得 1 -> 168. 東: 碰東 4 + 1翻, 白對 2 -> 12. 西: 明槓發 16 + 1翻 -> 32.
    # 南 0. 東 → 北 168, 南 → 北 84, 西 → 北 84; 南 → 東 12, 東 → 西 20 (full), 南 → 西 16 (half).
    pytest.param(
        ALL_PUNGS,
        {"pengpenghu": True},
        {"N": 168, "E": 12, "W": 32},
        {
            ("E", "N"): 168,
            ("S", "N"): 84,
            ("W", "N"): 84,
            ("S", "E"): 12,
            ("E", "W"): 20,
            ("S", "W"): 16,
        },
        id="pengpenghu_option_discard_pung_exposed",
    ),
    # 6. The same by default ("黃岩麻將沒有碰碰胡"): 38 × 4 = 152: 東 → 北 152, 南 and 西 → 北 76.
    pytest.param(
        ALL_PUNGS,
        {},
        {"N": 152, "E": 12, "W": 32},
        {
            ("E", "N"): 152,
            ("S", "N"): 76,
            ("W", "N"): 76,
            ("S", "E"): 12,
            ("E", "W"): 20,
            ("S", "W"): 16,
        },
        id="no_pengpenghu_by_default",
    ),
    # 7. (above) 還原 + 嵌檔 + 無得 after it: 56.
    pytest.param(
        RESTORED_KANCHAN,
        {},
        {"N": 56, "E": 8, "S": 20},
        {("E", "N"): 56, ("S", "N"): 28, ("W", "N"): 28, **RESTORED_KANCHAN_REST},
        id="restored_de_beside_kanchan_then_hard",
    ),
    # 8. The same with `restored_then_hard` off: 還原 1翻 only, 14 × 2 = 28.
    pytest.param(
        RESTORED_KANCHAN,
        {"restored_then_hard": False},
        {"N": 28, "E": 8, "S": 20},
        {("E", "N"): 28, ("S", "N"): 14, ("W", "N"): 14, **RESTORED_KANCHAN_REST},
        id="restored_de_beside_kanchan_no_hard_after",
    ),
    # 9. (above) 莊家胡 at 24 with a 閒家 at 208: each 閒家 pays 東 24; "閒家之間相減再除以2":
    # 西 → 南 (208 − 6)/2 = 101, 北 → 南 (208 − 20)/2 = 94, 西 → 北 (20 − 6)/2 = 7.
    pytest.param(
        DEALER_BELOW_A_NONDEALER,
        {},
        {"E": 24, "S": 208, "W": 6, "N": 20},
        {**each("E", 24), ("W", "S"): 101, ("N", "S"): 94, ("W", "N"): 7},
        id="dealer_wins_below_a_nondealers_kongs",
    ),
    # 10. The same with `cap` 200 (封顶, docs): 南 is paid on 200: 西 → 南 97, 北 → 南 90.
    pytest.param(
        DEALER_BELOW_A_NONDEALER,
        {"cap": 200},
        {"E": 24, "S": 200, "W": 6, "N": 20},
        {**each("E", 24), ("W", "S"): 97, ("N", "S"): 90, ("W", "N"): 7},
        id="dealer_wins_below_a_capped_nondealer",
    ),
    # 11. `wildcard_rule` next: indicator 9m -> 得 = 1m ("9→1"). 西 self-draws 3z (西對 "自家門風對 2"):
    # one 1m stands for itself in 123m ("還原 1翻"), the other with 中中 is 中暗刻 8 + 1翻; a 得 left:
    # no 無得: 8 + 2 + 自摸 2 + 10 = 22 × 4 = 88 (the same as 西暗刻 and 中對). 東: 東暗刻 8 + 1翻 -> 16.
    # 東 → 西 88, 南 → 西 44, 北 → 西 44; 南 → 東 16, 北 → 東 16 (full); 南 − 北 = 0.
    pytest.param(
        [
            de("9m"),
            show("W", "1123m456p789p33z77z"),
            show("E", "111z258m369p147s5s"),
            win("W", "self_draw", "3z"),
        ],
        {"wildcard_rule": "next"},
        {"W": 88, "E": 16},
        {("E", "W"): 88, ("S", "W"): 44, ("N", "W"): 44, ("S", "E"): 16, ("N", "E"): 16},
        id="next_rule_one_restored_one_red_pung",
    ),
    # 12. `base_hu` 20 ("10胡底" is the seed's example; clubs set their own): 東 wins 5m between 4m and
    # 6m on 南's discard, 東對 "自家門風對 2", 嵌檔 2: (4 + 20) × 2 (無得) = 48. 西: 中暗刻 8 + 1翻 -> 16.
    # Each pays 東 48; 南 (0) → 西 8, 北 (0) → 西 8, 南 − 北 = 0.
    pytest.param(
        [
            de("9s"),
            show("E", "456789m11z123p456p"),
            show("W", "777z147m258p368s2z"),
            win("E", "discard", "5m", "S"),
        ],
        {"base_hu": 20},
        {"E": 48, "W": 16},
        {**each("E", 48), ("S", "W"): 8, ("N", "W"): 8},
        id="base_hu_20_dealer_kanchan_own_wind_pair",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", CASES)
def test_seed_hand(records, options, points, payments):
    check_case("huangyan", records, options, points, payments)
