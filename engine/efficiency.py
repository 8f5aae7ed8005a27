"""Shanten (向听) to a ruleset's winning shapes and the effective tiles (有效牌) of a hand.

The standard shape's distance comes from the per-suit packing tables of :mod:`engine.hand`: the
most real tiles that fit ``sets`` partial sets and one partial pair, each 得 filling any gap. A
``HeldAtLeast`` limit is ``count`` minus the tiles of its kinds held or revealed. The shanten is
the least over the shapes; -1 is a complete hand, 0 is 听牌 (ready).

A draw is effective when it lowers the shanten (the best discard after it included). A drawn tile
the ruleset reveals and replaces (a flower, wenling's 白) never joins the concealed hand: it counts
only towards a limit. Which copies are still unseen is the seat's own view (:func:`unseen`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.hand._input import COPIES, WEIGHT, HandError, strip_wild, wild_kinds
from engine.hand._tables import GMAX, packed_real, packed_real_gains, packed_real_less, store
from engine.model import Meld
from engine.shapes import STANDARD, HeldAtLeast, Shape, Standard
from engine.tiles import ALL_TILES, FACES, INDEX

_FACES = frozenset(FACES)


@dataclass(frozen=True)
class Hand:
    """One seat's tiles: ``concealed`` (3n+1 or 3n+2 with the melds), its melds and revealed
    tiles, the 得 kinds, the ruleset's winning shapes and the kinds revealed when drawn."""

    concealed: tuple[str, ...]
    melds: tuple[Meld, ...] = ()
    revealed: tuple[str, ...] = ()
    wildcards: frozenset[str] = frozenset()
    shapes: tuple[Shape, ...] = (STANDARD,)
    bonus: frozenset[str] = frozenset()

    def without(self, tile: str) -> Hand:
        rest = list(self.concealed)
        rest.remove(tile)
        return Hand(tuple(rest), self.melds, self.revealed, self.wildcards, self.shapes, self.bonus)

    def with_tile(self, tile: str) -> Hand:
        if tile in self.bonus:
            return Hand(
                self.concealed,
                self.melds,
                (*self.revealed, tile),
                self.wildcards,
                self.shapes,
                self.bonus,
            )
        return Hand(
            (*self.concealed, tile),
            self.melds,
            self.revealed,
            self.wildcards,
            self.shapes,
            self.bonus,
        )

    def shown(self) -> list[str]:
        """Every tile the seat holds or has shown (what a limit counts)."""
        return [*self.concealed, *self.revealed, *(t for m in self.melds for t in m.tiles)]


@dataclass(frozen=True)
class Draws:
    """A hand's shanten and the kinds whose draw lowers it."""

    shanten: int
    effective: tuple[str, ...]


def _packed(hand: Hand) -> tuple[int, int, int]:
    """(key of the non-得 concealed tiles, their number, number of 得)."""
    try:
        key = sum(map(WEIGHT.__getitem__, hand.concealed))
    except KeyError as exc:
        raise HandError(f"not a tile: {exc.args[0]}") from None
    key, w = strip_wild(key, wild_kinds(hand.wildcards)) if hand.wildcards else (key, 0)
    return key, len(hand.concealed) - w, w


def _sets(real: int, w: int) -> int:
    n = real + w
    if n % 3 == 0:
        raise HandError(f"shanten takes 3n+1 or 3n+2 concealed tiles, not {n}")
    sets = (n - 1) // 3
    if sets > GMAX:
        raise HandError(f"shanten handles at most {3 * GMAX + 2} concealed tiles")
    return sets


def _limit(shape: HeldAtLeast, held: int) -> int:
    return max(shape.count - held, 0) - 1


_Plan = tuple[tuple[HeldAtLeast, ...], bool]
# keyed by the objects' ids (a ruleset hands out the same tuples and sets; hashing shapes hashes
# every dataclass in them); each entry keeps its objects, so an id is not reused while kept
_PLANS: dict[int, tuple[tuple[Shape, ...], _Plan]] = {}


def _plan(shapes: tuple[Shape, ...]) -> _Plan:
    """(the limits, whether the standard shape is among them) of a ruleset's shapes, read once
    per tuple (a ruleset has a few)."""
    got = _PLANS.get(id(shapes))
    if got is None or got[0] is not shapes:
        limits = tuple(s for s in shapes if isinstance(s, HeldAtLeast))
        got = shapes, (limits, any(isinstance(s, Standard) for s in shapes))
        store(_PLANS, id(shapes), got, 256)
    return got[1]


def shanten(hand: Hand) -> int:
    """Tiles still to exchange before 听牌 under every shape of ``hand.shapes``: -1 complete."""
    limits, standard = _plan(hand.shapes)
    if limits or not standard:
        return draws(hand, probe=False).shanten
    key, real, w = _packed(hand)
    sets = _sets(real, w)
    return 3 * sets + 1 - w - packed_real(key, sets)


def draws(hand: Hand, probe: bool = True) -> Draws:
    """The shanten and (``probe``) every kind whose draw lowers it. A kind the seat holds every
    copy of (counting its melds and revealed tiles) cannot be drawn and is left out.

    A draw lowers the shanten through the standard shape only when that shape is the closest
    (the packing grew, or a 得 came), and through a limit only when the limit then beats the
    current distance; both are read off once, not per shape and kind."""
    key, real, w = _packed(hand)
    limits, _ = _plan(hand.shapes)
    shown = hand.shown() if limits or probe else []
    held = [s.held(shown) for s in limits]
    sets = _sets(real, w)
    if not probe:
        return Draws(_probe(hand).distance(key, w, sets, held), ())
    now, mask = _probe(hand).effective(key, w, sets, held, _full_bytes(seen_count(shown)))
    return Draws(now, _kinds(mask))


_PROBES: dict[tuple[int, ...], tuple[Any, ...]] = {}  # by ids, as _PLANS


def _probe(hand: Hand) -> _Probe:
    """The probe of a hand's shapes, 得 and bonus kinds, set up once per three (a ruleset has a
    few per 得 indicator)."""
    key = (id(hand.shapes), id(hand.wildcards), id(hand.bonus))
    got = _PROBES.get(key)
    if (
        got is None
        or got[0] is not hand.shapes
        or got[1] is not hand.wildcards
        or got[2] is not hand.bonus
    ):
        got = (hand.shapes, hand.wildcards, hand.bonus, _Probe(hand))
        store(_PROBES, key, got, 1024)
    probe: _Probe = got[3]
    return probe


class _Probe:
    """The draw probe of one hand's shapes, bonus and 得 kinds, for tiles given as their packed
    ``key`` (得 taken out), ``w`` 得, the ``held`` count of each limit: effective kinds as a mask
    over ``ALL_TILES`` (bit i: ``ALL_TILES[i]``), set up once for a hand's candidate discards."""

    def __init__(self, hand: Hand):
        self.limits, self.standard = _plan(hand.shapes)
        self.kinds = [_mask(s.kinds) for s in self.limits]
        self.wild = _mask(hand.wildcards) & ~_mask(hand.bonus)
        self.keep = ~(_mask(hand.wildcards) | _mask(hand.bonus))
        self.wild_kinds = {k for k, _ in wild_kinds(hand.wildcards)} if hand.wildcards else set()

    def distance(self, key: int, w: int, sets: int, held: list[int]) -> int:
        std = 3 * sets + 1 - w - packed_real(key, sets) if self.standard else 99
        return min([std, *(_limit(s, h) for s, h in zip(self.limits, held, strict=True))])

    def effective(self, key: int, w: int, sets: int, held: list[int], full: int) -> tuple[int, int]:
        """(the shanten, the mask of kinds whose draw lowers it, less the ``full`` mask: kinds
        the seat holds every copy of)."""
        limits = self.limits
        if self.standard:
            base, gains = packed_real_gains(key, sets)
            std = 3 * sets + 1 - w - base
        else:
            std, gains = 99, 0
        now = min([std, *(_limit(s, h) for s, h in zip(limits, held, strict=True))])
        if now < 0:
            return now, 0
        out = gains & self.keep | self.wild if self.standard and std == now else 0
        for s, h, kinds in zip(limits, held, self.kinds, strict=True):
            if _limit(s, h + 1) < now:
                out |= kinds
        return now, out & ~full


def _mask(kinds: Iterable[str]) -> int:
    """The bits of ``kinds`` (tiles only) over ``ALL_TILES``."""
    return sum(1 << INDEX[k] for k in set(kinds) if k in INDEX)


def _full_bytes(mine: int) -> int:
    """The mask of kinds held every copy of (``mine``: the copies held or shown, a byte a kind,
    as :func:`seen_count` packs them)."""
    full, high = 0, (mine + _SHORT) & _HIGH_BITS  # a byte's high bit: as many as its copies
    while high:
        low = high & -high
        full |= 1 << (low.bit_length() - 1 >> 3)
        high ^= low
    return full


# Kinds of a mask, nine bits at a time: chunk j, bits b -> the tiles ALL_TILES[9j + b].
_CHUNKS = tuple(
    tuple(
        tuple(
            ALL_TILES[9 * j + b] for b in range(9) if bits >> b & 1 and 9 * j + b < len(ALL_TILES)
        )
        for bits in range(512)
    )
    for j in range((len(ALL_TILES) + 8) // 9)
)


def _kinds(mask: int) -> tuple[str, ...]:
    """The kinds of a mask, in tile order."""
    out: tuple[str, ...] = ()
    for chunk in _CHUNKS:
        if not mask:
            break
        out += chunk[mask & 511]
        mask >>= 9
    return out


# Counts of the 42 kinds packed eight bits a kind (bit 8i: ``ALL_TILES[i]``), so a list of tiles
# is counted by one C-level sum and the unseen copies of a mask's kinds summed by one ``&``.
_BYTE = {t: 1 << 8 * i for i, t in enumerate(ALL_TILES)}
_SIXTY_FOUR = sum(64 << 8 * i for i in range(len(ALL_TILES)))  # keeps each kind's field positive
_HIGH_BITS = sum(128 << 8 * i for i in range(len(ALL_TILES)))
_SHORT = sum(128 - COPIES[t] << 8 * i for i, t in enumerate(ALL_TILES))  # past 127: every copy
_SPREAD9 = tuple(sum(255 << 8 * b for b in range(9) if bits >> b & 1) for bits in range(512))
_SPREADS: dict[int, int] = {}
_COPIES: dict[int, tuple[Mapping[str, int], int | None]] = {}


def _spread(mask: int) -> int:
    """The byte mask of a kind mask (bit i -> byte i all ones)."""
    got = _SPREADS.get(mask)
    if got is None:
        got, at, rest = 0, 0, mask
        while rest:
            got |= _SPREAD9[rest & 511] << at
            rest >>= 9
            at += 72
        store(_SPREADS, mask, got)
    return got


def _packed_copies(copies: Mapping[str, int]) -> int | None:
    """The copies of each kind packed a byte a kind (kept per copies mapping: a hand's); None
    when they add up past a byte (a mask's sum would not fit)."""
    got = _COPIES.get(id(copies))
    if got is None or got[0] is not copies:
        kinds = [(INDEX[k], n) for k, n in copies.items() if k in INDEX]
        packed = sum(n << 8 * i for i, n in kinds) if sum(n for _, n in kinds) < 255 else None
        got = (copies, packed)
        store(_COPIES, id(copies), got, 64)
    return got[1]


class Unseen(Mapping[str, int]):
    """Unseen copies of each kind (``copies`` less the ``seen`` tiles packed a byte a kind),
    worked out for a kind when it is read; :meth:`count` sums a mask's kinds at once. ``left``:
    the unseen copies packed the same way (None when a kind was seen more often than it has
    copies, or the copies add up past a byte)."""

    def __init__(self, copies: Mapping[str, int], seen: int):
        self._copies, self._seen = copies, seen
        whole = _packed_copies(copies)
        left = -1 if whole is None else whole + _SIXTY_FOUR - seen
        # every kind seen at most as often as it has copies: the plain difference
        self.left = left - _SIXTY_FOUR if left & _SIXTY_FOUR == _SIXTY_FOUR else None

    def __getitem__(self, kind: str) -> int:
        n = self._copies[kind] - (self._seen >> 8 * INDEX[kind] & 255)
        return n if n > 0 else 0

    def get(self, kind: str, default: Any = None) -> Any:
        return self[kind] if kind in self._copies else default

    def __iter__(self) -> Iterator[str]:
        return iter(self._copies)

    def __len__(self) -> int:
        return len(self._copies)

    def count(self, mask: int) -> int:
        """The unseen copies of the kinds of ``mask`` (bit i: ``ALL_TILES[i]``), summed."""
        if self.left is None:  # a kind seen more often than its copies: read kind by kind
            return sum(self.get(k, 0) for k in _kinds(mask))
        return (self.left & _spread(mask)) % 255  # bytes of at most 4, at most 42 of them


def seen_count(tiles: Iterable[str]) -> int:
    """Tiles packed a byte a kind, for :class:`Unseen` (anything not a tile left out)."""
    tiles = tiles if isinstance(tiles, (list, tuple)) else list(tiles)
    try:
        return sum(map(_BYTE.__getitem__, tiles))
    except KeyError:
        return sum(_BYTE.get(t, 0) for t in tiles)


def unseen(
    copies: Mapping[str, int],
    seat: str,
    concealed: Mapping[str, Sequence[str]],
    melds: Mapping[str, Sequence[Meld]],
    revealed: Mapping[str, Sequence[str]],
    discards: Mapping[str, Sequence[tuple[str, int, str | None]]],
    indicator_seen: str | None,
) -> Unseen:
    """Copies of each kind ``seat`` cannot see: the set less its own concealed tiles, every meld
    (another seat's concealed kong included: its tile is in the log), every revealed tile, every
    discard still in a river (a claimed one is in its meld) and the 得 indicator when it was set
    aside. ``discards`` rows are (tile, seq, claimed_by)."""
    seen = sum(shown(melds[s], revealed.get(s, ()), discards.get(s, ())) for s in melds)
    aside = [indicator_seen] if indicator_seen else []
    return Unseen(copies, seen + seen_count([*concealed.get(seat, ()), *aside]))


def shown(
    melds: Sequence[Meld], revealed: Sequence[str], river: Sequence[tuple[str, int, str | None]]
) -> int:
    """What one seat shows every seat (its melds, revealed tiles and the discards still in its
    river), packed a byte a kind for :class:`Unseen`."""
    return seen_count(
        [*(t for m in melds for t in m.tiles), *revealed, *(d[0] for d in river if d[2] is None)]
    )


@dataclass(frozen=True)
class Candidate:
    """One discard of a 3n+2 hand: the shanten after it, its effective kinds with their unseen
    copies, and their total."""

    tile: str
    shanten: int
    effective: dict[str, int]
    count: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "count", sum(self.effective.values()))


class _Discards:
    """A 3n+2 hand read once for its discards: each discard takes its tile off the packed key,
    the counts and the limits' holdings (``draws`` of the hand without it, without building it).
    Each limit is kept as (its kinds, their mask, its distance now, with one of its tiles less,
    with one more)."""

    def __init__(self, hand: Hand):
        probe = _probe(hand)
        self.key, real, self.w = _packed(hand)
        self.standard, self.wild = probe.standard, probe.wild_kinds
        self.keep, self.wild_mask = probe.keep, probe.wild
        self.sets = _sets(real - 1, self.w)
        self.concealed = hand.concealed
        self.std: dict[str, int] | None = None  # each discard's standard shanten, once read
        self.whole: int | None = None  # the hand's own packing (packed_real), once read
        shown = hand.shown()
        self.mine = mine = seen_count(shown)
        self.full = _full_bytes(mine)
        self.limits = [
            (s.kinds, kinds, _limit(s, h), _limit(s, h - 1), _limit(s, h + 1))
            for s, kinds in zip(probe.limits, probe.kinds, strict=True)
            for h in (s.held(shown),)
        ]
        self.touched = frozenset().union(*(kinds for kinds, *_ in self.limits))
        self.far = min((now for _, _, now, _, _ in self.limits), default=99)

    @property
    def tiles(self) -> list[str]:
        """The distinct tiles of the hand, in tile order."""
        return sorted(set(self.concealed), key=INDEX.__getitem__)

    def _limits(self, tile: str) -> int:
        """The limits' distance after discarding ``tile``."""
        if tile not in self.touched:
            return self.far
        return min(less if tile in kinds else now for kinds, _, now, less, _ in self.limits)

    def now(self) -> int:
        """The shanten of the hand itself (before a discard)."""
        sets, whole = self.sets, self.whole
        if whole is None and self.standard:
            whole = packed_real(self.key, sets)
        std = 3 * sets + 1 - self.w - whole if whole is not None else 99
        return min(std, self.far)

    def shanten(self) -> dict[str, int]:
        """Each distinct discard's shanten after it, in tile order (no probe: the standard
        shape's packings of all of them read with the hand's suit classes looked up once)."""
        sets, key = self.sets, self.key
        if self.standard:
            top = 3 * sets + 1 - self.w
            self.whole, less = packed_real_less(key, sets)
            std = {ALL_TILES[i]: top - base for i, base in less}
            if len(std) < len(set(self.concealed)):
                tiles = self.tiles  # 得 (one less: the same tiles, one 得 fewer), a flower
                lone = top + 1 - self.whole
                std = {
                    t: lone
                    if t in self.wild
                    else std.get(t, top - packed_real(key - WEIGHT[t], sets))
                    for t in tiles
                }
        else:
            std = dict.fromkeys(self.tiles, 99)
        self.std = std
        if not self.limits:
            return std
        return {t: min(n, self._limits(t)) for t, n in std.items()}

    def draws(self, tile: str) -> tuple[int, int]:
        """(the shanten after discarding ``tile``, the mask of its effective kinds)."""
        if tile in self.wild:
            less, w_less = self.key, self.w - 1
        else:
            less, w_less = self.key - WEIGHT[tile], self.w
        sets, lim = self.sets, self._limits(tile) if self.limits else 99
        std = self.std.get(tile, 99) if self.std is not None else None
        if std is not None and std > lim:  # a limit is closer: the standard shape's gains moot
            gains = 0
        elif self.standard:
            base, gains = packed_real_gains(less, sets)
            std = 3 * sets + 1 - w_less - base
        else:
            std, gains = 99, 0
        now = min(std, lim)
        if now < 0:
            return now, 0
        out = gains & self.keep | self.wild_mask if std == now else 0
        for kinds, mask, held, _, more in self.limits:
            if (held if tile in kinds else more) < now:
                out |= mask
        full, i = self.full, INDEX[tile]
        if self.mine >> 8 * i & 255 <= COPIES[tile]:
            full &= ~(1 << i)
        return now, out & ~full

    def counts(self, tiles: Iterable[str], seen: Unseen) -> dict[str, int]:
        """The unseen effective tiles after discarding each of ``tiles``: ``draws`` and
        :meth:`Unseen.count` in one loop where only the standard shape counts."""
        left = seen.left
        if self.limits or not self.standard or left is None:
            return {t: seen.count(self.draws(t)[1]) for t in tiles}
        key, w, sets, wild, mine = self.key, self.w, self.sets, self.wild, self.mine
        keep, add, full, top = self.keep, self.wild_mask, self.full, 3 * self.sets + 1
        out = {}
        for t in tiles:
            less, w_less = (key, w - 1) if t in wild else (key - WEIGHT[t], w)
            base, gains = packed_real_gains(less, sets)
            if top - w_less - base < 0:  # complete: nothing to draw
                out[t] = 0
                continue
            i = INDEX[t]
            mask = gains & keep | add
            mask &= ~(full & ~(1 << i) if mine >> 8 * i & 255 <= COPIES[t] else full)
            out[t] = (left & _spread(mask)) % 255
        return out


def candidates(hand: Hand, unseen_copies: Mapping[str, int]) -> list[Candidate]:
    """Every distinct discard of a 3n+2 hand, best first: lower shanten, then more unseen
    effective tiles, then the tile order."""
    d = _Discards(hand)
    get = unseen_copies.get
    out = []
    for tile in d.tiles:
        now, mask = d.draws(tile)
        out.append(Candidate(tile, now, {k: get(k, 0) for k in _kinds(mask)}))
    out.sort(key=lambda c: (c.shanten, -c.count))
    return out


class Choices:
    """What a discard's figures need of a 3n+2 hand's discards, without probing each: the hand's
    own shanten (``now``), every distinct discard's shanten (``shanten``: tile -> shanten after
    it, a few table lookups each), the best ones (lowest shanten, then most unseen effective
    tiles, in tile order) and their count. Only the discards at the lowest shanten and
    ``chosen`` are probed for their effective tiles; :meth:`count` probes another on demand.
    Equal to what :func:`candidates` gives (tested)."""

    def __init__(self, hand: Hand, unseen_copies: Unseen, chosen: str):
        self._discards = d = _Discards(hand)
        self._unseen = unseen_copies
        self.shanten = d.shanten()
        self.now = d.now()
        self.best_shanten = low = min(self.shanten.values())
        lowest = [t for t, n in self.shanten.items() if n == low]
        probed = lowest if chosen in lowest or chosen not in self.shanten else [*lowest, chosen]
        self._counts = counts = d.counts(probed, unseen_copies)
        self.best_count = best = max(counts[t] for t in lowest)
        self.best = tuple(t for t in lowest if counts[t] == best)
        # whether the concealed tiles left by ``chosen`` are within 听牌 by the standard shape
        # (None when the shapes have no standard one: not read here)
        std = d.std if d.standard else None
        self.ready = std[chosen] <= 0 if std is not None and chosen in std else None

    def count(self, tile: str) -> int:
        """The unseen effective tiles after discarding ``tile`` (a tile of the hand)."""
        got = self._counts.get(tile)
        if got is None:
            got = self._counts[tile] = self._discards.counts((tile,), self._unseen)[tile]
        return got
