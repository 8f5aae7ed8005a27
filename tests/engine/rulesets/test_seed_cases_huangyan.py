"""黄岩麻将: new hand-computed cases, clause by clause from shared/seeds/huangyan.txt (seed check,
session 4). Every number was worked out by hand from the seed (and, where it is silent, the
decisions in docs/rules/huangyan.md) before the engine was run; the arithmetic is in each
case's comment. Summary logs audited through the full path.

Formulas:
  "胡的人的胡數=（算出幾胡+底胡）X翻數", "1翻=2倍…" with "10胡底";
  "沒胡的人的胡數=算出幾胡X翻數", "中，發，白，自己分家各為一翻" (刻/槓).
  莊家胡 "1、閒家按全額支付給莊家 2、閒家之間相減再除以2".
  閒家胡 "1、莊家按全額支付給閒家；其餘兩個閒家減半給 2、莊家和其餘兩家不減半；其餘兩家相減再減半".
得 is 九条 (indicator 9s) unless a case says otherwise.
"""

import pytest

from engine.audit import audit_records
from tests.engine.rulesets.seed_case_helpers import check_case, next_dealer
from tests.engine.summary_log import log, show, win


def de(indicator):
    return {"type": "wildcard", "indicator": indicator}


# 莊家胡 with three 閒家 (cases 1 and 21), see case 1.
DEALER_WINS = [
    de("9s"),
    show("E", "123456m789p55p111z"),
    show("S", "78m136p1357s2224z"),
    show("W", "9m248p2468s33z", [("peng", "777z", "N")]),
    show("N", "159m14447p56s156z"),
    win("E", "discard", "5p", "S"),
]
# 东 self-draws 中 with 白 and 發 暗刻 (cases 5, 6), see case 5.
TWO_DRAGONS = [de("9s"), show("E", "123456p555666z77z"), win("E", "self_draw", "7z")]
# 南 self-draws 5m (嵌檔) for 48 (cases 17, 18), as in case 2.
SOUTH_48 = [de("9s"), show("S", "456789m123999p22z"), win("S", "self_draw", "5m")]
# 北 with two 得 both restored (cases 4, 19), see case 4.
TWO_RESTORED = [de("5p"), show("N", "123m345567p888s11z"), win("N", "discard", "2m", "W")]
# 东 all pungs (cases 15, 16), see case 15.
ALL_PUNGS = [
    de("9s"),
    show("E", "66m999p333s111z", [("peng", "777p", "S")]),
    win("E", "self_draw", "6m"),
]

# 閒家胡 (北, on 南's discard): all chows, pair 55s: 底10 = 10 胡; 無得 1翻 -> 20.
# 东 (庄): 東暗槓 "風牌暗槓 32 和" 32, 自己風家槓 1翻 -> 64. 南: 碰9m "1、9牌刻子 4 和" -> 4.
# 西: 222p 暗刻 "其它暗刻 4 和" -> 4.
SMALL_WIN_RICH_DEALER = [
    de("9s"),
    show("N", "234567m234p55678s"),
    show("E", "25m147p158s67z", [("gang_concealed", "1111z", None)]),
    show("S", "13m1357p137s5z", [("peng", "999m", "W")]),
    show("W", "18m222689p246s34z"),
    win("N", "discard", "5s", "S"),
]

CASES = [
    # 1. 莊家胡 with three 闲家 of different 胡. 东 wins 5p (pair) on 南's discard:
    # 東暗刻 "風牌暗刻 8 和" 8 + 底10 = 18; 番 自己風家刻 1 + 無得 1 = 2 -> 72.
    # 南: 南暗刻 8, 自己風家 1翻 -> 16. 西: 碰中 "字牌刻子 4 和" 4 + 西對 "自家門風對 2 和" 2 = 6,
    # 中 1翻 -> 12. 北: 444p 暗刻 4 -> 4.
    # "閒家按全額支付給莊家": 72 each. "閒家之間相減再除以2": 西→南 (16-12)/2 = 2,
    # 北→南 (16-4)/2 = 6, 北→西 (12-4)/2 = 4.
    pytest.param(
        DEALER_WINS,
        {},
        {"E": 72, "S": 16, "W": 12, "N": 4},
        {
            ("S", "E"): 72,
            ("W", "E"): 72,
            ("N", "E"): 72,
            ("W", "S"): 2,
            ("N", "S"): 6,
            ("N", "W"): 4,
        },
        id="dealer_wins_three_nonwinners_halve_their_differences",
    ),
    # 2. 閒家胡 (南 self-draws 5m, 4m_6m 嵌檔): 999p 暗刻 8 + 南對 2 + 自摸 2 + 嵌檔 2 + 底10 = 24;
    # 無得 1翻 -> 48. 东 (庄): 碰東 "風牌刻子 4 和" 4 + 中對 2 = 6, 自己風家 1翻 -> 12.
    # 西: 333s 暗刻 4 + 西對 2 = 6. 北: 北暗槓 32, 1翻 -> 64.
    # 莊家 full 48; 西, 北 half 24 each. 莊家 vs the others in full: 西→东 12-6 = 6,
    # 东→北 64-12 = 52. 西 vs 北 halved: 西→北 (64-6)/2 = 29.
    pytest.param(
        [
            de("9s"),
            show("S", "456789m123999p22z"),
            show("E", "13m246p157s77z", [("peng", "111z", "W")]),
            show("W", "28m578p233368s33z"),
            show("N", "79m136p147s56z", [("gang_concealed", "4444z", None)]),
            win("S", "self_draw", "5m"),
        ],
        {},
        {"S": 48, "E": 12, "W": 6, "N": 64},
        {
            ("E", "S"): 48,
            ("W", "S"): 24,
            ("N", "S"): 24,
            ("W", "E"): 6,
            ("E", "N"): 52,
            ("W", "N"): 29,
        },
        id="nondealer_wins_dealer_settles_full_differences_others_half",
    ),
    # 3. 得 = 九万 (indicator 9m). 西 明槓 1111s (from 北) "1、9牌明槓 16 和" 16 + 碰發 4 + 西對 2
    # + 自摸 2 + 底10 = 34; 番 發 1 + 混一色 "和牌家的所有牌由字牌、風牌及另一花色組成" 1 + 無得 1 = 3
    # -> 272. 閒家胡: 东 272, 南 and 北 136 each; nobody else shows (0): no differences.
    pytest.param(
        [
            de("9m"),
            show("W", "234678s33z", [("gang_exposed", "1111s", "N"), ("peng", "666z", "E")]),
            win("W", "self_draw", "4s"),
        ],
        {},
        {"W": 272},
        {("E", "W"): 272, ("S", "W"): 136, ("N", "W"): 136},
        id="terminal_exposed_kong_dragon_peng_half_flush",
    ),
    # 4. 得 = 五筒 (indicator 5p). 北 holds two 得 and lets both stand for 5p (345p, 567p):
    # "還原一個為1翻，兩個為兩翻" 2 + "得還原後在得數量計算過程中應去掉得的數量" -> 無得 1 = 3番.
    # 888s 暗刻 4 + 嵌檔 (1m_3m on 2m) 2 + 底10 = 16 (東對 is not 北's: 0) -> 128.
    # 閒家胡: 东 128, 南 64, 西 64.
    pytest.param(
        TWO_RESTORED,
        {},
        {"N": 128},
        {("E", "N"): 128, ("S", "N"): 64, ("W", "N"): 64},
        id="two_de_both_restored_and_then_no_de",
    ),
    # 5. 莊家自摸 with two dragon 暗刻: 白暗刻 8 + 發暗刻 8 + 中對 "字牌對 2 和" 2 + 自摸 2 + 底10 = 30;
    # 番 白 1 + 發 1 + 混一色 1 + 無得 1 = 4 -> 480 (no cap in the seed). Each 閒家 pays 480.
    pytest.param(
        TWO_DRAGONS,
        {},
        {"E": 480},
        {("S", "E"): 480, ("W", "E"): 480, ("N", "E"): 480},
        id="dealer_two_dragon_pungs_no_cap",
    ),
    # 6. The same with the club's 封顶 option cap=300 (docs decision: no cap unless set):
    # 480 -> 300 from each.
    pytest.param(
        TWO_DRAGONS,
        {"cap": 300},
        {"E": 300},
        {("S", "E"): 300, ("W", "E"): 300, ("N", "E"): 300},
        id="cap_option_300",
    ),
    # 7. 閒家胡 where the dealer holds more than the winner: see SMALL_WIN_RICH_DEALER.
    # 东 full 20 to 北, 南 and 西 half: 10 each. 莊家 vs 南/西 in full: 南→东 64-4 = 60,
    # 西→东 60. 南 vs 西: (4-4)/2 = 0.
    pytest.param(
        SMALL_WIN_RICH_DEALER,
        {},
        {"N": 20, "E": 64, "S": 4, "W": 4},
        {("E", "N"): 20, ("S", "N"): 10, ("W", "N"): 10, ("S", "E"): 60, ("W", "E"): 60},
        id="nondealer_wins_dealer_richer_than_the_winner",
    ),
    # 8. The same at li_per_hu 2 ("實例：…0.5元胡": 粒 per 胡 is the club's): every amount × 2.
    pytest.param(
        SMALL_WIN_RICH_DEALER,
        {"li_per_hu": 2},
        {"N": 20, "E": 64, "S": 4, "W": 4},
        {("E", "N"): 40, ("S", "N"): 20, ("W", "N"): 20, ("S", "E"): 120, ("W", "E"): 120},
        id="li_per_hu_2",
    ),
    # 9. 得 = 九万. 南: 暗槓 5555m "其它暗槓 16 和" 16 + 明槓 7777p (from 西) "其它明槓 8 和" 8 +
    # 嵌檔 5s 2 + 底10 = 36; 無得 1 -> 72. 閒家胡 on 东's discard: 东 72, 西 36, 北 36.
    pytest.param(
        [
            de("9m"),
            show(
                "S",
                "12345688s",
                [("gang_concealed", "5555m", None), ("gang_exposed", "7777p", "W")],
            ),
            win("S", "discard", "5s", "E"),
        ],
        {},
        {"S": 72},
        {("E", "S"): 72, ("W", "S"): 36, ("N", "S"): 36},
        id="simple_concealed_and_exposed_kongs_kanchan",
    ),
    # 10. 得 = 三条 (indicator 3s), one held. 西 self-draws 8s with 11p, 白白, 得: the best reading
    # makes the 得 a 白 -> 白暗刻 8 and "中，發，白…各為一翻" 1; 11p 對 0; 自摸 2 + 底10 = 20 -> 40.
    # (得 as 1p: 111p 暗刻 8 + 白對 2 + 自摸 2 + 10 = 22, no 番 -> 22.) One 得 held, not
    # restored: no 無得. 閒家胡: 东 40, 南 20, 北 20.
    pytest.param(
        [de("3s"), show("W", "234567m11p678s3s55z"), win("W", "self_draw", "8s")],
        {},
        {"W": 40},
        {("E", "W"): 40, ("S", "W"): 20, ("N", "W"): 20},
        id="de_as_white_pung_beats_de_as_terminal_pung",
    ),
    # 11. "每個其它明槓（可明槓但沒槓按刻子計）": 南 碰 333p and keeps the fourth 3p in 345p (won on
    # 4p, 嵌檔). 碰 "其它刻子 2 和" 2 + 中對 2 + 嵌檔 2 + 底10 = 16; 無得 1 -> 32.
    # 閒家胡 on 西's discard: 东 32, 西 16, 北 16.
    pytest.param(
        [
            de("9s"),
            show("S", "345p678m123s77z", [("peng", "333p", "E")]),
            win("S", "discard", "4p", "W"),
        ],
        {},
        {"S": 32},
        {("E", "S"): 32, ("W", "S"): 16, ("N", "S"): 16},
        id="unkonged_peng_stays_a_pung",
    ),
    # 12. "(可暗槓但沒槓按暗刻子計)": 北 holds 2222m unkonged: 222m 暗刻 4 + 234m (won by self-draw
    # on 3m: 嵌檔 2) + 888s 暗刻 4 + 發對 2 + 自摸 2 + 底10 = 24; 無得 1 -> 48.
    # 閒家胡: 东 48, 南 24, 西 24.
    pytest.param(
        [de("9s"), show("N", "222234m567p888s66z"), win("N", "self_draw", "3m")],
        {},
        {"N": 48},
        {("E", "N"): 48, ("S", "N"): 24, ("W", "N"): 24},
        id="four_alike_unkonged_are_a_concealed_pung",
    ),
    # 13. 清一色 "所有牌由一門花色組成（…財神可以）" with the 得 as 9m: 111m 暗刻 8 + 888m 暗刻 4 +
    # 底10 = 22 (99m 對 0); 清一色 3 (one 得 held: no 無得) -> 176. (得 as 7m in 789m with an 88m
    # pair: 8 + 10 = 18 -> 144.) 閒家胡 on 西's 9m: 东 176, 西 88, 北 88.
    pytest.param(
        [de("9s"), show("S", "111234567888m9m9s"), win("S", "discard", "9m", "W")],
        {},
        {"S": 176},
        {("E", "S"): 176, ("W", "S"): 88, ("N", "S"): 88},
        id="full_flush_with_de_as_a_character",
    ),
    # 14. 莊家 robs 南's added 5p (4p_6p 嵌檔; a robbed kong is paid like a discard, docs):
    # 白暗刻 8 + 嵌檔 2 + 底10 = 20; 白 1 + 無得 1 = 2番 -> 80.
    # 南: its 碰 555p 2 + 南明槓 "風牌明槓 16 和" 16 + 中對 2 = 20, 南槓 1翻 -> 40.
    # 北: 碰北 4, 1翻 -> 8. 西 shows nothing: 0.
    # 莊家胡: 80 from each 閒家; halves: 西→南 (40-0)/2 = 20, 西→北 (8-0)/2 = 4,
    # 北→南 (40-8)/2 = 16.
    pytest.param(
        [
            de("9s"),
            show("E", "123789m456p33s555z"),
            show("S", "46m189p77z", [("peng", "555p", "W"), ("gang_exposed", "2222z", "N")]),
            show("N", "258m237p1468s", [("peng", "444z", "E")]),
            win("E", "robbed_kong", "5p", "S"),
        ],
        {},
        {"E": 80, "S": 40, "N": 8},
        {
            ("S", "E"): 80,
            ("W", "E"): 80,
            ("N", "E"): 80,
            ("W", "S"): 20,
            ("W", "N"): 4,
            ("N", "S"): 16,
        },
        id="dealer_robs_a_kong_nonwinner_kong_and_pung_items",
    ),
    # 15. 碰碰胡 option ("碰碰胡 除了做腳的，其餘都為對子 4和"; off by default because the seed also
    # says "黃岩麻將沒有碰碰胡"). 东 碰 777p 2 + 333s 暗刻 4 + 東暗刻 8 + 999p 暗刻 8 + 自摸 2 + 底10
    # = 34; 番 東 1 + 無得 1 = 2 -> 136 from each 閒家.
    pytest.param(
        ALL_PUNGS,
        {},
        {"E": 136},
        {("S", "E"): 136, ("W", "E"): 136, ("N", "E"): 136},
        id="all_pungs_without_pengpenghu",
    ),
    # 16. With pengpenghu=True: 34 + 4 = 38 -> 152 from each.
    pytest.param(
        ALL_PUNGS,
        {"pengpenghu": True},
        {"E": 152},
        {("S", "E"): 152, ("W", "E"): 152, ("N", "E"): 152},
        id="all_pungs_with_pengpenghu",
    ),
    # 17. cap=25 on case 2's winner (48 -> 25) with nobody else showing: 东 25; the other two
    # "減半給" 25/2 = 12.5 -> 13 (docs: half_rounding up, the payer pays the half 粒).
    pytest.param(
        SOUTH_48,
        {"cap": 25},
        {"S": 25},
        {("E", "S"): 25, ("W", "S"): 13, ("N", "S"): 13},
        id="cap_25_odd_half_rounds_up",
    ),
    # 18. The same with half_rounding=down: 12 each.
    pytest.param(
        SOUTH_48,
        {"cap": 25, "half_rounding": "down"},
        {"S": 25},
        {("E", "S"): 25, ("W", "S"): 12, ("N", "S"): 12},
        id="cap_25_odd_half_rounds_down_by_option",
    ),
    # 19. Case 4 with restored_then_hard=False (無得 not stacked on 得還原): 16 × 2^2 = 64;
    # 东 64, 南 32, 西 32.
    pytest.param(
        TWO_RESTORED,
        {"restored_then_hard": False},
        {"N": 64},
        {("E", "N"): 64, ("S", "N"): 32, ("W", "N"): 32},
        id="two_restored_without_no_de_by_option",
    ),
    # 20. wildcard_rule=next: indicator 3m makes 4m the 得. 南 self-draws a 4m and lets it be a
    # 中: 中暗刻 8 + 自摸 2 + 底10 = 20, 中 1翻 -> 40 (as 5s: 555s 4 + 中對 2 + 2 + 10 = 18, no
    # 番). 閒家胡: 东 40, 西 20, 北 20.
    pytest.param(
        [de("3m"), show("S", "4m123456p55789s77z"), win("S", "self_draw", "4m")],
        {"wildcard_rule": "next"},
        {"S": 40},
        {("E", "S"): 40, ("W", "S"): 20, ("N", "S"): 20},
        id="next_tile_wildcard_as_red_dragon",
    ),
    # 21. round_to=10 (进十) on case 1: 东 72 -> 80, 南 16 -> 20, 西 12 -> 20, 北 4 -> 10.
    # 莊家胡: 80 each; 西/南 (20-20)/2 = 0; 北→南 (20-10)/2 = 5; 北→西 5.
    pytest.param(
        DEALER_WINS,
        {"round_to": 10},
        {"E": 80, "S": 20, "W": 20, "N": 10},
        {("S", "E"): 80, ("W", "E"): 80, ("N", "E"): 80, ("N", "S"): 5, ("N", "W"): 5},
        id="round_to_10_every_seat",
    ),
    # 22. discard_pung_concealed=True: 西 wins 8p on 南's discard completing 888p (88p/55s):
    # counted 暗刻 "其它暗刻 4 和" 4 + 底10 = 14; 無得 1 -> 28 (刻子 by default: 12 × 2 = 24).
    # 閒家胡: 东 28, 南 14, 北 14.
    pytest.param(
        [de("9s"), show("W", "123456m888p678s55s"), win("W", "discard", "8p", "S")],
        {"discard_pung_concealed": True},
        {"W": 28},
        {("E", "W"): 28, ("S", "W"): 14, ("N", "W"): 14},
        id="discard_completed_pung_concealed_by_option",
    ),
]


@pytest.mark.parametrize(("records", "options", "points", "payments"), CASES)
def test_seed_case(records, options, points, payments):
    check_case("huangyan", records, options, points, payments)


def test_a_drawn_hand_settles_no_differences_and_passes_the_deal():
    # The seed pays only on a win (docs decision: a 流局 pays nothing), even between 閒家 whose
    # 胡 differ (东 東對 2; 南 南暗刻 8, 1翻 -> 16); the deal passes (draw_dealer=pass).
    records = [
        de("9s"),
        show("E", "123456m789p55p11z"),
        show("S", "78m136p1357s2224z"),
        {"type": "exhausted"},
    ]
    assert audit_records(log("huangyan", records))["hands"][0]["expected_payments"] == []
    assert next_dealer("huangyan", records) == "S"


def test_dealer_rotation_on_a_win():
    # Docs decision (Taizhou custom): 莊家胡 -> the dealer stays; 閒家胡 -> 下家 deals.
    assert next_dealer("huangyan", DEALER_WINS) == "E"
    assert next_dealer("huangyan", SMALL_WIN_RICH_DEALER) == "S"
