"""What a simple bot player keeps and throws: a cheap per-tile score over a seat's tile counts
(42 ints in ``engine.tiles.ALL_TILES`` order).

The score only orders candidates; the hand driver checks the choice with ``engine.hand.shanten``
once per turn (a discard may not take the hand further from 听牌 than before the draw) and
claims only when the claim brings the hand closer to 听牌. Scoring every candidate with
``shanten`` would cost 0.1–0.3 ms each, fifteen times a turn: too slow for the benchmark target.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

_RANK_BONUS = (0, 2, 3, 3, 3, 3, 3, 2, 0)  # middle tiles make more runs than terminals
WILD_KEEP = 1000


def keep_value(c: Sequence[int], i: int) -> int:
    """How much tile kind ``i`` is worth keeping: pungs, pairs and run neighbours."""
    n = c[i]
    v = 40 if n >= 3 else 14 if n == 2 else 0
    if i < 27:
        r = i % 9
        if r > 0 and c[i - 1]:
            v += 9
        if r < 8 and c[i + 1]:
            v += 9
        if r > 1 and c[i - 2]:
            v += 4
        if r < 7 and c[i + 2]:
            v += 4
        v += _RANK_BONUS[r]
    return v


def choose_discard(c: Sequence[int], banned: Collection[int], wild: Collection[int]) -> int | None:
    """The tile kind to throw: the lowest keep value, never a banned kind, a 得 only when nothing
    else is left (honours go first on ties, then the higher kinds). None if all are banned."""
    best, key = None, None
    for i in range(34):
        if c[i] and i not in banned:
            k = (WILD_KEEP if i in wild else keep_value(c, i), -i)
            if key is None or k < key:
                best, key = i, k
    return best


def careless_discard(
    c: Sequence[int], banned: Collection[int], wild: Collection[int], rng: random.Random
) -> int | None:
    """Any held kind but a banned one or a 得: the discard of a player not paying attention."""
    kinds = [i for i in range(34) if c[i] and i not in banned and i not in wild]
    return rng.choice(kinds) if kinds else None


def worth_pung(c: Sequence[int], i: int) -> bool:
    """Pre-filter for 碰/明杠 of kind ``i``: the pair is not also part of a run."""
    if i >= 27:
        return True
    r = i % 9
    links = (
        (r > 0 and c[i - 1]) + (r < 8 and c[i + 1]) + (r > 1 and c[i - 2]) + (r < 7 and c[i + 2])
    )
    return links <= 1


def chi_options(c: Sequence[int], i: int, wild: Collection[int]) -> list[tuple[int, int]]:
    """The pairs of held kinds that make a run with kind ``i`` (no 得, taken from single tiles
    so no pair is broken)."""
    if i >= 27:
        return []
    r = i % 9
    out = []
    for a, b in ((-2, -1), (-1, 1), (1, 2)):
        if 0 <= r + a and r + b <= 8:
            x, y = i + a, i + b
            if c[x] == 1 and c[y] == 1 and x not in wild and y not in wild:
                out.append((x, y))
    return out
