"""What the replay shows and says: the frozen :class:`TableState` after a step, a river's
:class:`Discard`, severities, and compact Chinese tile names for anomaly messages."""

from __future__ import annotations

from dataclasses import dataclass

from engine.model import Meld
from engine.tiles import INDEX, chinese

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True, slots=True)
class Discard:
    """A discarded tile in its seat's river; ``claimed_by`` names who took it (吃碰杠胡)."""

    tile: str
    seq: int
    claimed_by: str | None = None


@dataclass(frozen=True)
class TableState:
    """The table after one record of a hand, as the browser replay shows it."""

    step: int
    seq: int
    concealed: dict[str, tuple[str, ...]]
    melds: dict[str, tuple[Meld, ...]]
    revealed: dict[str, tuple[str, ...]]
    discards: dict[str, tuple[Discard, ...]]
    wall_left: int | None
    turn: str | None
    indicator: str | None
    wildcards: frozenset[str]
    phases: frozenset[str]
    ended: bool
    winners: tuple[str, ...]


_SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}


def names(tiles) -> str:
    """Compact Chinese for messages: ``111234567万11筒5条东``; a lone tile by its full name."""
    tiles = sorted(tiles, key=INDEX.__getitem__)
    if len(tiles) == 1:
        return chinese(tiles[0])
    parts = [
        "".join(t[0] for t in tiles if t[1] == suit) + zh
        for suit, zh in _SUIT_ZH.items()
        if any(t[1] == suit for t in tiles)
    ]
    return "".join(parts) + "".join(chinese(t) for t in tiles if t[1] in "zf")

