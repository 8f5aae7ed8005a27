"""黄岩麻将 (Huangyan, Taizhou): 136 tiles, 13 in hand, 得 wildcards, 胡 × 2^番 for every seat,
and the seed's two settlement modes (dealer wins / non-dealer wins). Clause-by-clause reading
and every decision on an ambiguous clause: docs/rules/huangyan.md. The ruleset assembled from
its modules (docs/engine.md, "A ruleset's package").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.rulesets import register
from engine.rulesets.assembled import Assembled, Parts
from engine.rulesets.base import Anomaly, Term, Text
from engine.rulesets.huangyan import flow, mistakes, settlement, table, winner
from engine.rulesets.huangyan.options import Options
from engine.rulesets.huangyan.options import Options as HuangyanOptions
from engine.tiles import FACES


class Huangyan(Assembled):
    name = "huangyan"
    title_zh = "黄岩麻将"
    title_en = "Huangyan mahjong"
    points_unit = ("胡", "hu × 2^fan")
    Options = Options
    hand_size = table.HAND_SIZE
    nonwinners_score = True
    has_flowers = False
    parts = Parts(winner, settlement, mistakes, flow)

    def tile_counts(self, opts: HuangyanOptions) -> dict[str, int]:
        return dict.fromkeys(FACES, 4)

    def terms(self, opts: HuangyanOptions) -> tuple[Term, ...]:
        rule = self.option_value("wildcard_rule", opts.wildcard_rule)
        cap_zh = f"，最多{opts.cap}胡" if opts.cap else ""
        cap_en = f", at most {opts.cap}" if opts.cap else ""
        return (
            Term(
                "胡",
                f"分数。胡家：（各胡项 + 底胡{opts.base_hu}）× 2^番{cap_zh}；没胡的人也按自己的刻子、对子算胡，互相找差额。",
                f"The points. The winner: (its hu items + {opts.base_hu} base) × 2 to the power of "
                f"its fan{cap_en}; the others count their own pungs and pairs too and settle the "
                f"differences.",
            ),
            Term("番", "每一番使胡数翻一倍。", "Each fan doubles the hu."),
            Term(
                "得",
                f"百搭牌：{rule.zh}，可以当任何牌用（不能用来吃、碰）。",
                f"The wildcard: {rule.en}; it stands for any tile (never to chow or pung).",
            ),
            Term("庄", "庄家：东位，坐庄的一家。", "The dealer: the East seat."),
        )

    def payment_rules(self, opts: HuangyanOptions) -> tuple[Text, ...]:
        half = self.option_value("half_rounding", opts.half_rounding)
        return (
            Text(f"每胡付 {opts.li_per_hu} 粒。", f"Each hu is paid {opts.li_per_hu} chips."),
            Text(
                "庄家胡：每个闲家全额付给庄家；闲家之间按胡数差额的一半互相找。",
                "The dealer wins: each other seat pays the dealer in full; those three settle "
                "half their differences between them.",
            ),
            Text(
                "闲家胡：庄家全额付给胡家，另两家各付一半；庄家与这两家按胡数差额全额互找，这两家之间找一半。",
                "Another seat wins: the dealer pays the winner in full, the other two half; the "
                "dealer and each of those two settle their full difference, the two between "
                "them half.",
            ),
            Text(f"一半有零头时{half.zh}。", f"Odd halves are {half.en}."),
        )

    def wildcards(self, indicator: str | None, opts: HuangyanOptions) -> frozenset[str]:
        return table.wildcards(indicator, opts)

    def is_bonus(self, tile: str, wildcards: frozenset[str], opts: HuangyanOptions) -> bool:
        return False

    def thrown_wildcard_wins(self, opts: HuangyanOptions) -> bool:
        return opts.thrown_de_win

    def dead_wall(self, back_draws: int, flowers_out: int, opts: HuangyanOptions) -> int:
        return opts.dead_wall

    def check_hand_start(
        self,
        hand: Mapping[str, Any],
        earlier: Sequence[tuple[Mapping[str, Any], str | None]],
        opts: HuangyanOptions,
    ) -> list[Anomaly]:
        return flow.check_hand_start(hand, earlier, opts)


RULESET = register(Huangyan())

__all__ = ["RULESET", "Huangyan", "Options"]
