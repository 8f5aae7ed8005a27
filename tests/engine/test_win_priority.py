"""Two seats declare a win on one discard in a ruleset with one winner per discard.

wenling.txt 胡牌 注: "若某一玩家打出的牌附合多个玩家的胡牌条件时，以该打牌玩家的右手家、对家、左手家此顺序
进行优先级排列，优先级最高者为胡家，其它均不能胡牌". The huangyan seed names no priority; the engine keeps
wenling's (docs/rules/huangyan.md). So the priority seat's win stands whatever the order of the
lines, the other declared win is no win and owes nothing (its seat keeps the hand it held, without
the tile the priority seat took), and what the table paid for it is a dispute that names it. The
hands are built here from the seeds; each case is compared with the same log where only one seat
declares, so nothing is hard-coded from the engine's output."""

from __future__ import annotations

import pytest

from engine.audit import audit_records
from tests.engine.rulesets.test_seed_audit_claims import audited as audited_hand
from tests.engine.summary_log import log, settlement, show, win

# 南 (S) draws 5p and throws it. 西 (W, 南's right-hand seat: first in priority) waits on 5p
# (单吊); 东 (E, 南's left-hand seat: last) waits on 5p too (双碰 5p/1s): holding 5p5p, the
# 5p it cannot take would make it a pung of 5p, which a non-winner's 牌点 counts in wenling.
# 得 is 9s (nobody holds one).
WENLING = {
    "E": "123456789m234p55p11s1z",
    "S": "2z3z4z6z7z3s5s7s1p7p8p2m5m8m9p4s",
    "W": "234s567s345m678m234p5p",
    "N": "1m9m1p9p2s4s6s8s2z3z4z6z7z2m5m8m",
}
# The same seats on 13 tiles (the dealer 14): 东 123456789m 55p 11s, 西 234s 567s 345m 234p 5p.
HUANGYAN = {
    "E": "123456789m55p11s1z",
    "S": "2z3z4z6z7z3s5s7s1p7p8p2m8m",
    "W": "234s567s345m234p5p",
    "N": "1m9m1p9p2s4s6s8s2z3z4z6z7z",
}
PLAY = [
    {"type": "discard", "seat": "E", "tile": "1z"},
    {"type": "draw", "seat": "S", "tile": "5p"},
    {"type": "discard", "seat": "S", "tile": "5p"},
]
WIN_W = {"type": "win", "seat": "W", "how": "discard", "tile": "5p", "from": "S"}
WIN_E = {"type": "win", "seat": "E", "how": "discard", "tile": "5p", "from": "S"}
DEALS = {"wenling": WENLING, "huangyan": HUANGYAN}


def audited(ruleset: str, tail: list[dict]) -> dict:
    return audited_hand(ruleset, DEALS[ruleset], [*PLAY, *tail])


def flows(payments) -> list[tuple[str, str, int]]:
    return sorted((p["from"], p["to"], p["amount"]) for p in payments)


@pytest.mark.parametrize("ruleset", ["wenling", "huangyan"])
@pytest.mark.parametrize("order", ["priority first", "priority last"])
def test_the_priority_seat_wins_and_the_other_declared_win_owes_nothing(ruleset, order):
    lines = [WIN_W, WIN_E] if order == "priority first" else [WIN_E, WIN_W]
    hand = audited(ruleset, lines)
    alone = audited(ruleset, [WIN_W])  # 东 never declared
    assert [(a["code"], a["seq"]) for a in hand["anomalies"]] == [
        ("win_priority", next(a["seq"] for a in hand["anomalies"]))
    ]
    assert {w["seat"]: w["stands"] for w in hand["wins"]} == {"W": True, "E": False}
    # "优先级最高者为胡家，其它均不能胡牌": 东's declaration changes nothing owed, and 东 keeps the
    # hand it held (its 5p5p a pair, not a pung with 西's tile).
    assert hand["points"] == alone["points"] and alone["points"]["W"] > 0
    assert flows(hand["expected_payments"]) == flows(alone["expected_payments"])
    assert hand["items"]["E"] == alone["items"]["E"]


@pytest.mark.parametrize("ruleset", ["wenling", "huangyan"])
def test_a_table_that_let_the_outranked_seat_win_is_told_so(ruleset):
    """The table paid 东 as the winner, as if 东 had priority: a dispute whose explanation names
    the win that stands."""
    wrong = audited(ruleset, [WIN_E])["expected_payments"]  # 东 paid as the only winner
    paid = settlement(*((p["from"], p["to"], p["amount"]) for p in wrong))
    hand = audited(ruleset, [WIN_W, WIN_E, paid])
    assert hand["disputes"]
    first = hand["explanations"][0]
    assert first["code"] == "false_win_paid"
    assert "甲" in first["zh"] and "丙" in first["zh"] and "优先" in first["zh"]
    assert "priority" in first["en"]
    assert "按规则不能胡" not in first["zh"] and "诈胡" not in first["zh"]


def test_wenling_a_table_that_paid_both_is_told_so():
    """The table paid 西 and 东 each as a winner (as wenling settles two winners at once, docs/
    rules/wenling.md 'Several winners at once'): a dispute naming 东's win as barred by 西's."""
    both = audited("wenling", [WIN_W, WIN_E])
    # What a table that let both win pays: each winner is paid by every non-winner (南, 北).
    one_w = {
        (p["from"], p["to"]): p["amount"] for p in audited("wenling", [WIN_W])["expected_payments"]
    }
    one_e = {
        (p["from"], p["to"]): p["amount"] for p in audited("wenling", [WIN_E])["expected_payments"]
    }
    pays = [(a, b, n) for (a, b), n in (one_w | one_e).items() if a in "SN"]
    hand = audited("wenling", [WIN_W, WIN_E, settlement(*pays)])
    assert both["disputes"] == [] and hand["disputes"]
    codes = [e["code"] for e in hand["explanations"]]
    assert codes[0] == "false_win_paid" and "优先" in hand["explanations"][0]["zh"]


def test_wenling_summary_log_keeps_the_priority_seat():
    """The same hand as a summary log: 东's shown hand (with the 5p) is no win and is scored as
    the 16 tiles it held."""
    shows = [
        show("W", "234s567s345m678m234p5p5p"),
        show("E", "123456789m234p55p5p11s"),
        show("S", "2z3z4z6z7z3s5s7s1p7p8p2m5m8m9p4s"),
        show("N", "1m9m1p9p2s4s6s8s2z3z4z6z7z2m5m8m"),
    ]
    both = audit_records(
        log("wenling", [win("E", "discard", "5p", "S"), win("W", "discard", "5p", "S"), *shows])
    )
    shows[1] = show("E", "123456789m234p55p11s")
    alone = audit_records(log("wenling", [win("W", "discard", "5p", "S"), *shows]))
    hand, ref = both["hands"][0], alone["hands"][0]
    assert {w["seat"]: w["stands"] for w in hand["wins"]} == {"W": True, "E": False}
    assert "win_priority" in {a["code"] for a in hand["anomalies"]}
    assert hand["points"] == ref["points"]
    assert flows(hand["expected_payments"]) == flows(ref["expected_payments"])


# 西 holds nothing that wins on 5p (no pair, no set): its declared win is no win, so it does not
# 附合胡牌条件 and 东, the next seat that does, is the winner ("优先级最高者为胡家" among those whose
# hand wins).
WEST_NO_WIN = "1s3s5s7s2p6p8p1m3m7m9m2z3z4z6z7z"


def test_wenling_a_priority_seat_whose_hand_does_not_win_leaves_the_win_to_the_next():
    deal = {**WENLING, "W": WEST_NO_WIN}
    for lines in ([WIN_W, WIN_E], [WIN_E, WIN_W]):
        hand = audited_hand("wenling", deal, [*PLAY, *lines])
        alone = audited_hand("wenling", deal, [*PLAY, WIN_E])  # 西 never declared
        assert {w["seat"]: w["stands"] for w in hand["wins"]} == {"W": False, "E": True}
        assert {"not_winning", "priority_seat_no_win"} <= {a["code"] for a in hand["anomalies"]}
        assert hand["points"] == alone["points"] and alone["points"]["E"] > 0
        assert flows(hand["expected_payments"]) == flows(alone["expected_payments"])


def test_wenling_summary_log_a_priority_seat_whose_hand_does_not_win():
    shows = [
        show("W", WEST_NO_WIN + "5p"),
        show("E", "123456789m234p55p5p11s"),
        show("S", "2z3z4z6z7z3s5s7s1p7p8p2m5m8m9p4s"),
        show("N", "1m9m1p9p2s4s6s8s2z3z4z6z7z2m5m8m"),
    ]
    lines = [win("W", "discard", "5p", "S"), win("E", "discard", "5p", "S")]
    hand = audit_records(log("wenling", [*lines, *shows]))["hands"][0]
    shows[0] = show("W", WEST_NO_WIN)
    ref = audit_records(log("wenling", [lines[1], *shows]))["hands"][0]
    assert {w["seat"]: w["stands"] for w in hand["wins"]} == {"W": False, "E": True}
    assert hand["points"] == ref["points"] and ref["points"]["E"] > 0
    assert flows(hand["expected_payments"]) == flows(ref["expected_payments"])


# Found by fuzzing corrections (a settlement corrected into a second win line): two win lines on
# one seat's discard naming different tiles. A summary log does not say which tile was thrown; the
# replay groups the lines by discarder as one discard, so the priority seat's win stands and the
# other is no win ("其它均不能胡牌"). The check of whether a win ahead stands compared tiles
# instead, let both stand, and the settlement of one winner failed (score_failed).
WENLING_SHOWS = {
    "W": "234s567s345m678m234p5p5p",  # 西 wins on 南's 5p (priority: 南's right-hand seat)
    "E": "123456789m234p55p11s",  # 东's 16 tiles; it declares a win on a 1s from 南 as well
    "S": "2z3z4z6z7z3s5s7s1p7p8p2m5m8m9p4s",
    "N": "1m9m1p9p2s4s6s8s2z3z4z6z7z2m5m8m",
}


@pytest.mark.parametrize("order", ["priority first", "priority last"])
def test_two_wins_on_one_discard_naming_different_tiles_leave_the_priority_seats(order):
    west, east = win("W", "discard", "5p", "S"), win("E", "discard", "1s", "S")
    shows = [show(s, t + ("1s" if s == "E" else "")) for s, t in WENLING_SHOWS.items()]
    lines = [west, east] if order == "priority first" else [east, west]
    hand = audit_records(log("wenling", [*lines, *shows]))["hands"][0]
    ref = audit_records(log("wenling", [west, *(show(s, t) for s, t in WENLING_SHOWS.items())]))
    ref = ref["hands"][0]
    assert {w["seat"]: w["stands"] for w in hand["wins"]} == {"W": True, "E": False}
    codes = {a["code"] for a in hand["anomalies"]}
    assert "win_priority" in codes and not codes & {"score_failed", "priority_seat_no_win"}
    assert hand["points"] == ref["points"] and ref["points"]["W"] > 0
    assert flows(hand["expected_payments"]) == flows(ref["expected_payments"])


# A seat wins once a hand: a second win line of the same seat (another tile, or the line twice)
# is no second win. Where several seats may win one discard (xizhou) both lines were paid, twice
# the win; where one may (huangyan) the settlement failed.
XIZHOU_SHOWS = {
    "W": "234s567s345m234p5p5p",
    "E": "123456789m55p11s1z",
    "S": "2z3z4z6z7z3s5s7s1p7p8p2m8m",
    "N": "1m9m1p9p2s4s6s8s2z3z4z6z7z",
}


@pytest.mark.parametrize("ruleset", ["xizhou", "huangyan", "wenling"])
@pytest.mark.parametrize("again", ["2p", "5p"])
def test_a_seats_second_win_line_is_no_second_win(ruleset, again):
    shows = [
        show(s, t) for s, t in (WENLING_SHOWS if ruleset == "wenling" else XIZHOU_SHOWS).items()
    ]
    west = win("W", "discard", "5p", "S")
    lines = [west, win("W", "discard", again, "S")]
    extra = [{"type": "wildcard", "indicator": "9m"}] if ruleset == "huangyan" else []
    hand = audit_records(log(ruleset, [*extra, *lines, *shows]))["hands"][0]
    ref = audit_records(log(ruleset, [*extra, west, *shows]))["hands"][0]
    assert [(w["seat"], w["tile"], w["stands"]) for w in hand["wins"]] == [("W", "5p", True)]
    second = [a for a in hand["anomalies"] if a["code"] == "multiple_winners"]
    assert len(second) == 1 and "score_failed" not in {a["code"] for a in hand["anomalies"]}
    assert hand["points"] == ref["points"] and ref["points"]["W"] > 0
    assert flows(hand["expected_payments"]) == flows(ref["expected_payments"])
