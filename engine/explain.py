"""Why a table paid what it paid, when it differs from what was owed, and how to put it right.

:func:`explanations` tries every single table mistake a ruleset knows (``rs.mistakes``) and every
other reading of each winner's hand (``rs.readings``: the 得 or the wait read another way), and
keeps **every** one whose payments reproduce the recorded settlement as net flows, most plausible
first (the order and why: docs/report.md). None fits: one ``cause_unknown`` entry, never a guess.
:func:`top_ups` is the fewest transfers, by player, that turn what was paid into what is owed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from itertools import combinations

from engine.model import SEATS, HandOutcome
from engine.rulesets.base import Mistake, Payment, Ruleset, SettleInput

CAUSE_UNKNOWN = {"code": "cause_unknown", "zh": "原因不明", "en": "cause unknown"}

# Plausibility tiers (lower first): another legal reading of the hand, one named item of this
# hand missed or added, a settlement rule applied another way, a bare count or rounding slip.
_TIER_ITEM = frozenset(
    {
        "fan_missed",
        "hu_missed",
        "tai_missed",
        "non_winner_missed",
        "non_winner_fan_missed",
        "non_winners_ignored",
    }
)
_TIER_COUNT = frozenset(
    {
        "fan_added",
        "tai_added",
        "tai_short",
        "rounded_down",
        "half_rounding",
        "cap_ignored",
        "cap_or_rounding_ignored",
    }
)


def tier(code: str) -> int:
    if code == "other_reading":
        return 0
    if code in _TIER_ITEM:
        return 1
    return 3 if code in _TIER_COUNT else 2


def explanations(
    rs: Ruleset,
    outcome: HandOutcome,
    scorings: Mapping,
    inp: SettleInput,
    opts,
    recorded_flows: Mapping[tuple[str, str], int],
    pair_flows: Callable[[Iterable[Payment]], dict],
) -> list[dict]:
    """Every single mistake that alone reproduces ``recorded_flows``, most plausible first;
    ``[CAUSE_UNKNOWN]`` when none does."""
    found: list[tuple[int, int, Mistake]] = []
    candidates = [
        *reading_mistakes(rs, outcome, scorings, inp, opts),
        *rs.mistakes(outcome, scorings, inp, opts),
    ]
    seen = set()
    for order, m in enumerate(candidates):
        if (m.code, m.zh) in seen or pair_flows(m.payments) != recorded_flows:
            continue
        seen.add((m.code, m.zh))
        found.append((tier(m.code), order, m))
    found.sort(key=lambda t: t[:2])
    return [{"code": m.code, "zh": m.zh, "en": m.en} for _, _, m in found] or [dict(CAUSE_UNKNOWN)]


def reading_mistakes(
    rs: Ruleset, outcome: HandOutcome, scorings: Mapping, inp: SettleInput, opts
) -> Iterable[Mistake]:
    """The table chose another reading of a winner's hand (what each 得 stood for, which wait):
    one mistake per other points value a reading gives, described by its first reading."""
    for win in outcome.wins:
        best = scorings.get(win.seat)
        if best is None or best.limit:
            continue
        seen = {best.points}
        for points, zh, en in rs.readings(outcome, win, opts):
            if points in seen:
                continue
            seen.add(points)
            changed = dataclasses.replace(inp, points={**inp.points, win.seat: points})
            yield Mistake(
                "other_reading",
                f"{win.seat}的牌按另一种读法算：{zh}（{points}，应为{best.points}）",
                f"{win.seat}'s hand read another way: {en} ({points} instead of {best.points})",
                tuple(rs.settle(changed, opts)),
            )


def top_ups(
    expected: Mapping[str, int], recorded: Mapping[str, int], seats: Mapping[str, str]
) -> list[dict]:
    """The fewest transfers that turn the recorded nets into the expected ones: seats whose
    differences cancel out in groups settle within their group (most groups = fewest transfers),
    the largest debtor paying the largest creditor first."""
    diff = {s: expected.get(s, 0) - recorded.get(s, 0) for s in SEATS}
    groups = _zero_sum_groups([s for s in SEATS if diff[s]], diff)
    out = []
    for group in groups:
        owed = {s: diff[s] for s in group}
        while any(owed.values()):
            payer = min(owed, key=lambda s: (owed[s], SEATS.index(s)))
            payee = max(owed, key=lambda s: (owed[s], -SEATS.index(s)))
            amount = min(-owed[payer], owed[payee])
            owed[payer] += amount
            owed[payee] -= amount
            a, b = seats.get(payer, payer), seats.get(payee, payee)
            out.append(
                {
                    "from": payer,
                    "to": payee,
                    "amount": amount,
                    "from_player": a,
                    "to_player": b,
                    "zh": f"{a}再付{b} {amount}",
                    "en": f"{a} owes {b} {amount} more",
                }
            )
    return out


def _zero_sum_groups(seats: list[str], diff: Mapping[str, int]) -> list[tuple[str, ...]]:
    """Split ``seats`` (at most four) into the most groups that each sum to zero."""
    if not seats:
        return []
    for size in range(2, len(seats)):
        for group in combinations(seats, size):
            if sum(diff[s] for s in group) == 0:
                rest = [s for s in seats if s not in group]
                return [group, *_zero_sum_groups(rest, diff)]
    return [tuple(seats)]
