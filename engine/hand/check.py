"""Yes/no questions about a hand: is it a win, what does it wait on, how far is it (shanten)."""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence
from functools import lru_cache

from engine.hand import _tables
from engine.hand._input import (
    BLOCK,
    COPIES,
    SUIT_MASK,
    WEIGHT,
    HandError,
    check_melds,
    meld_counts,
    pack,
    prepare,
    reject_flowers,
    strip_wild,
    too_many,
    wild_kinds,
)
from engine.model import Meld
from engine.tiles import ALL_TILES, FACES, INDEX

Tiles = str | Iterable[str]
_WEIGHT = WEIGHT.__getitem__
_SUITED, _HONORS, _MASK = _tables.SUITED, _tables.HONORS, SUIT_MASK
assert BLOCK == 27  # is_winning_hand inlines the block shifts


def _size_error(size: int, want: str) -> HandError:
    return HandError(f"{want}: {size} tiles counting each meld as 3")


def is_winning_hand(tiles: Tiles, melds: Iterable[Meld] = (), wildcards: Tiles = ()) -> bool:
    """Whether ``tiles`` (concealed, winning tile included) plus ``melds`` is one pair + sets.

    Every copy of a ``wildcards`` kind (得) may stand for any face. ``len(tiles) + 3*len(melds)``
    must be 3n+2 (14 or 17 at a table).
    """
    if isinstance(tiles, (list, tuple)):  # the fast path: a list or tuple of canonical tiles
        try:
            n = len(tiles)
            key = sum(map(_WEIGHT, tiles))
        except (KeyError, TypeError):
            key, n, tiles = pack(tiles)
    else:
        key, n, tiles = pack(tiles)
    size = n
    if melds:
        melds = tuple(melds)
        check_melds(key, tiles, melds)
        size += 3 * len(melds)
    if size % 3 != 2:
        raise _size_error(size, "a winning hand has 3n+2 tiles")
    if wildcards:
        key, w = strip_wild(key, wild_kinds(wildcards))
        n -= w
    else:
        w = 0
    try:
        total = (
            _SUITED[key & _MASK]
            + _SUITED[key >> 27 & _MASK]
            + _SUITED[key >> 54 & _MASK]
            + _HONORS[key >> 81 & _MASK]
        )
    except KeyError:
        total = sum(_tables.entries(key))
    if total >> 16 != n:  # 5+ copies (BAD bit or a carry) or a flower
        reject_flowers(key, tiles)
        too_many(tiles)
    return (total >> 8 & 255) + (-1 if total & 7 else 2) <= w


_SPLIT = struct.Struct("9s9s9s7s").unpack_from  # a counts row's m, p, s and honor bytes
# A counts plan: the m, p, s and honor counts tables, then each suit's 得 ranks.
_Plan = tuple[
    dict[bytes, int],
    dict[bytes, int],
    dict[bytes, int],
    dict[bytes, int],
    tuple[tuple[int, ...], ...],
]
_COUNT_PLANS: dict[object, _Plan | None] = {}
_WILD_SHIFT, _NO_FLOWERS = _tables.WILD_SHIFT, bytes(8)


def _plan(ranks: tuple[tuple[int, ...], ...]) -> _Plan:
    """The counts tables of the four suits for the 得 ranks of each."""
    m, p, s, z = (_tables.counts_table(b == 3, r) for b, r in enumerate(ranks))
    return m, p, s, z, ranks


_PLAIN = _plan(((),) * 4)


def _counts_plan(wildcards: Tiles) -> _Plan | None:
    """The four suits' counts tables and 得 ranks for a wildcard spec; None when a flower is 得
    (the tile list takes those hands)."""
    at = [INDEX[k] for k, _ in wild_kinds(wildcards)]
    plan = None
    if all(i < 34 for i in at):
        ranks = tuple(tuple(i - 9 * b for i in at if 0 <= i - 9 * b < 9) for b in range(4))
        plan = _plan(ranks)
    if isinstance(wildcards, (str, tuple, frozenset)) and len(_COUNT_PLANS) < 256:
        _COUNT_PLANS[wildcards] = plan
    return plan


def is_winning_counts(
    counts: Sequence[int], melds: Iterable[Meld] = (), wildcards: Tiles = ()
) -> bool:
    """``is_winning_hand`` of a hand held as counts, the form the replay and the simulator keep:
    ``counts[i]`` copies of ``ALL_TILES[i]`` (the 34 faces, or all 42 tiles with the flowers).

    No tile list is built: each suit's counts, as bytes, key per-suit entries (the 得 taken out
    and counted by the entry). A hand the fast path does not take (a flower, 5+ copies, a meld
    past four copies, a wrong size, a flower 得) goes through ``is_winning_hand``, which raises
    the same error or answers."""
    try:
        held = bytes(counts)
        m, p, s, z = _SPLIT(held)
    except (TypeError, ValueError, struct.error):
        raise HandError("a hand's counts are 34 or 42 numbers of copies, 0 to 4") from None
    if wildcards:
        try:
            plan = _COUNT_PLANS[wildcards]
        except (KeyError, TypeError):
            plan = _counts_plan(wildcards)
        if plan is None:
            return _by_tiles(held, counts, melds, wildcards)
    else:
        plan = _PLAIN
    tm, tp, ts, tz, ranks = plan
    try:
        total = tm[m] + tp[p] + ts[s] + tz[z]
    except KeyError:
        total = sum(
            _tables.by_counts(part, b == 3, ranks[b]) for b, part in enumerate((m, p, s, z))
        )
    if not melds and (len(held) == 34 or held[34:] == _NO_FLOWERS):
        try:
            return _VERDICTS[total]
        except KeyError:
            pass
    return _verdict(total, held, counts, tuple(melds), wildcards)


# The verdict of a summed entry (tiles, sets, pair bits, 得, BAD) for a hand without melds: a few
# hundred distinct sums answer every hand, so the usual check is one more lookup.
_VERDICTS: dict[int, bool] = {}


def _verdict(
    total: int, held: bytes, counts: Sequence[int], melds: tuple[Meld, ...], wildcards: Tiles
) -> bool:
    """The checks and verdict behind ``is_winning_counts``'s last lookup."""
    w = total >> _WILD_SHIFT
    size = (total >> 16 & 255) + w + 3 * len(melds)
    if melds:
        try:
            room = _meld_room(melds)
        except TypeError:  # a meld holding a list: unhashable
            room = _meld_room.__wrapped__(melds)
        for i, left in room:
            if counts[i] > left:
                return _by_tiles(held, counts, melds, wildcards)
    if total >> 24 & 7 or size % 3 != 2 or len(held) != 34 and held[34:] != _NO_FLOWERS:
        return _by_tiles(held, counts, melds, wildcards)
    won = (total >> 8 & 255) + (-1 if total & 7 else 2) <= w
    if not melds:
        _tables.store(_VERDICTS, total, won)
    return won


@lru_cache(maxsize=4096)
def _meld_room(melds: tuple[Meld, ...]) -> tuple[tuple[int, int], ...]:
    """(index, copies the concealed tiles may still hold) of each kind in the melds; raises
    HandError for a malformed meld. Memoised: a seat's melds are asked about at every win check."""
    return tuple((INDEX[k], COPIES[k] - c) for k, c in meld_counts(melds))


def _by_tiles(held: bytes, counts: Sequence[int], melds: Iterable[Meld], wildcards: Tiles) -> bool:
    """``is_winning_counts`` through the tile list: it names what is wrong."""
    if len(held) != 42 and len(held) != 34:
        raise HandError(f"a hand's counts list the 34 faces or the 42 tiles, not {len(held)}")
    tiles = [t for t, n in zip(ALL_TILES, counts, strict=False) for _ in range(n)]
    return is_winning_hand(tiles, melds, wildcards)


def waits(tiles: Tiles, melds: Iterable[Meld] = (), wildcards: Tiles = ()) -> set[str]:
    """The tiles whose draw completes the hand (3n+1 tiles), 得 kinds included.

    A tile already held in every copy (4 of a face, 1 of a flower, counting melds) cannot be
    drawn and is left out.
    """
    hand = prepare(tiles, melds, wildcards)
    size = hand.real + len(hand.wild) + 3 * hand.melds
    if size % 3 != 1:
        raise _size_error(size, "a waiting hand has 3n+1 tiles")
    w = len(hand.wild)
    wild = {k for k, _ in wild_kinds(wildcards)}
    out = set(wild) if _tables.need(hand.key)[0] <= w + 1 else set()  # a drawn 得 fits anywhere
    entries = _tables.entries(hand.key)
    total = sum(entries)
    held = hand.held.get
    for b in range(4):
        grown = _tables.grown(hand.key >> BLOCK * b & SUIT_MASK, b == 3)
        for face, e in zip(FACES[9 * b : 9 * b + 9], grown, strict=False):
            t = total - entries[b] + e
            if (t >> 8 & 255) + (-1 if t & 7 else 2) <= w:
                if face not in wild and held(face, 0) < 4:
                    out.add(face)
    return {t for t in out if held(t, 0) < COPIES[t]}


def shanten(tiles: Tiles, melds: Iterable[Meld] = (), wildcards: Tiles = ()) -> int:
    """Tiles still to exchange before 听牌, standard shape: -1 = complete (3n+2), 0 = 听牌.

    Takes 3n+1 or 3n+2 tiles. Shape only: a hand waiting solely on a tile it holds four of still
    counts as 听牌 (0) though ``waits`` is empty.
    """
    hand = prepare(tiles, melds, wildcards)
    size = hand.real + len(hand.wild) + 3 * hand.melds
    if size % 3 == 0:
        raise _size_error(size, "shanten takes 3n+1 or 3n+2 tiles")
    sets = (hand.real + len(hand.wild) - 1) // 3
    if sets > _tables.GMAX:
        raise _size_error(size, f"shanten handles at most {3 * _tables.GMAX + 2} concealed tiles")
    return 3 * sets + 1 - len(hand.wild) - _tables.packed_real(hand.key, sets)
