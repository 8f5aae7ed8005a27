"""温岭麻将: clauses of shared/seeds/wenling.txt no earlier case pinned on its own: 西's own flowers 秋 and 竹 on a 旁胡 self-draw; a 闲家's 碰 with the fourth tile
in hand. Computed by hand from the quoted clauses before the engine ran; summary logs through
codec -> replay -> score -> settle.

  "牌点汇总 = （基础牌点 + 基础20胡） *2^ 番数", 500 cap, "若有零数的以进 10 计算";
  C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例" (×1).
"""

from tests.engine.rulesets.seed_case_helpers import check_case, each
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
