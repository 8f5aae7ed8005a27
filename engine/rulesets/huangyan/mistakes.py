"""The table mistakes that explain a disputed huangyan settlement, each with what it would have
paid, most likely first."""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from engine.model import SEATS, HandOutcome, Win, who
from engine.rulesets.base import Mistake, Payment, ScoreLine, Scoring, SettleInput
from engine.rulesets.huangyan import settlement
from engine.rulesets.huangyan.lines import points_of
from engine.rulesets.huangyan.options import Options
from engine.rulesets.huangyan.settlement import settle_points


def mistakes(
    outcome: HandOutcome,
    scorings: Mapping[str, Scoring],
    inp: SettleInput,
    opts: Options,
) -> list[Mistake]:
    """What a table gets wrong, most likely first: an item or 番 of the winner missed, one
    番 too many, non-winners' 胡 forgotten, halves paid in full or rounded the other way,
    the wrong seat taken as dealer, the discarder paying for all, cap or rounding ignored."""
    if not inp.wins or inp.wins[0].seat not in scorings:
        return []
    win, dealer = inp.wins[0], inp.dealer
    right = _flows(settlement.settle(inp, opts))
    # Two mistakes that pay alike are both kept: the audit lists every one that reproduces
    # what was paid (only a "mistake" that pays what is owed is no mistake).
    return [
        Mistake(code, zh, en, tuple(pays))
        for code, zh, en, pays in _candidates(win, dealer, scorings, inp.points, opts)
        if _flows(pays) != right
    ]


def _flows(payments: Iterable[Payment]) -> frozenset[tuple[str, str, int]]:
    """Net amount per pair of seats, as the audit compares payments."""
    net: Counter[tuple[str, str]] = Counter()
    for p in payments:
        net[p.payer, p.payee] += p.amount
        net[p.payee, p.payer] -= p.amount
    return frozenset((a, b, n) for (a, b), n in net.items() if n > 0)


def _candidates(
    win: Win,
    dealer: str | None,
    scorings: Mapping[str, Scoring],
    points: Mapping[str, int],
    opts: Options,
) -> Iterator[tuple[str, str, str, list[Payment]]]:
    """(code, zh, en, payments) for each plausible mistake, most likely first."""
    w = win.seat

    def paid(changed: Mapping[str, int] | None = None, **kw: Any) -> list[Payment]:
        return settle_points(w, kw.pop("dealer", dealer), {**points, **(changed or {})}, opts, **kw)

    lines = scorings[w].lines
    for i, x in enumerate(lines):
        if x.value and x.count:
            less = (*lines[:i], dataclasses.replace(x, count=x.count - 1), *lines[i + 1 :])
            code = "fan_missed" if x.unit == "番" else "hu_missed"
            yield code, f"漏算{x.zh}", f"{x.en} not counted", paid({w: points_of(less, opts)[0]})
    extra = ScoreLine("fan_added", "多算一番", "one fan too many", 1, "番")
    yield (
        "fan_added",
        "多算一番",
        "one fan too many",
        paid({w: points_of((*lines, extra), opts)[0]}),
    )
    losers = [s for s in scorings if s != w]
    zero = dict.fromkeys(losers, 0)
    yield "non_winners_ignored", "没胡的人不算胡", "non-winners' hu not settled", paid(zero)
    for s in losers:
        yield "non_winner_missed", f"漏算{who(s)}的胡", f"{who(s)}'s hu not counted", paid({s: 0})
        no_fan = [x for x in scorings[s].lines if x.unit != "番"]
        if len(no_fan) < len(scorings[s].lines):
            flat = points_of(no_fan, opts)[0]
            yield (
                "non_winner_fan_missed",
                f"漏算{who(s)}的番",
                f"{who(s)}'s fan not counted",
                paid({s: flat}),
            )
    yield "no_halving", "该减半的没减半", "halves paid in full", paid(halving=False)
    yield (
        "dealer_as_non_dealer",
        "庄家按闲家算",
        "the dealer settled as a non-dealer",
        paid(dealer=None),
    )
    if w != dealer:
        yield (
            "winner_as_dealer",
            "闲家胡按庄家胡算",
            "a non-dealer's win settled as the dealer's",
            paid(dealer=w),
        )
    yield (
        "previous_dealer",
        f"按上一局的庄家({who('N')})算",
        f"the last hand's dealer ({who('N')}) taken as dealer",
        paid(dealer="N"),
    )
    flip = dataclasses.replace(opts, half_rounding="down" if opts.half_rounding == "up" else "up")
    yield (
        "half_rounding",
        "单数减半取整相反",
        "odd halves rounded the other way",
        settle_points(w, dealer, points, flip),
    )
    if win.from_seat in SEATS:
        yield (
            "discarder_paid_all",
            "放炮的人包付",
            "the discarder paid for everyone",
            [dataclasses.replace(p, payer=win.from_seat) if p.payee == w else p for p in paid()],
        )
    raw = {s: sc.raw for s, sc in scorings.items() if sc.raw is not None and sc.raw != sc.points}
    if raw:
        yield "cap_or_rounding_ignored", "封顶或进位没算", "cap or rounding ignored", paid(raw)
