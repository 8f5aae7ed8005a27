"""The winning shapes a ruleset accepts, as data the efficiency review can measure distance to.

``Standard`` is one pair plus sets (melds count as sets, each 得 stands for any face).
``HeldAtLeast`` is a limit won by holding or having revealed ``count`` tiles of ``kinds`` (wenling's
3 得, 4 白, a flower group): a ruleset lists these in ``Ruleset.winning_shapes`` so the review
reads them from the ruleset object, never from its name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


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


Shape = Standard | HeldAtLeast
STANDARD = Standard()
