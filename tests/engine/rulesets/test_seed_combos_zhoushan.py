"""舟山(定海)麻将: clauses of shared/seeds/zhoushan.txt taken together, where a slip is likeliest —
which kong a 杠上开花 follows when a seat made two, who pays a 抢杠胡, a 杠上开花 on a claimed kong
and a 海底 under `discard_payer=all`, the best of two readings of one hand, a passed 胡 that a
claim does not lift, a drawn hand after the dealer's kong, 地胡 after a claim. Every number was
computed by hand from the quoted clauses (and the decisions in docs/rules/zhoushan.md: the
discarder alone pays a discard win, the 台 alone is paid, cap 4) before the engine ran. Summary
logs (showdown only) and full play-by-play logs (tests/engine/rulesets/play_log.py) through
codec -> replay -> audit.

  "自摸：自己抓牌成胡牌(包括杠上开花、补花胡)其他三家，都要按照胡牌者的台数相应付分"
  "(12)杠上开花：自己抓牌开杠，补牌成胡牌(包括花牌补花成胡)，计2台。抓别人的牌开杠，补牌后成胡，被开杠那家付3家，杠上开花与自摸不累加。"
  "(14)抢杠胡：胡别人明杠的牌。被抢杠者，付抢杠者台数的五倍，其他玩家不付。"
  "(16)海底捞月：胡打出的最后一张牌，计4台。"  "台数超过4台，仍按4台计算。"
  "放弃过的胡同圈内不能再胡，在自己摸牌前不能胡。自己摸牌后正常。"
  "流局后庄家继续做庄。"  "(18)地胡：闲家摸第一张牌成胡，计1台。"
"""

import pytest

from engine.audit import audit_records
from tests.engine.rulesets import play_log
from tests.engine.rulesets.seed_case_helpers import check_case, each, next_dealer
from tests.engine.rulesets.test_seed_combos_xizhou import last_tile_log
from tests.engine.rulesets.test_seed_false_wins import assert_no_win
from tests.engine.summary_log import settlement, show, win

# 南 holds 123m 46m 99s beside a 明杠 of 西's 5p and an 暗杠 of 7s, and self-draws 5m on a kong's
# replacement: 坎张 1 + 杠上开花 2 = 3台 (no 自摸: "不累加").
EXPOSED_5P = ("gang_exposed", "5555p", "W")
CONCEALED_7S = ("gang_concealed", "7777s", None)
BLOOM = win("S", "self_draw", "5m", flags=["kong_replacement"])

CASES = [
    # 1. The last kong 南 made is its own 暗杠 (a summary log lists melds in the order made,
    # docs): "自己抓牌开杠，补牌成胡牌" — a self-draw, "其他三家…相应付分": 东 西 北 pay 3 each.
    pytest.param(
        [show("S", "123m456m99s", [EXPOSED_5P, CONCEALED_7S]), BLOOM],
        {},
        {"S": 3},
        each("S", 3),
        id="bloom_on_the_own_kong_made_after_a_claimed_one",
    ),
    # 2. The same melds the other way round: the last kong is the 明杠 of 西's 5p, "抓别人的牌开杠，
    # 补牌后成胡，被开杠那家付3家": 西 pays 3 × 3 = 9 alone.
    pytest.param(
        [show("S", "123m456m99s", [CONCEALED_7S, EXPOSED_5P]), BLOOM],
        {},
        {"S": 3},
        {("W", "S"): 9},
        id="bloom_on_the_claimed_kong_made_after_an_own_one",
    ),
    # 3. 北 robs 南's 加杠 of 5p with 46p (坎张 1; 123m 456s 789s 11z: nothing else) = 1台.
    # `discard_payer=all` makes all three pay a *discard*; a robbed kong is "被抢杠者，付…五倍，
    # 其他玩家不付": 南 pays 5 × 1 = 5, nobody else.
    pytest.param(
        [show("N", "123m456s789s456p11z"), win("N", "robbed_kong", "5p", "S")],
        {"discard_payer": "all"},
        {"N": 1},
        {("S", "N"): 5},
        id="robbed_kong_under_discard_payer_all",
    ),
    # 4. 北 robs the 5p with a 中 pung: "(1)中3个…计1台" 1 + 坎张 1 = 2台; with a 底 of 1 (`base`
    # 1, docs: 5 × (底 + 台)): 南 pays 5 × (1 + 2) = 15.
    pytest.param(
        [show("N", "123m777z789s456p11z"), win("N", "robbed_kong", "5p", "S")],
        {"base": 1},
        {"N": 2},
        {("S", "N"): 15},
        id="robbed_kong_with_a_base",
    ),
    # 5. 南 明杠s 西's 5p and wins 5m (坎张) on the replacement: 杠上开花 2 + 坎张 1 = 3台. Under
    # `discard_payer=all` this is still no discard win: "被开杠那家付3家" — 西 pays 9 alone.
    pytest.param(
        [show("S", "123m456m789s99s", [EXPOSED_5P]), BLOOM],
        {"discard_payer": "all"},
        {"S": 3},
        {("W", "S"): 9},
        id="claimed_kong_bloom_under_discard_payer_all",
    ),
    # 6. 南 wins 西's last discard 4s (23s, 两面; four runs, 55s): 排胡 1 + "(16)海底捞月…4台" 4 = 5
    # -> 4 ("超过4台，仍按4台计算"); `discard_payer=all`: 东 西 北 pay 4 each.
    pytest.param(
        [
            show("S", "123m456m789p234s55s"),
            win("S", "discard", "4s", "W", flags=["last_tile"]),
        ],
        {"discard_payer": "all"},
        {"S": 4},
        each("S", 4),
        id="haidi_capped_under_discard_payer_all",
    ),
    # 7. 南 self-draws 5m to 34 55m (123p 456s 789s): read as 345m + 55m (the 5m pairs: "(9)单钓将
    # …自模单钓将计2台" 2 + 自摸 1 = 3) or as 55m + 34m+5m (两面: 排胡 1 + 自摸 1 = 2). The reading
    # that pays most is taken (docs): 3台, 3 from each.
    pytest.param(
        [show("S", "34555m123p456s789s"), win("S", "self_draw", "5m")],
        {},
        {"S": 3},
        each("S", 3),
        id="self_drawn_tanki_beats_paihu",
    ),
    # 8. The same hand on 西's 5m: 点胡单钓将 1 or 排胡 1 — 1台 either way; 西 pays 1.
    pytest.param(
        [show("S", "34555m123p456s789s"), win("S", "discard", "5m", "W")],
        {},
        {"S": 1},
        {("W", "S"): 1},
        id="tanki_or_paihu_on_a_discard",
    ),
    # 9. 一炮多响 under `discard_payer=all`: 西 throws 5p; 南 坎张 1台, 北 中3个 1 + 坎张 1 = 2台.
    # "三家" are the seats that did not win (docs decision: a winner pays no other winner of the
    # same discard): 东 and 西 pay 南 1 each and 北 2 each; 南 and 北 pay each other nothing.
    pytest.param(
        [
            show("S", "123m456m789s456p99s"),
            show("N", "777z456m789s456p11z"),
            win("S", "discard", "5p", "W"),
            win("N", "discard", "5p", "W"),
        ],
        {"discard_payer": "all"},
        {"S": 1, "N": 2},
        {("E", "S"): 1, ("W", "S"): 1, ("E", "N"): 2, ("W", "N"): 2},
        id="two_winners_under_discard_payer_all",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", CASES)
def test_seed_combo(records, options, points, payments):
    check_case("zhoushan", records, options, points, payments)


def test_the_robbed_seat_deals_next_when_its_kong_was_robbed_by_a_non_dealer():
    # Case 3: 北 (a 闲家) won: "闲家胡牌后庄家下庄，下盘由原庄家下家做庄" — 南 deals.
    assert next_dealer("zhoushan", CASES[2].values[0]) == "S"


# -- full logs --------------------------------------------------------------------------------

BLOOM_DEALS = {
    "E": "1478m268p369s1346z",
    "S": "555p777s123m46m99s",
    "W": "5p2369m1369p1248s",
    "N": "2569m2478p3569s7z",
}


def test_bloom_on_an_own_kong_after_a_claimed_one_full_log():
    # 南 明杠s 西's 5p (its replacement 1z thrown), later draws its 4th 7s, 暗杠s it and wins 5m
    # on that replacement: the kong it won on is its own, "自己抓牌开杠，补牌成胡牌": 杠上开花 2 +
    # 坎张 1 = 3台, each of 东 西 北 pays 3 (西 fed the first kong, not this one). 南 deals next.
    steps = (
        "E-1z S~2z W+3z W-5p S:gang:exposed:5p S*1z S-1z W~3z N~4z E~4z"
        " S+7s S:gang:concealed:7s S*5m S:zimo:5m"
    )
    recs = play_log.full_log("zhoushan", BLOOM_DEALS, steps)
    hand = play_log.audited(recs)
    assert hand["points"] == {"S": 3}
    assert play_log.flows(hand) == each("S", 3)
    assert play_log.next_dealer(recs) == "S"


# 南 (123m 456m 77p 88s 345s) waits on 7p/8s. It lets 北's 7p go (a win: 对倒), 碰s 东's 8s
# instead of winning on it, throws 4s and "wins" 西's 4s (35s: 坎张) — all before its next draw.
PASSED_DEALS = {
    "E": "1z1478m258p369s346z",
    "S": "123m456m77p88s345s",
    "W": "2369m1369p1259s5z",
    "N": "2569m2468p1369s7z",
}
PASSED_STEPS = "E-1z S~2z W~2z N+7p N-7p E+8s E-8s S:peng S-4s W+4s W-4s S:hu:4s:W"


@pytest.mark.parametrize(
    ("ruleset", "options", "payments"),
    [
        # "放弃过的胡…在自己摸牌前不能胡。自己摸牌后正常": only a draw lifts the bar, not a 碰 —
        # the win is none (docs), nothing is owed.
        pytest.param("zhoushan", {}, {}, id="zhoushan"),
        # `barred_win_stands`: the table's win is kept: 坎张 1台, 西 pays 1.
        pytest.param("zhoushan", {"barred_win_stands": True}, {("W", "S"): 1}, id="zhoushan_kept"),
        # xizhou "有人点炮时选择不胡，在玩家下次摸牌前如再次被点炮不可胡牌": the 7p let go was a 1台 win
        # or more (对倒 1 + 门清 1), so the bar holds; a 碰 is no 摸牌.
        pytest.param("xizhou", {}, {}, id="xizhou"),
        # kept: 嵌倒 1 (no 门清 after the 碰) = 1台, "点炮玩家付2M": 西 pays 2.
        pytest.param("xizhou", {"barred_win_stands": True}, {("W", "S"): 2}, id="xizhou_kept"),
    ],
)
def test_a_claim_does_not_lift_a_passed_win(ruleset, options, payments):
    recs = play_log.full_log(ruleset, PASSED_DEALS, PASSED_STEPS, options)
    hand = audit_records(recs)["hands"][0]
    win_seq = next(seq for seq, r in enumerate(recs) if r["type"] == "win")
    assert [(a["seq"], a["code"]) for a in hand["anomalies"]] == [(win_seq, "passed_win")]
    assert [w["stands"] for w in hand["wins"]] == [bool(options)]
    assert play_log.flows(hand) == payments


# 东 holds four 东 and 暗杠s them before its first discard; then every seat throws what it draws.
DRAWN_DEALS = {
    "E": "1111z147m258p369s2z",
    "S": "123456789m45s99p",
    "W": "111222333444p5p",
    "N": "666p3s4z555z666z77z",
}
DRAWN_KONG = "E:gang:concealed:1z E*9s E-2z"
FLOWERS = tuple(f"{n}f" for n in range(1, 9))


def test_a_drawn_hand_after_the_dealers_kong():
    # zhoushan plays to the last tile (docs): "流局后庄家继续做庄" names no kong — 东 stays.
    steps = play_log.drain("zhoushan", DRAWN_DEALS, 0, taken="9s")
    recs = play_log.full_log("zhoushan", DRAWN_DEALS, f"{DRAWN_KONG} {steps} exhausted")
    assert play_log.audited(recs)["expected_payments"] == []
    assert play_log.next_dealer(recs) == "E"
    # xizhou "流局：…8花未全部补完，剩余16张流局…流局时，庄家无杠连庄，有杠则庄家下家坐庄": the dealer's
    # 暗杠 is a 杠 — 南 deals, under either `drawn_kong` reading. (The flowers stay in the wall.)
    steps = play_log.drain("xizhou", DRAWN_DEALS, 16, last=FLOWERS, taken="9s")
    for options in ({}, {"drawn_kong": "anyone"}):
        recs = play_log.full_log("xizhou", DRAWN_DEALS, f"{DRAWN_KONG} {steps} exhausted", options)
        assert play_log.audited(recs)["expected_payments"] == []
        assert play_log.next_dealer(recs) == "S"


# 南 (123m 456m 789p 46s 99s) waits on 5s (坎张) and draws it on its first draw.
DIHU_DEALS = {
    "E": "147m258p369s12356z",
    "S": "123m456m789p46s99s",
    "W": "2569m2468p1347s7z",
    "N": "55z236m1369p1258s",
}


@pytest.mark.parametrize(
    ("steps", "tai"),
    [
        # Nothing claimed before: "(18)地胡：闲家摸第一张牌成胡，计1台" 1 + 坎张 1 + 自摸 1 = 3台.
        pytest.param("E-5z S+5s S:zimo:5s", 3, id="dihu"),
        # 北 碰s 东's 白 first (then 东 draws and throws): the first go-round was broken by a claim
        # (docs decision: 地胡 is a win on the seat's first draw with nothing claimed before it):
        # 坎张 1 + 自摸 1 = 2台.
        pytest.param("E-5z N:peng N-1s E+2z E-2z S+5s S:zimo:5s", 2, id="no_dihu_after_a_claim"),
    ],
)
def test_dihu_and_a_claim_before_the_first_draw(steps, tai):
    hand = play_log.audited(play_log.full_log("zhoushan", DIHU_DEALS, steps))
    assert hand["points"] == {"S": tai}
    assert play_log.flows(hand) == each("S", tai)


@pytest.mark.parametrize(
    ("options", "tai"),
    [
        # 北 (123m 456m 789p 46s 99s) self-draws 5s, the wall's last tile (the others throw what
        # they draw; 北 reveals 竹, 西's own by `flower_order=spec`: nothing): "(16)海底捞月：胡打出的
        # 最后一张牌" is a discard — 坎张 1 + 自摸 1 = 2台, 2 from each.
        pytest.param({}, 2, id="no_haidi_on_a_self_draw"),
        # `haidi=both`: + 海底 4 = 6 -> 4 ("超过4台，仍按4台计算"), 4 from each.
        pytest.param({"haidi": "both"}, 4, id="haidi_both_capped"),
    ],
)
def test_the_last_tile_self_drawn_full_log(options, tai):
    recs = last_tile_log("zhoushan", "N", 0, options=options)
    assert [r["tile"] for r in recs if r["type"] == "reveal" and r["seat"] == "N"] == ["7f"]
    hand = play_log.audited(recs)
    assert hand["points"] == {"N": tai}
    assert play_log.flows(hand) == each("N", tai)


@pytest.mark.parametrize(
    ("ruleset", "paid"),
    [
        # "可和的牌型只有一种，即基本牌型" (123/111 … /11): 123m 456m 789p 467s 99s is none of them;
        # the table paid it as 坎张 1 + 自摸 1 = 2 from each.
        pytest.param("zhoushan", 2, id="zhoushan"),
        # "胡牌基本牌型：… 11、123、123、123、123 …": none; the table paid 嵌倒 + 自摸 + 门清 = 3, M each.
        pytest.param("xizhou", 3, id="xizhou"),
    ],
)
def test_a_false_self_draw_owes_nothing(ruleset, paid):
    # 南 (123m 456m 789p 46s 99s) draws 7s and declares 自摸 on it: no win (诈胡). Neither seed
    # sets a penalty, so nothing is owed either way (docs), and what the table paid is disputed.
    deals = dict(DIHU_DEALS)
    end = (settlement(*((s, "S", paid) for s in "EWN")),)
    assert_no_win(play_log.full_log(ruleset, deals, "E-5z S+7s S:zimo:7s", end=end), "not_winning")


@pytest.mark.parametrize(
    ("ruleset", "payments"),
    [
        # 南 (123m 456m 77p 888s 35s) lets 北's 4s go (坎张), 明杠s 东's 8s and draws its replacement,
        # then wins 西's 4s. "在自己摸牌前不能胡。自己摸牌后正常": the replacement is a tile 南 draws
        # (docs decision: any draw of the seat's ends the bar) — the win stands: 坎张 1台, 西 pays 1.
        pytest.param("zhoushan", {("W", "S"): 1}, id="zhoushan"),
        # "在玩家下次摸牌前如再次被点炮不可胡牌": the same; 嵌倒 1 (the 明杠 ends 门清), 2M = 2.
        pytest.param("xizhou", {("W", "S"): 2}, id="xizhou"),
    ],
)
def test_a_kong_replacement_draw_lifts_a_passed_win(ruleset, payments):
    deals = dict(PASSED_DEALS, S="123m456m77p888s35s")
    steps = "E-1z S~2z W~2z N~4s E+8s E-8s S:gang:exposed:8s S*3z S-3z W~4s S:hu:4s:W"
    hand = play_log.audited(play_log.full_log(ruleset, deals, steps))
    assert play_log.flows(hand) == payments
