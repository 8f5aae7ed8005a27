"""Huangyan table basics: the 136-tile set, 得 selection, dealer rotation, options."""

import dataclasses

import pytest

from engine.model import HandOutcome, Win
from engine.rulesets import get_ruleset
from engine.rulesets.base import OptionError
from engine.tiles import next_face

RS = get_ruleset("huangyan")
SEATS = {"E": "a", "S": "b", "W": "c", "N": "d"}


def test_136_tiles_without_flowers():
    counts = RS.tile_counts(RS.options())
    assert sum(counts.values()) == 136
    assert len(counts) == 34
    assert not any(t.endswith("f") for t in counts)
    assert RS.hand_size == 13 and not RS.has_flowers


def test_no_tile_is_a_bonus():
    opts = RS.options()
    assert not any(RS.is_bonus(t, frozenset({"5z"}), opts) for t in RS.tile_counts(opts))


@pytest.mark.parametrize(
    ("rule", "indicator", "expected"),
    [
        ("indicator", "3m", {"3m"}),
        ("indicator", "7z", {"7z"}),
        ("next", "3m", {"4m"}),
        ("next", "9p", {"1p"}),
        ("next", "4z", {"1z"}),
        ("next", "7z", {"6z"}),  # the seed's order 中、财、白
        ("next", "5z", {"7z"}),
        ("none", "3m", set()),
        ("indicator", None, set()),
    ],
)
def test_wildcard_rules(rule, indicator, expected):
    assert RS.wildcards(indicator, RS.options({"wildcard_rule": rule})) == expected


def test_next_face_cycles():
    assert [next_face(t) for t in ("1s", "8s", "9s", "1z", "2z", "3z")] == [
        "2s",
        "9s",
        "1s",
        "2z",
        "3z",
        "4z",
    ]


def test_dead_wall_option():
    assert RS.dead_wall(0, 0, RS.options()) == 0
    assert RS.dead_wall(0, 0, RS.options({"dead_wall": "14"})) == 14


def _outcome(wins=()):
    return HandOutcome(no=1, seats=SEATS, wins=tuple(wins), exhausted=not wins)


def test_dealer_win_keeps_the_deal():
    assert RS.next_dealer(_outcome([Win("E", "self_draw", "1m")]), RS.options()) == "E"


@pytest.mark.parametrize("winner", ["S", "W", "N"])
def test_other_win_passes_to_the_next_seat(winner):
    assert RS.next_dealer(_outcome([Win(winner, "discard", "1m", "E")]), RS.options()) == "S"


def test_draw_passes_unless_option_stays():
    assert RS.next_dealer(_outcome(), RS.options()) == "S"
    assert RS.next_dealer(_outcome(), RS.options({"draw_dealer": "stay"})) == "E"


def test_bad_options_are_refused_with_the_valid_names():
    with pytest.raises(OptionError, match="wildcard_rule"):
        RS.options({"wildcard": "next"})
    with pytest.raises(OptionError, match="indicator, next, none"):
        RS.options({"wildcard_rule": "random"})


def test_every_option_is_documented():
    assert all(doc for _, _, doc in RS.describe_options())


@pytest.mark.parametrize(("name", "value"), [("round_to", 0), ("li_per_hu", 0), ("cap", -1)])
def test_out_of_range_numbers_are_refused(name, value):
    with pytest.raises(OptionError, match=name):
        RS.options({name: value})


@pytest.mark.parametrize(
    ("name", "value", "low"),
    [("round_to", 0, 1), ("li_per_hu", 0, 1), ("base_hu", -1, 0), ("dead_wall", -3, 0)],
)
def test_a_number_under_its_least_names_the_bound_however_the_options_are_made(name, value, low):
    """A multiple of 0 or a negative 胡 is no table's: refused from a log's options and from
    options made directly (``dataclasses.replace``), the message naming the least value."""
    message = f"option {name}: {value} is below {low}"
    with pytest.raises(OptionError, match=message) as refused:
        RS.options({name: value})
    assert refused.value.code == "option_below" and refused.value.params["low"] == low
    with pytest.raises(OptionError, match=message):
        dataclasses.replace(RS.options(), **{name: value})


def test_of_two_numbers_under_their_least_the_first_option_is_named():
    with pytest.raises(OptionError, match="option round_to: 0 is below 1"):
        RS.options({"li_per_hu": 0, "round_to": 0})
