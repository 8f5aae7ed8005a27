"""Claim rules more than one ruleset shares."""

from __future__ import annotations

from collections.abc import Sequence

from engine.model import KIND, SEAT, SEQ, TILE, StepFields, who
from engine.rulesets.base import Anomaly
from engine.tiles import english


def passed_peng(action: StepFields, history: Sequence[StepFields]) -> Anomaly | None:
    """A 碰 of tile X after the seat let an X go by since its last draw (passed 碰: not again
    before the seat draws). The seat's hand only shrinks between its draws, so if it can 碰 X
    now it could then — unless that X was taken: by the seat itself, or by a 碰/杠/胡 of another
    seat. (A passed 胡 needs the concealed hand: the replay checks it, see
    ``Ruleset.passed_win_waits_for_draw``.) Steps by position (``engine.model.SEQ`` …)."""
    if action[KIND] != "peng":
        return None
    seat, tile = action[SEAT], action[TILE]
    last = len(history) - 1  # the discard claimed now (normally the last step)
    while last >= 0 and history[last][KIND] != "discard":
        last -= 1
    for j in range(last - 1, -1, -1):  # before the discard claimed now
        a = history[j]
        kind = a[KIND]
        if kind == "draw" and a[SEAT] == seat:  # claims and discards are no draw
            return None
        if kind != "discard" or a[SEAT] == seat or a[TILE] != tile:
            continue
        assert tile is not None  # a discard names its tile
        after = history[j + 1]
        if after[SEAT] == seat or after[KIND] in ("peng", "gang", "win"):
            continue
        return Anomaly(
            action[SEQ],
            "passed_peng",
            "error",
            f"{who(seat)} let {english(tile)} go by (step {a[SEQ]}) and may not pung it again "
            "before its next draw",
        )
    return None
