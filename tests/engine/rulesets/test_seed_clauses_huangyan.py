"""黄岩麻将: clauses of shared/seeds/huangyan.txt no earlier case pinned on its own: the round wind, 其它對子 0 和, a non-winner's 字牌暗槓, equal 閒家 that
settle nothing, four 番 on one winner; a 閒家胡 on a 閒家's discard, 莊家胡 with 清一色, a non-winner
without 無得, a winner's 風牌明槓 of another wind, 莊家胡 on a 閒家's discard. Every number was computed by hand from the quoted
clauses before the engine ran. Summary logs through codec -> replay -> score -> settle.

Formulas: "胡的人的胡數=（算出幾胡+底胡）X翻數", "1翻=2倍", "10胡底"; "沒胡的人的胡數=算出幾胡X翻數".
Tiles: 1z-4z 東南西北, 5z 白, 6z 發, 7z 中. 得 is 九条 (indicator 9s); no hand below holds one.
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case
from tests.engine.summary_log import show, win

DE = {"type": "wildcard", "indicator": "9s"}

CASES = [
    # 1. 南圈 (round wind 南); 莊家 東 wins 3m (edge of 12m, no item) on 西's discard.
    # 東: 碰南 "風牌刻子 4 和" 4; 55s "其它對子 0 和" 0 -> 4 + 底10 = 14. 番: 南 is not "自己風家"
    # (the dealer's is 東) and the seed knows no 圈風 (docs decision) -> only 無得 1翻 -> 28.
    # 西: 東對 "其它對子 0 和" 0 (not its own wind), 西對 "自家門風對 2 和" 2, 發對 "字牌對 2 和" 2 -> 4,
    # no 番 (pairs make none). 北: 暗槓中 "字牌暗槓 32 和", 中 1翻 -> 64. 南 shows nothing: 0.
    # 莊家胡 "閒家按全額支付給莊家": 南, 西, 北 → 東 28 each; "閒家之間相減再除以2":
    # 南→西 (4-0)/2 = 2, 南→北 (64-0)/2 = 32, 西→北 (64-4)/2 = 30.
    pytest.param(
        [
            DE,
            show("E", "123m456m789p55s", [("peng", "222z", "N")]),
            show("W", "147m258p3s113366z"),
            show("N", "258m147p1478s", [("gang_concealed", "7777z", None)]),
            win("E", "discard", "3m", "W"),
        ],
        "S",
        {"E": 28, "W": 4, "N": 64},
        {
            ("S", "E"): 28,
            ("W", "E"): 28,
            ("N", "E"): 28,
            ("S", "W"): 2,
            ("S", "N"): 32,
            ("W", "N"): 30,
        },
        id="round_wind_pung_other_pairs_nonwinner_dragon_kong",
    ),
    # 2. 閒家胡 on the dealer's discard; the dealer and 西 tie. 南 wins 6m, the middle of 567m:
    # "嵌檔 2 和" 2 + 中對 "字牌對 2 和" 2 = 4 + 底10 = 14, 無得 1翻 -> 28.
    # 東 (莊): 555p "其它暗刻 4 和" 4, 北對 "其它對子 0 和" (東's wind is 東) -> 4.
    # 西: 碰 5s "其它刻子 2 和" 2 + 白對 2 -> 4. 北: 0.
    # "莊家按全額支付給閒家；其餘兩個閒家減半給": 東→南 28, 西→南 14, 北→南 14.
    # "莊家和其餘兩家不減半": 東-西 4-4 = 0 (nothing), 北→東 4-0 = 4. "其餘兩家相減再減半": 北→西 (4-0)/2 = 2.
    pytest.param(
        [
            DE,
            show("S", "234m567m345p678s77z"),
            show("E", "555p147m28s12344z"),
            show("W", "258m36p147s55z", [("peng", "555s", "N")]),
            win("S", "discard", "6m", "E"),
        ],
        None,
        {"S": 28, "E": 4, "W": 4},
        {("E", "S"): 28, ("W", "S"): 14, ("N", "S"): 14, ("N", "E"): 4, ("N", "W"): 2},
        id="nondealer_wins_dealer_ties_a_nondealer",
    ),
    # 3. Four 番 on one winner. 西 self-draws 2p, the middle of 123p: 西暗刻 "風牌暗刻 8 和" 8 +
    # 碰發 "字牌刻子 4 和" 4 + "嵌檔 2 和" 2 + "自摸 2 和" 2 + 88p 0 = 16 + 底10 = 26.
    # 番: 發 1 + 自己風家刻 1 + 混一色 1 + 無得 1 = 4 -> 26 × 16 = 416.
    # 閒家胡: 東 (莊) → 西 416 全額; 南, 北 → 西 416/2 = 208.
    pytest.param(
        [
            DE,
            show("W", "333z123p456p88p", [("peng", "666z", "S")]),
            win("W", "self_draw", "2p"),
        ],
        None,
        {"W": 416},
        {("E", "W"): 416, ("S", "W"): 208, ("N", "W"): 208},
        id="four_fan_half_flush_dragon_own_wind_hard",
    ),
    # 4. 閒家胡 on a 閒家's discard: the discarder pays as any 閒家 (the seed knows no 包).
    # 南 wins 5s on 北's discard, the middle of 456s: 碰 5p "每個其它刻子 2 和" 2 + 888m "每個其它暗刻
    # 4 和" 4 + "嵌檔 2 和" 2 + 33m 0 = 8 + 底10 = 18; 無得 1翻 -> 36. 東 (莊): 白暗刻 "字牌暗刻 8 和"
    # 8, 白 "中，發，白，自己分家各為一翻" -> 16. 西, 北 show nothing: 0.
    # "莊家按全額支付給閒家；其餘兩個閒家減半給": 東→南 36, 西→南 18, 北→南 18 (北 discarded: no more).
    # "莊家和其餘兩家不減半": 西→東 16, 北→東 16; "其餘兩家相減再減半": 西-北 0.
    pytest.param(
        [
            DE,
            show("S", "888m123p456s33m", [("peng", "555p", "E")]),
            show("E", "555z147m258p36s24z"),
            win("S", "discard", "5s", "N"),
        ],
        None,
        {"S": 36, "E": 16},
        {("E", "S"): 36, ("W", "S"): 18, ("N", "S"): 18, ("W", "E"): 16, ("N", "E"): 16},
        id="nondealer_wins_on_a_nondealers_discard",
    ),
    # 5. 莊家胡, 清一色: 東 self-draws 5m, the middle of 456m: 111m "1、9牌暗刻 8 和" 8 + "嵌檔 2 和"
    # 2 + "自摸 2 和" 2 + 99m 0 = 12 + 底10 = 22; 番 "清一色 3翻（即最終結果X2X2X2=X8）" + 無得 1 = 4
    # -> 22 × 16 = 352. "閒家按全額支付給莊家": 352 from each.
    pytest.param(
        [DE, show("E", "111m234m456m678m99m"), win("E", "self_draw", "5m")],
        None,
        {"E": 352},
        {("S", "E"): 352, ("W", "E"): 352, ("N", "E"): 352},
        id="dealer_full_flush_self_draw",
    ),
    # 6. A non-winner has no 無得 番 ("沒胡的人的胡數=算出幾胡X翻數; 中，發，白，自己分家各為一翻").
    # 北 self-draws 2s (34s 兩面): "自摸 2 和" 2 + 底10 = 12; 無得 1翻 -> 24. 南: 明槓 東 "每個風牌明槓
    # 16 和" 16 (東 is not 南's wind: no 番) + 碰 9p "1、9牌刻子 4 和" 4 = 20, no 番 -> 20.
    # 閒家胡: 東→北 24, 南→北 12, 西→北 12; "莊家和其餘兩家不減半": 東→南 20 - 0 = 20 (東-西 0);
    # "其餘兩家相減再減半": 西→南 (20 - 0)/2 = 10.
    pytest.param(
        [
            DE,
            show("N", "123m456m789p234s55s"),
            show("S", "147m258p3s", [("gang_exposed", "1111z", "W"), ("peng", "999p", "E")]),
            win("N", "self_draw", "2s"),
        ],
        None,
        {"N": 24, "S": 20},
        {("E", "N"): 24, ("S", "N"): 12, ("W", "N"): 12, ("E", "S"): 20, ("W", "S"): 10},
        id="nonwinner_wind_kong_no_hard_fan",
    ),
    # 7. 西 明槓s 南's 北 and self-draws 5m (34m 兩面): "每個風牌明槓 16 和" 16 (北 is not 西's wind) +
    # 白 "字牌暗刻 8 和" 8 + "自摸 2 和" 2 + 11s 0 = 26 + 底10 = 36; 番 白 1 + 無得 1 = 2 -> 144.
    # 閒家胡: 東→西 144, 南→西 72, 北→西 72.
    pytest.param(
        [
            DE,
            show("W", "555z345m678p11s", [("gang_exposed", "4444z", "S")]),
            win("W", "self_draw", "5m"),
        ],
        None,
        {"W": 144},
        {("E", "W"): 144, ("S", "W"): 72, ("N", "W"): 72},
        id="other_wind_exposed_kong_white_concealed_pung",
    ),
    # 8. 莊家胡 on a 閒家's discard: 東 wins 2s (34s 兩面) on 西's discard: 0 + 底10 = 10, 無得 1翻
    # -> 20; "閒家按全額支付給莊家": 20 from each, 西 (the discarder) no more. 北: 碰中 "字牌刻子 4 和" 4
    # + 暗槓北 "風牌暗槓 32 和" 32 = 36; 番 "中，發，白，自己分家各為一翻": 中 1 + 北 1 = 2 -> 144.
    # "閒家之間相減再除以2": 南 → 北 144/2 = 72, 西 → 北 72 (南-西 0).
    pytest.param(
        [
            DE,
            show("E", "123m456m789p234s55s"),
            show("N", "147m258p3s", [("peng", "777z", "S"), ("gang_concealed", "4444z", None)]),
            win("E", "discard", "2s", "W"),
        ],
        None,
        {"E": 20, "N": 144},
        {
            ("S", "E"): 20,
            ("W", "E"): 20,
            ("N", "E"): 20,
            ("S", "N"): 72,
            ("W", "N"): 72,
        },
        id="dealer_wins_on_a_discard_nonwinner_two_fan",
    ),
]


@pytest.mark.parametrize("records,round_wind,points,payments", CASES)
def test_seed_case(records, round_wind, points, payments):
    check_case("huangyan", records, {}, points, payments, round_wind=round_wind)
