"""Turning the caller's tiles, melds and wildcards into one packed integer, fast.

A hand is packed as a sum of per-tile weights: each tile kind owns a 3-bit digit holding its
count, nine digits per suit in a 27-bit block (m, p, s, z, then flowers). Packing a 14-tile list is
one C-level ``sum(map(...))``, and a suit's block is the key of the per-suit tables.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple, cast

from engine.model import Meld
from engine.tiles import ALL_TILES, FACES, english, is_flower, parse_tiles, rank, sorted_tiles

BLOCK = 27
SUIT_MASK = (1 << 27) - 1
SHIFT: dict[str, int] = {t: BLOCK * "mpszf".index(t[1]) + 3 * (rank(t) - 1) for t in ALL_TILES}
WEIGHT: dict[str, int] = {t: 1 << s for t, s in SHIFT.items()}
FLOWER_SHIFT = BLOCK * 4
# Bit 0, 1 and 2 of every digit. A digit of 5, 6 or 7 has bit 2 and another bit set; 8 or more
# copies carry into the next digit (or block), which the callers catch by comparing tile counts.
_B0 = sum(1 << s for s in SHIFT.values())
_B1, _B2 = _B0 << 1, _B0 << 2
COPIES = {t: 1 if is_flower(t) else 4 for t in ALL_TILES}


class Packed(NamedTuple):
    """A validated hand: ``key`` packs the non-wild concealed tiles, ``wild`` lists the 得;
    ``tiles`` and ``fixed`` are the concealed tiles and the melds as given (canonical)."""

    key: int
    real: int
    wild: tuple[str, ...]
    melds: int
    tiles: Sequence[str]
    fixed: tuple[Meld, ...]

    @property
    def held(self) -> Counter[str]:
        """Each kind in the concealed tiles (得 included) and melds, for 5th-copy checks."""
        held = Counter(self.tiles)
        for kind, c in meld_counts(self.fixed):
            held[kind] += c
        return held


class HandError(ValueError):
    """A hand that cannot be analysed (wrong size, too many copies, flowers, bad meld)."""


@lru_cache(maxsize=4096)
def _parse_str(text: str) -> tuple[str, ...]:
    return tuple(parse_tiles(text))


def pack(tiles: str | Iterable[object]) -> tuple[int, int, tuple[str, ...] | list[str]]:
    """(key, number of tiles, canonical tiles) of a tile string or collection; rejects 5+ copies."""
    if isinstance(tiles, str):
        tiles = _parse_str(tiles)
    elif not isinstance(tiles, (list, tuple)):
        tiles = tuple(tiles)
    try:
        key = sum(map(WEIGHT.__getitem__, tiles))
        canonical = cast("tuple[str, ...] | list[str]", tiles)  # each one a key of WEIGHT
    except (KeyError, TypeError):
        canonical = parse_tiles(tiles)  # raises TileError naming the bad token
        key = sum(map(WEIGHT.__getitem__, canonical))
    if key & _B2 & ((key & _B1) << 1 | (key & _B0) << 2):
        too_many(canonical)
    return key, len(canonical), canonical


def too_many(tiles: Iterable[str], extra: Iterable[tuple[str, int]] = ()) -> None:
    """Raise HandError naming the kinds held more often than a set has them."""
    counts = Counter(tiles)
    for kind, c in extra:
        counts[kind] += c
    kinds = [t for t, c in counts.items() if c > COPIES[t]]
    if kinds:
        raise HandError(f"more copies than a set has of {', '.join(map(english, kinds))}")


@lru_cache(maxsize=256)
def _wild_kinds(spec: str | tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    kinds = (
        parse_tiles(spec) if isinstance(spec, str) else [t for s in spec for t in parse_tiles(s)]
    )
    return tuple((t, SHIFT[t]) for t in sorted(set(kinds), key=ALL_TILES.index))


_KINDS: dict[
    object, tuple[tuple[str, int], ...]
] = {}  # hashable wildcard specs seen before -> kinds (the hot path's shortcut)


def wild_kinds(wildcards: str | Iterable[str]) -> tuple[tuple[str, int], ...]:
    """(kind, shift) of the 得 kinds from one tile, an mpsz string or a collection of tokens."""
    try:
        return _KINDS[wildcards]
    except (KeyError, TypeError):
        pass
    if not wildcards:
        return ()
    if isinstance(wildcards, str):
        kinds = _wild_kinds(wildcards)
    else:
        kinds = _wild_kinds(tuple(sorted(wildcards, key=str)))
    if isinstance(wildcards, (str, tuple, frozenset)) and len(_KINDS) < 1024:
        _KINDS[wildcards] = kinds
    return kinds


def strip_wild(key: int, kinds: tuple[tuple[str, int], ...]) -> tuple[int, int]:
    """(key without the 得, number of 得)."""
    w = 0
    for kind, shift in kinds:
        c = (key >> shift) & 7
        if c:
            if c > COPIES[kind]:
                raise HandError(f"more copies than a set has of {english(kind)}")
            key -= c << shift
            w += c
    return key, w


def meld_counts(melds: tuple[Meld, ...]) -> tuple[tuple[str, int], ...]:
    """Per-kind tile counts of fixed melds; raises HandError on a malformed meld.

    Each meld is checked and counted once per (kind, tiles) (a few hundred at a table), so a
    seat's melds cost a lookup each however they are combined."""
    if len(melds) == 1:
        return _one_meld(melds[0])
    counts: dict[str, int] = {}
    for meld in melds:
        for kind, c in _one_meld(meld):
            counts[kind] = counts.get(kind, 0) + c
    return tuple(counts.items())


def _one_meld(meld: Meld) -> tuple[tuple[str, int], ...]:
    if not isinstance(meld, Meld):
        raise HandError("a meld the engine cannot read")
    try:
        return _meld_tiles(meld.kind, meld.tiles)
    except TypeError:  # a meld built with a list of tiles: unhashable, so not cached
        return _meld_tiles.__wrapped__(meld.kind, meld.tiles)


@lru_cache(maxsize=1024)
def _meld_tiles(kind: str, tiles: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    faces = sorted_tiles(parse_tiles(list(tiles)))
    if not _is_set(faces, kind.startswith("gang")):
        raise HandError(f"the meld {', '.join(map(english, faces))} is not a pung, kong or chow")
    return tuple(Counter(faces).items())


def _is_set(faces: list[str], kong: bool) -> bool:
    if any(is_flower(t) for t in faces):
        return False
    if len(set(faces)) == 1:
        return len(faces) == 3 or len(faces) == 4 and kong
    ranks = [rank(t) for t in faces]
    same_suit = len({t[1] for t in faces}) == 1 and faces[0][1] != "z"
    return len(faces) == 3 and same_suit and ranks == [ranks[0], ranks[0] + 1, ranks[0] + 2]


def check_melds(key: int, tiles: Iterable[str], melds: tuple[Meld, ...]) -> None:
    """Reject melds that are not sets or that push a kind past its number of copies."""
    for kind, c in meld_counts(melds):
        if ((key >> SHIFT[kind]) & 7) + c > COPIES[kind]:
            too_many(tiles, meld_counts(melds))


def reject_flowers(key: int, tiles: Iterable[str]) -> None:
    if key >> FLOWER_SHIFT:
        flowers = [t for t in tiles if is_flower(t)]
        raise HandError(f"flowers are not part of a hand: {', '.join(map(english, flowers))}")


def prepare(
    tiles: str | Iterable[object],
    melds: Iterable[Meld] = (),
    wildcards: str | Iterable[str] = (),
) -> Packed:
    """Validate and pack for the slower analyses (waits, shanten, decompositions)."""
    key, n, canonical = pack(tiles)
    # the digits sum to the tiles unless 8+ copies of a kind carried into the next digit (pack
    # catches 5 to 7); a flower is one copy, which too_many checks
    if _digit_sum(key) != n or key >> FLOWER_SHIFT:
        too_many(canonical)
    fixed = tuple(melds)
    if fixed:
        check_melds(key, canonical, fixed)
    kinds = wild_kinds(wildcards)
    wild = tuple(kind for kind, shift in kinds for _ in range(key >> shift & 7))
    key, w = strip_wild(key, kinds)
    reject_flowers(key, canonical)
    return tuple.__new__(
        Packed, (key, n - w, wild, len(fixed), canonical, fixed)
    )  # (no NamedTuple parse)


def _digit_sum(key: int) -> int:
    return (key & _B0).bit_count() + 2 * (key & _B1).bit_count() + 4 * (key & _B2).bit_count()


def digits(key: int) -> list[int]:
    """The 34 face counts of a packed key (flowers excluded)."""
    return [(key >> SHIFT[t]) & 7 for t in FACES]
