"""The winning shapes a ruleset accepts, as data the efficiency review can measure distance to.

``Standard`` is one pair plus sets (melds count as sets, each 得 stands for any face).
``HeldAtLeast`` is a limit won by holding or having revealed ``count`` tiles of ``kinds`` (wenling's
3 得, 4 白, a flower group): a ruleset lists these in ``Ruleset.winning_shapes`` so the review
reads them from the ruleset object, never from its name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import repeat


@dataclass(frozen=True)
class Standard:
    """One pair and sets; 得 stand for any face."""


@dataclass(frozen=True)
class HeldAtLeast:
    """A limit: ``count`` tiles of ``kinds`` held or revealed (melds and revealed tiles count)."""

    code: str
    kinds: frozenset[str]
    count: int

    def held(self, tiles: Iterable[str]) -> int:
        return sum(map(self.kinds.__contains__, tiles))  # (a C loop: scoring asks it often)

    def met(self, tiles: Iterable[str]) -> bool:
        return self.held(tiles) >= self.count


class HeldTally:
    """Which of several ``HeldAtLeast`` a set of tiles meets, in one C pass over the tiles: each
    tile adds its weight, one 10-bit count per shape whose kinds hold it (a scorer asks this
    of every seat's tiles in every hand)."""

    def __init__(self, shapes: Sequence[HeldAtLeast]) -> None:
        self.shapes = tuple(shapes)
        self.weights: dict[str, int] = {}
        for i, shape in enumerate(self.shapes):
            for kind in shape.kinds:
                self.weights[kind] = self.weights.get(kind, 0) + (1 << _BITS * i)
        self.fields = tuple((s.code, _BITS * i, s.count) for i, s in enumerate(self.shapes))

    def met(self, tiles: Sequence[str]) -> list[str]:
        """The codes of the shapes ``tiles`` meet, in the shapes' order."""
        if len(tiles) >= 1 << _BITS:  # a count could carry into the next shape's
            return [s.code for s in self.shapes if s.met(tiles)]
        total = sum(map(self.weights.get, tiles, repeat(0)))
        if not total:
            return []
        return [code for code, at, count in self.fields if total >> at & _MASK >= count]


_BITS = 10
_MASK = (1 << _BITS) - 1
Shape = Standard | HeldAtLeast
STANDARD = Standard()
