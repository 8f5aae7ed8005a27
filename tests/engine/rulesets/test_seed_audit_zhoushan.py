"""舟山(定海)麻将: an independent audit against shared/seeds/zhoushan.txt (helper h-seeds-b). Every
number below was worked out by hand from the seed's clauses, quoted beside it, before the engine
ran; where the seed is silent the decisions of docs/rules/zhoushan.md apply (the discarder alone
pays a discard win, 排胡 1台, the 台 alone is paid). Cases chosen where the earlier checks had
none: 杠上开花 whose replacement is first a flower, 杠上开花 on a 加杠, two robbers of one kong,
three winners on one discard, 地胡 won on a flower's replacement (a full log), the seat-wind pair.

  "台数可以累加计算", "台数超过4台，仍按4台计算".
  (5)自摸 "其他三家，都要按照胡牌者的台数相应付分".
  (12)杠上开花 "计2台。抓别人的牌开杠，补牌后成胡，被开杠那家付3家，杠上开花与自摸不累加".
  (14)抢杠胡 "被抢杠者，付抢杠者台数的五倍，其他玩家不付".
"""

import pytest

from tests.engine.rulesets.seed_case_helpers import audited, check_case, each, flows, next_dealer
from tests.engine.summary_log import show, win

KONG = ["kong_replacement"]


def deals(*tiles: str) -> list[dict]:
    """The deal of 东, 南, 西, 北 in that order."""
    return [
        {"type": "deal", "seat": seat, "tiles": t} for seat, t in zip("ESWN", tiles, strict=True)
    ]


def gang(seat: str, kind: str, tile: str) -> dict:
    return {"type": "gang", "seat": seat, "kind": kind, "tile": tile}


def draw(seat: str, tile: str, back: bool = False) -> dict:
    return {"type": "draw", "seat": seat, "tile": tile} | ({"from": "back"} if back else {})


def discard(seat: str, tile: str) -> dict:
    return {"type": "discard", "seat": seat, "tile": tile}


def reveal(seat: str, tile: str) -> dict:
    return {"type": "reveal", "seat": seat, "tile": tile}


# 东 throws 8s, 南 kongs it, draws 春 (东's flower) from the back, shows it, draws 5p from the
# back and wins: the kong's replacement, with a flower between.
KONG_FLOWER_BLOOM = [
    *deals("1p8s111222333444z", "888s234m567m34p99m", "1234s555666777z", "6789m6789p5566s9s"),
    discard("E", "8s"),
    gang("S", "exposed", "8s"),
    draw("S", "1f", back=True),
    reveal("S", "1f"),
    draw("S", "5p", back=True),
    win("S", "self_draw", "5p"),
    show("S", "234m567m345p99m", [("gang_exposed", "8888s", "E")], revealed=["1f"]),
]

# Two seats rob 南's added kong of 4s (南 shows no hand).
TWO_ROBBERS = [
    show("W", "567m11234p234s666z"),
    show("N", "123m67899p345s555z"),
    win("W", "robbed_kong", "4s", "S"),
    win("N", "robbed_kong", "4s", "S"),
]

# 西 throws 6m and three seats win on it.
THREE_WINNERS = [
    show("S", "123p456p789s456m99s"),
    show("N", "111z234s678p456m77s"),
    show("E", "555z666z123s456m88p"),
    win("S", "discard", "6m", "W"),
    win("N", "discard", "6m", "W"),
    win("E", "discard", "6m", "W"),
]

# 东 with 春 and 梅 (its own flowers in either order), 12m+3m 边张 on 南's discard.
TWO_OWN_FLOWERS = [
    show("E", "123m456p789s123s99s", revealed=["1f", "5f"]),
    win("E", "discard", "3m", "S"),
]

CASES = [
    # 1. (full log) "(12)杠上开花…计2台" 2; 春 is 东's flower, not 南's 正花: 0; 34p+5p 两面, no
    # 排胡 (a kong): 2台. "抓别人的牌开杠，补牌后成胡，被开杠那家付3家": the flower drawn first is
    # replaced ("杠花…在末尾进行补牌"), the win is still on the kong's 补牌 -> 东 pays 3 × 2 = 6.
    pytest.param(
        KONG_FLOWER_BLOOM,
        {},
        None,
        {"S": 2},
        {("E", "S"): 6},
        id="claimed_kong_bloom_after_a_flower_the_feeder_pays_three",
    ),
    # 2. 杠上开花 on a 加杠 (the 碰 was 北's 5p, the fourth tile 西's own draw): not "抓别人的牌开杠",
    # so a self-draw: 中3个 1 + 杠上开花 2 (67s+8s 两面; a kong: no 排胡) = 3; each pays 3.
    pytest.param(
        [
            show("W", "12344m678s777z", [("gang_added", "5555p", "N")]),
            win("W", "self_draw", "8s", flags=KONG),
        ],
        {},
        None,
        {"W": 3},
        each("W", 3),
        id="bloom_on_an_added_kong_everyone_pays",
    ),
    # 3. "(14)抢杠胡…被抢杠者，付抢杠者台数的五倍": two robbers, each paid by 南 alone.
    # 西: 发3个 1 (23s+4s 两面; a pung: no 排胡) = 1 -> 5; 北: 坎张 (3s_5s) 1 + 白3个 1 = 2 -> 10.
    pytest.param(
        TWO_ROBBERS,
        {},
        None,
        {"W": 1, "N": 2},
        {("S", "W"): 5, ("S", "N"): 10},
        id="two_robbers_each_paid_fivefold",
    ),
    # 4. 抢杠胡 with "(15)排胡": 123m 456m 234p 789s, 66s pair, 23p+4p 两面 -> 1台 (docs: pinghu_tai);
    # 西 (robbed) pays 5 × 1 = 5.
    pytest.param(
        [show("N", "123456m234p66789s"), win("N", "robbed_kong", "4p", "W")],
        {},
        None,
        {"N": 1},
        {("W", "N"): 5},
        id="robbed_kong_paihu",
    ),
    # 5. 一炮多响, three winners on 西's 6m, each paid on its own by 西 (docs): 南 排胡 (9s pair,
    # 45m+6m) 1; 北 圈风 (东 pung in the 东 round) 1 (no 排胡: a pung); 东 白3个 1 + 发3个 1 = 2.
    pytest.param(
        THREE_WINNERS,
        {},
        None,
        {"S": 1, "N": 1, "E": 2},
        {("W", "S"): 1, ("W", "N"): 1, ("W", "E"): 2},
        id="three_winners_on_one_discard",
    ),
    # 6. "(15)排胡…作将的牌不可以是坐风": 北 with a 北 pair, no 排胡; self-drawn: "(5)自摸…计1台"
    # 1 (23s+4s 两面: no wait item) = 1; each pays 1.
    pytest.param(
        [show("N", "123m456p789s234s44z"), win("N", "self_draw", "4s")],
        {},
        None,
        {"N": 1},
        each("N", 1),
        id="seat_wind_pair_bars_paihu",
    ),
    # 7. 排胡 with a 吃 (the seed asks only "4比牌全由顺子组成"): 67m+8m 两面, 5s pair -> 1; 北 pays 1.
    pytest.param(
        [show("W", "678m234s789s55s", [("chi", "345p", "S")]), win("W", "discard", "8m", "N")],
        {},
        None,
        {"W": 1},
        {("N", "W"): 1},
        id="paihu_with_a_chow_meld",
    ),
    # 8. A 中 concealed kong "(1)中3个" 1 + 发3个 1 + "(9)单钓将…点胡单钓将计1台" (白) 1 = 3; the 白 pair
    # is no 白3个. 南 (discarder) pays 3.
    pytest.param(
        [
            show("E", "123m456p666z55z", [("gang_concealed", "7777z", None)]),
            win("E", "discard", "5z", "S"),
        ],
        {},
        None,
        {"E": 3},
        {("S", "E"): 3},
        id="red_kong_green_pung_white_tanki",
    ),
    # 9. All honors: "(6)对倒" 1 + "(10)碰碰胡" 2 + 混一色 2 (docs: an all-honor hand) + 发3个 1 +
    # 圈风 (东) 1 = 7 -> "超过4台，仍按4台计算" 4; 南 pays 4.
    pytest.param(
        [show("E", "111z222z333z55z666z"), win("E", "discard", "6z", "S")],
        {},
        None,
        {"E": 4},
        {("S", "E"): 4},
        id="all_honors_capped",
    ),
    # 11. "(4)花牌：胡牌后，在当局你有正花，计1台": 东 shows 春 and 梅, both its own (docs: 1台 each,
    # `own_flowers=each`) 2 + "(8)边张" (12m+3m) 1 = 3; 南 pays 3.
    pytest.param(
        TWO_OWN_FLOWERS, {}, None, {"E": 3}, {("S", "E"): 3}, id="two_own_flowers_one_tai_each"
    ),
    # 12. The same with `own_flowers=one` (the clause read as "having an own flower: 1台"):
    # 正花 1 + 边张 1 = 2; 南 pays 2.
    pytest.param(
        TWO_OWN_FLOWERS,
        {"own_flowers": "one"},
        None,
        {"E": 2},
        {("S", "E"): 2},
        id="two_own_flowers_one_tai_in_all_by_option",
    ),
    # 10. 抢杠 ×5 with stake 2: 5 × 2 × 1 = 10 (stake per 台).
    pytest.param(
        [show("N", "123456m234p66789s"), win("N", "robbed_kong", "4p", "W")],
        {"stake": 2},
        None,
        {"N": 1},
        {("W", "N"): 10},
        id="robbed_kong_stake_2",
    ),
]


@pytest.mark.parametrize(("records", "options", "round_wind", "points", "payments"), CASES)
def test_seed_audit_case(records, options, round_wind, points, payments):
    check_case("zhoushan", records, options, points, payments, round_wind)


def test_robbers_of_one_kong_the_first_after_the_robbed_deals_next():
    # "一炮多响按逆时针胡在前面的为下局庄家" (抢杠胡 is 放铳: "胡他人打出的牌(包括抢杠胡)"): after 南,
    # 西 comes first.
    assert next_dealer("zhoushan", TWO_ROBBERS) == "W"


def test_three_winners_the_first_after_the_discarder_deals_next():
    # After 西: 北 (a winner) comes before 东 and 南.
    assert next_dealer("zhoushan", THREE_WINNERS) == "N"


def test_dihu_on_a_flower_replacement_full_log():
    # (full log) 南's first draw is 秋 (西's flower): it shows it, draws 6s from the back and wins.
    # "(18)地胡：闲家摸第一张牌成胡，计1台" 1 + "(12)杠上开花…(包括花牌补花成胡)，计2台" 2, no 自摸
    # ("杠上开花与自摸不累加"); 45s+6s 两面, 777p pung: no 排胡 = 3; each pays 3.
    hand = audited(
        "zhoushan",
        [
            *deals(
                "19m19p19s1234567z2m", "123m456p777p45s99p", "345678m2345678s", "111s222s333s888s9s"
            ),
            discard("E", "1z"),
            draw("S", "3f"),
            reveal("S", "3f"),
            draw("S", "6s", back=True),
            win("S", "self_draw", "6s"),
            show("S", "123m456p777p456s99p", revealed=["3f"]),
        ],
    )
    assert hand["points"]["S"] == 3
    assert flows(hand) == each("S", 3)
