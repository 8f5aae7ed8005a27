"""Zhoushan's payments: stake × (底 + 台) from each payer of a win; 抢杠胡 paid 5 times by the
robbed seat, 杠上开花 after a kong of a discard 3 times by that discarder (包三家)."""

from __future__ import annotations

from engine.model import SEATS, HandOutcome, Win
from engine.rulesets import tai
from engine.rulesets.base import Liability, Payment, SettleInput
from engine.rulesets.zhoushan.options import Options

ROBBED_KONG_TIMES, BAO_TIMES = 5, 3  # 抢杠胡 pays 5 times, 杠上开花包三家 3 times

# The rules that make a payment: code -> (zh, en); the zh is the payment's ``reason``.
RULES = {
    "robbed_kong": (
        f"抢杠胡：被抢杠的一家付{ROBBED_KONG_TIMES}倍",
        f"robbing a kong: the konger pays {ROBBED_KONG_TIMES} ×",
    ),
    "discard": ("放炮：每台分值 × (底 + 台)", "a discard win: stake × (base + tai)"),
    "kong_bloom_bao": (
        f"杠上开花包三家：放杠的一家替三家付{BAO_TIMES}倍",
        "win on a kong's replacement: the kong's discarder pays for all three",
    ),
    "self_draw": ("自摸：每家付 每台分值 × (底 + 台)", "self-draw: each pays stake × (base + tai)"),
}


def liabilities(outcome: HandOutcome, opts: Options) -> tuple[Liability, ...]:
    """杠上开花 after a kong of someone's discard: that discarder pays for all three."""
    feeders = ((tai.kong_feeder(outcome, win), win.seat) for win in outcome.wins)
    return tuple(Liability("gang_kai_bao", fed, seat) for fed, seat in feeders if fed)


def settle(inp: SettleInput, opts: Options) -> list[Payment]:
    payments = []
    for win in inp.wins:
        tai_count = inp.points.get(win.seat, 0)
        amount = opts.stake * (opts.base + tai_count)
        each = f"{opts.stake} × ({opts.base} + {tai_count})"
        for payer, times, rule in _payers(win, inp, opts):
            formula = f"{times} × {each}" if times > 1 else each
            payments.append(tai.paid(payer, win.seat, times * amount, RULES[rule], formula))
    return tai.merge(payments)


def _payers(win: Win, inp: SettleInput, opts: Options) -> list[tuple[str, int, str]]:
    """(payer, how many times stake × (底 + 台), rule) of one win. With ``discard_payer=all``
    the three are the seats that did not win: 一炮多响's winners pay each other nothing."""
    winners = {w.seat for w in inp.wins}
    losers = [s for s in SEATS if s not in winners]
    liable = [x.seat for x in inp.liabilities if x.beneficiary == win.seat]
    if win.how == "robbed_kong" and win.from_seat:
        return [(win.from_seat, ROBBED_KONG_TIMES, "robbed_kong")]
    if win.how == "discard" and win.from_seat and opts.discard_payer == "discarder":
        return [(win.from_seat, 1, "discard")]
    if win.how == "discard":
        return [(s, 1, "discard") for s in losers]
    if liable:
        return [(liable[0], BAO_TIMES, "kong_bloom_bao")]
    return [(s, 1, "self_draw") for s in losers]
