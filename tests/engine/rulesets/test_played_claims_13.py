"""Who may 吃/碰/杠/胡 and when, on full logs written by hand, for the three 13-tile rulesets
(huangyan, zhoushan, xizhou): one play, three findings, each written from its seed's clause
before the engine ran.

  huangyan: "吃牌 …上家打 3 筒" (吃 from the left only); nothing on 吃张打张, a passed 碰 or 胡.
  zhoushan: "当上家打出的牌…可以选择吃牌"; "不允许吃打同张，即34万吃2万，不能打2万，不能打5万";
            "放弃过的碰张同圈内不能再碰"; "放弃过的胡同圈内不能再胡，在自己摸牌前不能胡。自己摸牌后正常";
            "报开杠后应即在牌墙最后补进一张牌".
  xizhou:   "不可吃张打张、碰张打张。如3456吃6，此时6不可打，但3是可以打的"; "能碰不碰，下次摸牌前不可
            再碰"; "有人点炮时选择不胡，在玩家下次摸牌前如再次被点炮不可胡牌".
  huangyan: "玩家的明槓或暗槓均在最後一張牌中補回".

The deals (得 = 9s in huangyan; nobody holds one): 东 waits on 5p or 1s (123456789m 55p 11s,
双碰), 西 on 5p (234s 567s 345m 234p 5p, 单吊); 南 and 北 hold odd tiles. A hand stops at the step
under test (its missing end, ``hand_unfinished``, is left out)."""

from __future__ import annotations

import pytest

from engine.audit import audit_records
from engine.replay import replay
from tests.engine.rulesets.play_log import full_log, next_dealer

DEALS = {
    "E": "123456789m55p11s1z",
    "S": "2z3z4z6z7z3s5s7s1p7p8p2m8m",
    "W": "234s567s345m234p5p",
    "N": "1m9m1p9p2s4s6s8s2z3z4z6z7z",
}
RULESETS = ("huangyan", "zhoushan", "xizhou")


def audited(ruleset: str, steps: str) -> dict:
    indicator = "9s" if ruleset == "huangyan" else None
    return audit_records(full_log(ruleset, DEALS, steps, indicator=indicator))["hands"][0]


def found(ruleset: str, steps: str) -> list[tuple[str, str]]:
    """(code, "seat:record type" of its line) of every anomaly, the unfinished end left out."""
    recs = full_log(ruleset, DEALS, steps, indicator="9s" if ruleset == "huangyan" else None)
    hand = audit_records(recs)["hands"][0]
    return sorted(
        (a["code"], f"{recs[a['seq']].get('seat', '')}:{recs[a['seq']]['type']}")
        for a in hand["anomalies"]
        if a["code"] != "hand_unfinished"
    )


def each(steps: str, huangyan: list, zhoushan: list, xizhou: list) -> list:
    """One play under the three rulesets, each with the findings its seed gives."""
    return [
        pytest.param(name, steps, want, id=name)
        for name, want in zip(RULESETS, (huangyan, zhoushan, xizhou), strict=True)
    ]


CHI_LEFT = "E-1z S+3z S-7s W:chi:56s W-2s"  # 南 is 西's 上家
CHI_RIGHT = "E-1z S~3z W~3z N+4z N-6s W:chi:57s"  # 北 is 西's 下家
CHI_OPPOSITE = "E-6m W:chi:45m"  # 东 is 西's 对家
NOT_LEFT = [("chi_not_from_left", "W:chi")]


@pytest.mark.parametrize(
    "ruleset, steps, want",
    [
        *each(CHI_LEFT, [], [], []),
        *each(CHI_RIGHT, NOT_LEFT, NOT_LEFT, NOT_LEFT),
        *each(CHI_OPPOSITE, NOT_LEFT, NOT_LEFT, NOT_LEFT),
    ],
)
def test_a_chow_only_from_the_left_seat(ruleset, steps, want):
    assert found(ruleset, steps) == want


# 西 chows 南's 7s with 56s (its 567s): 7s is the claimed tile, 4s (of its 234s) the other end.
SAME_TILE = "E-1z S+3z S-7s W:chi:56s W-7s"
OTHER_END = "E-1z S+3z S-7s W:chi:56s W-4s"
BARRED = [("discard_of_claimed", "W:discard")]


@pytest.mark.parametrize(
    "ruleset, steps, want",
    [
        # huangyan's seed bars nothing; zhoushan bars both ("34万吃2万…不能打2万，不能打5万");
        # xizhou bars the claimed tile only ("3456吃6，此时6不可打，但3是可以打的").
        *each(SAME_TILE, [], BARRED, BARRED),
        *each(OTHER_END, [], BARRED, []),
    ],
)
def test_discarding_the_tile_just_chowed(ruleset, steps, want):
    assert found(ruleset, steps) == want


# 南 throws 5p (东's 555p with 11s: a win it lets go); 东 wins on 北's 1s. Before drawing again: a
# passed 胡 in zhoushan and xizhou; after its own draw (东 draws 4z and throws it): no bar left.
PASSED_WIN = "E-1z S+5p S-5p W~3z N+1s N-1s E:hu:1s:N"
DRAWN_SINCE = "E-1z S+5p S-5p W~3z N~4z E~4z S~3z W~2z N+1s N-1s E:hu:1s:N"
PASSED = [("passed_win", "E:win")]


@pytest.mark.parametrize(
    "ruleset, steps, want",
    [*each(PASSED_WIN, [], PASSED, PASSED), *each(DRAWN_SINCE, [], [], [])],
)
def test_a_passed_win_and_when_the_seat_may_win_again(ruleset, steps, want):
    hand = audited(ruleset, steps)
    assert found(ruleset, steps) == want
    # "不可胡牌" (docs: a barred win is no win and owes nothing); huangyan has no such clause
    assert [w["stands"] for w in hand["wins"]] == [not want]
    assert (hand["expected_payments"] == []) == bool(want)


# 东 lets 南's 1s go (it holds 11s) and pungs 西's 1s before drawing; or after its own draw.
PASSED_PENG = "E-1z S+1s S-1s W+1s W-1s E:peng"
PENG_AFTER_DRAW = "E-1z S+1s S-1s W~3z N~3z E~4z S~4z W+1s W-1s E:peng"
PASSED_P = [("passed_peng", "E:peng")]


@pytest.mark.parametrize(
    "ruleset, steps, want",
    [*each(PASSED_PENG, [], PASSED_P, PASSED_P), *each(PENG_AFTER_DRAW, [], [], [])],
)
def test_a_passed_pung_and_when_the_seat_may_pung_again(ruleset, steps, want):
    assert found(ruleset, steps) == want


# 东 pungs 南's 5p after 西 has drawn: the discard was gone (a claim out of its moment).
LATE_PENG = "E-1z S+5p S-5p W+3z E:peng"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_pung_after_the_next_seat_drew_takes_nothing(ruleset):
    assert found(ruleset, LATE_PENG) == [("claim_no_discard", "E:peng")]


# 东 pungs 南's 1s, later draws the fourth and adds it: the replacement comes from the back
# ("在牌墙最后补进一张牌"); a draw from the live wall instead is out of turn.
KONG = "E-1z S+1s S-1s E:peng E-9m S~3z W~3z N~4z E+1s E:gang:added:1s"


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    "draw, want",
    [("E*4z E-4z", []), ("E+4z", [("wrong_turn", "E:draw")])],
    ids=["from_the_back", "from_the_wall"],
)
def test_a_kong_replacement_comes_from_the_back(ruleset, draw, want):
    assert found(ruleset, f"{KONG} {draw}") == want


# 南 draws twice (大相公): it holds 15 tiles where 14 are due, drawing out of turn.
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_seat_drawing_twice_holds_too_many(ruleset):
    assert found(ruleset, "E-1z S+3z S+4z") == [("hand_size", "S:draw"), ("wrong_turn", "S:draw")]


# 优先级: wenling's seed ranks the claims on one discard (吃 "优先级最低，低于'胡牌'、'碰'或'明杠'",
# 碰 "优先级低于'胡牌'，高于'吃'"); the three 13-tile seeds are silent, and the engine keeps the same
# order (docs/rules). 南 throws 5p: 西 chows it (with 34p), 东 pungs it (55p) or wins on it (555p
# 11s), 西 wins on it too (单吊). A higher claim after a lower one takes the tile: the lower one gives
# way (a warning: the table did right) and the hand is as if it had never been made.
OUTRANKED = [
    ("E-1z S+5p S-5p W:chi:34p E:peng E-9m", "W:chi", " W:chi:34p", []),
    ("E-1z S+5p S-5p E:peng W:hu:5p:S", "E:peng", " E:peng", ["W"]),
    ("E-1z S+5p S-5p W:chi:34p E:hu:5p:S", "W:chi", " W:chi:34p", ["E"]),
]


def melds(ruleset: str, steps: str) -> dict[str, list[tuple[str, tuple[str, ...]]]]:
    recs = full_log(ruleset, DEALS, steps, indicator="9s" if ruleset == "huangyan" else None)
    state = replay(recs).hands[0].state_at(len(recs) - 2)  # (the hand record is step 0)
    return {s: [(m.kind, m.tiles) for m in ms] for s, ms in state.melds.items() if ms}


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize(
    "steps, gives_way, unmade, winners",
    OUTRANKED,
    ids=["peng_over_chi", "hu_over_peng", "hu_over_chi"],
)
def test_a_higher_claim_takes_the_discard(ruleset, steps, gives_way, unmade, winners):
    hand = audited(ruleset, steps)
    assert found(ruleset, steps) == [("claim_outranked", gives_way)]
    assert [w["seat"] for w in hand["wins"] if w["stands"]] == winners
    alone = steps.replace(unmade, "")
    assert melds(ruleset, steps) == melds(ruleset, alone)
    ref = audited(ruleset, alone)
    assert (hand["points"], hand["expected_payments"]) == (ref["points"], ref["expected_payments"])


def test_the_pung_stands_and_the_chow_is_gone():
    assert melds("xizhou", OUTRANKED[0][0]) == {"E": [("peng", ("5p", "5p", "5p"))]}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_lower_claim_after_a_higher_one_takes_nothing(ruleset):
    steps = "E-1z S+5p S-5p E:peng W:chi:34p"
    assert found(ruleset, steps) == [("claim_no_discard", "W:chi")]
    assert melds(ruleset, steps) == {"E": [("peng", ("5p", "5p", "5p"))]}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_discarder_cannot_take_back_a_chowed_tile(ruleset):
    # 南 "pungs" its own 5p after 西 chowed it: no claim of one's own discard; the chow stands.
    steps = "E-1z S+5p S-5p W:chi:34p S:peng"
    assert found(ruleset, steps) == [("claim_no_discard", "S:peng")]
    assert melds(ruleset, steps) == {"W": [("chi", ("3p", "4p", "5p"))]}


# Several claimants: 东 pungs 南's 5p, then 西 and 东 both declare 胡 on it. The 碰 gives way; one
# winner a discard in huangyan (the seed names no order: docs, wenling's 下家/对家/上家, so 西, 南's
# 下家), both in zhoushan ("一炮多响") and xizhou ("支持一炮多响").
@pytest.mark.parametrize(
    "ruleset, want, winners",
    [
        ("huangyan", [("claim_outranked", "E:peng"), ("win_priority", "E:win")], ["W"]),
        ("zhoushan", [("claim_outranked", "E:peng")], ["W", "E"]),
        ("xizhou", [("claim_outranked", "E:peng")], ["W", "E"]),
    ],
)
def test_two_wins_after_a_pung_of_the_same_discard(ruleset, want, winners):
    steps = "E-1z S+5p S-5p E:peng W:hu:5p:S E:hu:5p:S"
    assert found(ruleset, steps) == want
    assert [w["seat"] for w in audited(ruleset, steps)["wins"] if w["stands"]] == winners


@pytest.mark.parametrize(
    "ruleset, dealer",
    [
        # huangyan (silent; docs: 莊家胡 keeps the deal, else 下家): 西's win alone stands: 南.
        ("huangyan", "S"),
        # "一炮多响按逆时针胡在前面的为下局庄家": from 南, 西 comes before 东.
        ("zhoushan", "W"),
        # "庄家胡则连庄": 东 is among the winners.
        ("xizhou", "E"),
    ],
)
def test_the_next_dealer_after_two_wins_on_one_discard(ruleset, dealer):
    steps = "E-1z S+5p S-5p E:peng W:hu:5p:S E:hu:5p:S"
    indicator = "9s" if ruleset == "huangyan" else None
    assert next_dealer(full_log(ruleset, DEALS, steps, indicator=indicator)) == dealer


# "明槓/暗槓必須輪到該玩家打牌時方可進行" (huangyan; the generic turn rule elsewhere): 东 holds the
# fourth 1s to its 碰 and adds it after 南 has drawn.
@pytest.mark.parametrize("ruleset", RULESETS)
def test_an_added_kong_out_of_turn(ruleset):
    steps = "E-1z S+1s S-1s E:peng E-9m S~3z W~3z N~4z E+1s E-8m S+4z E:gang:added:1s"
    assert found(ruleset, steps) == [("wrong_turn", "E:gang")]
