"""换位篇: a seat change needs two 圈 (eight passes of the deal) since the last one."""

import pytest

from engine.model import HandOutcome, Win
from engine.rulesets import get_ruleset

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
    record, _ = _hand(len(earlier) + 1, "S", seat_change=True)
    return RS.check_hand_start(record, earlier, RS.options(options))


def test_a_hand_without_seat_change_is_never_flagged():
    record, _ = _hand(2, "S")
    assert RS.check_hand_start(record, _session(["E"]), RS.options()) == []


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
