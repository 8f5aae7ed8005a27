"""Wenling's scoring of a hand, the ruleset's winner part (``engine.rulesets.assembled``): the
winners' 牌点 (``winner``) and the showing non-winners' (``nonwinner``), each winner's readings
for the explanations, and the items the rules page lists."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from engine.model import HandOutcome, Win
from engine.rulesets.base import Item, Scoring
from engine.rulesets.wenling import lines, table
from engine.rulesets.wenling.about import ABOUT
from engine.rulesets.wenling.nonwinner import score_nonwinner
from engine.rulesets.wenling.options import Options
from engine.rulesets.wenling.winner import score_winner, winner_readings


def items(opts: Options) -> tuple[Item, ...]:
    """The seed's 胡 items, 番 items and 腊子 (``not_a_win`` is a verdict, not an item)."""
    return tuple(
        Item(code, zh, en, value, unit, about=ABOUT[code])
        for code, (zh, en, value, unit) in lines.ITEMS.items()
        if code != "not_a_win"
    )


def score(outcome: HandOutcome, opts: Options) -> dict[str, Scoring]:
    """The winners' and the showing non-winners' points; nothing for 黄牌 (no settlement)."""
    if not outcome.wins:
        return {}
    if outcome.indicator and not outcome.wildcards:
        outcome = dataclasses.replace(outcome, wildcards=table.wildcards(outcome.indicator))
    scorings = {w.seat: score_winner(outcome, w, opts) for w in outcome.wins}
    naonao = table.is_naonao(outcome.wildcards)
    for seat, show in outcome.showdowns.items():
        if seat not in scorings:
            scorings[seat] = score_nonwinner(show, outcome.wildcards, naonao, opts)
    return scorings


def readings(outcome: HandOutcome, win: Win, opts: Options) -> Iterable[tuple[int, str, str]]:
    if outcome.indicator and not outcome.wildcards:
        outcome = dataclasses.replace(outcome, wildcards=table.wildcards(outcome.indicator))
    return winner_readings(outcome, win, opts)
