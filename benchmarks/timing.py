"""Timing the benchmarks share: the median of repeated runs, so one run slowed by the shared
machine's load does not move the figure."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_time(fn: Callable[[], object], repeat: int) -> float:
    """Median wall-clock seconds of ``repeat`` calls of ``fn``."""
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - t)
    return statistics.median(runs)


def calibrate() -> float:
    """Seconds of a fixed pure-Python loop: how fast a core is right now on this shared box
    (0.17-0.18 s on the idle reference machine)."""
    t = time.perf_counter()
    s = 0
    for i in range(3_000_000):
        s += i * i % 7
    return time.perf_counter() - t
