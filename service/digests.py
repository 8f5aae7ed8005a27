"""What the whole-history pages (ledger, player, club charts) need of each audit report, kept
small and cached per process by verification id.

Those pages read every report of a club or player; parsing 4,000 reports of ~30 kB each took
seconds. A verification row never changes (the store's tables are append-only), so the digest
of verification ``id`` never goes stale: a page parses only the reports it has not seen yet.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from service import queries
from service.db import engine

CACHE_SIZE = 100_000  # digests per process, a few hundred bytes each


@dataclass(frozen=True)
class Digest:
    recorded_totals: dict[str, int]
    hands: int
    disputed_hands: int
    explanations: tuple[str, ...]  # the first dispute's explanation of each disputed hand
    winner_points: tuple[int, ...]  # the points of each win
    wins: dict[str, int]  # wins per player


Key = tuple[str, str, int]  # database, session id, verification id

_cache: OrderedDict[Key, Digest | None] = OrderedDict()
_lock = threading.Lock()


def digest(report: dict) -> Digest:
    wins: dict[str, int] = {}
    explanations, points = [], []
    for h in report["hands"]:
        for w in h["wins"]:
            player = h["seats"].get(w["seat"])
            wins[player] = wins.get(player, 0) + 1
        points.extend(h["points"][w] for w in h["winners"] if w in h["points"])
        if h["disputes"]:
            e = h["disputes"][0]["explanation"]
            explanations.append(f"{e['zh']} {e['en']}" if e else "unexplained 未解释")
    return Digest(
        recorded_totals=dict(report["recorded_totals"]),
        hands=len(report["hands"]),
        disputed_hands=len(explanations),
        explanations=tuple(explanations),
        winner_points=tuple(points),
        wins=wins,
    )


def digests(verified: list[tuple[str, int]]) -> dict[int, Digest | None]:
    """The digest of each (session id, verification id)'s report, by verification id (None for
    a failed audit without one). Keyed by database too: tests and tools open several."""
    database = engine().url.render_as_string()
    keys = [(database, session_id, vid) for session_id, vid in verified]
    with _lock:
        found = {k[2]: _cache[k] for k in keys if k in _cache}
    texts = queries.reports([k[2] for k in keys if k[2] not in found])
    fresh = {k: digest(json.loads(texts[k[2]])) if texts[k[2]] else None
             for k in keys if k[2] in texts}  # fmt: skip
    with _lock:
        _cache.update(fresh)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
    return {**found, **{k[2]: d for k, d in fresh.items()}}
