"""温岭麻将 (wenling): 144 tiles with flowers, 16-tile hands, 得 wildcards and 闹闹, 腊子 limit
hands, non-winners scoring against each other, and 包三家. See ``docs/rules/wenling.md``."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from engine.model import Action, HandOutcome, Showdown
from engine.rulesets.base import (
    FLAG_RULES,
    Anomaly,
    FlagRule,
    Liability,
    Mistake,
    Payment,
    Ruleset,
    Scoring,
    SettleInput,
)
from engine.rulesets.wenling import flow, liability, lines, mistakes, settlement, table
from engine.rulesets.wenling.nonwinner import score_nonwinner
from engine.rulesets.wenling.options import Options
from engine.rulesets.wenling.winner import score_winner, winner_readings


class Wenling(Ruleset):
    name = "wenling"
    title_zh = "温岭麻将"
    points_unit = ("牌点", "points")
    Options = Options
    hand_size = table.HAND_SIZE
    has_flowers = True
    wildcard_claims_allowed = False
    discarded_wildcard_blocks_win = True
    forbid_discard_of_claimed = False
    multiple_discard_winners = False
    flag_rules = FLAG_RULES | {
        liability.FLAG_BAO: FlagRule(
            "包三家", "the discarder pays for all three (包三家)", frozenset({"discard"}),
            from_play=False,
        )
    }
    liability_kinds = liability.KINDS

    def tile_counts(self, opts: Options) -> Mapping[str, int]:
        return table.TILE_COUNTS

    def wildcards(self, indicator: str | None, opts: Options) -> frozenset[str]:
        return table.wildcards(indicator)

    def indicator_in_wall(self, opts: Options) -> bool:
        return opts.indicator_in_wall

    def is_bonus(self, tile: str, wildcards: frozenset[str], opts: Options) -> bool:
        return table.is_bonus(tile, wildcards)

    def dead_wall(self, back_draws: int, flowers_out: int, opts: Options) -> int:
        """The parity of the back draws decides whether a lone tile lies at the back, which the
        8 pairs do not count."""
        return table.dead_wall(back_draws)

    def instant_win(self, show: Showdown, wildcards: frozenset[str], opts: Options) -> bool:
        return bool(table.instant_limits(table.show_tiles(show), wildcards, opts.red_flowers))

    checked_kinds = flow.CHECKED_KINDS

    def check(self, action: Action, history: tuple[Action, ...], opts: Options) -> list[Anomaly]:
        return flow.check(action, history)

    def phases(self, history: tuple[Action, ...], opts: Options) -> frozenset[str]:
        return frozenset({"raw_stage"}) if liability.in_raw_stage(history) else frozenset()

    def score(self, outcome: HandOutcome, opts: Options) -> dict[str, Scoring]:
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

    def score_anomalies(
        self, outcome: HandOutcome, scorings: Mapping[str, Scoring], opts: Options
    ) -> list[Anomaly]:
        """Also a seat that shows an automatic win (自动胡牌: 3 得, 4 白, a flower group, 闹闹 4 中/发)
        and did not win: the hand should have ended with its win, so the settlement is wrong. A
        seat that threw a 得 may no longer win (特殊处罚1) and is left alone."""
        found = super().score_anomalies(outcome, scorings, opts)
        wild = outcome.wildcards or table.wildcards(outcome.indicator)
        blocked = {a.seat for a in outcome.actions or () if a.kind == "discard" and a.tile in wild}
        for seat, show in outcome.showdowns.items():
            if seat in outcome.winners or seat in blocked:
                continue
            codes = table.instant_limits(table.show_tiles(show), wild, opts.red_flowers)
            if codes:
                names = "、".join(lines.ITEMS[c][0] for c in codes)
                found.append(Anomaly(None, "instant_win_missed", "error",
                                     f"{seat} shows {names}: an automatic win (自动胡牌) the log does not declare"))
        return found

    def liabilities(self, outcome: HandOutcome, opts: Options) -> tuple[Liability, ...]:
        return liability.liabilities(outcome, opts)

    def readings(self, outcome: HandOutcome, win, opts: Options):
        if outcome.indicator and not outcome.wildcards:
            outcome = dataclasses.replace(outcome, wildcards=table.wildcards(outcome.indicator))
        return winner_readings(outcome, win, opts)

    def settle_input(
        self, outcome: HandOutcome, scorings: Mapping[str, Scoring], opts: Options
    ) -> SettleInput:
        """As the base, dropping 包三家 on a 腊子 win when ``bao_on_laizi`` is off."""
        inp = super().settle_input(outcome, scorings, opts)
        if opts.bao_on_laizi:
            return inp
        kept = tuple(
            lb for lb in inp.liabilities
            if not (lb.beneficiary in scorings and scorings[lb.beneficiary].limit)
        )
        return settlement.with_liabilities(inp, kept)

    def settle(self, inp: SettleInput, opts: Options) -> list[Payment]:
        return settlement.settle(inp, opts)

    def mistakes(
        self, outcome: HandOutcome, scorings: Mapping[str, Scoring], inp: SettleInput, opts: Options
    ) -> Iterable[Mistake]:
        return list(mistakes.mistakes(outcome, scorings, inp, opts))

    def next_dealer(self, outcome: HandOutcome, opts: Options) -> str:
        """坐庄 when the dealer is among the winners; otherwise (a loss or 黄牌) 下庄: 南 deals
        next and every seat's wind moves back one (南→东, 西→南, 北→西, 东→北)."""
        return "E" if "E" in outcome.winners else "S"


RULESET = Wenling()

__all__ = ["RULESET", "Options", "Wenling"]
