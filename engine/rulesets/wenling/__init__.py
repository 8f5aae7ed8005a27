"""温岭麻将 (wenling): 144 tiles with flowers, 16-tile hands, 得 wildcards and 闹闹, 腊子 limit
hands, non-winners scoring against each other, and 包三家. See ``docs/rules/wenling.md``."""

from __future__ import annotations

from collections.abc import Mapping

from engine.model import Action, HandOutcome, Showdown
from engine.rulesets.base import Anomaly, Ruleset
from engine.rulesets.wenling import flow, table
from engine.rulesets.wenling.options import Options


class Wenling(Ruleset):
    name = "wenling"
    title_zh = "温岭麻将"
    Options = Options
    hand_size = table.HAND_SIZE
    has_flowers = True
    wildcard_claims_allowed = False
    discarded_wildcard_blocks_win = True
    forbid_discard_of_claimed = False
    multiple_discard_winners = False

    def tile_counts(self, opts: Options) -> Mapping[str, int]:
        return table.TILE_COUNTS

    def wildcards(self, indicator: str | None, opts: Options) -> frozenset[str]:
        return table.wildcards(indicator)

    def indicator_in_wall(self, opts: Options) -> bool:
        return opts.indicator_in_wall

    def is_bonus(self, tile: str, wildcards: frozenset[str], opts: Options) -> bool:
        return table.is_bonus(tile, wildcards)

    def dead_wall(self, revealed_count: int, opts: Options) -> int:
        """``revealed_count``: replacements drawn from the back so far (their parity decides
        whether a lone tile lies at the back, which the 8 pairs do not count)."""
        return table.dead_wall(revealed_count)

    def instant_win(self, show: Showdown, wildcards: frozenset[str], opts: Options) -> bool:
        return bool(table.instant_limits(table.show_tiles(show), wildcards, opts.red_flowers))

    def check(self, action: Action, history: tuple[Action, ...], opts: Options) -> list[Anomaly]:
        return flow.check(action, history)

    def next_dealer(self, outcome: HandOutcome, opts: Options) -> str:
        """坐庄 when the dealer is among the winners; otherwise (a loss or 黄牌) 下庄: 南 deals
        next and every seat's wind moves back one (南→东, 西→南, 北→西, 东→北)."""
        return "E" if "E" in outcome.winners else "S"


RULESET = Wenling()

__all__ = ["RULESET", "Options", "Wenling"]
