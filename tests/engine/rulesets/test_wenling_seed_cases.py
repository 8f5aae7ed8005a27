"""温岭麻将: a clause of shared/seeds/wenling.txt no earlier case pinned on its own (helper `seeds`,
issue 29 session): 西's own flowers 秋 and 竹 on a 旁胡 self-draw. Computed by hand from the quoted
clauses before the engine ran; a summary log through codec -> replay -> score -> settle.

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
