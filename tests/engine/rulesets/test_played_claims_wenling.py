"""温岭: the play's own findings on full logs written by hand, each written from a clause of
shared/seeds/wenling.txt before the engine ran.

The deals (16 tiles, 东 17; 得 = 9s unless said, nobody holds one): 东 waits on 5p or 1s
(123456789m 234p 55p 11s 1z, throwing 1z first), 西 on 5p (单吊); 南 holds 发 and 中 (6z 7z), as
does 北. A hand stops at the step under test (its missing end, ``hand_unfinished``, left out)."""

from __future__ import annotations

import pytest

from engine.audit import audit_records
from tests.engine.rulesets.play_log import full_log
from tests.engine.summary_log import settlement

DEALS = {
    "E": "123456789m234p55p11s1z",
    "S": "2z3z4z6z7z3s5s7s1p7p8p2m5m8m9p4s",
    "W": "234s567s345m678m234p5p",
    "N": "1m9m1p9p2s4s6s8s2z3z4z6z7z2m5m8m",
}


def audited(steps: str, deals=DEALS, indicator="9s", options=None, end=()) -> dict:
    recs = full_log("wenling", deals, steps, options=options, indicator=indicator, end=end)
    hand = audit_records(recs)["hands"][0]
    hand["found"] = sorted(
        (a["code"], f"{recs[a['seq']].get('seat', '')}:{recs[a['seq']]['type']}")
        for a in hand["anomalies"]
        if a["code"] != "hand_unfinished"
    )
    return hand


def turn_message(hand: dict) -> str:
    return next(a["message"] for a in hand["anomalies"] if a["code"] == "wrong_turn")


def test_a_passed_win_bars_nothing():
    # The seed has no passed-胡 clause (zhoushan's and xizhou's have): 东 lets 南's 5p go (its
    # 555p with 11s) and wins on 北's 1s before drawing again; the win stands.
    hand = audited("E-1z S+5p S-5p W~3z N+1s N-1s E:hu:1s:N")
    assert hand["found"] == []
    assert [w["stands"] for w in hand["wins"]] == [True]


def test_a_passed_pung_before_the_seats_draw():
    # "若某玩家在没摸新牌前，前一个玩家打的牌能碰时不碰，后一个玩家打的相同牌也不能能碰": 东 lets 南's
    # 1s go, then pungs 西's.
    assert audited("E-1z S+1s S-1s W+1s W-1s E:peng")["found"] == [("passed_peng", "E:peng")]


# 东 holds four 东 (1z): "暗杠必须轮到该玩家打牌时方可进行" (its turn: before its first discard) and
# "玩家的明杠或暗杠均在最后一张牌中补回".
QUAD = {**DEALS, "E": "123456789m55p11s1111z"}


@pytest.mark.parametrize(
    "draw, want",
    [("E*3z E-3z", []), ("E+3z", [("wrong_turn", "E:draw")])],
    ids=["from_the_back", "from_the_wall"],
)
def test_a_concealed_kong_is_replaced_from_the_back(draw, want):
    hand = audited(f"E:gang:concealed:1z {draw}", deals=QUAD)
    assert hand["found"] == want
    if want:
        assert turn_message(hand) == (
            "阿强 draws from the live wall; the replacement for its kong comes from the back"
        )


def test_a_revealed_white_is_replaced_from_the_back():
    # "翻出几张就补回几张，补牌从最后一张牌开始补": 南 reveals the 白 it draws, then draws from the wall.
    hand = audited("E-1z S+5z S!5z S+3z")
    assert hand["found"] == [("wrong_turn", "S:draw")]
    assert turn_message(hand) == (
        "小李 draws from the live wall; the replacement for its revealed tile comes from the back"
    )


# "接着翻出庄家抓的那张牌下面的一张牌，作为'得'牌": the indicator (9s) is turned up and set aside
# (option indicator_in_wall false, the default), so three 9s are left to draw; the fourth drawn
# is one too many. With the indicator left in the wall all four can be drawn.
FOUR_9S = "E-1z S+9s S-9s W+9s W-9s N+9s N-9s E+9s"


@pytest.mark.parametrize(
    "options, want",
    [({}, [("tile_overcount", "E:draw")]), ({"indicator_in_wall": True}, [])],
    ids=["set_aside", "in_the_wall"],
)
def test_the_indicator_set_aside_leaves_three_of_its_face(options, want):
    assert audited(FOUR_9S, options=options)["found"] == want


# 闹闹 (得 = 中, 7z): "闹闹时，把除'得'外的字牌及花牌翻出来，进行补牌 … 若闹闹时，'得'牌是不能翻出来的".
@pytest.mark.parametrize(
    "steps, want",
    [
        # 南 and 北 reveal their 发 and draw from the back, in seat order: clean.
        ("S!6z S*3s N!6z N*9p E-1z S+3z S-3z", []),
        # 南 keeps its 发 and plays on.
        ("E-1z S+3z S-3z", [("bonus_not_revealed", "S:discard")]),
        # 南 turns up its 中, the 得: never revealed.
        ("S!6z S*3s S!7z S*3z N!6z N*9p E-1z", [("not_revealable", "S:reveal")]),
    ],
    ids=["dragons_revealed", "green_kept", "de_revealed"],
)
def test_naonao_reveals_the_dragons_but_the_de(steps, want):
    assert audited(steps, indicator="7z")["found"] == want


def test_a_false_self_draw_owes_nothing_and_its_payments_are_disputed():
    # 东 declares 自摸 on a 4z that completes nothing (诈胡): the seed has no penalty for it, so
    # nothing is owed; each of the three payments is a dispute (owed 0).
    paid = settlement(("S", "E", 10), ("W", "E", 10), ("N", "E", 10))
    hand = audited("E-1z S~3z W~3z N~4z E+4z E:zimo:4z", end=(paid,))
    assert hand["found"] == [("not_winning", "E:win")]
    assert [w["stands"] for w in hand["wins"]] == [False]
    assert hand["expected_payments"] == []
    assert sorted((d["from"], d["to"], d["expected"]) for d in hand["disputes"]) == [
        ("N", "E", 0),
        ("S", "E", 0),
        ("W", "E", 0),
    ]


def test_a_seat_drawing_twice_holds_too_many():
    # 南 draws twice: 18 tiles where 17 are due (大相公), out of turn.
    assert audited("E-1z S+3z S+4z")["found"] == [("hand_size", "S:draw"), ("wrong_turn", "S:draw")]


@pytest.mark.parametrize(
    "steps, gives_way, unmade, winners",
    [
        # "吃 … 优先级最低，低于'胡牌'、'碰'或'明杠'": 西 chows 南's 5p (34p), 东 pungs it (55p).
        ("E-1z S+5p S-5p W:chi:34p E:peng E-9m", "W:chi", " W:chi:34p", []),
        # "碰 … 优先级低于'胡牌'": 东 pungs 南's 5p, 西 wins on it (单吊).
        ("E-1z S+5p S-5p E:peng W:hu:5p:S", "E:peng", " E:peng", ["W"]),
    ],
    ids=["peng_over_chi", "hu_over_peng"],
)
def test_a_higher_claim_takes_the_discard(steps, gives_way, unmade, winners):
    hand = audited(steps)
    assert hand["found"] == [("claim_outranked", gives_way)]
    assert [w["seat"] for w in hand["wins"] if w["stands"]] == winners
    ref = audited(steps.replace(unmade, ""))  # the lower claim never made
    assert ref["found"] == []
    assert (hand["points"], hand["expected_payments"]) == (ref["points"], ref["expected_payments"])


# "若某一玩家打出的牌附合多个玩家的胡牌条件时，以该打牌玩家的右手家、对家、左手家此顺序进行优先级排列，
# 优先级最高者为胡家，其它均不能胡牌": three seats win on 南's 5p — 西 (右手家, 单吊), 北 (对家, 嵌档
# 46p, 111z 999m 666s 888s 11s) and 东 (左手家, 555p). 西 alone wins, whatever the order of the lines.
THREE = {**DEALS, "N": "46p111z999m666s888s11s"}


@pytest.mark.parametrize(
    "lines", ["W:hu:5p:S N:hu:5p:S E:hu:5p:S", "E:hu:5p:S N:hu:5p:S W:hu:5p:S"]
)
def test_three_seats_win_on_one_discard_the_right_hand_seat_wins(lines):
    hand = audited(f"E-1z S+5p S-5p {lines}", deals=THREE)
    assert hand["found"] == [("win_priority", "E:win"), ("win_priority", "N:win")]
    assert [w["seat"] for w in hand["wins"] if w["stands"]] == ["W"]
    ref = audited("E-1z S+5p S-5p W:hu:5p:S", deals=THREE)  # 北 and 东 never declared
    assert (hand["points"], hand["expected_payments"]) == (ref["points"], ref["expected_payments"])
