"""Huangyan's non-winners: 胡 items × 2^番 (dragon and own-wind sets only), their 得 used at
best with ``non_winner_wildcards``."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from functools import lru_cache

from engine.model import Showdown
from engine.rulesets.base import Scoring
from engine.rulesets.huangyan.lines import Tally, is_scoring_pair, meld_sets, scoring, set_items
from engine.rulesets.huangyan.options import Options


def score_non_winner(show: Showdown, wildcards: frozenset[str], opts: Options) -> Scoring:
    """没胡的人: 胡 items × 2^番 (dragon and own-wind sets only). Three or four alike in hand
    are an 暗刻 (可暗杠未杠), each own-wind or dragon pair 2 胡. With ``non_winner_wildcards``
    the seat's 得 may also complete pairs and pungs (for 胡, never for 番); the best use counts."""
    wild = sorted(t for t in show.concealed if t in wildcards) if opts.non_winner_wildcards else []
    if not wild:
        held: dict[str, int] = {}  # (a Counter costs twice this loop to make)
        for tile in show.concealed:
            held[tile] = held.get(tile, 0) + 1
        return _held_scoring(show, held, {}, opts)
    real = Counter(show.concealed) - Counter(wild)
    best = None
    for kept in range(len(wild) + 1):  # 得 not used as wildcards count as their own face
        with_own = real + Counter(wild[:kept])
        for added in _allocations(sorted(with_own.items()), len(wild) - kept):
            scoring = _held_scoring(show, with_own, added, opts)
            if best is None or (scoring.points, scoring.raw) > (best.points, best.raw):
                best = scoring
    assert best is not None  # the allocations always include adding none
    return best


def _allocations(counts: list[tuple[str, int]], budget: int) -> Iterator[dict[str, int]]:
    """Every way to add up to ``budget`` 得 to faces held once or twice (making pairs/pungs)."""
    if not counts or budget == 0:
        yield {}
        return
    (face, n), rest = counts[0], counts[1:]
    for k in range(0, min(budget, 3 - n) + 1) if n < 3 else (0,):
        for more in _allocations(rest, budget - k):
            yield {face: k, **more} if k else more


def _held_scoring(
    show: Showdown, held: Mapping[str, int], added: dict[str, int], opts: Options
) -> Scoring:
    """Three or more alike an 暗刻 (its 番 only when no 得 completes it), an own-wind or dragon
    pair 2 胡: the held faces that score, in order, key the memoised Scoring."""
    seat = show.seat
    scored = []
    for t, n in held.items():
        k = added.get(t, 0) if added else 0
        if n + k >= 3:
            scored.append((t, _PUNG if k == 0 else _PUNG_NO_FAN))
        elif n + k == 2 and is_scoring_pair(seat, t):
            scored.append((t, _PAIR))
    return _scoring(seat, meld_sets(show.melds), tuple(scored), opts)


_PUNG, _PUNG_NO_FAN, _PAIR = range(3)


@lru_cache(maxsize=4096)
def _scoring(
    seat: str, sets: tuple[tuple[str, str], ...], scored: tuple[tuple[str, int], ...], opts: Options
) -> Scoring:
    """(Memoised: most non-winners hold the same few scoring shapes.)"""
    hu: Tally = defaultdict(int)
    fan: Tally = defaultdict(int)
    set_items(seat, sets, hu, fan)
    for t, how in scored:
        if how == _PAIR:
            hu["pair"] += 1
        else:
            set_items(seat, [("concealed_pung", t)], hu, fan if how == _PUNG else defaultdict(int))
    return scoring(seat, hu, fan, 0, opts)
