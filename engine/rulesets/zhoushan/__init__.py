"""舟山/定海麻将 (Zhoushan, Dinghai): 144 tiles with flowers, 13 in hand, the standard shape only,
台 items capped at 4, paid as 台 × stake per payer (抢杠胡 5×). Clause-by-clause reading and every decision on
an ambiguous clause: docs/rules/zhoushan.md. The ruleset assembled from its modules (docs/engine.md,
"A ruleset's package").
"""

from __future__ import annotations

from engine.rulesets import register, tai
from engine.rulesets.assembled import Assembled, Parts
from engine.rulesets.base import Term, Text
from engine.rulesets.zhoushan import flow, mistakes, settlement, winner
from engine.rulesets.zhoushan.options import Options
from engine.rulesets.zhoushan.options import Options as ZhoushanOptions
from engine.rulesets.zhoushan.settlement import BAO_TIMES, ROBBED_KONG_TIMES


class Zhoushan(Assembled):
    name = "zhoushan"
    title_zh = "舟山(定海)麻将"
    title_en = "Zhoushan (Dinghai) mahjong"
    points_unit = ("台", "tai")
    Options = Options
    hand_size = 13
    has_flowers = True
    forbid_discard_of_claimed = True
    multiple_discard_winners = True
    passed_win_waits_for_draw = True  # the replay checks a passed 胡 (see docs)
    kong_chains_pay = True  # 杠上开花包三家 by the chain's first kong
    liability_kinds = ("gang_kai_bao",)
    parts = Parts(winner.WINNER, settlement, mistakes, flow, liability=settlement, checks=flow)

    def tile_counts(self, opts: ZhoushanOptions) -> dict[str, int]:
        return tai.tile_counts_144()

    def terms(self, opts: ZhoushanOptions) -> tuple[Term, ...]:
        cap_zh = f"每位胡家最多算{opts.cap}台（超过也按{opts.cap}台）" if opts.cap else "不封顶"
        cap_en = (
            f"at most {opts.cap} tai a winner (more count as {opts.cap})" if opts.cap else "no cap"
        )
        return (
            Term(
                "胡",
                "胡牌只认标准牌型：四组（顺子、刻子或杠）加一对将；0台也能胡。",
                "A win is the standard shape only: four sets and a pair; a 0-tai win is a win.",
            ),
            Term(
                "台",
                f"牌的分值单位：下表各项相加，{cap_zh}。",
                f"What a winning hand is worth: the items below added up, {cap_en}.",
            ),
            Term(
                "底",
                f"每家付款时在台数之外另加的{opts.base}台，所以0台的胡也有钱。每台 {opts.stake}。",
                f"{opts.base} tai every paying seat adds on top of the winner's tai, so a 0-tai "
                f"win still pays; each tai is worth {opts.stake}.",
            ),
            Term(
                "包",
                f"杠上开花包三家：明杠别家打出的牌后杠上开花，打出那张牌的一家替三家付（{BAO_TIMES}倍）。",
                f"Paying for all three on a kong: a win on the replacement after konging another "
                f"seat's discard; that discarder pays for all three ({BAO_TIMES} times).",
            ),
        )

    def payment_rules(self, opts: ZhoushanOptions) -> tuple[Text, ...]:
        each = f"{opts.stake} × (底 {opts.base} + 台)"
        each_en = f"{opts.stake} × (base {opts.base} + tai)"
        discard = (
            Text(
                f"放炮：放炮者一家付 {each}。", f"On a discard: the discarder alone pays {each_en}."
            )
            if opts.discard_payer == "discarder"
            else Text(
                f"放炮：没胡的各家各付 {each}（一炮多响的胡家之间不付）。",
                f"On a discard: each seat that did not win pays {each_en} (winners of one "
                "discard pay each other nothing).",
            )
        )
        return (
            Text(
                f"自摸：其余三家各付 {each}。",
                f"Self-draw: each of the other three pays {each_en}.",
            ),
            discard,
            Text(
                f"抢杠胡：被抢杠的一家付{ROBBED_KONG_TIMES}倍。",
                f"Robbing a kong: the robbed seat pays {ROBBED_KONG_TIMES} times that.",
            ),
            Text(
                f"杠上开花包三家：被包的一家付{BAO_TIMES}倍。",
                f"Paying for all three on a kong: the liable seat pays {BAO_TIMES} times that.",
            ),
            Text("一炮多响：每位胡家分别收款。", "Several winners on one discard are each paid."),
        )

    def dead_wall(self, back_draws: int, flowers_out: int, opts: ZhoushanOptions) -> int:
        """The seed plays to the last tile (its 海底 and last-tile restrictions say so)."""
        return 0


RULESET = register(Zhoushan())

__all__ = ["RULESET", "Options", "Zhoushan"]
