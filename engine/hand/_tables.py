"""Per-suit tables, filled lazily: one entry per distinct suit pattern ever seen.

A hand splits into four independent suits (m, p, s and honors). For each suit pattern (its 27-bit
block of the packed key) we keep:

* ``need`` entries: the fewest 得 that complete the suit as sets only, whether holding the pair
  there saves one 得 (else the pair costs two more), and the suit's tile count, in one int.
  A 得 may stand for any face, including a fifth copy, so these are plain "tiles to add" numbers.
* ``packing`` vectors for shanten: the most real tiles of the suit that fit into at most ``g``
  partial sets and at most ``p`` partial pair, for every ``g <= GMAX`` and ``p in (0, 1)``.

A suit has at most 5**9 patterns but a club's hands reuse a few thousand; filling an entry costs
tens of microseconds, a hit is one dict lookup. ``warm()`` fills the tables ahead of time.
Every table is bounded (``LIMIT`` entries, then it starts over): a worker runs for days.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import add as _add
from typing import TypeVar

from engine.hand._input import BLOCK, SUIT_MASK

GMAX = 6  # partial sets a shanten packing may hold: enough for 3*6+1 = 19 tiles
_HONOR_SETS = (0, 2, 1, 0, 2)  # 得 to make n copies of one honor into sets
_HONOR_PAIR = (2, 1, 0, 2, 1)  # ... into sets plus the pair

# An entry packs (tiles << 16) | (sets << 8) | pair_bit, plus BAD for a pattern with a digit of
# 5-7. ``pair_bit`` says the pair costs one 得 *less* than sets alone (e.g. "11": a pung needs 1,
# the pair 0); otherwise it costs exactly 2 more (a pair of 得), since a pair plus one 得 is a pung.
# Entries of the four suits add up without carries (bits 0-2 then count the pair bits), so the
# win check is one sum: need = sets + (-1 if total & 7 else 2).
BAD = 1 << 24
SUITED: dict[int, int] = {}
HONORS: dict[int, int] = {}
LIMIT = 1 << 16  # entries a table keeps; warm(8) fills ~29 000 (a day of club play ~6 000)


K = TypeVar("K")
V = TypeVar("V")


def store(table: dict[K, V], key: K, value: V, limit: int = LIMIT) -> V:
    """``table[key] = value``; a full table is emptied first (kept in place: callers alias it),
    so memory stays bounded and a dropped entry is simply worked out again."""
    if len(table) >= limit:
        table.clear()
    table[key] = value
    return value


_DIGITS = {ranks: tuple(range(0, 3 * ranks, 3)) for ranks in (7, 9)}


def _counts(block: int, ranks: int) -> tuple[int, ...]:
    return tuple(map((7).__and__, map(block.__rshift__, _DIGITS[ranks])))


@lru_cache(maxsize=LIMIT)
def _need(block: int, pair: bool) -> int:
    """Fewest 得 to complete a suited block as sets (plus one pair if ``pair``).

    The lowest real tile ``i`` must sit in some group. Exchanging 得 with real tiles of the same
    face, that group may take every real tile it can; so a pung or pair takes all the copies it
    can, and a chow reaching below ``i`` with 得 is no better than a 得-padded pung of ``i`` or the
    chow starting at ``i`` (except 8-9 waiting on 7, which has no chow starting at 8).
    """
    if not block:
        return 2 if pair else 0
    shift = (block & -block).bit_length() - 1
    shift -= shift % 3
    c = block >> shift & 7
    take = 3 if c > 3 else c
    best = 3 - take + _need(block - (take << shift), pair)
    if pair:
        take = 2 if c > 2 else c
        other = 2 - take + _need(block - (take << shift), False)
        if other < best:
            best = other
    if best and shift <= 21:  # a chow from rank i (from rank 7 when i is the 8)
        low = shift if shift <= 18 else 18
        rest, cost = block - (1 << shift), 2
        for r in range(shift + 3, low + 9, 3):
            if rest >> r & 7:
                rest -= 1 << r
                cost -= 1
        other = cost + _need(rest, pair)
        if other < best:
            best = other
    return best


def _entry(counts: tuple[int, ...], sets: int, pair: int) -> int:
    bad = BAD if max(counts) > 4 else 0
    return bad | sum(counts) << 16 | sets << 8 | (pair < sets)


def suited(block: int) -> int:
    entry = SUITED.get(block)
    if entry is None:
        counts = _counts(block, 9)
        entry = store(SUITED, block, _entry(counts, _need(block, False), _need(block, True)))
    return entry


def honors(block: int) -> int:
    entry = HONORS.get(block)
    if entry is None:
        counts = _counts(block, 7)
        sets = sum(_HONOR_SETS[min(c, 4)] for c in counts)
        pair = min(
            (sets - _HONOR_SETS[c] + _HONOR_PAIR[c] for c in counts if 0 < c <= 4), default=9
        )
        entry = store(HONORS, block, _entry(counts, sets, pair))
    return entry


# The same entries keyed by a suit's counts as bytes (``is_winning_counts``), one table per suit
# kind and tuple of 得 ranks in that suit: a 得 rank is taken out and its copies are added at
# WILD_SHIFT, so one sum of four entries also counts the 得.
WILD_SHIFT = 28
_BY_COUNTS: dict[tuple[bool, tuple[int, ...]], dict[bytes, int]] = {}


def counts_table(honor: bool, ranks: tuple[int, ...] = ()) -> dict[bytes, int]:
    """The table of a suit's counts with the 得 ``ranks`` (positions in the suit) taken out."""
    return _BY_COUNTS.setdefault((honor, ranks), {})


def by_counts(part: bytes, honor: bool, ranks: tuple[int, ...] = ()) -> int:
    """The entry of one suit's counts, filling its table; BAD past 4 copies (a 得 rank held
    five times stays in, so its suit is BAD too)."""
    row, w = bytearray(part), 0
    for r in ranks:
        if row[r] <= 4:
            w += row[r]
            row[r] = 0
    if max(row, default=0) > 4:
        entry = BAD
    else:
        block = sum(c << 3 * r for r, c in enumerate(row))
        entry = honors(block) if honor else suited(block)
    return store(counts_table(honor, ranks), part, entry + (w << WILD_SHIFT))


def entries(key: int) -> tuple[int, int, int, int]:
    """The m, p, s and honor entries of a packed key, filling the tables on first sight."""
    return (
        suited(key & SUIT_MASK),
        suited(key >> BLOCK & SUIT_MASK),
        suited(key >> 2 * BLOCK & SUIT_MASK),
        honors(key >> 3 * BLOCK & SUIT_MASK),
    )


_GROWN: dict[int, tuple[int, ...]] = {}


def grown(block: int, honor: bool) -> tuple[int, ...]:
    """The entries of ``block`` with one more tile of each rank (waits probes these)."""
    out = _GROWN.get(block | honor << 27)
    if out is None:
        lookup, ranks = (honors, 7) if honor else (suited, 9)
        grown_ = tuple(lookup(block + (1 << 3 * r)) for r in range(ranks))
        out = store(_GROWN, block | honor << 27, grown_)
    return out


def need(key: int) -> tuple[int, int]:
    """(fewest 得 to make the packed tiles a complete hand, number of tiles; BAD if 5+ copies)."""
    total = sum(entries(key))
    return (total >> 8 & 255) + (-1 if total & 7 else 2), total >> 16


_ZERO = (0,) * (2 * (GMAX + 1))


@lru_cache(maxsize=LIMIT)
def packing(counts: tuple[int, ...], is_suited: bool) -> tuple[int, ...]:
    """best[2*g + p]: most real tiles of ``counts`` fitting <= g partial sets and <= p partial pair.

    A partial set is any sub-multiset of a pung or chow; the rest of the tiles are discarded.
    """
    i = next((r for r, c in enumerate(counts) if c), None)
    if i is None:
        return _ZERO
    c = counts[i]
    options: list[tuple[tuple[int, ...], bool]] = [((i,), False), ((i,), True)]
    if c >= 2:
        options += [((i, i), False), ((i, i), True)]
    if c >= 3:
        options.append(((i, i, i), False))
    if is_suited:
        nxt = i + 1 <= 8 and counts[i + 1] > 0
        nxt2 = i + 2 <= 8 and counts[i + 2] > 0
        options += [((i, i + 1), False)] * nxt + [((i, i + 2), False)] * nxt2
        options += [((i, i + 1, i + 2), False)] * (nxt and nxt2)
    rest = list(counts)
    rest[i] -= 1
    best = packing(tuple(rest), is_suited)  # discard one copy of the lowest tile
    rest[i] += 1
    for taken, is_pair in options:
        for r in taken:
            rest[r] -= 1
        sub = packing(tuple(rest), is_suited)
        for r in taken:
            rest[r] += 1
        plus = len(taken).__add__
        if is_pair:  # best[2g + 1] against sub[2g] + n
            more = [0] * len(sub)
            more[1::2] = map(plus, sub[0::2])
        else:  # best[2g + p] against sub[2(g - 1) + p] + n, g >= 1
            more = [0, 0, *map(plus, sub[:-2])]
        best = tuple(map(max, best, more))
    return best


# Shanten packings by class: a suit's packing vector is interned as a small class id (a few
# hundred distinct vectors cover every suit pattern of a table's hands), and the knapsack of two
# suits is memoised per pair of classes and ``sets`` (m+p, s+honors): a finite table keyed by suit
# classes, not by hands, so any hand whose suits fall in known classes is answered by lookups.
_HONOR_BIT = 1 << 27
_IDS: dict[tuple[int, ...], int] = {_ZERO: 0}  # a packing vector -> its class (bounded: finite)
_VECS: list[tuple[int, ...]] = [_ZERO]  # class -> packing vector
_CLASS: dict[int, int] = {0: 0, _HONOR_BIT: 0}  # block (| _HONOR_BIT for honors) -> class
_LOW: dict[int, tuple[int, ...]] = {}  # m, p classes and sets -> the m+p half, read-off order
_HIGH: dict[int, tuple[int, ...]] = {}  # s, honor classes and sets -> the s+z half, reversed


def _class(block: int, honor: bool) -> int:
    """The class of a suit's block (``honor``: the honors' block), filling it on first sight."""
    got = _CLASS.get(block | honor << 27)
    if got is None:
        vec = packing(_counts(block, 7 if honor else 9), not honor)
        got = _IDS.get(vec)
        if got is None:
            got = _IDS[vec] = len(_VECS)
            _VECS.append(vec)
        got = store(_CLASS, block | honor << 27, got)
    return got


def packed_real(key: int, sets: int) -> int:
    """Most non-wild tiles of the packed key that fit into ``sets`` partial sets and one pair.

    The knapsack over the four suits' packing vectors: the m+p and s+honors halves come from the
    class-pair tables, laid out so that the total is one C-level ``max(map(add, ...))``."""
    try:
        m = _CLASS[key & SUIT_MASK]
        p = _CLASS[key >> BLOCK & SUIT_MASK]
        s = _CLASS[key >> 2 * BLOCK & SUIT_MASK]
        z = _CLASS[key >> 3 * BLOCK & SUIT_MASK | _HONOR_BIT]
    except KeyError:
        m = _class(key & SUIT_MASK, False)
        p = _class(key >> BLOCK & SUIT_MASK, False)
        s = _class(key >> 2 * BLOCK & SUIT_MASK, False)
        z = _class(key >> 3 * BLOCK & SUIT_MASK, True)
    low = _LOW.get(m << 20 | p << 4 | sets)
    if low is None:
        low = _fill_half(_LOW, m, p, sets, False)
    high = _HIGH.get(s << 20 | z << 4 | sets)
    if high is None:
        high = _fill_half(_HIGH, s, z, sets, True)
    best: int = max(map(_add, low, high))  # sums of ints (operator.add is typed Any)
    return best


def packed_real_less(key: int, sets: int) -> tuple[int, list[tuple[int, int]]]:
    """``packed_real(key, sets)`` and (face i, ``packed_real`` of the key less one tile of
    ``FACES[i]``) for each face of the key's four suits, in face order: a hand's discards read
    with its classes looked up once, each discard changing one suit's class (a total kept per
    four classes)."""
    blocks = (key & SUIT_MASK, key >> BLOCK & SUIT_MASK, key >> 2 * BLOCK & SUIT_MASK,
              key >> 3 * BLOCK & SUIT_MASK)  # fmt: skip
    try:  # (every class known: one lookup each, no call)
        classes = [_CLASS[blocks[0]], _CLASS[blocks[1]], _CLASS[blocks[2]]]
        classes.append(_CLASS[blocks[3] | _HONOR_BIT])
    except KeyError:
        classes = [_class(blocks[0], False), _class(blocks[1], False)]
        classes += [_class(blocks[2], False), _class(blocks[3], True)]
    quad = classes[0] | classes[1] << 12 | classes[2] << 24 | classes[3] << 36 | sets << 48
    get = _BASE.get
    whole = get(quad)
    if whole is None:
        whole = _base(quad, classes, sets)
    out = []
    for suit, block in enumerate(blocks):
        if not block:
            continue
        rows = _LESS.get(block | suit << 27) or _less(block, suit)
        rest = quad & ~(4095 << 12 * suit)
        for face, less in rows:
            base = get(rest | less)
            if base is None:
                four = [less >> 12 * suit if i == suit else c for i, c in enumerate(classes)]
                base = _base(rest | less, four, sets)
            out.append((face, base))
    return whole, out


def _base(quad: int, classes: Sequence[int], sets: int) -> int:
    """The total of four ``classes`` (packed as ``quad``) from their two halves, kept."""
    m, p, s, z = classes
    total: int = max(map(_add, _low(m, p, sets), _high(s, z, sets)))
    return store(_BASE, quad, total)


_LESS: dict[int, tuple[tuple[int, int], ...]] = {}  # a suit's block | suit << 27 -> its rows


def _less(block: int, suit: int) -> tuple[tuple[int, int], ...]:
    """(face, class of ``block`` less one tile of it, shifted to the suit's place in a four
    classes key) for each rank the block holds."""
    honor = suit == 3
    rows = tuple(
        (9 * suit + r, _class(block - (1 << 3 * r), honor) << 12 * suit)
        for r in range(7 if honor else 9)
        if block >> 3 * r & 7
    )
    return store(_LESS, block | suit << 27, rows)


def _low(m: int, p: int, sets: int) -> tuple[int, ...]:
    return _LOW.get(m << 20 | p << 4 | sets) or _fill_half(_LOW, m, p, sets, False)


def _high(s: int, z: int, sets: int) -> tuple[int, ...]:
    return _HIGH.get(s << 20 | z << 4 | sets) or _fill_half(_HIGH, s, z, sets, True)


def _fill_half(
    table: dict[int, tuple[int, ...]], a: int, b: int, sets: int, high: bool
) -> tuple[int, ...]:
    """The knapsack of classes ``a`` and ``b`` for g <= ``sets``, ordered so that position i of
    the low half pairs with position i of the high half: (g, 1-p) low with (sets-g, p) high."""
    vec = _merge(_VECS[a], _VECS[b], sets)
    order = range(sets, -1, -1) if high else range(sets + 1)
    flip = 0 if high else 1
    half = tuple(vec[2 * g + (q ^ flip)] for g in order for q in (0, 1))
    return store(table, a << 20 | b << 4 | sets, half)


def clear_class_tables() -> None:
    """Empty the tables keyed by more than one suit's class: the class pairs, a suit's rest and
    tight positions (benchmarks measure them cold; the per-suit tables stay)."""
    for table in (_LOW, _HIGH, _PAIRS, _REST, _TIGHT, _QUAD, _BASE, _UP):
        table.clear()


def _combine(a: Sequence[int], b: Sequence[int], sets: int) -> list[int]:
    """Knapsack step: out[2g+p] = best of a and b sharing g partial sets and p pairs."""
    out = [0] * (2 * sets + 2)
    for ga in range(sets + 1):
        a0, a1 = a[2 * ga], a[2 * ga + 1]
        for gb in range(sets + 1 - ga):
            b0, b1 = b[2 * gb], b[2 * gb + 1]
            i = 2 * (ga + gb)
            if a0 + b0 > out[i]:
                out[i] = a0 + b0
            v = a1 + b0 if a1 + b0 > a0 + b1 else a0 + b1
            if v > out[i + 1]:
                out[i + 1] = v
    return out


def warm(max_tiles: int = 8) -> int:
    """Fill the need tables for every suit pattern of up to ``max_tiles`` tiles; returns the count."""
    for ranks, fill in ((9, suited), (7, honors)):
        stack: list[tuple[int, int, int]] = [(0, 0, 0)]
        while stack:
            r, block, n = stack.pop()
            if r == ranks:
                fill(block)
                continue
            for c in range(min(4, max_tiles - n) + 1):
                stack.append((r + 1, block | c << 3 * r, n + c))
    return len(SUITED) + len(HONORS)


def packed_real_gains(key: int, sets: int) -> tuple[int, int]:
    """``packed_real(key, sets)`` and a mask of the 34 faces (bit i: ``FACES[i]``) one more tile
    of which fits one more real tile (the efficiency review's draw probe).

    One more tile raises a suit's packing vector by 0 or 1 at each position, so it raises the
    total exactly when it raises a *tight* position (where the suit's vector plus the other three
    suits' knapsack reaches the total). The total and each suit's tight positions are kept per
    four classes (:func:`_quad`), the ranks that raise one of them per suit pattern and tight
    positions: a probe is a lookup for the four classes and one per suit."""
    b0 = key & SUIT_MASK
    b1 = key >> BLOCK & SUIT_MASK
    b2 = key >> 2 * BLOCK & SUIT_MASK
    b3 = key >> 3 * BLOCK & SUIT_MASK | _HONOR_BIT
    try:
        m, p, s, z = _CLASS[b0], _CLASS[b1], _CLASS[b2], _CLASS[b3]
    except KeyError:
        m, p, s = _class(b0, False), _class(b1, False), _class(b2, False)
        z = _class(b3 ^ _HONOR_BIT, True)
    quad = m | p << 12 | s << 24 | z << 36 | sets << 48
    base, t0, t1, t2, t3 = _QUAD.get(quad) or _quad(quad)
    gains = 0
    get = _BY_TIGHT.get
    for at, block, tight in ((0, b0, t0), (9, b1, t1), (18, b2, t2), (27, b3, t3)):
        if tight:
            got = get(block | tight << 28)
            if got is None:
                got = _by_tight(block, tight)
            gains |= got << at
    return base, gains


# four classes and sets (as ``packed_real_gains`` packs them) -> the total, each suit's tight
# positions; the total alone (what a discard's shanten reads): finite tables of suit classes,
# bounded like the others
_QUAD: dict[int, tuple[int, int, int, int, int]] = {}
_BASE: dict[int, int] = {}


def _quad(quad: int) -> tuple[int, int, int, int, int]:
    m, p, s, z, sets = (quad >> at & 4095 for at in (0, 12, 24, 36, 48))
    low = _LOW.get(m << 20 | p << 4 | sets) or _fill_half(_LOW, m, p, sets, False)
    high = _HIGH.get(s << 20 | z << 4 | sets) or _fill_half(_HIGH, s, z, sets, True)
    base: int = max(map(_add, low, high))
    tights = []
    for own, x, a, b, high_half in ((m, p, s, z, True), (p, m, s, z, True),
                                    (s, z, m, p, False), (z, s, m, p, False)):  # fmt: skip
        rest = _REST.get((x, a, b, sets, high_half)) or _rest(x, a, b, sets, high_half)
        tight = _TIGHT.get((own, rest))
        if tight is None:
            tight = sum(1 << k for k, v in enumerate(map(_add, _VECS[own], rest)) if v == base)
            store(_TIGHT, (own, rest), tight)
        tights.append(tight)
    got = (base, tights[0], tights[1], tights[2], tights[3])
    return store(_QUAD, quad, got)


def _by_tight(block: int, tight: int) -> int:
    """The ranks of ``block`` (``| _HONOR_BIT`` for honors) one more tile of which raises one of
    the ``tight`` positions of its packing vector."""
    honor = bool(block & _HONOR_BIT)
    raised = _raised(block & SUIT_MASK, honor)
    got = sum(1 << r for r, up in enumerate(raised) if up & tight)
    return store(_BY_TIGHT, block | tight << 28, got)


_TIGHT: dict[tuple[int, tuple[int, ...]], int] = {}
_BY_TIGHT: dict[int, int] = {}


_REST: dict[tuple[int, ...], tuple[int, ...]] = {}


def _rest(x: int, a: int, b: int, sets: int, high: bool) -> tuple[int, ...]:
    """The knapsack of class ``x`` with the half of classes ``a`` and ``b`` (the s+honors half if
    ``high``, else m+p): the other three suits of a suit, laid out against its vector (position
    2g+p holds the best of sets-g sets and 1-p pairs)."""
    pair = _PAIRS.get(a << 20 | b << 4 | sets)
    if pair is None:
        pair = store(_PAIRS, a << 20 | b << 4 | sets, _merge(_VECS[a], _VECS[b], sets))
    vec = _merge(_VECS[x], pair, sets)
    got = tuple(vec[2 * sets + 1 :: -1])  # position 2g+p: 2(sets-g) + 1-p of vec
    return store(_REST, (x, a, b, sets, high), got)


_PAIRS: dict[int, Sequence[int]] = {}  # classes a, b and sets -> their knapsack (as _combine)


_RAISED: dict[int, tuple[int, ...]] = {}


def _raised(block: int, honor: bool) -> tuple[int, ...]:
    """Per rank, the positions of ``block``'s packing vector that one more tile of it raises."""
    got = _RAISED.get(block | honor << 27)
    if got is None:
        now, ups = _class(block, honor), []
        for r in range(7 if honor else 9):
            grown = _class(block + (1 << 3 * r), honor)
            up = _UP.get(now << 16 | grown)
            ups.append(_up(now, grown) if up is None else up)
        got = store(_RAISED, block | honor << 27, tuple(ups))
    return got


_UP: dict[int, int] = {}  # classes a << 16 | b -> the positions where b's vector exceeds a's


def _up(a: int, b: int) -> int:
    up = sum(1 << k for k, (x, y) in enumerate(zip(_VECS[a], _VECS[b], strict=True)) if y > x)
    return store(_UP, a << 16 | b, up)


def _merge(a: Sequence[int], b: Sequence[int], sets: int) -> Sequence[int]:
    """``_combine`` that passes an empty suit through."""
    if b is _ZERO:
        return a
    if a is _ZERO:
        return b
    return _combine(a, b, sets)
