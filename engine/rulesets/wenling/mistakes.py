"""Plausible table mistakes, each with the payments it would have produced, so the audit can
name the one that reconciles a disputed settlement."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

from engine.model import HandOutcome, who
from engine.rulesets.base import Liability, Mistake, Scoring, SettleInput
from engine.rulesets.wenling import lines
from engine.rulesets.wenling.liability import RAW_DISCARD
from engine.rulesets.wenling.options import Options
from engine.rulesets.wenling.settlement import line_sums, settle, with_liabilities, with_points


def mistakes(
    outcome: HandOutcome, scorings: Mapping[str, Scoring], inp: SettleInput, opts: Options
) -> Iterator[Mistake]:
    def variant(
        code: str, zh: str, en: str, changed: SettleInput, nonwinners: bool = True
    ) -> Mistake:
        return Mistake(
            code, zh, en, tuple(settle(changed, opts, nonwinners, capped=code != "cap_ignored"))
        )

    winners = set(outcome.winners)
    for seat, scoring in scorings.items():
        for points, code, zh, en in _point_slips(scoring):
            role = "胡牌家" if seat in winners else "闲家"
            yield variant(
                code,
                f"{role}{who(seat)}{zh}",
                f"{en} ({who(seat)})",
                with_points(inp, {**inp.points, seat: points}),
            )
    toggled = _nonwinners_base_toggled(scorings, winners, opts)
    if toggled:
        zh, en = (
            ("闲家多加基础20胡", "base 20 hu added to non-winners")
            if not opts.nonwinner_plus_20
            else ("闲家漏加基础20胡", "base 20 hu left out for non-winners")
        )
        yield variant("nonwinner_base_toggled", zh, en, with_points(inp, {**inp.points, **toggled}))
    if inp.liabilities:
        yield variant(
            "bao_not_applied",
            "未按包三家结算",
            "the liable seat did not pay for all three",
            with_liabilities(inp, ()),
        )
        yield Mistake(
            "bao_winner_only",
            "包三家只包胡牌家(闲家之间照常结算)",
            "the liable seat paid for all three to the winner only; the non-winners "
            "settled as usual",
            tuple(
                settle(inp, opts, False)
                + [p for p in settle(with_liabilities(inp, ()), opts) if p.payee not in winners]
            ),
        )
    else:
        for win in outcome.wins:
            if win.how in _PAYS_ALL and win.from_seat:
                code, zh, en = _PAYS_ALL[win.how]
                wrong = (Liability(RAW_DISCARD, win.from_seat, win.seat),)
                yield variant(
                    code,
                    zh.format(who(win.from_seat)),
                    en.format(who(win.from_seat)),
                    with_liabilities(inp, wrong),
                )
    yield variant(
        "nonwinners_not_settled",
        "闲家之间未结算",
        "non-winners did not settle among themselves",
        inp,
        False,
    )
    if opts.multiplier != 1:
        yield Mistake(
            "multiplier_ignored",
            f"未乘加倍比例×{opts.multiplier}",
            f"the ×{opts.multiplier} multiplier left out",
            tuple(settle(inp, dataclasses.replace(opts, multiplier=1))),
        )


# A win on someone's tile that a table may wrongly make that seat pay for everyone: the discarder
# (包三家 without cause) and the robbed konger (the seed has no 抢杠 liability; other rulesets do).
_PAYS_ALL = {
    "discard": ("bao_wrongly_applied", "{}被错按包三家", "{} wrongly made to pay for all three"),
    "robbed_kong": (
        "robbed_konger_paid_all",
        "被抢杠的{}错包全部",
        "the robbed konger {} wrongly paid for everyone",
    ),
}


def _point_slips(scoring: Scoring) -> Iterator[tuple[int, str, str, str]]:
    """(points, code, zh, en) for one slip in counting this seat's points."""
    if scoring.limit:
        return
    hu, fan = line_sums(scoring.lines)
    if hu == 0:
        return
    for x in scoring.lines:
        if x.unit == lines.FAN:
            yield _points(hu, fan - x.value), "fan_missed", f"漏算{x.zh}", f"{x.en} (fan) missed"
        elif x.value and x.code != "base_20":
            yield _points(hu - x.value, fan), "hu_missed", f"漏算{x.zh}", f"{x.en} (hu) missed"
    yield _points(hu, fan + 1), "fan_added", "多算1番", "one fan too many"
    if any(x.code == "base_20" for x in scoring.lines):
        yield _points(hu - lines.BASE_HU, fan), "base_missed", "漏加基础20胡", "base 20 hu left out"
    raw = hu << fan
    if raw > lines.LIMIT_POINTS:
        yield lines.round_up(raw), "cap_ignored", "未封顶500胡", "the 500 hu cap ignored"
    if raw % lines.PAY_UNIT:
        down = min(raw - raw % lines.PAY_UNIT, lines.LIMIT_POINTS)
        yield down, "rounded_down", "未进10(舍零)", "rounded down, not up"


def _nonwinners_base_toggled(
    scorings: Mapping[str, Scoring], winners: set[str], opts: Options
) -> dict[str, int]:
    """Non-winners' points had the table read the +20 rule the other way."""
    step = -lines.BASE_HU if opts.nonwinner_plus_20 else lines.BASE_HU
    out = {}
    for seat, scoring in scorings.items():
        if seat not in winners and not scoring.limit:
            hu, fan = line_sums(scoring.lines)
            out[seat] = _points(hu + step, fan)
    return out


def _points(hu: int, fan: int) -> int:
    return lines.total(hu, fan, False)[0]
