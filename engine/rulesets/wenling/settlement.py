"""Payments (seed 胡牌家的牌点计算胡支付方式 C and 被包方处罚办法) and the table mistakes that
explain a disputed settlement.

Each non-winner pays each winner points/10 × multiplier; non-winners pay each other the
difference/10 × multiplier. Under 包三家 the liable seat's points count 0, it pays the winner for
all three seats, pays each other non-winner their points, and pays what those two owe each other.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from itertools import combinations

from engine.model import SEATS, who
from engine.rulesets.base import (
    CLAUSE_SEP,
    Liability,
    Payment,
    ScoreLine,
    Scoring,
    SettleInput,
    payment,
    step,
)
from engine.rulesets.wenling import lines
from engine.rulesets.wenling.liability import KINDS
from engine.rulesets.wenling.options import Options


def _total(points: int, capped: bool) -> int:
    """A seat's 牌点汇总 as the seed pays on it: rounded up to 10, at most 500. The audit's points
    already are; ``fupan settle`` may be given the table's raw count (132, 528 …)."""
    total = lines.round_up(points)
    return min(total, lines.LIMIT_POINTS) if capped else total


def liable_seats(inp: SettleInput) -> set[str]:
    """The seats under 包三家, whose points count 0 (被包方处罚办法 1)."""
    return {lb.seat for lb in inp.liabilities if lb.kind in KINDS}


def paid_scorings(scorings: Mapping[str, Scoring], inp: SettleInput) -> dict[str, Scoring]:
    """The scorings as ``settle`` pays on them: a liable seat's at 0, the step saying why."""
    bao = liable_seats(inp)
    return {
        s: replace(sc, points=0, steps=(*sc.steps, step("liable", 0))) if s in bao else sc
        for s, sc in scorings.items()
    }


def settle(
    inp: SettleInput, opts: Options, nonwinners_settle: bool = True, capped: bool = True
) -> list[Payment]:
    """``capped`` False only to show what ignoring the 500 cap would pay (a table mistake)."""
    winners = list(dict.fromkeys(w.seat for w in inp.wins))
    if not winners:
        return []
    liable = {lb.beneficiary: lb.seat for lb in inp.liabilities if lb.kind in KINDS}
    bao = liable_seats(inp)
    _check(inp, winners, bao)
    points = {s: (0 if s in bao else _total(inp.points.get(s, 0), capped)) for s in SEATS}
    others = [s for s in SEATS if s not in winners]
    owed: dict[tuple[str, str], int] = {}
    rules: dict[tuple[str, str], list[tuple[tuple[str, str], str]]] = {}
    m = opts.multiplier

    def pay(payer: str, payee: str, units: int, rule: tuple[str, str], formula: str) -> None:
        if units > 0 and payer != payee:
            owed[payer, payee] = owed.get((payer, payee), 0) + units * m
            rules.setdefault((payer, payee), []).append((rule, formula))

    for w in winners:
        for s in others:
            payer = liable.get(w, s)
            rule = RULES["win"] if payer == s else _for(s)
            pay(
                payer, w, points[w] // lines.PAY_UNIT, rule, f"{points[w]} ÷ {lines.PAY_UNIT} × {m}"
            )
    if nonwinners_settle:
        for a, b in combinations(others, 2):
            high, low = (a, b) if points[a] >= points[b] else (b, a)
            payer = low if low in bao or not bao else next(iter(bao))
            rule = RULES["difference"] if payer == low else _for(low)
            pay(
                payer,
                high,
                (points[high] - points[low]) // lines.PAY_UNIT,
                rule,
                f"({points[high]} − {points[low]}) ÷ {lines.PAY_UNIT} × {m}",
            )
    return [_payment(p, q, amount, rules[p, q]) for (p, q), amount in owed.items()]


# The rules that make a payment (zh, en); the zh is the payment's ``reason``.
RULES = {
    "win": ("胡牌：没胡的一家付胡家 牌点 ÷ 10", "a non-winner pays the winner its points ÷ 10"),
    "difference": (
        "闲家差额：没胡的两家按牌点之差 ÷ 10 互付",
        "non-winners settle the difference of their points ÷ 10",
    ),
}


SEAT_NAMES = {"E": ("东家", "East"), "S": ("南家", "South"), "W": ("西家", "West"),
              "N": ("北家", "North")}  # fmt: skip


def _for(seat: str) -> tuple[str, str]:
    return f"包三家(代{who(seat)})", f"the liable seat pays in place of {who(seat)}"


def _payment(
    payer: str, payee: str, amount: int, parts: list[tuple[tuple[str, str], str]]
) -> Payment:
    """One payment per pair: the rules that add up to it (each named once) and their sums."""
    if len(parts) == 1:  # (most pairs: one rule)
        (reason, en_reason), formula = parts[0]
        return payment(payer, payee, amount, reason, en_reason, formula)
    zh = dict.fromkeys(rule[0] for rule, _ in parts)
    en = dict.fromkeys(rule[1] for rule, _ in parts)
    formula = " + ".join(f for _, f in parts)
    return payment(payer, payee, amount, CLAUSE_SEP.zh.join(zh), CLAUSE_SEP.en.join(en), formula)


def _check(inp: SettleInput, winners: list[str], bao: set[str]) -> None:
    """Refuse what no hand can produce (``fupan settle`` input): a liable winner, negative totals."""
    if bao & set(winners):
        raise ValueError(f"the liable seat {', '.join(sorted(bao & set(winners)))} is a winner")
    negative = sorted(s for s, p in inp.points.items() if p < 0)
    if negative:
        raise ValueError(
            f"points of {', '.join(negative)} are below 0 (a seat's points total is 0 to 500)"
        )


def without_bao_on_laizi(
    inp: SettleInput, scorings: Mapping[str, Scoring], opts: Options
) -> SettleInput:
    """``inp`` without 包三家 for a 腊子 win when ``bao_on_laizi`` is off."""
    if opts.bao_on_laizi or not inp.liabilities:
        return inp
    kept = tuple(
        lb
        for lb in inp.liabilities
        if not (lb.beneficiary in scorings and scorings[lb.beneficiary].limit)
    )
    return with_liabilities(inp, kept)


def with_points(inp: SettleInput, points: Mapping[str, int]) -> SettleInput:
    return SettleInput(inp.wins, dict(points), inp.liabilities, inp.dealer)


def with_liabilities(inp: SettleInput, liabilities: tuple[Liability, ...]) -> SettleInput:
    return SettleInput(inp.wins, inp.points, liabilities, inp.dealer)


def line_sums(scoring_lines: Iterable[ScoreLine]) -> tuple[int, int]:
    hu = sum(x.value * x.count for x in scoring_lines if x.unit == lines.HU)
    fan = sum(x.value * x.count for x in scoring_lines if x.unit == lines.FAN)
    return hu, fan
