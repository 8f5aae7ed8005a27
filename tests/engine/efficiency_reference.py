"""Brute-force references for engine.efficiency, written without its per-suit tables.

``kept`` walks the whole hand from its lowest tile: that tile is either thrown away or starts a
group (a part of a pung, of a chow, or of the pair). Groups never cross suits, so each suit is walked
alone and the sets and the pair are shared out between the suits. The most tiles kept in ``sets``
groups and one pair are what a complete hand of that size can share with the hand; each 得 fills any gap, so the
shanten is (3*sets + 2) - kept - 得 - 1. Effective tiles are found by adding every tile kind in
turn and asking again; a limit shape is a plain count.
"""

from __future__ import annotations

from functools import lru_cache

from engine.shapes import HeldAtLeast
from engine.tiles import FACES

_SUIT_END = {i: (i // 9) * 9 + 8 for i in range(27)}
_INDEX = {f: i for i, f in enumerate(FACES)}


@lru_cache(maxsize=1 << 18)
def kept(hand: tuple[int, ...], sets: int, pair: int) -> int:
    """Most tiles of ``hand`` (sorted face indexes) fitting ``sets`` partial sets and ``pair``
    partial pairs."""
    if not hand or sets + pair == 0:
        return 0
    i, rest = hand[0], hand[1:]
    bound = min(len(hand), 3 * sets + 2 * pair)
    best = kept(rest, sets, pair)  # throw one copy of the lowest tile away
    groups: list[tuple[tuple[int, ...], bool]] = []
    same = hand.count(i)
    for n in range(1, min(same, 3) + 1):
        groups.append(((i,) * n, False))
    for n in range(1, min(same, 2) + 1):
        groups.append(((i,) * n, True))
    if i < 27:
        end = _SUIT_END[i]
        for tail in ((1,), (2,), (1, 2)):
            if all(i + d <= end and i + d in hand for d in tail):
                groups.append(((i, *(i + d for d in tail)), False))
    for tiles, is_pair in groups:
        if best >= bound:
            break
        if (pair if is_pair else sets) == 0:
            continue
        left = list(hand)
        for t in tiles:
            left.remove(t)
        got = len(tiles) + kept(tuple(left), sets - (not is_pair), pair - is_pair)
        if got > best:
            best = got
    return best


def standard_shanten(real: list[str], n_wild: int) -> int:
    """Groups never cross suits: the hand's best is the best split of the sets and the pair
    between the four suits, each suit's part by ``kept``."""
    size = len(real) + n_wild
    assert size % 3 != 0
    sets = (size - 1) // 3
    idx = sorted(_INDEX[t] for t in real)
    best = {(0, 0): 0}  # (sets used, pair used) -> most kept so far
    for lo in (0, 9, 18, 27):
        suit = tuple(i for i in idx if lo <= i < lo + 9)
        if not suit:
            continue
        grown: dict[tuple[int, int], int] = {}
        for (g, p), have in best.items():
            for g2 in range(sets - g + 1):
                for p2 in range(2 - p):
                    key = (g + g2, p + p2)
                    got = have + kept(suit, g2, p2)
                    if got > grown.get(key, -1):
                        grown[key] = got
        best = grown
    most = max(best.values())
    return 3 * sets + 1 - min(most + n_wild, 3 * sets + 2)


def shanten(concealed: list[str], shown: list[str], wild: frozenset[str], shapes) -> int:
    """The least distance over ``shapes``: standard by ``kept``, a limit by counting."""
    out = []
    for shape in shapes:
        if isinstance(shape, HeldAtLeast):
            out.append(max(shape.count - sum(t in shape.kinds for t in shown), 0) - 1)
        else:
            real = [t for t in concealed if t not in wild]
            out.append(standard_shanten(real, len(concealed) - len(real)))
    return min(out)


def effective(concealed, shown, wild, shapes, bonus, kinds, copies) -> tuple[int, list[str]]:
    """Every kind (of ``kinds``) whose draw lowers the shanten of a 3n+1 hand, by trying each."""
    now = shanten(concealed, shown, wild, shapes)
    if now < 0:
        return now, []
    out = []
    for k in kinds:
        if shown.count(k) >= copies[k]:
            continue
        if k in bonus:
            after = shanten(concealed, shown + [k], wild, shapes)
        else:
            after = shanten(concealed + [k], shown + [k], wild, shapes)
        if after < now:
            out.append(k)
    return now, out
