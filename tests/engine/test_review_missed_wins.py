"""Missed wins (漏胡) on a tile another seat won, and on an added kong (抢杠), case by case from
the seeds, worked out by hand before the code ran.

- One winner (wenling.txt 胡牌 注: "以该打牌玩家的右手家、对家、左手家此顺序进行优先级排列，优先级最高者
  为胡家，其它均不能胡牌"; huangyan.txt is silent and keeps that order, docs/rules/huangyan.md):
  a seat ahead of the winner in that order missed its win; a seat behind it could not have won.
- 一炮多响 (zhoushan.txt "一炮多响…", xizhou.txt "支持一炮多响"): every seat that could have won
  and did not declare missed it.
- 抢杠 (wenling 抢杠胡 "不能对暗杠牌进行枪杠", zhoushan (14) "胡别人明杠的牌", xizhou 拉杠胡
  "胡他人危机杠的加杠牌", huangyan: like a discard): the added kong's tile is offered as a discard.
- zhoushan "放弃过的胡…在自己摸牌前不能胡": after letting a kong go, no win before the next draw.

Seat order E → S → W → N: on E's tile the priority is S (下家 = 右手家), W (对家), N (上家).
"""

from __future__ import annotations

import json

from engine.review import review_records
from tests.engine.test_review_cases import d, draw, log, review

# 13 tiles: S waits on 3m only (12m: 边张 1台); W on 3m or 6m (45m, 发3个 1台); E holds the 3m.
S13 = "12m456p789s111z55z"
W13 = "45m123p456s666z22z"
E14 = "3m8m2p5p8p2s8s3z4z6z7z6m9p9m"
HUANGYAN = {"indicator": "7m"}  # 得 = the other 7m: nobody named holds one


def win(seat: str, how: str, tile: str, by: str) -> dict:
    return {"type": "win", "seat": seat, "how": how, "tile": tile, "from": by}


def missed(hand) -> list[tuple[str, str, str, str | None]]:
    return [(m.seat, m.tile, m.how, m.from_seat) for m in hand.missed_wins]


def _on_discard(ruleset: str, winner: str, **kw) -> list:
    deal = {"E": E14, "S": S13, "W": W13}
    return missed(
        review(log(ruleset, deal, [d("E", "3m"), win(winner, "discard", "3m", "E")], **kw))
    )


# -- a discard another seat won ------------------------------------------------------------------
def test_huangyan_the_priority_seat_that_let_the_discard_go_missed_it():
    """W took E's 3m; S, E's 下家, came first and could have won on it alone."""
    assert _on_discard("huangyan", "W", **HUANGYAN) == [("S", "3m", "discard", "E")]


def test_huangyan_a_seat_behind_the_winner_could_not_have_won():
    """S took E's 3m: W (对家) comes after S, so only S could win; W missed nothing."""
    assert _on_discard("huangyan", "S", **HUANGYAN) == []


def test_wenling_the_seeds_order_right_hand_seat_first():
    """16 tiles: S waits on 3m (12m), W on 3m/6m (45m); W declares on E's 3m: S (右手家) had
    priority, so S missed it."""
    s = "12m456p789s123p111z33z"
    w = "45m123p456s789p222z66z"
    e = "3m8m6m9m2p5p8p2s8s1s7s4z4z6z7z9p1p"
    plays = [d("E", "3m"), win("W", "discard", "3m", "E")]
    hand = review(log("wenling", {"E": e, "S": s, "W": w}, plays, size=16, indicator="7m"))
    assert missed(hand) == [("S", "3m", "discard", "E")]
    assert hand.missed_wins[0].value > 0


def test_wenling_the_last_in_order_misses_nothing():
    s = "12m456p789s123p111z33z"
    w = "45m123p456s789p222z66z"
    e = "3m8m6m9m2p5p8p2s8s1s7s4z4z6z7z9p1p"
    plays = [d("E", "3m"), win("S", "discard", "3m", "E")]
    hand = review(log("wenling", {"E": e, "S": s, "W": w}, plays, size=16, indicator="7m"))
    assert missed(hand) == []


def test_zhoushan_several_winners_so_the_seat_that_did_not_declare_missed_it():
    """一炮多响: W could have won next to S."""
    assert _on_discard("zhoushan", "S") == [("W", "3m", "discard", "E")]


def test_xizhou_several_winners_so_the_priority_seat_missed_it_too():
    """支持一炮多响: S (边倒 1台, 门清 1台: above 1台起胡) could have won next to W."""
    assert _on_discard("xizhou", "W") == [("S", "3m", "discard", "E")]


# -- an added kong (抢杠) --------------------------------------------------------------------------
# E pungs N's 3m while S and W are one step away; they draw to 听 on 3m; E draws the last 3m
# and adds it to the pung.
S_K = "12m456p789s111z5z9p"
W_K = "45m123p456s666z2z9s"
N_K = "3m6m9m1p4p7p1s3s6s3z4z7z9m"
E_K = "33m8m2p5p8p2s8s3z4z6z7z6m9p"


def _gang(kind: str) -> dict:
    return {"type": "gang", "seat": "E", "kind": kind, "tile": "3m"}


OPENING = [  # E throws 9p; S, W, N draw and throw; N's 3m goes to E
    d("E", "9p"),
    draw("S", "8p"),
    d("S", "8p"),
    draw("W", "3p"),
    d("W", "3p"),
    draw("N", "5s"),
    d("N", "3m"),
]
KONG = [
    *OPENING,
    {"type": "peng", "seat": "E"},
    d("E", "8m"),
    draw("S", "5z"),
    d("S", "9p"),
    draw("W", "2z"),
    d("W", "9s"),
    draw("N", "8s"),
    d("N", "8s"),
    draw("E", "3m"),
    _gang("added"),
]
LET_GO = [draw("E", "7s", back=True), d("E", "6m")]  # 6m completes W's hand too
REPLACED = [draw("E", "7s", back=True), d("E", "7s")]


def _kong(ruleset: str, tail: list[dict], **kw):
    return review(log(ruleset, {"E": E_K, "S": S_K, "W": W_K, "N": N_K}, KONG + tail, **kw))


def test_zhoushan_an_added_kong_nobody_robbed_is_missed_by_both_and_bars_the_next_win():
    """Both could rob (胡别人明杠的牌); W, having let it go, may not win on E's 6m before it
    draws (放弃过的胡…在自己摸牌前不能胡)."""
    hand = _kong("zhoushan", LET_GO)
    assert missed(hand) == [("S", "3m", "robbed_kong", "E"), ("W", "3m", "robbed_kong", "E")]
    assert all(m.value > 0 for m in hand.missed_wins)


def test_huangyan_an_added_kong_nobody_robbed_and_the_next_discard():
    """No rule bars a win after one let go: W misses the kong and then E's 6m."""
    hand = _kong("huangyan", LET_GO, **HUANGYAN)
    assert missed(hand) == [
        ("S", "3m", "robbed_kong", "E"),
        ("W", "3m", "robbed_kong", "E"),
        ("W", "6m", "discard", "E"),
    ]


def test_huangyan_the_priority_seat_that_let_the_robbing_go_missed_it():
    hand = _kong("huangyan", [win("W", "robbed_kong", "3m", "E")], **HUANGYAN)
    assert missed(hand) == [("S", "3m", "robbed_kong", "E")]


def test_huangyan_robbed_by_the_priority_seat_the_other_missed_nothing():
    hand = _kong("huangyan", [win("S", "robbed_kong", "3m", "E")], **HUANGYAN)
    assert missed(hand) == []


def test_xizhou_robbed_by_one_seat_the_other_could_rob_too():
    """拉杠胡 under 一炮多响: the kong's tile is offered like a discard."""
    hand = _kong("xizhou", [win("S", "robbed_kong", "3m", "E")])
    assert missed(hand) == [("W", "3m", "robbed_kong", "E")]


def test_zhoushan_a_concealed_kong_cannot_be_robbed():
    """(14) 抢杠胡 takes a 明杠 only (wenling: 不能对暗杠牌进行枪杠)."""
    e = "3333m8m2p5p8p2s8s3z4z6z7z"
    plays = [_gang("concealed"), *REPLACED]
    assert missed(review(log("zhoushan", {"E": e, "S": S13}, plays))) == []


def test_zhoushan_a_kong_of_a_discard_is_a_missed_win_on_the_discard():
    """N's 3m konged by E: S and W could have won on the discard itself (胡 before 杠)."""
    e = "333m9p2p5p8p2s8s3z4z6z7z6m"
    plays = [*OPENING, _gang("exposed"), *REPLACED]
    hand = review(log("zhoushan", {"E": e, "S": S13, "W": W13, "N": N_K}, plays))
    assert missed(hand) == [("S", "3m", "discard", "N"), ("W", "3m", "discard", "N")]


def test_the_json_names_the_kind_of_every_missed_win():
    records = log("zhoushan", {"E": E_K, "S": S_K, "W": W_K, "N": N_K}, KONG + LET_GO)
    data = json.loads(json.dumps(review_records(records).to_dict()))
    seats = data["hands"][0]["seats"]
    assert [m["how"] for m in seats["S"]["missed_wins"]] == ["robbed_kong"]
    assert seats["W"]["missed_wins"][0]["from_seat"] == "E"
