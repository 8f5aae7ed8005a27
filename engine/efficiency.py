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

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.hand._input import COPIES, WEIGHT, HandError, strip_wild, wild_kinds
from engine.hand._tables import GMAX, packed_real, packed_real_gains
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


_PLANS: dict[tuple[Shape, ...], tuple[tuple[HeldAtLeast, ...], bool]] = {}


def _plan(shapes: tuple[Shape, ...]) -> tuple[tuple[HeldAtLeast, ...], bool]:
    """(the limits, whether the standard shape is among them) of a ruleset's shapes, read once
    per distinct tuple (a ruleset has a few)."""
    got = _PLANS.get(shapes)
    if got is None:
        limits = tuple(s for s in shapes if isinstance(s, HeldAtLeast))
        got = limits, any(isinstance(s, Standard) for s in shapes)
        if len(_PLANS) < 256:
            _PLANS[shapes] = got
    return got


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
    now, mask = _probe(hand).effective(key, w, sets, held, _full(_counts(shown)))
    return Draws(now, _kinds(mask))


_PROBES: dict[tuple[Any, ...], _Probe] = {}


def _probe(hand: Hand) -> _Probe:
    """The probe of a hand's shapes, 得 and bonus kinds, set up once per distinct three (a
    ruleset has a few per 得 indicator)."""
    key = (hand.shapes, hand.wildcards, hand.bonus)
    got = _PROBES.get(key)
    if got is None:
        got = _Probe(hand)
        if len(_PROBES) < 1024:
            _PROBES[key] = got
    return got


class _Probe:
    """The draw probe of one hand's shapes, bonus and 得 kinds, for tiles given as their packed
    ``key`` (得 taken out), ``w`` 得, the ``held`` count of each limit: effective kinds as a mask
    over ``ALL_TILES`` (bit i: ``ALL_TILES[i]``), set up once for a hand's candidate discards."""

    def __init__(self, hand: Hand):
        self.limits, self.standard = _plan(hand.shapes)
        self.kinds = [_mask(s.kinds) for s in self.limits]
        self.wild = _mask(hand.wildcards) & ~_mask(hand.bonus)
        self.keep = ~(_mask(hand.wildcards) | _mask(hand.bonus))

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


def _full(mine: Mapping[str, int]) -> int:
    """The mask of kinds held every copy of (``mine``: the copies the seat holds or shows)."""
    return sum(1 << INDEX[k] for k, n in mine.items() if k in INDEX and n >= COPIES[k])


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


def _counts(tiles: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for t in tiles:
        out[t] = out.get(t, 0) + 1
    return out


class Unseen(Mapping[str, int]):
    """Unseen copies of each kind, worked out for a kind when it is read (a review reads a few
    kinds of the 42 at each decision)."""

    def __init__(self, copies: Mapping[str, int], seen: Counter[str]):
        self._copies, self._seen = copies, seen

    def __getitem__(self, kind: str) -> int:
        n = self._copies[kind] - self._seen.get(kind, 0)
        return n if n > 0 else 0

    def get(self, kind: str, default: Any = None) -> Any:
        return self[kind] if kind in self._copies else default

    def __iter__(self) -> Iterator[str]:
        return iter(self._copies)

    def __len__(self) -> int:
        return len(self._copies)


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
    seen: list[str] = list(concealed.get(seat, ()))
    for s in melds:
        seen += [t for m in melds[s] for t in m.tiles]
        seen += revealed.get(s, ())
        seen += [d[0] for d in discards.get(s, ()) if d[2] is None]
    if indicator_seen:
        seen.append(indicator_seen)
    return Unseen(copies, Counter(seen))


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
    the counts and the limits' holdings (``draws`` of the hand without it, without building it)."""

    def __init__(self, hand: Hand):
        self.key, real, self.w = _packed(hand)
        self.limits, _ = _plan(hand.shapes)
        shown = hand.shown()
        self.held = [s.held(shown) for s in self.limits]
        self.mine = _counts(shown)
        self.full = _full(self.mine)
        self.wild = {kind for kind, _ in wild_kinds(hand.wildcards)} if hand.wildcards else set()
        self.probe = _probe(hand)
        self.sets = _sets(real - 1, self.w)
        self.tiles = sorted(set(hand.concealed), key=INDEX.__getitem__)
        self.plain = self.probe.standard and not self.limits  # the standard shape alone

    def _less(self, tile: str) -> tuple[int, int, list[int]]:
        """(key, 得, the limits' holdings) of the hand without ``tile``."""
        if tile in self.wild:
            less, w_less = self.key, self.w - 1
        else:
            less, w_less = self.key - WEIGHT[tile], self.w
        held = [h - (tile in s.kinds) for s, h in zip(self.limits, self.held, strict=True)]
        return less, w_less, held

    def shanten(self, tile: str) -> int:
        """The shanten after discarding ``tile`` (no probe: a few table lookups)."""
        if self.plain and tile not in self.wild:
            sets = self.sets
            return 3 * sets + 1 - self.w - packed_real(self.key - WEIGHT[tile], sets)
        less, w_less, held = self._less(tile)
        return self.probe.distance(less, w_less, self.sets, held)

    def draws(
        self, tile: str, memo: dict[tuple[int, ...], tuple[int, int]] | None = None
    ) -> tuple[int, int]:
        """(the shanten after discarding ``tile``, the mask of its effective kinds); ``memo``
        keeps them by what they depend on, across a seat's decisions (its hand after the
        discard repeats when it throws the tile it drew)."""
        less, w_less, held = self._less(tile)
        full = self.full
        if self.mine[tile] <= COPIES[tile]:
            full &= ~(1 << INDEX[tile])
        if memo is None:
            return self.probe.effective(less, w_less, self.sets, held, full)
        key = (less, w_less, full, *held)
        got = memo.get(key)
        if got is None:
            got = memo[key] = self.probe.effective(less, w_less, self.sets, held, full)
        return got


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
    """What a discard's figures need of a 3n+2 hand's discards, without probing each: every
    distinct discard's shanten (``shanten``: tile -> shanten after it, a few table lookups
    each), the best ones (lowest shanten, then most unseen effective tiles, in tile order) and
    their count. Only the discards at the lowest shanten and ``chosen`` are probed for their
    effective tiles; :meth:`count` probes another on demand. Equal to what :func:`candidates`
    gives (tested). ``memo``: see :meth:`_Discards.draws` (the hand's shapes, bonus and 得
    kinds must be the same for every hand that shares it)."""

    def __init__(
        self,
        hand: Hand,
        unseen_copies: Mapping[str, int],
        chosen: str,
        memo: dict[tuple[int, ...], tuple[int, int]] | None = None,
    ):
        self._discards = d = _Discards(hand)
        self._unseen, self._memo = unseen_copies, memo
        self._counts: dict[str, int] = {}
        self.shanten = {t: d.shanten(t) for t in d.tiles}
        self.best_shanten = low = min(self.shanten.values())
        lowest = [t for t in d.tiles if self.shanten[t] == low]
        self.best_count = max(map(self.count, lowest))
        self.best = tuple(t for t in lowest if self._counts[t] == self.best_count)
        if chosen in self.shanten:
            self.count(chosen)

    def count(self, tile: str) -> int:
        """The unseen effective tiles after discarding ``tile`` (a tile of the hand)."""
        got = self._counts.get(tile)
        if got is None:
            get = self._unseen.get
            mask = self._discards.draws(tile, self._memo)[1]
            got = self._counts[tile] = sum(get(k, 0) for k in _kinds(mask))
        return got
