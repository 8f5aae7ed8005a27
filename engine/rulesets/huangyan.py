"""黄岩麻将 (Huangyan, Taizhou): 136 tiles, 13 in hand, 得 wildcards, 胡 × 2^番 for every seat,
and the seed's two settlement modes (dealer wins / non-dealer wins). Clause-by-clause reading
and every decision on an ambiguous clause: docs/rules/huangyan.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.model import SEATS, HandOutcome, next_seat
from engine.rulesets.base import Payment, Ruleset, SettleInput
from engine.tiles import FACES, rank

# The seed lists the dragons as 中、財(发)、白; "next" follows that order, winds go 东南西北.
_HONOR_NEXT = {"1z": "2z", "2z": "3z", "3z": "4z", "4z": "1z", "7z": "6z", "6z": "5z", "5z": "7z"}


def _opt(default, doc: str, choices: tuple = ()):
    meta = {"doc": doc, "choices": choices} if choices else {"doc": doc}
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Options:
    wildcard_rule: str = _opt(
        "indicator",
        "how 得 is chosen from the indicator turned up after the deal: 'indicator' (the other "
        "copies of its kind), 'next' (the tile after it), 'none' (no 得)",
        ("indicator", "next", "none"),
    )
    base_hu: int = _opt(10, "底胡 added to the winner's 胡 before doubling (the seed: 10)")
    pengpenghu: bool = _opt(
        False, "count 碰碰胡 (all pungs/kongs) as 4 胡 for the winner; the seed says huangyan has none"
    )
    discard_pung_concealed: bool = _opt(
        False, "a pung completed by the winning discard still counts as 暗刻 (default: as 刻子)"
    )
    restored_then_hard: bool = _opt(
        True, "restored 得 (得还原) no longer count as 得, so 无得 (硬碰硬) 1番 can follow"
    )
    cap: int = _opt(0, "largest 胡 a seat is paid on (封顶); 0 = no cap (the seed has none)")
    round_to: int = _opt(1, "round each seat's 胡 up to a multiple of this (1 = no rounding)")
    half_rounding: str = _opt(
        "up", "halved odd amounts: 'up' (payer pays the half 粒) or 'down'", ("up", "down")
    )
    li_per_hu: int = _opt(1, "粒 (chips) paid per 胡; the seed's example pays 1 粒 per 胡")
    seat_change_rule: str = _opt(
        "cuohu",
        "换位: 'cuohu' (搓胡: the seat about to deal may ask at any time) or 'cuocai' (搓菜: "
        "anyone may ask, but only after the first rounds of the session)",
        ("cuohu", "cuocai"),
    )
    seat_change_rounds: int = _opt(2, "圈 (rounds of the deal) that must pass between 换位")
    draw_dealer: str = _opt(
        "pass", "after a drawn hand (流局) the deal 'pass'es to 下家 or the dealer 'stay's",
        ("pass", "stay"),
    )
    dead_wall: int = _opt(0, "live wall tiles left at which the hand ends drawn (the seed: silent)")


def next_face(tile: str) -> str:
    """The tile after ``tile`` in its cycle: 9 → 1, 东南西北 → 东, 中发白 → 中."""
    if tile in _HONOR_NEXT:
        return _HONOR_NEXT[tile]
    return f"{rank(tile) % 9 + 1}{tile[1]}"


def _half(amount: int, opts: Options) -> int:
    return (amount + (opts.half_rounding == "up")) // 2


def _pay(a: str, b: str, points: Mapping[str, int], halve: bool, opts: Options, why: str):
    """The payment between two seats settling the difference of their 胡 (lower pays higher)."""
    lo, hi = sorted((a, b), key=lambda s: points.get(s, 0))
    amount = (points.get(hi, 0) - points.get(lo, 0)) * opts.li_per_hu
    amount = _half(amount, opts) if halve else amount
    return [Payment(lo, hi, amount, why)] if amount > 0 else []


def settle_points(
    winner: str, dealer: str, points: Mapping[str, int], opts: Options
) -> list[Payment]:
    """付筹码篇: the winner is paid on its 胡, the others settle the differences of theirs.

    庄家胡: each 闲家 pays the dealer in full; the 闲家 settle half their differences.
    闲家胡: the dealer pays the winner in full, the other two half; dealer and each of those
    two settle their full difference, the two between them half.
    """
    won = points.get(winner, 0) * opts.li_per_hu
    others = [s for s in SEATS if s != winner]
    out = []
    for s in others:
        full = s == dealer or winner == dealer
        amount = won if full else _half(won, opts)
        why = "付胡家全额 pays the winner in full" if full else "付胡家一半 pays the winner half"
        if amount > 0:
            out.append(Payment(s, winner, amount, why))
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            halve = dealer not in (a, b)
            why = "胡数相减除以二 half the difference" if halve else "胡数相减 the full difference"
            out += _pay(a, b, points, halve, opts, why)
    return out


class Huangyan(Ruleset):
    name = "huangyan"
    title_zh = "黄岩麻将"
    Options = Options
    hand_size = 13
    has_flowers = False

    def tile_counts(self, opts: Options) -> dict[str, int]:
        return dict.fromkeys(FACES, 4)

    def wildcards(self, indicator: str | None, opts: Options) -> frozenset[str]:
        if indicator is None or opts.wildcard_rule == "none":
            return frozenset()
        if opts.wildcard_rule == "next":
            return frozenset({next_face(indicator)})
        return frozenset({indicator})

    def is_bonus(self, tile: str, wildcards: frozenset[str], opts: Options) -> bool:
        return False

    def dead_wall(self, revealed_count: int, opts: Options) -> int:
        return opts.dead_wall

    def settle(self, inp: SettleInput, opts: Options) -> list[Payment]:
        """The seed's two modes; a seat missing from ``points`` counted 0 胡, a draw pays nothing."""
        if not inp.wins:
            return []
        return settle_points(inp.wins[0].seat, inp.dealer, inp.points, opts)

    def next_dealer(self, outcome: HandOutcome, opts: Options) -> str:
        """庄家胡 keeps the deal (连庄); any other win passes it to 下家; a draw per option."""
        if outcome.dealer in outcome.winners:
            return outcome.dealer
        if not outcome.wins and opts.draw_dealer == "stay":
            return outcome.dealer
        return next_seat(outcome.dealer)


RULESET = Huangyan()
