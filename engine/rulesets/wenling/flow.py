"""Legality checks of wenling's play: two dice throws, no more (who throws them is the
ruleset's ``dice_thrower``, checked by the replay), and the passed-碰 rule (a seat that let a
discard go by may not 碰 the same tile before it draws)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.model import KIND, SEQ, StepFields
from engine.rulesets.base import Anomaly
from engine.rulesets.claims import passed_peng

CHECKED_KINDS = frozenset({"dice", "peng"})


def check(action: StepFields, history: Sequence[StepFields]) -> list[Anomaly]:
    """Steps by position (``engine.model.SEQ`` …)."""
    if action[KIND] == "dice":
        return _check_dice(action, history)
    found = passed_peng(action, history)
    return [found] if found else []


def _check_dice(action: StepFields, history: Sequence[StepFields]) -> list[Anomaly]:
    found = []
    if sum(1 for a in history if a[KIND] == "dice") >= 2:
        found.append(
            Anomaly(
                action[SEQ],
                "dice_extra_throw",
                "warning",
                "the dice are thrown twice per hand, not more",
            )
        )
    return found
