"""舟山(定海)麻将: clauses of shared/seeds/zhoushan.txt no earlier case pinned on its own: the 梅兰竹菊 set holding the seat's own flower, the 圈风 pung of a seat
whose own wind is the round's, 边张 on 89+7. Every number was computed by hand from the quoted
clauses (and the decisions in docs/rules/zhoushan.md: the discarder alone pays, the 台 alone is paid) before
the engine ran. Summary logs through codec -> replay -> score -> settle.
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case
from tests.engine.summary_log import show, win

CASES = [
    # 1. 北 shows 梅 兰 竹 菊 (5f-8f): "(4)…若有春、夏、秋、冬或梅、兰、竹、菊的组合计2台" 2; 菊 is 北's own
    # (docs flower_order=spec: 北=冬菊) but inside the set it is not a 正花 again. Wins 4s (35s:
    # "(7)坎张" 1; so no 排胡) on 东's discard: 3台; 东 pays 3.
    pytest.param(
        [
            show("N", "123m456m789p345s77s", revealed=["5f", "6f", "7f", "8f"]),
            win("N", "discard", "4s", "E"),
        ],
        None,
        {"N": 3},
        {("E", "N"): 3},
        id="plum_set_holds_the_own_flower",
    ),
    # 2. 北风圈: 北 碰北 — "(19)圈风…计1台" 1; that it is also 北's 坐风 adds nothing (the seed scores
    # 坐风 nowhere but in 排胡). Wins the 5s pair on 南's discard: "(9)…点胡单钓将计1台" 1 = 2台;
    # 南 pays 2.
    pytest.param(
        [
            show("N", "123m456m789p55s", [("peng", "444z", "W")]),
            win("N", "discard", "5s", "S"),
        ],
        "N",
        {"N": 2},
        {("S", "N"): 2},
        id="round_wind_pung_of_the_seats_own_wind",
    ),
    # 3. "(8)边张：…或手上有8万和9万，胡7万…计1台": 西 wins 7m (89m) on 北's discard; the 边张 wait
    # bars 排胡 ("胡牌时不可以是边张"): 1台; 北 pays 1.
    pytest.param(
        [show("W", "789m123p456p678s55s"), win("W", "discard", "7m", "N")],
        None,
        {"W": 1},
        {("N", "W"): 1},
        id="penchan_seven_of_89",
    ),
]


@pytest.mark.parametrize("records,round_wind,points,payments", CASES)
def test_seed_case(records, round_wind, points, payments):
    check_case("zhoushan", records, {}, points, payments, round_wind=round_wind)
