"""The table mistakes that explain a disputed zhoushan settlement, each with what it would
have paid."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from engine.model import HandOutcome
from engine.rulesets import tai
from engine.rulesets.base import Mistake, Payment, Scoring, SettleInput
from engine.rulesets.zhoushan import settlement
from engine.rulesets.zhoushan.options import Options

_OPTION_NAMES = frozenset(f.name for f in dataclasses.fields(Options))
_PAYER_EN = {"all": "all three", "discarder": "the discarder alone"}
_PAYER_ZH = {"all": "三家一起", "discarder": "放炮的一家单独"}


def mistakes(
    outcome: HandOutcome, scorings: Mapping[str, Scoring], inp: SettleInput, opts: Options
) -> list[Mistake]:
    """台 items forgotten or the cap ignored, the 底 forgotten, the wrong seats paying, then
    one 台 off."""

    def resettle(
        points: Mapping[str, int], o: Options = opts, i: SettleInput = inp
    ) -> list[Payment]:
        return settlement.settle(dataclasses.replace(i, points=points), o)

    def variant(code: str, zh: str, en: str, **change: Any) -> Mistake:
        o = dataclasses.replace(opts, **{k: v for k, v in change.items() if k in _OPTION_NAMES})
        i = dataclasses.replace(inp, **{k: v for k, v in change.items() if k not in _OPTION_NAMES})
        return Mistake(code, zh, en, tuple(resettle(dict(inp.points), o, i)))

    found = list(tai.item_mistakes(scorings, outcome.winners, resettle, opts.cap))
    if opts.base:
        found.append(variant("base_missed", "没算底", "the base not paid", base=0))
    else:
        found.append(
            variant(
                "base_added",
                "本桌不算底，却按底1多付了",
                "a base of 1 paid on top, though the table plays without a base",
                base=1,
            )  # fmt: skip
        )
    if any(w.how == "discard" for w in inp.wins):
        other = "all" if opts.discard_payer == "discarder" else "discarder"
        found.append(
            variant(
                "wrong_payer",
                f"放炮胡由{_PAYER_ZH[other]}付了",
                f"a discard win paid by {_PAYER_EN[other]}",
                discard_payer=other,
            )
        )
    if inp.liabilities:
        found.append(
            variant(
                "bao_missed",
                "杠上开花未包三家",
                "the kong's discarder did not pay for all three",
                liabilities=(),
            )
        )
    if any(w.how == "robbed_kong" for w in inp.wins):
        plain = tuple(
            dataclasses.replace(w, how="discard") if w.how == "robbed_kong" else w for w in inp.wins
        )
        found.append(
            variant(
                "robbed_not_fivefold",
                "抢杠胡未付五倍",
                "the robbed kong paid as a plain discard",
                wins=plain,
            )
        )
    found += tai.off_by_one(scorings, outcome.winners, resettle)
    return found
