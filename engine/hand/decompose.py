"""Every reading of a winning hand, for scoring: what each 得 stands for, the grouping, the wait.

Readings are enumerated group by group: the lowest remaining real tile must sit in some group, so
we branch on that group's kind and on which of its other places are real tiles and which are 得
(得 only ever fill gaps next to real tiles). Groups made of 得 alone are enumerated last, over the
34 pairs and 55 sets. The need tables prune every branch the remaining 得 cannot complete.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations_with_replacement, product
from typing import Any

from engine.hand import _tables
from engine.hand._input import WEIGHT, HandError, digits, prepare
from engine.model import Meld
from engine.tiles import FACES, parse_tile

Tiles = str | Iterable[str]


@dataclass(frozen=True, slots=True)
class Group:
    """One pair or set of a reading: the faces it stands for and which places a 得 filled."""

    kind: str  # "pair" | "pung" | "chow"
    faces: tuple[str, ...]
    wild: tuple[bool, ...]


@dataclass(frozen=True, slots=True)
class Decomposition:
    """One reading of a winning hand (concealed part; melds stay melds). See docs/engine.md."""

    pair: Group
    sets: tuple[Group, ...]
    win_group: int | None = None  # index into groups = (pair, *sets)
    wait: str | None = None  # ryanmen | kanchan | penchan | tanki | shanpon
    win_wild: bool = False
    assignments: tuple[tuple[str, str], ...] = ()  # (得 tile, face it stands for)
    restored: int = 0  # 得 standing for their own face (得还原)

    @property
    def groups(self) -> tuple[Group, ...]:
        return (self.pair, *self.sets)


# A group while enumerating: (face indices, kind, wild flags); tuples sort canonically.
_Raw = tuple[tuple[int, ...], str, tuple[bool, ...]]


def _options(i: int) -> list[_Raw]:
    """Every group whose lowest real tile is face ``i``, in a fixed order (for de-duplication)."""
    out: list[_Raw] = [((i, i), "pair", (False, False)), ((i, i), "pair", (False, True))]
    out += [((i, i, i), "pung", (False,) * (3 - k) + (True,) * k) for k in range(3)]
    if i < 27:
        r = i % 9
        for low in range(max(r - 2, 0), min(r, 6) + 1):
            faces = tuple(range(i - r + low, i - r + low + 3))
            above = [f for f in faces if f > i]
            for flags in product((False, True), repeat=len(above)):
                wild = tuple(f < i for f in faces if f <= i) + flags
                out.append((faces, "chow", wild))
    return out


def _prepared(raw: _Raw) -> tuple[_Raw, tuple[tuple[int, int], ...], int, int]:
    """(group, (face, copies) it takes, 得 it needs, packed weight of the real tiles it takes)."""
    used = [f for f, is_wild in zip(raw[0], raw[2], strict=True) if not is_wild]
    taken = tuple((f, used.count(f)) for f in sorted(set(used)))
    return raw, taken, len(raw[0]) - len(used), sum(WEIGHT[FACES[f]] for f in used)


_OPTIONS = [[_prepared(raw) for raw in _options(i)] for i in range(34)]
_WILD_SETS: list[_Raw] = [((f, f, f), "pung", (True,) * 3) for f in range(34)] + [
    ((f, f + 1, f + 2), "chow", (True,) * 3) for f in range(27) if f % 9 <= 6
]


def _readings(key: int, w: int) -> Iterator[tuple[_Raw, list[_Raw]]]:
    """(pair, sets) of every reading of the packed real tiles plus ``w`` 得."""
    counts = digits(key)
    groups: list[_Raw] = []

    def finish(wild_left: int, pair: _Raw | None) -> Iterator[tuple[_Raw, list[_Raw]]]:
        pairs = [pair] if pair else [((f, f), "pair", (True, True)) for f in range(34)]
        n_sets = (wild_left - (0 if pair else 2)) // 3
        for p in pairs:
            for extra in combinations_with_replacement(_WILD_SETS, n_sets):
                yield p, sorted(groups + list(extra))

    def walk(key: int, wild_left: int, pair: _Raw | None, anchor: int, start: int):
        i = next((f for f in range(anchor, 34) if counts[f]), None)
        if i is None:
            yield from finish(wild_left, pair)
            return
        options = _OPTIONS[i]
        for n in range(start if i == anchor else 0, len(options)):
            raw, taken, cost, weight = options[n]
            is_pair = raw[1] == "pair"
            if is_pair and pair is not None or cost > wild_left:
                continue
            if any(counts[f] < c for f, c in taken):
                continue
            rest = key - weight
            left = wild_left - cost
            placed = raw if is_pair else pair
            if (_tables.need_sets(rest) if placed else _tables.need(rest)[0]) > left:
                continue
            for f, c in taken:
                counts[f] -= c
            if not is_pair:
                groups.append(raw)
            yield from walk(rest, left, placed, i, n)
            if not is_pair:
                groups.pop()
            for f, c in taken:
                counts[f] += c

    yield from walk(key, w, None, 0, 0)


def _wait(group: _Raw, place: int) -> str:
    faces, kind, _ = group
    if kind == "pair":
        return "tanki"
    if kind == "pung":
        return "shanpon"
    if place == 1:
        return "kanchan"
    low_rank = faces[0] % 9
    if place == 2 and low_rank == 0 or place == 0 and low_rank == 6:
        return "penchan"
    return "ryanmen"


def _assign(wild_tiles: tuple[str, ...], groups: list[_Raw]) -> tuple[tuple, int]:
    """Pair each 得 with a face it fills, own faces first (so 得还原 is counted when possible)."""
    faces = sorted(
        FACES[f] for g in groups for f, is_wild in zip(g[0], g[2], strict=True) if is_wild
    )
    pool = Counter(wild_tiles)
    pairs, rest = [], []
    for face in faces:
        if pool[face]:
            pool[face] -= 1
            pairs.append((face, face))
        else:
            rest.append(face)
    restored = len(pairs)
    pairs += zip(sorted(pool.elements()), rest, strict=True)
    return tuple(sorted(pairs)), restored


def _group(raw: _Raw) -> Group:
    return Group(raw[1], tuple(FACES[f] for f in raw[0]), raw[2])


def decompositions(
    tiles: Tiles,
    melds: Iterable[Meld] = (),
    wildcards: Tiles = (),
    winning_tile: str | None = None,
) -> Iterator[Decomposition]:
    """Every distinct reading of a winning hand (none if it is not a win).

    With ``winning_tile`` (one of ``tiles``), a reading is produced for every distinct group the
    tile could have completed, with its wait shape; a winning 得 may fill any 得 place.
    """
    hand = prepare(tiles, melds, wildcards)
    size = hand.real + len(hand.wild) + 3 * hand.melds
    if size % 3 != 2:
        raise HandError(f"a winning hand has 3n+2 tiles: {size} tiles counting each meld as 3")
    win = None
    if winning_tile is not None:
        win = parse_tile(winning_tile)
        if win not in _concealed(hand):
            raise HandError(f"the winning tile {win} is not among the concealed tiles")
    win_wild = win in hand.wild
    for pair, sets in _readings(hand.key, len(hand.wild)):
        groups = [pair, *sets]
        assignments, restored = _assign(hand.wild, groups)
        base = Decomposition(
            _group(pair), tuple(map(_group, sets)), assignments=assignments, restored=restored
        )
        if win is None:
            yield base
            continue
        seen = set()
        for n, g in enumerate(groups):
            for place, (f, is_wild) in enumerate(zip(g[0], g[2], strict=True)):
                fits = is_wild if win_wild else not is_wild and FACES[f] == win
                shape = (g, _wait(g, place))
                if fits and shape not in seen:
                    seen.add(shape)
                    yield _replace(base, n, shape[1], win_wild)


def _concealed(hand) -> set[str]:
    return {FACES[f] for f, c in enumerate(digits(hand.key)) if c} | set(hand.wild)


def _replace(base: Decomposition, n: int, wait: str, win_wild: bool) -> Decomposition:
    return Decomposition(base.pair, base.sets, n, wait, win_wild, base.assignments, base.restored)


def best_decomposition(
    tiles: Tiles,
    score: Callable[[Decomposition], Any],
    melds: Iterable[Meld] = (),
    wildcards: Tiles = (),
    winning_tile: str | None = None,
) -> tuple[Any, Decomposition] | None:
    """The reading with the highest ``score`` (first one on ties), or None if not a win."""
    best = None
    for d in decompositions(tiles, melds, wildcards, winning_tile):
        value = score(d)
        if best is None or value > best[0]:
            best = (value, d)
    return best
