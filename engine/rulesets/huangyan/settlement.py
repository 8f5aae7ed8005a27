"""Huangyan's payments (付筹码篇): the seed's two settlement modes, dealer wins and another seat
wins, each 胡 paid ``li_per_hu`` chips."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from engine.model import SEATS
from engine.rulesets.base import Payment, SettleInput, payment
from engine.rulesets.huangyan.options import Options


def _half(amount: int, opts: Options) -> int:
    return (amount + (opts.half_rounding == "up")) // 2


def _pay(
    a: str, b: str, points: Mapping[str, int], halve: bool, opts: Options
) -> tuple[Payment, ...]:
    """The payment between two seats settling the difference of their 胡 (lower pays higher)."""
    a_points, b_points = points.get(a, 0), points.get(b, 0)
    (lo, low), (hi, high) = (
        ((a, a_points), (b, b_points)) if a_points <= b_points else ((b, b_points), (a, a_points))
    )
    amount = (high - low) * opts.li_per_hu
    formula = f"({high} − {low}) × {opts.li_per_hu}"
    rule = "half_difference" if halve else "difference"
    return _payment(lo, hi, _half(amount, opts) if halve else amount, rule, formula, halve, opts)


# The rules that make a payment: code -> (zh, en); the zh is the payment's ``reason``.
RULES = {
    "full": ("付胡家全额", "pays the winner in full"),
    "half": ("付胡家一半", "pays the winner half"),
    "difference": ("胡数相减", "the full difference of hu"),
    "half_difference": ("胡数相减除以二", "half the difference of hu"),
}
# A halved amount's half chip (the option ``half_rounding``): (zh, en).
HALF_CHIP = {
    "up": ("半粒进一", "half a chip rounded up"),
    "down": ("半粒舍去", "half a chip dropped"),
}


@lru_cache(maxsize=4096)
def _payment(
    payer: str, payee: str, amount: int, rule: str, formula: str, halved: bool, opts: Options
) -> tuple[Payment, ...]:
    """(Memoised: immutable, and a session's payments repeat.)"""
    zh, en = RULES[rule]
    if halved:  # the rounding in words, the arithmetic language-free
        formula += " ÷ 2"
        half_zh, half_en = HALF_CHIP[opts.half_rounding]
        zh, en = f"{zh}（{half_zh}）", f"{en} ({half_en})"
    return (payment(payer, payee, amount, zh, en, formula),) if amount > 0 else ()


def settle_points(
    winner: str, dealer: str | None, points: Mapping[str, int], opts: Options, halving: bool = True
) -> list[Payment]:
    """付筹码篇: the winner is paid on its 胡, the others settle the differences of theirs.

    庄家胡: each 闲家 pays the dealer in full; the 闲家 settle half their differences.
    闲家胡: the dealer pays the winner in full, the other two half; dealer and each of those
    two settle their full difference, the two between them half. (``dealer=None`` and
    ``halving=False`` exist for the mistakes a table makes.)
    """
    won = points.get(winner, 0) * opts.li_per_hu
    formula = f"{points.get(winner, 0)} × {opts.li_per_hu}"
    others = [s for s in SEATS if s != winner]
    out: list[Payment] = []
    for s in others:
        full = not halving or s == dealer or winner == dealer
        amount = won if full else _half(won, opts)
        out += _payment(s, winner, amount, "full" if full else "half", formula, not full, opts)
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            out += _pay(a, b, points, halving and dealer not in (a, b), opts)
    return out


def settle(inp: SettleInput, opts: Options) -> list[Payment]:
    """The seed's two modes; a seat missing from ``points`` counted 0 胡, a draw pays nothing."""
    if not inp.wins:
        return []
    if len(inp.wins) > 1:
        seats = ", ".join(w.seat for w in inp.wins)
        raise ValueError(f"huangyan has one winner per hand, not {len(inp.wins)} ({seats})")
    return settle_points(inp.wins[0].seat, inp.dealer, inp.points, opts)
