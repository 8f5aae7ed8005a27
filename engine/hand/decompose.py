"""Every reading of a winning hand, for scoring: what each 得 stands for, the grouping, the wait.

Readings are enumerated group by group: the lowest remaining real tile must sit in some group, so
we branch on that group's kind and on which of its other places are real tiles and which are 得
(得 only ever fill gaps next to real tiles). Groups made of 得 alone are enumerated last, over the
34 pairs and 55 sets. The need tables prune every branch the remaining 得 cannot complete.

Groups never cross suits, so the branching runs per suit and is memoised per suit pattern (a
"part" per way to group the suit); a hand's readings are the products of its suits' parts, in
the same order as one whole-hand search. ``readings`` hands a scorer each grouping once with its
winning-tile shapes, so it can value the groups once and each wait on top (see docs/engine.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from typing import Any, NamedTuple

from engine.hand import _tables
from engine.hand._input import BLOCK, SHIFT, SUIT_MASK, HandError, prepare
from engine.model import Meld
from engine.tiles import FACES, english, parse_tile

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


def _prepared(raw: _Raw, base: int) -> tuple[_Raw, int, int]:
    """(group, 得 it needs, packed weight of the real tiles it takes within its suit's block)."""
    used = [f - base for f, is_wild in zip(raw[0], raw[2], strict=True) if not is_wild]
    return raw, len(raw[0]) - len(used), sum(1 << 3 * r for r in used)


# Per suit (by the face index it starts at), per rank: the options of the rank's lowest tile.
_LOCAL = {
    base: [[_prepared(raw, base) for raw in _options(base + r)] for r in range(n)]
    for base, n in ((0, 9), (9, 9), (18, 9), (27, 7))
}
_WILD_SETS: list[_Raw] = [((f, f, f), "pung", (True,) * 3) for f in range(34)]
_WILD_SETS += [((f, f + 1, f + 2), "chow", (True,) * 3) for f in range(27) if f % 9 <= 6]


class _Part(NamedTuple):
    """One way to group a suit's real tiles: its sets (sorted), the 得 it used, its pair (or
    None), the sets and pair as public Groups, the faces its 得 stand for (pair included), and
    per winning tile the pair's waits and the distinct (index into ``sets``, wait) shapes;
    ``memo`` is a scorer's own per-part values (a part is shared by every hand holding its suit
    pattern, so a scorer keyed by its context values the part once; see ``reading_parts``)."""

    sets: tuple[_Raw, ...]
    used: int
    pair: _Raw | None
    groups: tuple[Group, ...]
    pair_group: Group | None
    wild: tuple[str, ...]
    shapes: dict[int, tuple[tuple[str, ...], tuple[tuple[int, str], ...]]]
    memo: dict[int, Any]  # the scorer's own values, by its context key


def _part(sets: tuple[_Raw, ...], used: int, pair: _Raw | None) -> _Part:
    pair_group, wild = _group(pair) if pair else (None, ())
    groups = []
    for raw in sets:
        group, faces = _group(raw)
        groups.append(group)
        if faces:
            wild += faces
    return _new(_Part, (sets, used, pair, tuple(groups), pair_group, wild, {}, {}))


def part_shapes(part: _Part, win: int) -> tuple[tuple[str, ...], tuple[tuple[int, str], ...]]:
    shapes = part.shapes.get(win)
    if shapes is None:
        pair_waits = _waits(part.pair, win) if part.pair else ()
        shapes = part.shapes[win] = pair_waits, tuple(_shapes(part.sets, win))
    return shapes


def _suit_parts(block: int, base: int, w: int) -> list[_Part]:
    """Every way to group the real tiles of one suit with at most ``w`` 得, in search order.

    Groups never cross suits, so the
    readings of a hand are the products of its suits' parts, taken in suit order; the order within
    a suit is the depth-first order of the branching, so the product keeps the whole-hand order.
    Memoised per (suit pattern, 得 available): hands reuse a few thousand suit patterns; a new
    pattern's search reuses the groupings of what is left after its first group
    (:func:`_rest_groupings`), which other patterns met before.
    """
    cache_key = (block, base, w)
    parts = _PARTS.get(cache_key)
    if parts is not None:
        return parts
    found = _rest_groupings(block, base, w, False, 0)
    parts = [_part(tuple(sorted(sets)), w - left, pair) for sets, left, pair in found]
    return _tables.store(_PARTS, cache_key, parts, _PARTS_LIMIT)


# (sets in the order taken, 得 left over, the pair placed or None) of each grouping
_Grouping = tuple[tuple[_Raw, ...], int, _Raw | None]


def _rest_groupings(
    block: int, base: int, wild_left: int, placed: bool, start: int
) -> tuple[_Grouping, ...]:
    """Every grouping of a suit's real tiles ``block`` with at most ``wild_left`` 得, in the
    depth-first order of the branching: the lowest real tile's options in their fixed order
    (from ``start``, for the tiles of the face the last group started at: a group list is
    searched once, in one order), each followed by the groupings of what it leaves (memoised:
    suit patterns share what is left after their first groups). ``placed``: the pair is taken."""
    # (one int: cheaper to hash than a tuple; a block has 27 bits, a hand fewer than 256 得)
    key = block | base << 27 | wild_left << 32 | placed << 40 | start << 41
    found = _GROUPINGS.get(key)
    if found is not None:
        return found
    if not block:
        return _tables.store(_GROUPINGS, key, (((), wild_left, None),), _PARTS_LIMIT)
    lookup, table = (
        (_tables.honors, _tables.HONORS) if base == 27 else (_tables.suited, _tables.SUITED)
    )
    i = ((block & -block).bit_length() - 1) // 3
    digits = block >> 3 * i & 511  # the counts of face i and the two above it: all a group takes
    fitting = _FITTING.get(digits | (base + i) << 9) or _fitting(base, i, digits)
    out: list[_Grouping] = []
    for n, raw, cost, weight, is_pair in fitting:
        if n < start or is_pair and placed or cost > wild_left:
            continue
        rest = block - weight
        left = wild_left - cost
        now = placed or is_pair
        entry = table.get(rest)
        if entry is None:
            entry = lookup(rest)
        if (entry >> 8 & 255) - (0 if now else entry & 1) <= left:
            same = rest and ((rest & -rest).bit_length() - 1) // 3 == i
            after = _rest_groupings(rest, base, left, now, n if same else 0)
            if is_pair:
                out += [(sets, rest_left, raw) for sets, rest_left, _ in after]
            else:
                out += [((raw, *sets), rest_left, pair) for sets, rest_left, pair in after]
    return _tables.store(_GROUPINGS, key, tuple(out), _PARTS_LIMIT)


# (option's place in _LOCAL, group, 得 it needs, weight, is a pair) of the options of a suit's
# lowest real tile whose real tiles the block holds, by the block's three digits from that tile
# and the tile's face index: the search tries only these (all but a few fail on the tiles).
_Fitting = tuple[tuple[int, _Raw, int, int, bool], ...]
_FITTING: dict[int, _Fitting] = {}
_LOW_BITS = sum(1 << 3 * r for r in range(9))  # bit 0 of each digit of a suit's block


def _fitting(base: int, i: int, digits: int) -> _Fitting:
    out = []
    for n, (raw, cost, weight) in enumerate(_LOCAL[base][i]):
        taken = weight >> 3 * i
        rest = digits - taken
        # no digit borrows (a borrow flips the next digit's bit 0): each count covers the group's
        if rest >= 0 and not (rest ^ digits ^ taken) & _LOW_BITS:
            out.append((n, raw, cost, weight, raw[1] == "pair"))
    _FITTING[digits | (base + i) << 9] = found = tuple(out)  # (at most 34 × 512 keys)
    return found


_GROUPINGS: dict[int, tuple[_Grouping, ...]] = {}
_PARTS: dict[tuple[int, int, int], list[_Part]] = {}
_PARTS_LIMIT = 1 << 14  # entries are heavier (parts, scorers' memos); ~5 000 after 11 000 hands


def _readings(
    key: int, w: int, keep: Callable[[list[_Part]], list[_Part]] | None = None
) -> Iterator[tuple[_Raw, tuple[_Part, ...], tuple[_Raw, ...]]]:
    """(pair, one part per suit (an empty one if it holds no real tile), sets of 得 alone) of
    every reading of the packed real tiles plus ``w`` 得. The parts' sets, in suit order, are
    sorted, and so are the 得-only sets. ``keep`` may thin each suit's list of two or more parts
    (see reading_parts)."""
    suits = []
    for b, base in enumerate((0, 9, 18, 27)):
        block = key >> BLOCK * b & SUIT_MASK
        if not block:
            suits.append(_EMPTY)
            continue
        found = _PARTS.get((block, base, w))
        if found is None:
            found = _suit_parts(block, base, w)
        suits.append(keep(found) if keep is not None and len(found) > 1 else found)
    m, p, s, z = suits
    for pm in m:
        for pp in p:
            u1 = pm.used + pp.used
            if u1 > w or pm.pair and pp.pair:
                continue
            p1 = pm.pair or pp.pair
            for ps in s:
                u2 = u1 + ps.used
                if u2 > w or p1 and ps.pair:
                    continue
                p2 = p1 or ps.pair
                for pz in z:
                    left = w - u2 - pz.used
                    if left < 0 or p2 and pz.pair:
                        continue
                    pair = p2 or pz.pair
                    parts = (pm, pp, ps, pz)
                    if pair is not None and not left:
                        yield pair, parts, ()
                    elif pair is not None or left >= 2:
                        n_sets = (left - (0 if pair else 2)) // 3
                        for pair_ in [pair] if pair else _WILD_PAIRS:
                            for extra in combinations_with_replacement(_WILD_SETS, n_sets):
                                yield pair_, parts, extra


_WILD_PAIRS: list[_Raw] = [((f, f), "pair", (True, True)) for f in range(34)]
_NOTHING = _Part((), 0, None, (), None, (), {}, {})  # the part of a suit without real tiles
_EMPTY = [_NOTHING]


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


# Where the winning tile went in a reading: (index into its groups, wait), or (None, None).
Shape = tuple[int | None, str | None]
Assignments = tuple[tuple[str, str], ...]  # (得 tile, face it stands for)


class Reading(NamedTuple):
    """A reading before the winning tile is placed: ``shapes`` lists each distinct
    ``(win_group, wait)`` the winning tile may take in it (``((None, None),)`` without one)."""

    pair: Group
    sets: tuple[Group, ...]
    assignments: Assignments
    restored: int
    shapes: Sequence[Shape]
    win_wild: bool

    def decomposition(self, shape: Shape) -> Decomposition:
        win_group, wait = shape
        return Decomposition(
            self.pair, self.sets, win_group, wait, self.win_wild, self.assignments, self.restored
        )


_NO_SHAPE: tuple[Shape, ...] = ((None, None),)
# A NamedTuple made by ``tuple.__new__`` (its own ``__new__`` parses its arguments in Python first).
_new = tuple.__new__
_FACE_INDEX = {face: i for i, face in enumerate(FACES)}


def _assign(wild_tiles: tuple[str, ...], faces: tuple[str, ...]) -> tuple[Assignments, int]:
    """Pair each 得 with a face it fills, own faces first (so 得还原 is counted when possible)."""
    pool = Counter(wild_tiles)
    pairs, rest = [], []
    for face in sorted(faces):
        if pool[face]:
            pool[face] -= 1
            pairs.append((face, face))
        else:
            rest.append(face)
    restored = len(pairs)
    pairs += zip(sorted(pool.elements()), rest, strict=True)
    return tuple(sorted(pairs)), restored


@lru_cache(maxsize=8192)  # bounded: with 3-4 得 the face combinations run to many thousands
def _assigned(wild_tiles: tuple[str, ...], faces: tuple[str, ...]) -> tuple[Assignments, int]:
    return _assign(wild_tiles, faces)


@cache
def _group(raw: _Raw) -> tuple[Group, tuple[str, ...]]:
    """The public Group of a raw group and the faces its 得 places stand for."""
    faces = tuple(FACES[f] for f in raw[0])
    wild = tuple(face for face, is_wild in zip(faces, raw[2], strict=True) if is_wild)
    return Group(raw[1], faces, raw[2]), wild


@cache
def _waits(raw: _Raw, win: int) -> tuple[str, ...]:
    """The distinct waits of the places of ``raw`` a winning tile may fill: a real tile of face
    index ``win``, or any 得 place when ``win`` is -1."""
    out: list[str] = []
    for place, (f, is_wild) in enumerate(zip(raw[0], raw[2], strict=True)):
        if (is_wild if win < 0 else not is_wild and f == win) and _wait(raw, place) not in out:
            out.append(_wait(raw, place))
    return tuple(out)


Combo = tuple[_Raw, tuple[_Part, ...], tuple[_Raw, ...]]  # (pair, part per suit, 得-only sets)


class PartedHand(NamedTuple):
    """A validated winning hand's readings before they are built: ``combos`` yields each
    reading as (pair, one part per suit, sets of 得 alone), in :func:`readings` order, and
    ``reading(combo)`` builds it. ``win`` is the winning tile's face index (-1 for a 得, None
    without one), the key of :func:`part_shapes`."""

    wild: tuple[str, ...]
    win: int | None
    win_wild: bool
    combos: Iterator[Combo]

    def reading(self, combo: Combo) -> Reading:
        return _reading(combo, self.wild, self.win, self.win_wild)


def reading_parts(
    tiles: Tiles,
    melds: Iterable[Meld] = (),
    wildcards: Tiles = (),
    winning_tile: str | None = None,
    keep: Callable[[list[_Part], int | None, int], list[_Part]] | None = None,
) -> PartedHand:
    """The readings as products of per-suit parts, for a scorer that values each part once
    (``_Part.memo``) and builds only the Reading it keeps; raises HandError like ``readings``.

    ``keep(parts, win, w)`` (win as in PartedHand, w the 得 held) may return a subsequence of a
    suit's parts (it is asked about lists of two or more): a scorer drops a part only when an
    earlier part of the list gives every reading it is in at least the same value, so the first
    best reading stays the same."""
    hand = prepare(tiles, melds, wildcards)
    size = hand.real + len(hand.wild) + 3 * hand.melds
    if size % 3 != 2:
        raise HandError(f"a winning hand has 3n+2 tiles: {size} tiles counting each meld as 3")
    win = None
    if winning_tile is not None:
        win = parse_tile(winning_tile)
        if win not in hand.wild and not hand.key >> SHIFT[win] & 7:
            raise HandError(f"the winning tile {english(win)} is not among the concealed tiles")
    win_wild = win in hand.wild
    win_key = -1 if win_wild else None if win is None else _FACE_INDEX[win]
    w = len(hand.wild)
    thin = None if keep is None else lambda parts: keep(parts, win_key, w)
    return _new(PartedHand, (hand.wild, win_key, win_wild, _readings(hand.key, w, thin)))


def readings(
    tiles: Tiles,
    melds: Iterable[Meld] = (),
    wildcards: Tiles = (),
    winning_tile: str | None = None,
) -> Iterator[Reading]:
    """The readings of :func:`decompositions` grouped by winning-tile shape, in the same order:
    a scorer can value a reading's groups once and each shape's wait on top."""
    hand = reading_parts(tiles, melds, wildcards, winning_tile)
    wild_tiles, win_key, win_wild = hand.wild, hand.win, hand.win_wild
    for combo in hand.combos:
        yield _reading(combo, wild_tiles, win_key, win_wild)


def _reading(
    combo: Combo, wild_tiles: tuple[str, ...], win_key: int | None, win_wild: bool
) -> Reading:
    pair, parts, extra = combo
    if extra:
        return _generic(pair, parts, extra, wild_tiles, win_key, win_wild)
    wild: tuple[str, ...] = ()
    set_groups: tuple[Group, ...] = ()
    head: list[Shape] = []
    if pair[2] == (True, True):  # a pair of 得 alone: no part holds it
        pair_group, wild = _group(pair)
        if win_key is not None:
            head = [(0, wait) for wait in _waits(pair, win_key)]
    shapes: list[Shape] = []
    offset = 1
    for part in parts:
        if part is _NOTHING:
            continue
        wild += part.wild
        set_groups += part.groups
        if part.pair_group:
            pair_group = part.pair_group
        if win_key is not None:
            pair_waits, set_shapes = part.shapes.get(win_key) or part_shapes(part, win_key)
            if pair_waits:
                head = [(0, wait) for wait in pair_waits]
            for n, wait in set_shapes:
                shapes.append((offset + n, wait))
            offset += len(part.sets)
    assignments, restored = _assigned(wild_tiles, wild) if wild_tiles else ((), 0)
    placed = head + shapes if win_key is not None else _NO_SHAPE
    return _new(Reading, (pair_group, set_groups, assignments, restored, placed, win_wild))


def _generic(
    pair: _Raw,
    parts: tuple[_Part, ...],
    extra: tuple[_Raw, ...],
    wild_tiles: tuple[str, ...],
    win_key: int | None,
    win_wild: bool,
) -> Reading:
    """A reading with sets of 得 alone (they interleave with the parts' sets, so sort them)."""
    pair_group, wild = _group(pair)
    if any(part.pair for part in parts):  # the pair's 得 are counted in its part
        wild = ()
    for part in parts:
        wild += part.wild
    sets = sorted(sum((part.sets for part in parts), extra))
    set_groups = tuple(_group(raw)[0] for raw in sets)
    wild += tuple(face for raw in extra for face in _group(raw)[1])
    assignments, restored = _assigned(wild_tiles, wild) if wild_tiles else ((), 0)
    shapes = _NO_SHAPE if win_key is None else _shapes((pair, *sets), win_key)
    return _new(Reading, (pair_group, tuple(set_groups), assignments, restored, shapes, win_wild))


def _shapes(groups: tuple[_Raw, ...], win: int) -> list[tuple[int, str]]:
    """Each distinct (group, wait) the winning tile may take, by the first group index."""
    shapes, seen = [], set()
    for n, raw in enumerate(groups):
        for wait in _waits(raw, win):
            if (raw, wait) not in seen:
                seen.add((raw, wait))
                shapes.append((n, wait))
    return shapes


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
    for reading in readings(tiles, melds, wildcards, winning_tile):
        for shape in reading.shapes:
            yield reading.decomposition(shape)


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
