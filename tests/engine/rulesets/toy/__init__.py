"""玩具麻将 (toy): a fifth ruleset that exists only in the tests, to prove that a ruleset is one
package registered in one place. Importing it registers it; nothing outside this package names
it. 136 tiles, no wildcards nor flowers, any standard win is worth ``stake`` points: on a
self-draw the three others each pay them, on a discard (or a robbed kong) that seat alone, or
all three if the option says so. The dealer stays on a dealer win or a drawn hand."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.model import SEATS, HandOutcome
from engine.rulesets import register
from engine.rulesets.base import (
    Item,
    Payment,
    Ruleset,
    ScoreLine,
    Scoring,
    SettleInput,
    Term,
    Text,
    below,
    option,
    step,
)
from engine.tiles import FACES

PAYERS = {
    "discarder": Text("放炮的人一人付", "the discarder alone"),
    "all": Text("放炮时三家都付", "all three, even on a discard"),
}
# The payment's reason (zh, en) by how the win was made.
REASONS = {
    "self_draw": ("自摸", "a self-drawn win"),
    "discard": ("放炮", "a discard win"),
    "robbed_kong": ("抢杠胡", "robbing a kong"),
}


@dataclass(frozen=True)
class Options:
    stake: int = option(1, "points a win is worth", zh="一次胡牌值几分")
    discard_payer: str = option(
        "discarder", "who pays on a discard", labels=PAYERS, zh="放炮时谁付"
    )

    def __post_init__(self) -> None:
        if self.stake < 1:
            raise below("stake", self.stake, 1)


class Toy(Ruleset):
    name = "toy"
    title_zh = "玩具麻将"
    title_en = "Toy mahjong"
    Options = Options
    minimum_rule = "any standard winning hand"

    def tile_counts(self, opts: Options) -> Mapping[str, int]:
        return dict.fromkeys(FACES, 4)

    def items(self, opts: Options) -> tuple[Item, ...]:
        return (Item("win", "胡牌", "a win", opts.stake, "分", option="stake"),)

    def terms(self, opts: Options) -> tuple[Term, ...]:
        return (
            Term(
                "胡", f"四组加一对就胡，值{opts.stake}分", f"four sets and a pair win {opts.stake}"
            ),
        )

    def payment_rules(self, opts: Options) -> tuple[Text, ...]:
        return (
            Text(f"自摸：三家各付{opts.stake}分", f"self-drawn: the three others pay {opts.stake} each"),
            Text(f"放炮：{PAYERS[opts.discard_payer].zh}{opts.stake}分",
                 f"on a discard: {PAYERS[opts.discard_payer].en} pays {opts.stake}"),
        )  # fmt: skip

    def score(self, outcome: HandOutcome, opts: Options) -> dict[str, Scoring]:
        line = ScoreLine("win", "胡牌", "a win", opts.stake, "分")
        return {
            w.seat: Scoring(w.seat, opts.stake, (line,), raw=opts.stake,
                            steps=(step("cap", opts.stake, opts.stake),))
            for w in outcome.wins
        }  # fmt: skip

    def settle(self, inp: SettleInput, opts: Options) -> list[Payment]:
        payments = []
        for w in inp.wins:
            payers = [s for s in SEATS if s != w.seat]
            if w.from_seat is not None and opts.discard_payer == "discarder":
                payers = [w.from_seat]
            amount = inp.points.get(w.seat, 0)
            zh, en = REASONS.get(w.how, ("胡牌", "a win"))
            payments += [Payment(p, w.seat, amount, zh, en, str(amount)) for p in payers]
        return payments

    def next_dealer(self, outcome: HandOutcome, opts: Options) -> str:
        return "E" if not outcome.wins or "E" in outcome.winners else "S"


RULESET = register(Toy())
