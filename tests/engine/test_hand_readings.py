"""engine.hand.readings and the per-suit memo behind it; wenling's fast maximum against the
generic best_decomposition (same value, same reading on ties)."""

from __future__ import annotations

import random
from collections import Counter

from engine.hand import best_decomposition, decompose, decompositions, readings
from engine.model import HandOutcome, Meld, Showdown, Win
from engine.rulesets.wenling import winner
from engine.tiles import FACES, parse_tiles
from tests.engine import hand_reference as ref
from tests.engine.rulesets.wenling_helpers import RS


def _hands(seed: int, count: int, wilds=("9s", "5z", "1m")):
    """(concealed tiles, 得 kind, winning tile): pair + five sets, 0-3 tiles made 得, a tenth
    of them with one tile changed (mostly no longer a win)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        wild = rng.choice(wilds)
        tiles = [rng.choice(FACES)] * 2 + [t for _ in range(5) for t in rng.choice(ref.SETS)]
        tiles = [t for t in tiles if t != wild]
        if len(tiles) < 14 or max(Counter(tiles).values()) > 4:
            continue
        tiles = tiles[: 17 - rng.choice((0, 1, 2, 3))]
        tiles += [wild] * (17 - len(tiles))
        if rng.random() < 0.1:
            tiles[rng.randrange(17)] = rng.choice([f for f in FACES if f != wild])
        if max(Counter(tiles).values()) <= 4:
            out.append((tiles, wild, rng.choice(tiles)))
    return out


def test_readings_expand_to_decompositions_in_order():
    for tiles, wild, win in _hands(1, 150):
        expanded = [
            r.decomposition(shape) for r in readings(tiles, (), wild, win) for shape in r.shapes
        ]
        assert expanded == list(decompositions(tiles, wildcards=wild, winning_tile=win))
        for r in readings(tiles, (), wild, win):
            assert len(set(r.shapes)) == len(r.shapes) and r.shapes


def test_the_memo_does_not_change_the_readings():
    hands = _hands(2, 150)
    warm = [list(decompositions(t, wildcards=w, winning_tile=x)) for t, w, x in hands]
    assert any(len(found) > 3 for found in warm) and any(not found for found in warm)
    for (tiles, wild, win), expected in zip(hands, warm, strict=True):
        decompose._PARTS.clear()
        assert list(decompositions(tiles, wildcards=wild, winning_tile=win)) == expected


def _outcome(tiles, wild, win_tile, how, melds=()):
    win = Win("S", how, win_tile, None if how == "self_draw" else "W")
    outcome = HandOutcome(
        no=1,
        seats=dict.fromkeys("ESWN", "p"),
        indicator=wild,
        wildcards=frozenset({wild}),
        showdowns={"S": Showdown("S", tuple(tiles), tuple(melds))},
        wins=(win,),
    )
    return outcome, win


def test_wenling_fast_maximum_is_best_decomposition():
    """Valuing a grouping once and each wait on top picks what scoring every Decomposition
    would: the same (points, raw) and, on ties, the same (first) reading."""
    rng = random.Random(3)
    checked = 0
    for tiles, wild, win_tile in _hands(3, 400, wilds=("9s", "5z", "1z", "7z")):
        melds = ()
        if rng.random() < 0.3 and tiles.count("2p") == 0 and wild != "2p":
            melds, tiles = (Meld("peng", ("2p",) * 3),), tiles[3:]
            if win_tile not in tiles:
                win_tile = tiles[0]
        how = rng.choice(("discard", "self_draw", "robbed_kong"))
        outcome, win = _outcome(tiles, wild, win_tile, how, melds)
        show = outcome.showdowns["S"]
        opts = RS.options()
        fixed, ctx, value = winner.reading_value(outcome, win, show, opts)
        expected = best_decomposition(tiles, value, melds, outcome.wildcards, win_tile)
        found = winner._best(show, outcome, win, fixed, ctx)
        if expected is None:
            assert found is None
            continue
        assert found is not None and _picked(found) == expected
        assert found[3] == winner.reading_items(expected[1], ctx)
        checked += 1
    assert checked > 300


def test_wenling_fast_maximum_with_a_pair_of_de_in_a_held_suit():
    """Two 得 as a pair of a suit (or wind) another group also holds: the reading's suits and
    winds are not double-counted (the first hand, with the pair read 1p 1p, is no 清一色)."""
    cases = (
        ("2p2p444m345p456p777z444s", "2p", "7z", "discard"),
        ("2p2p444m345p456p777z444s", "2p", "4p", "self_draw"),
        ("9s9s111z222z333z444z123p", "9s", "4z", "discard"),
        ("9s9s111z222z333z444z123p", "9s", "1z", "self_draw"),
    )
    for text, wild, win_tile, how in cases:
        hand = parse_tiles(text)
        outcome, win = _outcome(hand, wild, win_tile, how)
        show = outcome.showdowns["S"]
        fixed, ctx, value = winner.reading_value(outcome, win, show, RS.options())
        expected = best_decomposition(hand, value, (), outcome.wildcards, win_tile)
        found = winner._best(show, outcome, win, fixed, ctx)
        assert expected is not None and found is not None
        assert _picked(found) == expected
        assert found[3] == winner.reading_items(expected[1], ctx)


def test_wenling_drops_dominated_parts_and_keeps_the_maximum():
    """With 2 得 wenling thins each suit's parts (winner._kept); the thinned lists are ordered
    subsequences, some are shorter, and the maximum is still best_decomposition's."""
    winner._KEPT.clear()
    for tiles, wild, win_tile in _hands(4, 300, wilds=("9s", "5z")):
        if tiles.count(wild) != 2:
            continue
        outcome, win = _outcome(tiles, wild, win_tile, "discard")
        show = outcome.showdowns["S"]
        fixed, ctx, value = winner.reading_value(outcome, win, show, RS.options())
        expected = best_decomposition(tiles, value, (), outcome.wildcards, win_tile)
        found = winner._best(show, outcome, win, fixed, ctx)
        assert found == expected if expected is None else _picked(found) == expected
    thinned = list(winner._KEPT.values())
    assert sum(len(kept) < len(parts) for parts, kept in thinned) > 20
    for parts, kept in thinned:
        it = iter(parts)
        assert kept and all(any(p is k for p in it) for k in kept)


def _picked(found):
    """(value, Decomposition) of what ``winner._best`` found, as best_decomposition gives it."""
    value, reading, shape, _ = found
    return value, reading.decomposition(shape)
