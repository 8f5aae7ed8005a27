"""Xizhou's play and deal: the claims the replay leaves to the ruleset (a passed 碰 before the
next draw; 吃张打张/碰张打张, discarding the tile just claimed) and who deals next."""

from __future__ import annotations

from collections.abc import Sequence

from engine.model import (
    FROM_SEAT,
    KIND,
    SEAT,
    SEATS,
    SEQ,
    SOURCE,
    TILE,
    HandOutcome,
    StepFields,
    make_actions,
    who,
)
from engine.rulesets import tai
from engine.rulesets.base import CLAIMED_DISCARD, Anomaly
from engine.rulesets.claims import passed_peng
from engine.rulesets.xizhou.liability import bound_pairs
from engine.rulesets.xizhou.options import Options
from engine.tiles import english

CHECKED_KINDS = frozenset({"peng", CLAIMED_DISCARD})


def check(action: StepFields, history: Sequence[StepFields], opts: Options) -> list[Anomaly]:
    """Asked about a 碰 and about a discard right after a claim (``CLAIMED_DISCARD``); steps by
    position (``engine.model.SEQ`` …)."""
    if action[KIND] == "peng":  # (passed_peng=any_tile: the replay checks every 碰 let go)
        found = None if opts.passed_peng == "any_tile" else passed_peng(action, history)
    else:
        found = _discard_of_claimed(action, history, opts)
    return [found] if found else []


def next_dealer(outcome: HandOutcome, opts: Options) -> str:
    """连庄 on a dealer win, and on a drawn hand if the dealer (``drawn_kong=anyone``: any seat)
    made no kong; else 下家."""
    if outcome.wins:
        return "E" if "E" in outcome.winners else "S"
    seats = SEATS if opts.drawn_kong == "anyone" else ("E",)
    return "S" if any(tai.made_kong(outcome, s) for s in seats) else "E"


def _discard_of_claimed(
    action: StepFields, history: Sequence[StepFields], opts: Options
) -> Anomaly | None:
    """吃张打张/碰张打张 (discarding the tile just claimed; a 吃's other end is allowed) is barred
    unless the claim made a 三包/互包 with the discarder or leaves the seat one standing tile
    (大吊车)."""
    seat, tile = action[SEAT], action[TILE]
    if action[KIND] != "discard" or tile is None or not history:
        return None
    claim = history[-1]
    if claim[KIND] not in ("chi", "peng") or claim[SEAT] != seat or claim[TILE] != tile:
        return None
    melds = [a for a in history if a[SEAT] == seat and _new_meld(a)]
    pair = frozenset((seat, claim[FROM_SEAT]))
    if len(melds) >= 4 or pair in bound_pairs(tai.action_claims(make_actions(history)), opts):
        return None
    return Anomaly(
        action[SEQ],
        "discard_of_claimed",
        "error",
        f"{who(seat)} discarded {english(tile)} right after claiming it",
    )


def _new_meld(a: StepFields) -> bool:
    """A step that lays down a new set (a 加杠 only grows a 碰)."""
    return a[KIND] in ("chi", "peng") or (a[KIND] == "gang" and a[SOURCE] != "gang_added")
