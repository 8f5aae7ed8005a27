"""温岭麻将: full play-by-play logs written by hand (the notation in play_log.py), where the replay
must find what a summary log would state: 天胡 after a flower replaced at the deal, a 闲家's win on
its first draw (地胡 only by option), and 特殊处罚2 on a 中 that is no longer a 生牌. Computed by hand
from shared/seeds/wenling.txt before the engine ran. 得 = 9s (indicator 9s); nobody holds one.

  "天胡 指庄家，没打一张牌就已胡牌"; "地胡 庄家打出第一牌后，就有玩家胡牌";
  "特殊处罚 … 2：在非一上一听前…打红中或发财被对方胡牌，打者作包三家处理";
  C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例"; C.2 "（被支付方牌点汇总－支付方牌点汇总） /10".
北 (NORTH) holds a 1p 暗刻, "1、9牌暗刻 8胡" -> 10; 东 (EAST), 西 (FAR) singles and runs: 0.
"""

import pytest

from tests.engine.rulesets.play_log import check_played
from tests.engine.rulesets.test_played_liabilities_wenling import EAST, FAR, NORTH, SOUTH


def test_heaven_after_a_flower_replaced_at_the_deal():
    # 东 is dealt 123m 456m 789m 123p 456p 8s and 春; it shows 春, draws 8s from the back and declares
    # before any discard: "天胡 … 没打一张牌就已胡牌" 腊子 500 (also 杠上开花 "包括翻白板花牌一类时的补牌",
    # which a 腊子 does not add to). C.1: each pays 50. C.2: 南 (0) → 北 1, 西 (0) → 北 1. "坐庄": 东.
    check_played(
        "wenling",
        {"E": "123m456m789m123p456p8s1f", "S": SOUTH, "W": FAR, "N": NORTH},
        "E!1f E*8s E:zimo:8s",
        {"E": 500, "S": 0, "W": 0, "N": 10},
        {("S", "E"): 50, ("W", "E"): 50, ("N", "E"): 50, ("S", "N"): 1, ("W", "N"): 1},
        "E",
    )


@pytest.mark.parametrize(
    ("options", "south", "each"),
    [
        # By default (docs: 地胡 is a win on the dealer's first discard) a plain self-draw: five
        # chows, 88s pair, 67p + 8p 两面: "旁胡 1番", "无'得' 1番", "自摸为 2 胡": 22 × 4 = 88 -> 90.
        pytest.param({}, 90, 9, id="first_draw_is_no_earth_by_default"),
        # `dihu_first_draw`: "庄家打出第一牌后，就有玩家胡牌" read to cover it: 腊子 500.
        pytest.param({"dihu_first_draw": True}, 500, 50, id="first_draw_is_earth_by_option"),
    ],
)
def test_a_win_on_the_first_draw_after_the_dealers_first_discard(options, south, each):
    # 东 throws 东; 南 draws 8p and declares. C.2: 东 (0) → 北 1, 西 (0) → 北 1. 南 deals next.
    check_played(
        "wenling",
        {"E": EAST, "S": "123456789m23467p88s", "W": FAR, "N": NORTH},
        "E-1z S+8p S:zimo:8p",
        {"E": 0, "S": south, "W": 0, "N": 10},
        {("E", "S"): each, ("W", "S"): each, ("N", "S"): each, ("E", "N"): 1, ("W", "N"): 1},
        "S",
        options,
    )


def test_a_red_dragon_already_thrown_still_makes_its_thrower_liable():
    # 北 throws a 中 early (南 then holds 北, not 中: it cannot win on it); 南 draws 中 and throws 北,
    # waiting on 中 (单吊). 西 throws its 中 far from 听牌 and 南 wins. The 中 is no 生牌 (北 threw one)
    # and the hand is not in the 生牌阶段, but 特殊处罚2 names no 生牌: 包三家.
    # 南: "字牌…对 2 胡" + "单吊为 2 胡" = 4, (4 + 20) × 2 (无得) = 48 -> 50. 西 counts 0: "2：…全由
    # 被包者支付" 西 → 南 3 × 5 = 15; "3：" 西 → 北 1; "4：" 东 (0) would pay 北 1: 西 → 北 2 in all.
    deals = {
        "E": EAST,
        "S": "123456789m234567p4z",
        "W": FAR,
        "N": "111p489p678s25s47m347z",
    }
    steps = "E-1z S~3s W~3s N+6z N-7z E~1m S+7z S-4z W+2m W-7z S:hu:7z:W"
    # 南 won, not 东: 南 deals next.
    points = {"E": 0, "S": 50, "W": 0, "N": 10}
    check_played("wenling", deals, steps, points, {("W", "S"): 15, ("W", "N"): 2}, "S")
