"""engine.hand on the seeds' examples, melds, 得 kinds, and bad input."""

from __future__ import annotations

import pytest

from engine import HandError, best_decomposition, decompositions, is_winning_hand, shanten, waits
from engine.model import Meld
from engine.tiles import TileError


def wait_shapes(tiles, winning_tile, **kw) -> set[str]:
    return {d.wait for d in decompositions(tiles, winning_tile=winning_tile, **kw)}


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("1234m456p789s111z", {"1m", "4m"}),  # xizhou 单吊: 1234 胡 1/4
        ("35m456p789s111z99s", {"4m"}),  # zhoushan 坎张: 3万5万 胡 4万
        ("12m456p789s111z99s", {"3m"}),  # 靠柄/边张: 12 waits 3
        ("89m456p789s111z99s", {"7m"}),  # 89 waits 7
        ("11m456p789s111z99s", {"1m", "9s", "6s"}),  # 对倒 (and 6789s)
        ("23m456p789s111z99s", {"1m", "4m"}),
    ],
)
def test_waits_of_seed_examples(hand, expected):
    assert waits(hand) == expected
    assert shanten(hand) == 0


@pytest.mark.parametrize(
    ("hand", "tile", "shapes"),
    [
        ("345m456p789s111z99s", "4m", {"kanchan"}),
        ("123m456p789s111z99s", "3m", {"penchan"}),
        ("789m456p789s111z99s", "7m", {"penchan"}),
        ("234m456p789s111z99s", "4m", {"ryanmen"}),
        ("11m456p789s111z555s", "5s", {"shanpon"}),
        ("11m456p789s111z999s", "9s", {"shanpon", "ryanmen"}),  # 78s+9s also reads 两面
        ("1234m456p789s111z1m", "1m", {"tanki"}),
        ("2345m456p789s111z5m", "5m", {"tanki"}),  # 234 + 55
        ("45666m456p789s111z", "6m", {"tanki", "ryanmen"}),  # 456+66: 两面 or 单吊
    ],
)
def test_wait_shapes(hand, tile, shapes):
    assert wait_shapes(hand, tile) == shapes


def test_a_wild_winning_tile_may_fill_any_wild_place():
    readings = list(decompositions("123m456p789s11z3z3z7z", wildcards="7z", winning_tile="7z"))
    assert readings and all(d.win_wild for d in readings)
    assert {d.wait for d in readings} == {"shanpon"}  # 11z+得 or 33z+得, the other pair
    assert wait_shapes("123m456p789s111z3z7z", "7z", wildcards="7z") == {"tanki"}
    assert wait_shapes("13m456p789s111z99s7z", "7z", wildcards="7z") == {"kanchan"}
    assert wait_shapes("12m456p789s111z99s7z", "7z", wildcards="7z") == {"penchan"}


def test_wenling_17_tiles_with_three_de():
    hand = "123m456m789p12s11z9s" + "5z" * 3  # 17 tiles, 白 is 得
    assert is_winning_hand(hand, wildcards="5z")
    assert not is_winning_hand(hand, wildcards="7z")
    assert shanten(hand, wildcards="5z") == -1
    # 16 tiles waiting with 3 得: anything completes (the 得 make any tile a set with 2 of them)
    assert len(waits("123m456m789p111z9s" + "5z" * 3, wildcards="5z")) > 20


def test_de_restored_counts_own_face():
    # 1p is 得; a 1p used as 1p in 123p is 得还原
    readings = list(decompositions("123p456m789m11z222z", wildcards="1p"))
    assert max(d.restored for d in readings) == 1
    best = best_decomposition("123p456m789m11z222z", lambda d: d.restored, wildcards="1p")
    assert best is not None and best[0] == 1 and best[1].assignments == (("1p", "1p"),)


def test_flower_wildcards_never_restore():
    # wenling: 春 turned up, 夏秋冬 are 得
    hand = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "1z", "2z", "2f", "3f"]
    assert is_winning_hand(hand, wildcards="234f")
    readings = list(decompositions(hand, wildcards="234f"))
    assert all(d.restored == 0 for d in readings)
    assert all({t for t, _ in d.assignments} == {"2f", "3f"} for d in readings)


def test_melds_count_as_sets():
    melds = (Meld("peng", ("1z", "1z", "1z")), Meld("gang_exposed", ("5p",) * 4))
    assert is_winning_hand("123m789s99s", melds=melds)
    assert waits("123m789s9s", melds=melds) == {"6s", "9s"}  # 9s 单吊, 678s+99s
    assert not is_winning_hand("123m789s98s", melds=melds)
    assert shanten("123m789s9s", melds=melds) == 0 and shanten("123m789s99s", melds=melds) == -1
    assert shanten("159m19s12z", melds=melds) == 4  # 7 lone tiles, 2 sets + pair to go
    readings = list(decompositions("123m789s99s", melds=melds))
    assert len(readings) == 1 and len(readings[0].sets) == 2
    assert is_winning_hand("123m789s99s", melds=[Meld("peng", ["1z"] * 3), melds[1]])  # list tiles


def test_tiles_held_four_times_are_not_waits():
    # 1111m + three sets: only a 5th 1m would complete it (111m + 11m)
    assert waits("1111m234p567p789p") == set()
    assert shanten("1111m234p567p789p") == 0
    assert waits("111m234p567p789p1z", melds=()) == {"1z"}
    assert waits("234p567p789p1z", melds=(Meld("peng", ("1z",) * 3),)) == set()


def test_best_decomposition_maximises_any_score():
    hand = "111222333m456p99s"
    pungs = best_decomposition(hand, lambda d: sum(g.kind == "pung" for g in d.sets))
    chows = best_decomposition(hand, lambda d: sum(g.kind == "chow" for g in d.sets))
    assert pungs[0] == 3 and chows[0] == 4
    assert best_decomposition("123m456p789s11z2z3z4z", len) is None


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: is_winning_hand("123m456p789s11z2z3z2f"), "flowers"),
        (lambda: is_winning_hand("11111m456p789s11z"), "copies"),
        (lambda: is_winning_hand("123m456p789s11z2z"), r"3n\+2"),
        (lambda: waits("123m456p789s11z222z"), r"3n\+1"),
        (lambda: shanten("123m456p789s"), r"3n\+1"),
        (
            lambda: is_winning_hand("123m11z", melds=(Meld("chi", ("1m", "3m", "5m")),)),
            "not a pung",
        ),
        (lambda: is_winning_hand("1m1m", melds=(Meld("peng", ("1m",) * 3),) * 1), "copies"),
        (lambda: is_winning_hand("1f1f", wildcards="1f"), "copies"),
        (lambda: waits("1f1f123m", wildcards="1f"), "has of Spring"),
        (lambda: shanten("11111111m23p"), "has of 1 Characters"),  # 8 copies carry past a digit
        (  # copies counted across several melds, each valid alone
            lambda: is_winning_hand(
                "1m1m", melds=(Meld("chi", ("1m", "2m", "3m")), Meld("peng", ("1m",) * 3))
            ),
            "has of 1 Characters",
        ),
        (
            lambda: waits("1m", melds=(Meld("peng", ("1z",) * 3), Meld("chi", ("1m", "3m", "5m")))),
            "not a pung",
        ),
        (lambda: list(decompositions("123m456p789s11z222z", winning_tile="5m")), "winning tile"),
    ],
)
def test_bad_hands_raise_clear_errors(call, message):
    with pytest.raises(HandError, match=message):
        call()


def test_bad_tokens_name_the_token():
    with pytest.raises(TileError, match="0m"):
        is_winning_hand(["1m", "0m"])
    with pytest.raises(TileError, match="xx"):
        waits("123m456p789s11zxx")


def test_warm_fills_every_small_suit_pattern_without_changing_answers():
    from engine.hand import _tables, warm

    before = is_winning_hand("123m456p789s11z222z"), waits("35m456p789s111z99s")
    assert warm(3) >= 220 + 120  # patterns of <= 3 tiles: C(12, 3) suited, C(10, 3) honors
    assert (3 << 3 * 8) in _tables.SUITED and (3 << 3 * 6) in _tables.HONORS  # 999, 中中中
    assert (is_winning_hand("123m456p789s11z222z"), waits("35m456p789s111z99s")) == before


def test_lazy_tables_are_bounded_and_answer_the_same_after_emptying(monkeypatch):
    from engine.hand import _tables, decompose

    table: dict = {}
    for k in range(10):
        _tables.store(table, k, -k, limit=4)
        assert len(table) <= 4 and table[k] == -k
    hand, wild = "123m456p789s11z666m", "6m"
    first = list(decompositions(hand, wildcards=wild, winning_tile="1z"))
    monkeypatch.setattr(decompose, "_PARTS_LIMIT", 1)  # every new suit pattern empties the cache
    decompose._PARTS.clear()
    again = list(decompositions(hand, wildcards=wild, winning_tile="1z"))
    assert len(decompose._PARTS) == 1 and again == first
