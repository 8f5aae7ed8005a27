"""Hand analysis, standard shape (one pair + sets) with 得 wildcards. See docs/engine.md.

``is_winning_hand`` (``is_winning_counts`` for a counts row), ``waits`` and ``shanten`` answer
from per-suit tables; ``decompositions`` and ``best_decomposition`` enumerate every reading for
scoring.
"""

from engine.hand._input import HandError
from engine.hand._tables import warm
from engine.hand.check import is_winning_counts, is_winning_hand, shanten, waits
from engine.hand.decompose import (
    Decomposition,
    Group,
    Reading,
    best_decomposition,
    decompositions,
    readings,
)

__all__ = [
    "Decomposition",
    "Group",
    "HandError",
    "Reading",
    "best_decomposition",
    "decompositions",
    "is_winning_counts",
    "is_winning_hand",
    "readings",
    "shanten",
    "waits",
    "warm",
]
