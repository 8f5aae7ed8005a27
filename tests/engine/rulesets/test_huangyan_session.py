"""换位篇: a seat change needs two 圈 (eight passes of the deal) since the last one."""

import json

import pytest

from engine.audit import audit_records
from engine.model import HandOutcome, Win
from engine.rulesets import get_ruleset
from events.codec import parse_log
from tests.engine.summary_log import show, win

RS = get_ruleset("huangyan")
SEATS = {"E": "a", "S": "b", "W": "c", "N": "d"}


def _hand(no, winner, seat_change=False):
    record = {"type": "hand", "no": no, "seats": SEATS}
    if seat_change:
        record["seat_change"] = True
    wins = (Win(winner, "self_draw", "1m"),) if winner else ()
    return record, HandOutcome(no=no, seats=SEATS, wins=wins, exhausted=not wins)


def _session(winners, change_at=()):
    """Hands won by ``winners`` in turn ("E" keeps the deal, None is a draw)."""
    return [_hand(i + 1, w, i + 1 in change_at) for i, w in enumerate(winners)]


def _check(earlier, **options):
    """The hook on a seat change after ``earlier``, each dealt on as ``next_dealer`` says."""
    opts = RS.options(options)
    record, _ = _hand(len(earlier) + 1, "S", seat_change=True)
    dealt = [(r, RS.next_dealer(o, opts)) for r, o in earlier]
    return RS.check_hand_start(record, dealt, opts)


def test_a_hand_without_seat_change_is_never_flagged():
    record, _ = _hand(2, "S")
    assert RS.check_hand_start(record, [(_hand(1, "E")[0], "E")], RS.options()) == []


def test_a_hand_not_judged_is_no_pass():
    # None: no win stood and the hand was not drawn (the audit's dealer_after).
    record, _ = _hand(9, "S", seat_change=True)
    earlier = [(_hand(i, "S")[0], "S") for i in range(1, 8)] + [(_hand(8, "S")[0], None)]
    opts = RS.options({"seat_change_rule": "cuocai"})
    (anomaly,) = RS.check_hand_start(record, earlier, opts)
    assert "after 7 passes" in anomaly.message
    earlier[-1] = (earlier[-1][0], "S")
    assert RS.check_hand_start(record, earlier, opts) == []


def test_cuohu_allows_the_first_change_at_once():
    assert _check(_session(["S"])) == []


def test_cuocai_needs_two_rounds_from_the_start():
    (anomaly,) = _check(_session(["S"] * 7), seat_change_rule="cuocai")
    assert anomaly.code == "seat_change_too_early" and "7 passes" in anomaly.message
    assert _check(_session(["S"] * 8), seat_change_rule="cuocai") == []


def test_second_change_needs_eight_passes_since_the_first():
    # Hand 1 is the first change; 连庄 (E wins) hands do not pass the deal.
    earlier = _session(["N", "E", "E", "W", "S", None, "N", "S", "W", "S"], change_at=(1,))
    (anomaly,) = _check(earlier[:9])
    assert anomaly.message.startswith(
        "seats changed after 7 passes of the deal since the last seat change"
    )
    assert _check(earlier[:10]) == []


def test_a_drawn_hand_counts_as_a_pass_unless_the_dealer_stays():
    earlier = _session(["S"] * 7 + [None], change_at=(1,))
    assert _check(earlier) == []
    (anomaly,) = _check(earlier, draw_dealer="stay")
    assert "7 passes" in anomaly.message


@pytest.mark.parametrize("rounds", [1, 3])
def test_the_number_of_rounds_is_an_option(rounds):
    earlier = _session(["S"] * (4 * rounds), change_at=(1,))
    assert _check(earlier[:-1], seat_change_rounds=rounds)
    assert _check(earlier, seat_change_rounds=rounds) == []


def _seats(passes):
    """The seating after ``passes`` passes of the deal (each 下家 deals in turn)."""
    return {s: "abcd"[(passes + i) % 4] for i, s in enumerate("ESWN")}


def _log(rule, last, change_at_1):
    """Hands 1-7 drawn (黄牌: the deal passes each time), hand 8 南 (閒家) declares a win on 西's
    4s, ``last`` the hands after it (each a seat change or a drawn hand)."""
    lines = [{"type": "session", "ruleset": "huangyan", "options": {"seat_change_rule": rule},
              "players": list("abcd")}]  # fmt: skip
    for no in range(1, 8):
        change = {"seat_change": True} if no == 1 and change_at_1 else {}
        lines += [{"type": "hand", "no": no, "seats": _seats(no - 1), **change},
                  {"type": "exhausted"}]  # fmt: skip
    lines += [{"type": "hand", "no": 8, "seats": _seats(7)}, *last[0]]
    for no, hand in enumerate(last[1:], 9):
        lines += hand(no)
    return "\n".join(json.dumps(r, ensure_ascii=False) for r in lines)


# 换位篇 搓菜 "兩圈之後，隨便那個人都可以提出換位置", 搓胡 "換位置後兩圈之後才能再次要求換位"; a 圈 is four passes
# of the deal (docs), so eight. Hands 1-7 are drawn: 7 passes. Hand 8: 南 declares a win on 西's 4s
# holding 147m 258p 369s 東南西北 (no pair, no set): 诈胡, no win stands, so the deal neither
# passes nor stays by it (as the rotation, docs/report.md): still 7 passes when hand 9 changes
# seats, one short: warned. Had 南 held 123m 456m 789p 23s 55p (won on 4s) it would be the eighth
# pass and the change in time; a drawn hand 9 is the eighth too, and a change at hand 10 is in time.
FALSE = ["147m258p369s1234z4s"]
TRUE = ["123m456m789p234s55p"]


@pytest.mark.parametrize(
    ("rule", "change_at_1", "since"),
    [("cuocai", False, "the session began"), ("cuohu", True, "the last seat change")],
)
def test_a_false_win_is_no_pass_of_the_deal(rule, change_at_1, since):
    def hand8(held):
        return [show("S", held[0]), win("S", "discard", "4s", "W")]

    def change(no):
        return [{"type": "hand", "no": no, "seats": _seats(0), "seat_change": True},
                {"type": "exhausted"}]  # fmt: skip

    def drawn(no):
        return [{"type": "hand", "no": no, "seats": _seats(7)}, {"type": "exhausted"}]

    def warned(held, *after):
        text = _log(rule, [hand8(held), *after], change_at_1)
        report = audit_records(parse_log(text).records)
        return [
            (h["no"], a["message"])
            for h in report["hands"]
            for a in h["anomalies"]
            if a["code"] == "seat_change_too_early"
        ]

    assert warned(FALSE, change) == [
        (
            9,
            f"seats changed after 7 passes of the deal since {since}; "
            "2 rounds (8 passes) must come first",
        )  # fmt: skip
    ]
    assert warned(TRUE, change) == []
    assert warned(FALSE, drawn, change) == []
