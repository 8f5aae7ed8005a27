"""温岭麻将 (wenling): 144 tiles with flowers, 16-tile hands, 得 wildcards and 闹闹, 腊子 limit
hands, non-winners scoring against each other, and 包三家. See ``docs/rules/wenling.md``."""

from __future__ import annotations

from collections.abc import Mapping

from engine.model import Action, HandOutcome, Showdown
from engine.rulesets import register
from engine.rulesets.assembled import Assembled, Parts
from engine.rulesets.base import FLAG_RULES, Anomaly, FlagRule, Scoring, SettleInput, Term, Text
from engine.rulesets.wenling import flow, liability, lines, mistakes, scoring, settlement, table
from engine.rulesets.wenling.options import Options
from engine.rulesets.wenling.options import Options as WenlingOptions
from engine.shapes import STANDARD, Shape


class Wenling(Assembled):
    name = "wenling"
    title_zh = "温岭麻将"
    title_en = "Wenling mahjong"
    points_unit = ("牌点", "points")
    Options = Options
    hand_size = table.HAND_SIZE
    dice_throws = 2
    dice_thrower = "E"  # "庄家 … 开始扔骰子"
    nonwinners_score = True
    has_flowers = True
    wildcard_claims_allowed = False
    discarded_wildcard_blocks_win = True
    forbid_discard_of_claimed = False
    multiple_discard_winners = False
    flag_rules = FLAG_RULES | {
        liability.FLAG_BAO: FlagRule(
            "包三家",
            "the discarder pays for all three",
            frozenset({"discard"}),
            from_play=False,
            played=liability.played,
        )
    }
    liability_kinds = liability.KINDS
    parts = Parts(scoring, settlement, mistakes, flow, liability=liability, checks=flow)

    def tile_counts(self, opts: WenlingOptions) -> Mapping[str, int]:
        return table.TILE_COUNTS

    def terms(self, opts: WenlingOptions) -> tuple[Term, ...]:
        limit, base, unit = lines.LIMIT_POINTS, lines.BASE_HU, lines.PAY_UNIT
        raw, dead = table.RAW_STAGE_PAIRS, table.DEAD_WALL_PAIRS
        return (
            Term(
                "胡",
                f"牌点。胡家：（基础牌点 + {base}）× 2^番，进到{unit}的整数，最多{limit}。没胡的人也算牌点，互相找差额。",
                f"The points. The winner: (its hu items + {base}) × 2 to the power of its fan, "
                f"rounded up to {unit}, at most {limit}. The others count theirs too and settle "
                f"the differences.",
            ),
            Term("番", "每一番使牌点翻一倍。", "Each fan doubles the points."),
            Term(
                "腊子",
                f"满贯牌：{limit}点，不论其他各项。",
                f"A limit hand: {limit} points whatever else the hand holds.",
            ),
            Term(
                "得",
                "百搭牌：开牌后翻出一张，与它同种的其余牌都是得；翻出花牌时同组另外三张花是得。得可以当任何牌用（不能用来吃、碰），打出得的一家本局不能再胡。",
                "The wildcard: a tile turned up after the deal makes the other copies of its kind "
                "wildcards (a flower: the other three of its group). A wildcard stands for any "
                "tile, never to chow or pung; a seat that throws one can no longer win this "
                "hand.",
            ),
            Term(
                "闹闹",
                "翻出的是中、发、白或花牌：除得以外，所有中发白和花都要翻出补牌，各算胡和番。",
                "The tile turned up is a dragon or a flower: every dragon and flower but the "
                "wildcards is revealed and replaced, and scores.",
            ),
            Term(
                "包",
                f"包三家：生牌阶段（墙上剩{raw}墩以内）打出生牌被胡，或一上一听之前打出中、发被胡，打牌的一家替三家付。",
                f"Paying for all three: a tile never seen yet thrown in the last {raw} pairs of "
                f"the wall (the unseen-tile stage), or a red or green dragon thrown while two or "
                f"more tiles from ready, that is won on: the thrower pays for everyone.",
            ),
            Term(
                "闲家",
                "没胡的三家；他们之间按牌点差额互相付。",
                "The seats that did not win; they pay each other the differences of their points.",
            ),
            Term(
                "黄牌",
                f"墙上剩{dead}墩时没人胡，不付钱。",
                f"No win by the time {dead} pairs are left: a drawn hand, nothing is paid.",
            ),
        )

    def payment_rules(self, opts: WenlingOptions) -> tuple[Text, ...]:
        unit, m = lines.PAY_UNIT, opts.multiplier
        return (
            Text(
                f"每个闲家付给每位胡家：胡家牌点 ÷ {unit} × {m}。",
                f"Each non-winner pays each winner its points ÷ {unit} × {m}.",
            ),
            Text(
                f"闲家之间：牌点低的付给高的，差额 ÷ {unit} × {m}。",
                f"Between non-winners: the lower pays the higher the difference ÷ {unit} × {m}.",
            ),
            Text(
                "包三家：被包的一家牌点算0，替另外两家付胡家的钱，付给另外两家各自的牌点，并代付那两家之间的差额。",
                "Paying for all three: the liable seat's points count 0; it pays the winner for "
                "all three, pays "
                "each other non-winner its points, and pays what those two owe each other.",
            ),
        )

    def wildcards(self, indicator: str | None, opts: WenlingOptions) -> frozenset[str]:
        return table.wildcards(indicator)

    def indicator_in_wall(self, opts: WenlingOptions) -> bool:
        return opts.indicator_in_wall

    def is_bonus(self, tile: str, wildcards: frozenset[str], opts: WenlingOptions) -> bool:
        return table.is_bonus(tile, wildcards)

    def dead_wall(self, back_draws: int, flowers_out: int, opts: WenlingOptions) -> int:
        """The parity of the back draws decides whether a lone tile lies at the back, which the
        8 pairs do not count."""
        return table.dead_wall(back_draws)

    def winning_shapes(self, wildcards: frozenset[str], opts: WenlingOptions) -> tuple[Shape, ...]:
        return (STANDARD, *table.limit_shapes(wildcards, opts.red_flowers))

    def instant_win(self, show: Showdown, wildcards: frozenset[str], opts: WenlingOptions) -> bool:
        return bool(table.instant_limits(table.show_tiles(show), wildcards, opts.red_flowers))

    def phases(self, history: tuple[Action, ...], opts: WenlingOptions) -> frozenset[str]:
        return frozenset({"raw_stage"}) if liability.in_raw_stage(history) else frozenset()

    def score_anomalies(
        self, outcome: HandOutcome, scorings: Mapping[str, Scoring], opts: WenlingOptions
    ) -> list[Anomaly]:
        """Also a seat that shows an automatic win and did not declare it."""
        found = super().score_anomalies(outcome, scorings, opts)
        return found + scoring.missed_instant_wins(outcome, opts)

    def settle_input(
        self, outcome: HandOutcome, scorings: Mapping[str, Scoring], opts: WenlingOptions
    ) -> SettleInput:
        """As the base, dropping 包三家 on a 腊子 win when ``bao_on_laizi`` is off."""
        inp = super().settle_input(outcome, scorings, opts)
        return settlement.without_bao_on_laizi(inp, scorings, opts)

    def paid_scorings(
        self, scorings: Mapping[str, Scoring], inp: SettleInput
    ) -> Mapping[str, Scoring]:
        return settlement.paid_scorings(scorings, inp)


RULESET = register(Wenling())

__all__ = ["RULESET", "Options", "Wenling"]
