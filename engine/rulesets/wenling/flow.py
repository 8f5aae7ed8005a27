"""Legality checks of wenling's play: two dice throws, no more (who throws them is the
ruleset's ``dice_thrower``, checked by the replay), and the passed-碰 rule (a seat that let a
discard go by may not 碰 the same tile before it draws)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.model import KIND, SEQ, HandOutcome, StepFields
from engine.rulesets.base import Anomaly
from engine.rulesets.claims import passed_peng
from engine.rulesets.wenling.options import Options

CHECKED_KINDS = frozenset({"dice", "peng"})


def check(action: StepFields, history: Sequence[StepFields], opts: Options) -> list[Anomaly]:
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


def next_dealer(outcome: HandOutcome, opts: Options) -> str:
    """坐庄 when the dealer is among the winners; otherwise (a loss or 黄牌) 下庄: 南 deals
    next and every seat's wind moves back one (南→东, 西→南, 北→西, 东→北)."""
    return "E" if "E" in outcome.winners else "S"
