"""fupan's rules engine: pure functions over tiles, hands and logs. Standard library only."""

from engine.hand import (
    Decomposition,
    Group,
    HandError,
    best_decomposition,
    decompositions,
    is_winning_hand,
    shanten,
    waits,
)

__all__ = [
    "Decomposition",
    "Group",
    "HandError",
    "best_decomposition",
    "decompositions",
    "is_winning_hand",
    "shanten",
    "waits",
]
