"""舟山(定海)麻将: several clauses of shared/seeds/zhoushan.txt stacked on one hand — 台 items
together over and under the cap, options beside them, the dealer's seat after several winners,
a 天胡 on a kong's replacement, 地胡 with flowers, and full play-by-play logs where the replay
must find 地胡, 杠上开花 and who fed the kong. Every number was computed by hand from the quoted
clauses (and the decisions in docs/rules/zhoushan.md: the discarder alone pays a discard win, the
台 alone is paid, cap 4) before the engine ran; the arithmetic is beside each case.

  "台数可以累加计算"  "台数超过4台，仍按4台计算"
  "(1)中3个…计1台" "(2)发3个…计1台"  "(4)花牌：…有正花，计1台"  "(5)自摸…计1台"
  "(6)对倒：胡别人打出的牌，并且该牌与自己的牌组成一个刻子，计1台"  "(7)坎张…计1台"  "(8)边张…计1台"
  "(9)单钓将…点胡单钓将计1台，自模单钓将计2台"  "(10)碰碰胡…计2台"  "(11)混一色…计2台"
  "(12)杠上开花：自己抓牌开杠，补牌成胡牌…计2台。抓别人的牌开杠，补牌后成胡，被开杠那家付3家，
   杠上开花与自摸不累加。"  "(13)清一色…计4台"  "(14)抢杠胡…被抢杠者，付抢杠者台数的五倍"
  "(15)排胡：4比牌全由顺子组成，作将的牌不可以是坐风、圈风、中、发、白"  "(16)海底捞月…计4台"
  "(17)天胡：庄家起牌就成胡，计4台。"  "(18)地胡：闲家摸第一张牌成胡，计1台。"  "(19)圈风…计1台"
  "庄家胡牌后继续做庄"  "闲家胡牌后庄家下庄，下盘由原庄家下家做庄"  "一炮多响按逆时针胡在前面的为下局庄家"
"""

import pytest

from tests.engine.rulesets import play_log
from tests.engine.rulesets.seed_case_helpers import check_case, each, next_dealer
from tests.engine.summary_log import show, win

FIVE_P_SOUTH = show("S", "123m456m789s456p99s")  # 46p + 5p: 坎张, nothing else
FIVE_P_RED = "777z123m789s456p11z"  # 中3个 + 46p + 5p 坎张 (the 东 pair no matter: no 排胡)

CASES = [
    # 1. 南: 碰 发 (西), 111m 555m 999m and a 3m alone, wins 西's 3m: 碰碰胡 2 + 混一色 2 + 发3个 1
    # + 点胡单钓将 1 = 6 -> 4 ("超过4台，仍按4台计算"); 西 pays 4.
    pytest.param(
        [show("S", "111m555m999m33m", [("peng", "666z", "W")]), win("S", "discard", "3m", "W")],
        {},
        {"S": 4},
        {("W", "S"): 4},
        id="pengpeng_half_flush_green_tanki_capped",
    ),
    # 2. The same hand with `cap` 0: 6, 西 pays 6.
    pytest.param(
        [show("S", "111m555m999m33m", [("peng", "666z", "W")]), win("S", "discard", "3m", "W")],
        {"cap": 0},
        {"S": 6},
        {("W", "S"): 6},
        id="pengpeng_half_flush_green_tanki_uncapped",
    ),
    # 3. 南 self-draws 9p to 111p 333p 555p 777p 9p: 清一色 4 + 碰碰胡 2 + 自模单钓将 2 + 自摸 1 = 9
    # (`cap` 0); `stake` 2: each of three pays 2 × 9 = 18.
    pytest.param(
        [show("S", "111p333p555p777p99p"), win("S", "self_draw", "9p")],
        {"cap": 0, "stake": 2},
        {"S": 9},
        each("S", 18),
        id="full_flush_pengpeng_self_drawn_tanki_stake_2",
    ),
    # 4. 南 明杠s 北's 中 and wins 3s (12s: 边张) on the replacement, showing 夏 (南's own):
    # 中3个 1 (the kong's four) + 正花 1 + 杠上开花 2 + 边张 1 = 5 -> 4; "被开杠那家付3家" with
    # `base` 1 and `stake` 2: 北 pays 3 × 2 × (1 + 4) = 30 alone.
    pytest.param(
        [
            show("S", "234m678m123s55s", [("gang_exposed", "7777z", "N")], revealed=["2f"]),
            win("S", "self_draw", "3s", flags=["kong_replacement"]),
        ],
        {"base": 1, "stake": 2},
        {"S": 4},
        {("N", "S"): 30},
        id="claimed_kong_bloom_red_own_flower_edge_base_stake",
    ),
    # 5. One discard, two winners: 东 throws 5p; 西 (46p: 坎张) 1台, 北 (中3个 1 + 坎张 1) 2台. The
    # discarder pays each: 东 -> 西 1, 东 -> 北 2.
    pytest.param(
        [
            show("W", "123m456m789s456p99s"),
            show("N", FIVE_P_RED),
            win("W", "discard", "5p", "E"),
            win("N", "discard", "5p", "E"),
        ],
        {},
        {"W": 1, "N": 2},
        {("E", "W"): 1, ("E", "N"): 2},
        id="dealer_feeds_two_winners",
    ),
    # 6. The same under `discard_payer=all`: the seats that did not win, 东 and 南, pay each
    # winner: 西 1 from each, 北 2 from each.
    pytest.param(
        [
            show("W", "123m456m789s456p99s"),
            show("N", FIVE_P_RED),
            win("W", "discard", "5p", "E"),
            win("N", "discard", "5p", "E"),
        ],
        {"discard_payer": "all"},
        {"W": 1, "N": 2},
        {("E", "W"): 1, ("S", "W"): 1, ("E", "N"): 2, ("S", "N"): 2},
        id="dealer_feeds_two_winners_all_pay",
    ),
    # 7. 北 throws 5p; 东 (坎张) 1台 and 西 (中3个 + 坎张) 2台: 北 pays 东 1 and 西 2.
    pytest.param(
        [
            show("E", "123m456m789s456p99s"),
            show("W", FIVE_P_RED),
            win("E", "discard", "5p", "N"),
            win("W", "discard", "5p", "N"),
        ],
        {},
        {"E": 1, "W": 2},
        {("N", "E"): 1, ("N", "W"): 2},
        id="north_feeds_the_dealer_and_west",
    ),
    # 8. 西 self-draws 4s on its first draw (23s: 两面; four runs, 55s), showing 秋 and 竹 (西's
    # own in the seed's 春夏秋冬梅兰竹菊 order): 地胡 1 + 自摸 1 + 排胡 1 + 正花 2 = 5 (`cap` 0).
    pytest.param(
        [
            show("W", "123m456m789p234s55s", revealed=["3f", "7f"]),
            win("W", "self_draw", "4s", flags=["first_draw"]),
        ],
        {"cap": 0},
        {"W": 5},
        each("W", 5),
        id="dihu_self_draw_paihu_two_own_flowers",
    ),
    # 9. The same with `own_flowers=one` ("有正花，计1台" once): 1 + 1 + 1 + 1 = 4.
    pytest.param(
        [
            show("W", "123m456m789p234s55s", revealed=["3f", "7f"]),
            win("W", "self_draw", "4s", flags=["first_draw"]),
        ],
        {"cap": 0, "own_flowers": "one"},
        {"W": 4},
        each("W", 4),
        id="dihu_self_draw_paihu_own_flowers_one",
    ),
    # 10. 东 暗杠s 3s at the deal and wins 7p (89p: 边张) on the replacement: 天胡 4 + 杠上开花 2
    # (no 自摸: "不累加") + 边张 1 = 7 (`cap` 0): 7 from each.
    pytest.param(
        [
            show("E", "123m456m789p55s", [("gang_concealed", "3333s", None)]),
            win("E", "self_draw", "7p", flags=["heaven", "kong_replacement"]),
        ],
        {"cap": 0},
        {"E": 7},
        each("E", 7),
        id="heaven_on_a_kong_replacement_uncapped",
    ),
    # 11. The same capped (the default): 4 from each.
    pytest.param(
        [
            show("E", "123m456m789p55s", [("gang_concealed", "3333s", None)]),
            win("E", "self_draw", "7p", flags=["heaven", "kong_replacement"]),
        ],
        {},
        {"E": 4},
        each("E", 4),
        id="heaven_on_a_kong_replacement_capped",
    ),
    # 12. 北 wins 南's last discard 9s, waiting on 99s or 33z (双碰), beside a 碰 of 8m: 海底捞月 4 +
    # 对倒 1 + 碰碰胡 2 = 7 -> 4; `stake` 3: 南 pays 12.
    pytest.param(
        [
            show("N", "111m555p999s33z", [("peng", "888m", "W")]),
            win("N", "discard", "9s", "S", flags=["last_tile"]),
        ],
        {"stake": 3},
        {"N": 4},
        {("S", "N"): 12},
        id="haidi_duidao_pengpeng_stake_3",
    ),
    # 13. In the 南 round the dealer wins 南's 9m (99m: 单钓将) with 东 and 南 pungs, 555m 777m:
    # 碰碰胡 2 + 混一色 2 + 圈风 1 (南) + 点胡单钓将 1 = 6 (its own 东 pung counts nothing; `cap` 0):
    # 南 pays 6.
    pytest.param(
        [show("E", "111z222z555m777m99m"), win("E", "discard", "9m", "S")],
        {"cap": 0},
        {"E": 6},
        {("S", "E"): 6},
        id="south_round_dealer_pengpeng_half_flush_round_wind_tanki",
    ),
    # 14. `tanki_self_draw_tai=1`: 南 wins 5s alone on its 暗杠's replacement beside a 中 pung:
    # 杠上开花 2 + 单钓将 1 (the option) + 中3个 1 = 4 (`cap` 0; the default reading is 5).
    pytest.param(
        [
            show("S", "777z234m678s55s", [("gang_concealed", "1111p", None)]),
            win("S", "self_draw", "5s", flags=["kong_replacement"]),
        ],
        {"cap": 0, "tanki_self_draw_tai": 1},
        {"S": 4},
        each("S", 4),
        id="own_kong_bloom_tanki_one_by_option_red",
    ),
    # 15. `pinghu_tai=0` with a 底 of 1 (`base` 1): 南's 排胡 on 西's 4s is worth 0台, and the 底
    # alone is paid: 西 pays 1 × (1 + 0) = 1.
    pytest.param(
        [show("S", "123m456m789p234s55s"), win("S", "discard", "4s", "W")],
        {"pinghu_tai": 0, "base": 1},
        {"S": 0},
        {("W", "S"): 1},
        id="paihu_zero_by_option_base_paid",
    ),
    # 16. `pinghu_tai=2`, `stake` 2, self-drawn: 排胡 2 + 自摸 1 = 3, 2 × 3 = 6 from each.
    pytest.param(
        [show("S", "123m456m789p234s55s"), win("S", "self_draw", "4s")],
        {"pinghu_tai": 2, "stake": 2},
        {"S": 3},
        each("S", 6),
        id="paihu_two_by_option_self_drawn_stake_2",
    ),
    # 17. 西 throws 5p; 南 wins it with 34p and a 白 pair (no 排胡: "作将的牌不可以是…白") = 0台,
    # 北 with 中3个 1 + 坎张 1 = 2台; `base` 1: 西 pays 南 1 × (1 + 0) = 1 and 北 1 × (1 + 2) = 3.
    pytest.param(
        [
            show("S", "123m456m789s345p55z"),
            show("N", FIVE_P_RED),
            win("S", "discard", "5p", "W"),
            win("N", "discard", "5p", "W"),
        ],
        {"base": 1},
        {"S": 0, "N": 2},
        {("W", "S"): 1, ("W", "N"): 3},
        id="zero_tai_winner_beside_a_two_tai_one_with_a_base",
    ),
    # 18. 北 robs 南's 加杠 of 5p with 34p (两面, four runs, 99m): 排胡 2 (`pinghu_tai` 2); "被抢杠者，
    # 付抢杠者台数的五倍" with `stake` 2: 南 pays 5 × 2 × 2 = 20.
    pytest.param(
        [show("N", "123m456s789s345p99m"), win("N", "robbed_kong", "5p", "S")],
        {"pinghu_tai": 2, "stake": 2},
        {"N": 2},
        {("S", "N"): 20},
        id="robbed_kong_paihu_two_stake_2",
    ),
    # 19. 北 wins 西's 5p with 46p (坎张) and shows 春夏秋冬 and 菊 (北's own, outside the set):
    # 一套花 2 + 正花 1 + 坎张 1 = 4; 西 pays 4.
    pytest.param(
        [
            show("N", "123m456m789s456p99s", revealed=["1f", "2f", "3f", "4f", "8f"]),
            win("N", "discard", "5p", "W"),
        ],
        {},
        {"N": 4},
        {("W", "N"): 4},
        id="season_set_and_own_plant_kanchan",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", CASES)
def test_stacked_clauses(records, options, points, payments):
    check_case("zhoushan", records, options, points, payments)


def _records(case_id: str) -> list[dict]:
    return next(c.values[0] for c in CASES if c.id == case_id)


@pytest.mark.parametrize(
    ("case_id", "dealer"),
    [
        # "一炮多响按逆时针胡在前面的为下局庄家": after 东 comes 南 (no win), then 西.
        ("dealer_feeds_two_winners", "W"),
        # After 北 comes 东, a winner: the dealer keeps the deal.
        ("north_feeds_the_dealer_and_west", "E"),
        # After 西 comes 北 (南's 0台 win stands, but 北 comes first).
        ("zero_tai_winner_beside_a_two_tai_one_with_a_base", "N"),
        # "庄家胡牌后继续做庄", on a discard and on a kong's replacement at the deal.
        ("south_round_dealer_pengpeng_half_flush_round_wind_tanki", "E"),
        ("heaven_on_a_kong_replacement_capped", "E"),
        # "闲家胡牌后庄家下庄，下盘由原庄家下家做庄".
        ("dihu_self_draw_paihu_two_own_flowers", "S"),
    ],
)
def test_the_next_dealer(case_id, dealer):
    assert next_dealer("zhoushan", _records(case_id)) == dealer


# -- full logs: the replay finds 天胡, 地胡 and the kong a bloom follows --------------------------
# (test_seed_stacks_xizhou.py plays the same hands as xizhou.)

FILLER = {"W": "2369m1369p1258s5z", "N": "2589m1378p1457s7z"}
# 南 waits on 5p with 46p; 东 throws 5p at once.
FIRST_DISCARD_DEALS = {"E": "5p147m268p369s2346z", "S": "123m456m789s46p99s"} | FILLER
# 北 completes 111m 555p 999s 22s 33s (双碰) with the 3s of its first draw, nobody claiming before.
NORTH_FIRST_DRAW_DEALS = {
    "E": "1z147m268p369s2346z",
    "S": "2369m1369p1258s5z",
    "W": "2589m1378p1457s7z",
    "N": "111m555p999s22s33s",
}
NORTH_FIRST_DRAW = "E-1z S~4z W~4z N+3s N:zimo:3s"
# 北 碰s 东's 7s, later 明杠s 南's 5p; the replacement is the fourth 7s, added to the 碰 at once (加杠,
# no discard between), and the 加杠's replacement 5m completes 46m.
ADDED_CHAIN_DEALS = {
    "E": "7s147m268p369s2346z",
    "S": "2369m1369p1248s5z",
    "W": "2589m1378p1458s7z",
    "N": "555p77s123m46m99s1z",
}
ADDED_CHAIN = "E-7s N:peng N-1z E~5z S~5p N:gang:exposed:5p N*7s N:gang:added:7s N*5m N:zimo:5m"
# 东 wins on its fourteen dealt tiles, naming 4s (23s: 两面) as the tile it won on.
HEAVEN_DEALS = {
    "E": "123m456m789p234s55s",
    "S": "2369m1369p1258s5z",
    "W": "2589m1378p1457s7z",
    "N": "147m258p369s1234z",
}
# 东 暗杠s its four 东 and throws the replacement (or: shows 春 and throws its replacement 5p)
# before 南's first draw; 南 waits on 5p with 46p.
DEALER_KONG_DEALS = {
    "E": "1111z147m258p369s2z",
    "S": "123m456m789s46p99s",
    "W": "2369m1369p1258s5z",
    "N": "2589m1378p1457s7z",
}
DEALER_KONG = "E:gang:concealed:1z E*3z E-3z S+5p S:zimo:5p"
DEALER_FLOWER_DEALS = DEALER_KONG_DEALS | {"E": "1f147m268p369s2346z"}
DEALER_FLOWER = "E!1f E*5p E-5p S:hu:5p:E"

# 北 碰s 南's 1z and 2z, then 明杠s 南's 5p (its third claim on 南) and throws 3s after the
# replacement; 南 (123m 456m 789m 12s 88p, no claim) wins it.
THIRD_CLAIM_KONG_DEALS = {
    "E": "147m268p369s3z6z7z4s8s",
    "S": "123m456m789m1s1z2z5p",
    "W": "2369m1379p1257s5z",
    "N": "11z22z555p3s4z6z7z99m",
}
THIRD_CLAIM_KONG = (
    "E-3z S+2s S-1z N:peng N-4z E~9p S+8p S-2z N:peng N-6z E~9s S+8p S-5p"
    " N:gang:exposed:5p N*5z N-3s S:hu:3s:N"
)

FULL_CASES = [
    # 南 wins 东's first discard 5p: "(18)地胡：闲家摸第一张牌成胡" is a draw, so no 地胡: 坎张 1台, 东
    # pays 1. "闲家胡牌后庄家下庄，下盘由原庄家下家做庄": 南 deals next.
    pytest.param(
        FIRST_DISCARD_DEALS, "E-5p S:hu:5p:E", {}, {"S": 1}, {("E", "S"): 1}, "S",
        id="a_win_on_the_dealers_first_discard_is_no_dihu",
    ),
    # 北's first draw: 地胡 1 + 自摸 1 + 碰碰胡 2 (对倒 is "胡别人打出的牌": not self-drawn) = 4,
    # each pays 4.
    pytest.param(
        NORTH_FIRST_DRAW_DEALS, NORTH_FIRST_DRAW, {}, {"N": 4}, each("N", 4), "S",
        id="dihu_on_the_fourth_seats_first_draw",
    ),
    # The chain began with 南's 5p (docs, "Decision (seedsB, 杠上杠)": a kong made at once on a
    # kong's replacement continues it): "抓别人的牌开杠，补牌后成胡，被开杠那家付3家" — 杠上开花 2 +
    # 坎张 1 = 3台, 南 pays 3 × 3 = 9 alone.
    pytest.param(
        ADDED_CHAIN_DEALS, ADDED_CHAIN, {}, {"N": 3}, {("S", "N"): 9}, "S",
        id="bloom_after_a_claimed_kong_and_an_added_kong_on_its_replacement",
    ),
    # "(17)天胡：庄家起牌就成胡，计4台" 4 + 自摸 1 + 排胡 1 (four runs, 55s) = 6 (`cap` 0): 6 from
    # each; "庄家胡牌后继续做庄".
    pytest.param(
        HEAVEN_DEALS, "E:zimo:4s", {"cap": 0}, {"E": 6}, each("E", 6), "E",
        id="heaven_uncapped",
    ),
    # An 暗杠 claims nobody's tile: the first go-round is unbroken (docs, 地胡 after a claim), so
    # 南's first draw is 地胡 1 + 自摸 1 + 坎张 1 = 3, 3 from each.
    pytest.param(
        DEALER_KONG_DEALS, DEALER_KONG, {}, {"S": 3}, each("S", 3), "S",
        id="dihu_after_the_dealers_concealed_kong",
    ),
    # The seed names no 承包 and no 还杠 here: 南's win on 北's 3s is a plain discard win, 边张 1台,
    # 北 pays 1 (xizhou: 还杠胡 and 三包 together, test_seed_stacks_xizhou.py).
    pytest.param(
        THIRD_CLAIM_KONG_DEALS, THIRD_CLAIM_KONG, {}, {"S": 1}, {("N", "S"): 1}, "S",
        id="a_discard_after_a_kong_is_a_plain_discard_win",
    ),
    # 东's first discard, after its flower's replacement, won by 南: a discard, no 地胡 here: 坎张 1.
    pytest.param(
        DEALER_FLOWER_DEALS, DEALER_FLOWER, {}, {"S": 1}, {("E", "S"): 1}, "S",
        id="the_dealers_first_discard_after_its_flower_is_no_dihu",
    ),
]  # fmt: skip


@pytest.mark.parametrize("deals,steps,options,points,payments,dealer", FULL_CASES)
def test_full_logs(deals, steps, options, points, payments, dealer):
    check_played("zhoushan", deals, steps, options, points, payments, dealer)


def check_played(ruleset, deals, steps, options, points, payments, dealer) -> None:
    """A full log's hand-computed points, payments and next dealer."""
    recs = play_log.full_log(ruleset, deals, steps, options)
    hand = play_log.audited(recs)
    assert hand["points"] == points
    assert play_log.flows(hand) == payments
    assert play_log.next_dealer(recs) == dealer
