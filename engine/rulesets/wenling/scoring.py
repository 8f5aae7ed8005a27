"""Wenling's scoring of a hand, the ruleset's winner part (``engine.rulesets.assembled``): the
winners' 牌点 (``winner``) and the showing non-winners' (``nonwinner``), each winner's readings
for the explanations, the items the rules page lists, and the automatic wins a hand's showdowns
show but its log does not declare."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from engine.model import HandOutcome, Win, who
from engine.rulesets.base import Anomaly, Item, Scoring
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


def missed_instant_wins(outcome: HandOutcome, opts: Options) -> list[Anomaly]:
    """A seat that shows an automatic win (自动胡牌: 3 得, 4 白, a flower group, 闹闹 4 中/发) and
    did not win: the hand should have ended with its win, so the settlement is wrong. A seat
    that threw a 得 may no longer win (特殊处罚1) and is left alone."""
    found = []
    wild = outcome.wildcards or table.wildcards(outcome.indicator)
    blocked: set[str] | None = None  # (worked out only for a seat that shows a limit: rare)
    winners = outcome.winners
    for seat, show in outcome.showdowns.items():
        if seat in winners:
            continue
        codes = table.instant_limits(table.show_tiles(show), wild, opts.red_flowers)
        if codes and blocked is None:
            blocked = {
                a.seat for a in outcome.actions or () if a.kind == "discard" and a.tile in wild
            }
        if codes and seat not in (blocked or ()):
            names = ", ".join(lines.ITEMS[c][1] for c in codes)
            found.append(
                Anomaly(
                    None,
                    "instant_win_missed",
                    "error",
                    f"{who(seat)} shows {names}: an automatic win the log does not declare",
                )
            )
    return found
