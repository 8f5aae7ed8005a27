"""Exact tail probabilities and the Benjamini–Hochberg correction, in the standard library.

Every test of the integrity signals counts events (a deal-in that went to one player, a disputed
payment that favoured one player) whose chance under "nothing going on" is known event by event,
so the number observed has a Poisson-binomial law: its upper tail is computed exactly by dynamic
programming, no normal approximation (samples are small where it matters).
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb


def tail_at_least(chances: Sequence[float], observed: int) -> float:
    """P(X >= ``observed``) for X the number of successes of independent events with success
    chances ``chances`` (a Poisson-binomial law; equal chances make it the binomial)."""
    if observed <= 0:
        return 1.0
    if observed > len(chances):
        return 0.0
    # dist[j] = P(j successes so far); only counts below ``observed`` are kept apart, the rest
    # are pooled in dist[observed] (what the tail needs).
    dist = [1.0] + [0.0] * observed
    for p in chances:
        q = 1.0 - p
        top = dist[observed] + dist[observed - 1] * p
        for j in range(observed - 1, 0, -1):
            dist[j] = dist[j] * q + dist[j - 1] * p
        dist[0] *= q
        dist[observed] = top
    return min(1.0, max(0.0, dist[observed]))


def binomial_tail(n: int, k: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    return tail_at_least([p] * n, k)


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """The BH-adjusted q-value of each p-value (same order): the smallest false discovery rate
    at which the test would be called, min over j >= rank of p_(j) * m / j, capped at 1."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    q = [1.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        q[i] = min(1.0, running)
    return q


def hypergeometric_tail(total: int, marked: int, drawn: int, observed: int) -> float:
    """P(X >= ``observed``) for X the marked items among ``drawn`` taken without replacement from
    ``total`` of which ``marked`` are marked (Fisher's exact test, one-sided)."""
    if observed <= 0:
        return 1.0
    top = min(drawn, marked)
    ways = sum(comb(marked, x) * comb(total - marked, drawn - x) for x in range(observed, top + 1))
    return min(1.0, ways / comb(total, drawn))
