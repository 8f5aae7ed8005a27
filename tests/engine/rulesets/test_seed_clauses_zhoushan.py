"""舟山(定海)麻将: clauses of shared/seeds/zhoushan.txt no earlier case pinned on its own: the 梅兰竹菊 set holding the seat's own flower, the 圈风 pung of a seat
whose own wind is the round's, 边张 on 89+7; all the flowers, 天胡, 碰碰胡 with 对倒, three dragon pungs, 杠上开花 with 单钓将, the
坎张 example, 排胡 with another wind's pair, 清一色, 地胡, 一炮多响 on the last discard. Every number was computed by hand from the quoted
clauses (and the decisions in docs/rules/zhoushan.md: the discarder alone pays, the 台 alone is paid) before
the engine ran. Summary logs through codec -> replay -> score -> settle.
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import check_case, next_dealer
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


FLOWERS = ["1f", "2f", "3f", "4f", "5f", "6f", "7f", "8f"]

# (records, options, round_wind, points, payments); docs defaults: cap 4, the discarder alone pays
# a discard win, "自摸…其他三家，都要按照胡牌者的台数相应付分", the 台 alone is paid (stake 1, base 0).
OPTION_CASES = [
    # 4. "(4)…若有全部的花牌，则计4台" 4 + "(5)自摸…计1台" 1 + "(15)排胡" 1 (34s+2s, pair 5s) = 6;
    # "台数超过4台，仍按4台计算" -> 4 from each.
    pytest.param(
        [show("E", "123m456m789p234s55s", revealed=FLOWERS), win("E", "self_draw", "2s")],
        {},
        None,
        {"E": 4},
        {("S", "E"): 4, ("W", "E"): 4, ("N", "E"): 4},
        id="all_flowers_capped_at_four",
    ),
    # 5. "(17)天胡：庄家起牌就成胡，计4台" 4 + 自摸 1 (docs: every item adds up) = 5 with cap=0;
    # 5 from each. (111m pung: no 排胡.)
    pytest.param(
        [show("E", "111m456m789p234s55s"), win("E", "self_draw", "2s", flags=["heaven"])],
        {"cap": 0},
        None,
        {"E": 5},
        {("S", "E"): 5, ("W", "E"): 5, ("N", "E"): 5},
        id="heaven_with_self_draw_uncapped",
    ),
    # 6. "(10)碰碰胡：由1对将牌+4比刻子组成的胡牌。计2台" 2 + "(6)对倒：胡别人打出的牌，并且该牌与自己的牌
    # 组成一个刻子，计1台" 1 (88s and 33z, won on 8s) = 3; 南, the discarder, pays 3 alone.
    pytest.param(
        [
            show("W", "555p777m888s33z", [("peng", "222m", "N")]),
            win("W", "discard", "8s", "S"),
        ],
        {},
        None,
        {"W": 3},
        {("S", "W"): 3},
        id="pengpeng_and_duidao_on_a_discard",
    ),
    # 7. "(1)中3个…1台" + "(2)发3个…1台" + "(3)白3个…1台" 3 + "(11)混一色…2台" 2 + "(9)…点胡单钓将计1台"
    # 1 (55m, won on 5m) = 6 with cap=0; 东 pays 6.
    pytest.param(
        [show("N", "555z666z777z123m55m"), win("N", "discard", "5m", "E")],
        {"cap": 0},
        None,
        {"N": 6},
        {("E", "N"): 6},
        id="three_dragon_pungs_half_flush_uncapped",
    ),
    # 8. 东 暗杠s 3p and self-draws the 白 pair on the replacement: "(12)杠上开花…计2台" 2 + "(9)…自模
    # 单钓将计2台" 2 = 4, no 自摸 ("杠上开花与自摸不累加"); cap=0: 4 from each.
    pytest.param(
        [
            show("E", "123m456m789s55z", [("gang_concealed", "3333p", None)]),
            win("E", "self_draw", "5z", flags=["kong_replacement"]),
        ],
        {"cap": 0},
        None,
        {"E": 4},
        {("S", "E"): 4, ("W", "E"): 4, ("N", "E"): 4},
        id="kong_bloom_with_self_drawn_dandiao",
    ),
    # 9. "(7)坎张…例如：…手上有3万和5万，胡4万": 南 self-draws 4m: 坎张 1 + 自摸 1 = 2 (no 排胡: "不可以是
    # …坎张"); 2 from each.
    pytest.param(
        [show("S", "345m123p678p456s99s"), win("S", "self_draw", "4m")],
        {},
        None,
        {"S": 2},
        {("E", "S"): 2, ("W", "S"): 2, ("N", "S"): 2},
        id="kanchan_the_seeds_example_self_drawn",
    ),
    # 10. 东风圈, 南 with a 北 pair: "(15)排胡：…作将的牌不可以是坐风、圈风、中、发、白" — 北 is neither
    # 南 (坐风) nor 东 (圈风): 排胡 1 (45s+3s 两面); 西 pays 1.
    pytest.param(
        [show("S", "123m456m789p345s44z"), win("S", "discard", "3s", "W")],
        {},
        "E",
        {"S": 1},
        {("W", "S"): 1},
        id="paihu_with_another_winds_pair",
    ),
    # 11. "(13)清一色：同一类型牌组成的胡牌。计4台" 4 + "(7)坎张" 1 (46p+5p) = 5 with cap=0 (111p: no
    # 排胡); the discarder 北 pays 5.
    pytest.param(
        [show("S", "123p456p789p111p99p"), win("S", "discard", "5p", "N")],
        {"cap": 0},
        None,
        {"S": 5},
        {("N", "S"): 5},
        id="full_flush_kanchan_uncapped",
    ),
    # 12. "(18)地胡：闲家摸第一张牌成胡，计1台" 1 + "(9)…自模单钓将计2台" 2 + 自摸 1 = 4 (at the cap);
    # 4 from each.
    pytest.param(
        [show("S", "123m456m789p345s11s"), win("S", "self_draw", "1s", flags=["first_draw"])],
        {},
        None,
        {"S": 4},
        {("E", "S"): 4, ("W", "S"): 4, ("N", "S"): 4},
        id="earth_with_self_drawn_dandiao",
    ),
    # 13. 一炮多响 on the last discard: 西's 5p after the last tile was drawn. 南 (46p): 坎张 1 +
    # "(16)海底捞月：胡打出的最后一张牌，计4台" 4 = 5 -> 4 (cap); 北 (34p, pair 9s): 排胡 1 + 海底 4 = 5
    # -> 4. 西 pays each 4.
    pytest.param(
        [
            show("S", "123m456m789s456p11s"),
            show("N", "345p123m678m234s99s"),
            win("S", "discard", "5p", "W", flags=["last_tile"]),
            win("N", "discard", "5p", "W", flags=["last_tile"]),
        ],
        {},
        None,
        {"S": 4, "N": 4},
        {("W", "S"): 4, ("W", "N"): 4},
        id="two_winners_on_the_last_discard",
    ),
]


@pytest.mark.parametrize("records,options,round_wind,points,payments", OPTION_CASES)
def test_seed_option_case(records, options, round_wind, points, payments):
    check_case("zhoushan", records, options, points, payments, round_wind=round_wind)


def test_the_dealer_keeps_the_deal_after_its_kong_bloom():
    # "庄家胡牌后继续做庄": case 8's 东 won.
    assert next_dealer("zhoushan", OPTION_CASES[4].values[0]) == "E"


def test_two_winners_on_the_last_discard_the_first_after_the_discarder_deals():
    # "一炮多响按逆时针胡在前面的为下局庄家": 西 threw, 北 comes before 南 after it.
    assert next_dealer("zhoushan", OPTION_CASES[-1].values[0]) == "N"
