"""Zhoushan's play and deal: the claims the replay leaves to the ruleset (a passed 碰 or 胡 before
the next draw, nothing claimed or konged at the last tile) and who deals next."""

from __future__ import annotations

from collections.abc import Sequence

from engine.model import HandOutcome, StepFields, next_seat
from engine.rulesets import tai
from engine.rulesets.base import Anomaly
from engine.rulesets.claims import passed_peng
from engine.rulesets.zhoushan.options import Options

CHECKED_KINDS = frozenset({"chi", "peng", "gang"})


def check(action: StepFields, history: Sequence[StepFields], opts: Options) -> list[Anomaly]:
    """Passed 碰/胡 before the next draw, and nothing claimed or konged at the last tile (steps
    by position: ``engine.model.SEQ`` …)."""
    peng, last = passed_peng(action, history), tai.claim_on_last(action, history, 0)
    return [a for a in (peng, last) if a is not None] if peng or last else []


def next_dealer(outcome: HandOutcome, opts: Options) -> str:
    """连庄 on a dealer win or a drawn hand; otherwise 下庄. 一炮多响: the first winner
    counter-clockwise (in turn order) from the discarder deals next."""
    if not outcome.wins:
        return "E"
    if len(outcome.wins) > 1 and outcome.wins[0].from_seat:
        seat = next_seat(outcome.wins[0].from_seat)
        while seat not in outcome.winners:
            seat = next_seat(seat)
        return seat
    return "E" if outcome.wins[0].seat == "E" else "S"
