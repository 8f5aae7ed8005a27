"""黄岩麻将: an independent audit (helper h-seeds-a, session 6) of the seed
shared/seeds/huangyan.txt. Every number below was computed by hand from the quoted clauses (and,
where the seed is silent, the decision named in docs/rules/huangyan.md) before the engine ran.
Summary logs audited through the full path (codec -> replay -> score -> settle).

Formulas:
  "胡的人的胡數=（算出幾胡+底胡）X翻數", "1翻=2倍（X2），2翻=4倍(X2X2)…", "10胡底";
  "沒胡的人的胡數=算出幾胡X翻數", "中，發，白，自己分家各為一翻" (刻/槓).
  莊家胡 "1、閒家按全額支付給莊家 2、閒家之間相減再除以2".
  閒家胡 "1、莊家按全額支付給閒家；其餘兩個閒家減半給 2、莊家和其餘兩家不減半；其餘兩家相減再減半".
Tiles: 1z-4z 東南西北, 5z 白, 6z 發, 7z 中. 得 is 九条 (indicator 9s) unless a case says otherwise.
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case


def de(indicator):
    return {"type": "wildcard", "indicator": indicator}


def show(seat, concealed, melds=()):
    return {
        "type": "showdown",
        "seat": seat,
        "concealed": concealed,
        "melds": [{"kind": k, "tiles": t, "from": f} for k, t, f in melds],
    }


def win(seat, how, tile, by=None):
    rec = {"type": "win", "seat": seat, "how": how, "tile": tile}
    if by:
        rec["from"] = by
    return rec


CASES = [
    # 1. 閒家胡 by self-draw, the dealer the lowest of the three. 南 self-draws 南 (pair):
    # 南對 "每個自家門風對 … 2 和" 2 + "自摸 2 和" 2 + 底10 = 14; 無得 1翻 -> 28.
    # 东 (庄): 碰中 "字牌刻子 4 和", 中 1翻 -> 8. 西: 111m "1、9 牌暗刻 8 和" + 白對 "字牌對 2 和"
    # = 10, no 番 -> 10. 北: 明槓 5p "其它明槓 8 和" 8 + 北暗刻 8, 自己風家 1翻 -> 32.
    # 东→南 28 (全額); 西→南 14, 北→南 14 (減半); 东→西 10-8 = 2, 东→北 32-8 = 24 (不減半);
    # 西→北 (32-10)/2 = 11 (相減再減半).
    pytest.param(
        [
            de("9s"),
            show("S", "123m456m789p234s22z"),
            show("E", "258m369p147s3z", [("peng", "777z", "N")]),
            show("W", "111369m128p47s55z"),
            show("N", "58m367p68s444z", [("gang_exposed", "5555p", "E")]),
            win("S", "self_draw", "2z"),
        ],
        {},
        {"S": 28, "E": 8, "W": 10, "N": 32},
        {
            ("E", "S"): 28,
            ("W", "S"): 14,
            ("N", "S"): 14,
            ("E", "W"): 2,
            ("E", "N"): 24,
            ("W", "N"): 11,
        },
        id="nondealer_selfdraw_dealer_lowest",
    ),
    # 2. 莊家胡 by self-draw: 东 東暗刻 8 + 嵌檔 5p (46p) 2 + 自摸 2 = 12 + 底10 = 22; 番 自己風家刻 1
    # + 混一色 "由字牌、風牌及另一花色組成" 1 + 無得 1 = 3 -> 176. 南: 碰發 4 + 999m 暗刻 8 = 12,
    # 發 1翻 -> 24. "閒家按全額": 176 each; "閒家之間相減再除以2": 西 (0) → 南 12, 北 (0) → 南 12.
    pytest.param(
        [
            de("9s"),
            show("E", "12345666789p111z"),
            show("S", "3m999m124578s", [("peng", "666z", "W")]),
            win("E", "self_draw", "5p"),
        ],
        {},
        {"E": 176, "S": 24},
        {("S", "E"): 176, ("W", "E"): 176, ("N", "E"): 176, ("W", "S"): 12, ("N", "S"): 12},
        id="dealer_selfdraw_kanchan_own_wind_half_flush",
    ),
    # 3. 得 as the winner's own-wind pair: 西 wins 西 from 北 with one 得 (9s) -> 西對 2 + 底10 = 12;
    # no 番 (a 得 held: not 無得 "手裡無'得'"). 东→西 12, 南→西 6, 北→西 6.
    pytest.param(
        [de("9s"), show("W", "123m456m789p567s3z9s"), win("W", "discard", "3z", "N")],
        {},
        {"W": 12},
        {("E", "W"): 12, ("S", "W"): 6, ("N", "W"): 6},
        id="de_as_own_wind_pair_no_hard",
    ),
    # 4. No 碰碰胡 "(黃岩麻將沒有碰碰胡)": 北 碰 2m "其它刻子 2 和" 2 + 碰 8p 2 + 777s 暗刻 4 + 北暗刻 8
    # = 16 + 底10 = 26; 番 自己風家刻 1 + 無得 1 = 2 -> 104. 东→北 104, 南→北 52, 西→北 52.
    pytest.param(
        [
            de("9s"),
            show("N", "55m777s444z", [("peng", "222m", "W"), ("peng", "888p", "S")]),
            win("N", "discard", "5m", "E"),
        ],
        {},
        {"N": 104},
        {("E", "N"): 104, ("S", "N"): 52, ("W", "N"): 52},
        id="all_pungs_no_pengpenghu",
    ),
    # 5. 南: 明槓 3s "其它明槓 8 和" 8 + 暗槓 9m "1、9 牌暗槓 32 和" 32 + 嵌檔 6p 2 + 自摸 2 = 44
    # + 底10 = 54; 無得 1翻 -> 108. 东→南 108, 西→南 54, 北→南 54.
    pytest.param(
        [
            de("9s"),
            show(
                "S",
                "123567p88s",
                [("gang_exposed", "3333s", "W"), ("gang_concealed", "9999m", None)],
            ),
            win("S", "self_draw", "6p"),
        ],
        {},
        {"S": 108},
        {("E", "S"): 108, ("W", "S"): 54, ("N", "S"): 54},
        id="exposed_simple_kong_concealed_terminal_kong_kanchan",
    ),
    # 6. 清一色 "所有牌由一門花色組成" 3番: 西 111p 234p 567p (6p 嵌檔) 789p 99p on 南's discard:
    # 111p 暗刻 8 + 嵌檔 2 + 底10 = 20; 番 清一色 3 + 無得 1 = 4 -> 320.
    # 东→西 320, 南→西 160, 北→西 160.
    pytest.param(
        [de("9s"), show("W", "11123456778999p"), win("W", "discard", "6p", "S")],
        {},
        {"W": 320},
        {("E", "W"): 320, ("S", "W"): 160, ("N", "W"): 160},
        id="full_flush_terminal_pung_kanchan",
    ),
    # 7. 閒家 items against a small 閒家胡: 北 20 (all chows, pair 55s: 底10, 無得 1翻).
    # 东 (庄): 暗槓 中 "字牌暗槓 32 和" 32 + 東對 2 = 34, 中 1翻 -> 68. 南: 明槓 南 "風牌明槓 16 和"
    # 16 + 發對 2 = 18, 自己風家 1翻 -> 36. 西 0.
    # 东→北 20, 南→北 10, 西→北 10; 南→东 68-36 = 32, 西→东 68 (不減半); 西→南 36/2 = 18.
    pytest.param(
        [
            de("9s"),
            show("N", "234567m234p55678s"),
            show("E", "147m258p36s11z", [("gang_concealed", "7777z", None)]),
            show("S", "369m1479p2s66z", [("gang_exposed", "2222z", "W")]),
            win("N", "discard", "5s", "S"),
        ],
        {},
        {"N": 20, "E": 68, "S": 36},
        {
            ("E", "N"): 20,
            ("S", "N"): 10,
            ("W", "N"): 10,
            ("S", "E"): 32,
            ("W", "E"): 68,
            ("W", "S"): 18,
        },
        id="nonwinner_kongs_dealer_full_differences",
    ),
    # 8. 得 as 中 ("財神可以" in 混一色): 北 123m 456m 789m 中中+得 北北, self-draws 北.
    # 得 -> 中: 中暗刻 "字牌暗刻 8 和" 8 + 北對 2 + 自摸 2 = 12 + 底10 = 22; 番 中 1 + 混一色 1 = 2
    # (one 得 held: not 無得) -> 88. (得 -> 北: 北暗刻 8 + 中對 2, same 88.)
    # 东→北 88, 南→北 44, 西→北 44.
    pytest.param(
        [de("9s"), show("N", "123456789m9s44z77z"), win("N", "self_draw", "4z")],
        {},
        {"N": 88},
        {("E", "N"): 88, ("S", "N"): 44, ("W", "N"): 44},
        id="de_as_dragon_in_half_flush",
    ),
    # 9. One 得 restored: 得 is 5p; 东 uses it as 5p in 345p and self-draws 東 (pair).
    # 東對 2 + 自摸 2 + 底10 = 14; 番 "手裡的每張'得'還原以 1 翻" 1 + 無得 1 ("'得'還原後在'得'數量
    # 計算過程中應去掉得的數量"; docs: restored_then_hard) = 2 -> 56. 莊家胡: 56 each.
    pytest.param(
        [de("5p"), show("E", "123678m345p789s11z"), win("E", "self_draw", "1z")],
        {},
        {"E": 56},
        {("S", "E"): 56, ("W", "E"): 56, ("N", "E"): 56},
        id="one_de_restored_then_hard",
    ),
    # 10. Two 得 (5p), one restored, one as the own wind: "如二張得，一張還原，則算還原一番，一張得無番".
    # 南 self-draws 6m (66m pair): 得 -> 5p in 345p (還原 1番), 得 -> 南 (南暗刻 "風牌暗刻 8 和" and
    # "自己風家刻 1翻"). 8 + 自摸 2 + 底10 = 20; 番 還原 1 + 自己風家 1 = 2 (one 得 left: not 無得)
    # -> 80. (得 -> 2p in 234p instead: 20 × 2 = 40.)
    # 北 (閒家): four 北 in hand "可暗槓但沒槓按暗刻子計": 8 胡, 自己風家 1翻 -> 16.
    # 东→南 80 (全額); 西→南 40, 北→南 40; 东→北 16 (不減半); 西→北 16/2 = 8.
    pytest.param(
        [
            de("5p"),
            show("S", "12366m34p5p789s5p22z"),
            show("N", "147m369p258s4444z"),
            win("S", "self_draw", "6m"),
        ],
        {},
        {"S": 80, "N": 16},
        {("E", "S"): 80, ("W", "S"): 40, ("N", "S"): 40, ("E", "N"): 16, ("W", "N"): 8},
        id="one_de_restored_one_as_own_wind_pung",
    ),
    # 11. 莊家胡: 东 暗槓 東, 123m 456m 789m 55m, self-draws 5m. Best reading: 5m the middle of 456m
    # ("嵌檔 … 最後一張自摸…必須是該順子中的中間張", pair 55m). "風牌暗槓 32 和" 32 + 嵌檔 2 + 自摸 2
    # = 36 + 底10 = 46; 番 自己風家槓 1 + 混一色 1 + 無得 1 = 3 -> 368 (the 5m in the pair: 352).
    # 南: 南對 2 + 白暗刻 "字牌暗刻 8 和" 8 = 10, 白 1翻 -> 20 (the pair has no
    # 番: "有中，發，白，自己風家刻，槓"). 西: 中對 2 -> 2. 北: 0.
    # 368 from each; "閒家之間相減再除以2": 西→南 (20-2)/2 = 9, 北→南 20/2 = 10, 北→西 2/2 = 1.
    pytest.param(
        [
            de("9s"),
            show("E", "12345556789m", [("gang_concealed", "1111z", None)]),
            show("S", "147m258p36s22z555z"),
            show("W", "147m258p369s14p77z"),
            win("E", "self_draw", "5m"),
        ],
        {},
        {"E": 368, "S": 20, "W": 2},
        {
            ("S", "E"): 368,
            ("W", "E"): 368,
            ("N", "E"): 368,
            ("W", "S"): 9,
            ("N", "S"): 10,
            ("N", "W"): 1,
        },
        id="dealer_own_wind_concealed_kong_half_flush",
    ),
    # 12. 搶槓 (docs: like a discard): 西 robs 北's added 5m with 34m: 西對 2 + 底10 = 12, 無得 1翻
    # -> 24. 北 keeps its 碰 5m "其它刻子 2 和" -> 2. 南: 碰 南 + the fourth 南 in hand
    # "(可明槓沒槓按刻子計)": "風牌刻子 4 和", 自己風家 1翻 -> 8. 东: 0.
    # 东→西 24; 南→西 12, 北→西 12; 东→南 8, 东→北 2 (full); 北→南 (8-2)/2 = 3.
    pytest.param(
        [
            de("9s"),
            show("W", "345m123p456p789m33z"),
            show("N", "147m258p369s1z", [("peng", "555m", "E")]),
            show("S", "28m147p258s3z2z", [("peng", "222z", "N")]),
            win("W", "robbed_kong", "5m", "N"),
        ],
        {},
        {"W": 24, "N": 2, "S": 8},
        {
            ("E", "W"): 24,
            ("S", "W"): 12,
            ("N", "W"): 12,
            ("E", "S"): 8,
            ("E", "N"): 2,
            ("N", "S"): 3,
        },
        id="robbed_kong_konger_keeps_pung_unkonged_fourth",
    ),
    # 13. 清一色 with a restored 得 (5p): 西 123p 345p(得 as 5p) 678p 999p 11p, wins 1p from 南.
    # 999p 暗刻 8 + 底10 = 18; 番 清一色 3 + 還原 1 + 無得 1 (restored 得 taken out) = 5 -> 576.
    # (得 -> 2p: 18 × 8 = 144.) 东→西 576, 南→西 288, 北→西 288.
    pytest.param(
        [de("5p"), show("W", "11123345p678999p"), win("W", "discard", "1p", "S")],
        {},
        {"W": 576},
        {("E", "W"): 576, ("S", "W"): 288, ("N", "W"): 288},
        id="full_flush_with_a_restored_de",
    ),
    # 14. Case 4 with option `pengpenghu` (the table's "碰碰胡 … 4和"): (26 + 4) × 4 = 120.
    pytest.param(
        [
            de("9s"),
            show("N", "55m777s444z", [("peng", "222m", "W"), ("peng", "888p", "S")]),
            win("N", "discard", "5m", "E"),
        ],
        {"pengpenghu": True},
        {"N": 120},
        {("E", "N"): 120, ("S", "N"): 60, ("W", "N"): 60},
        id="all_pungs_with_the_pengpenghu_option",
    ),
    # 15. A dragon pung completed by the winning discard (docs decision: 刻子): 东 wins 中 from 西
    # with 中中 and 55p: "字牌刻子 4 和" 4 + 底10 = 14; 番 中 1 + 無得 1 = 2 -> 56. 56 from each.
    pytest.param(
        [de("9s"), show("E", "123456m789p55p777z"), win("E", "discard", "7z", "W")],
        {},
        {"E": 56},
        {("S", "E"): 56, ("W", "E"): 56, ("N", "E"): 56},
        id="dragon_pung_completed_by_the_discard",
    ),
]


@pytest.mark.parametrize(("records", "options", "points", "payments"), CASES)
def test_seed_audit_case(records, options, points, payments):
    check_case("huangyan", records, options, points, payments)
