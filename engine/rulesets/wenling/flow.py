"""Legality checks of the play that only wenling has: the two dice throws by the dealer and
the passed-碰 rule (a seat that let a discard go by may not 碰 the same tile before it draws)."""

from __future__ import annotations

from engine.model import Action
from engine.rulesets.base import Anomaly


def check(action: Action, history: tuple[Action, ...]) -> list[Anomaly]:
    if action.kind == "dice":
        return _check_dice(action, history)
    if action.kind == "peng":
        return _check_passed_peng(action, history)
    return []


def _check_dice(action: Action, history: tuple[Action, ...]) -> list[Anomaly]:
    found = []
    if action.seat != "E":
        found.append(
            Anomaly(action.seq, "dice_not_dealer", "warning", f"{action.seat} threw the dice; the dealer (E) throws")
        )
    if sum(1 for a in history if a.kind == "dice") >= 2:
        found.append(
            Anomaly(action.seq, "dice_extra_throw", "warning", "wenling throws the dice twice per hand, not more")
        )
    return found


def _claimed_tile(history: tuple[Action, ...]) -> str | None:
    for a in reversed(history):
        if a.kind == "discard":
            return a.tile
    return None


def _check_passed_peng(action: Action, history: tuple[Action, ...]) -> list[Anomaly]:
    """碰 of tile X is illegal when, since the seat's last draw, another seat discarded X and
    the seat let it go: holding the pair now, it held it then (its hand only shrinks between draws)."""
    tile = action.tile or _claimed_tile(history)
    earlier = list(history)
    # the discard being claimed now is the last discard; look before it
    for i in range(len(earlier) - 1, -1, -1):
        if earlier[i].kind == "discard":
            earlier = earlier[:i]
            break
    for i in range(len(earlier) - 1, -1, -1):
        a = earlier[i]
        if a.seat == action.seat and a.kind == "draw":
            return []
        if a.kind == "discard" and a.seat != action.seat and a.tile == tile:
            after = earlier[i + 1] if i + 1 < len(earlier) else None
            claimed = after is not None and (
                after.kind in ("peng", "gang", "win") or after.seat == action.seat
            )
            if not claimed:
                return [
                    Anomaly(
                        action.seq,
                        "passed_peng",
                        "error",
                        f"{action.seat} let {tile} go by (seq {a.seq}) and may not 碰 it before drawing",
                    )
                ]
    return []
