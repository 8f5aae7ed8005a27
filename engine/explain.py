"""Why a table paid what it paid, when it differs from what was owed, and how to put it right.

:func:`explanations` tries every single table mistake a ruleset knows (``rs.mistakes``) and every
other reading of each winner's hand (``rs.readings``: the 得 or the wait read another way), and
keeps **every** one whose payments reproduce the recorded settlement as net flows, most plausible
first (the order and why: docs/report.md). None fits: one ``cause_unknown`` entry, never a guess.
:func:`top_ups` is the fewest transfers, by player, that turn what was paid into what is owed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from itertools import combinations
from typing import Any, TypedDict

from engine.hand import HandError
from engine.model import SEATS, HandOutcome, Meld, Win, who
from engine.rulesets.base import Mistake, Payment, Ruleset, Scoring, SettleInput, below_minimum
from engine.tiles import chinese, english, is_flower, next_face

CAUSE_UNKNOWN: dict[str, str] = {"code": "cause_unknown", "zh": "原因不明", "en": "cause unknown"}

# A transfer of :func:`top_ups` (the report's ``TopUp`` in its JSON keys).
TopUpDict = TypedDict(
    "TopUpDict",
    {
        "from": str,
        "to": str,
        "amount": int,
        "from_player": str,
        "to_player": str,
        "zh": str,
        "en": str,
    },
)

# Plausibility tiers (lower first): another legal reading of the hand, one named item of this
# hand missed or added, a settlement rule applied another way, a bare count or rounding slip,
# and last a payment slip that would fit many settlements by coincidence (a payment made
# twice, by or to the wrong seat, a winner of several forgotten).
_TIER_ITEM = frozenset(
    {
        "false_win_paid",
        "fan_missed",
        "hu_missed",
        "tai_missed",
        "non_winner_missed",
        "non_winner_fan_missed",
        "non_winners_ignored",
        "wildcard_misread",
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


# What a mistake is whoever made it, for the mistakes whose text is mostly the seats it names (a
# dashboard counts disputed hands per item): zh and en.
ITEM_LABELS: dict[str, tuple[str, str]] = {
    "winner_not_paid": ("一家胡了没收到钱", "a winner not paid"),
    "paid_twice": ("一笔款付了两次", "a payment paid twice"),
    "paid_by_wrong_seat": ("别家替付款人付了钱", "a payment made by the wrong player"),
    "paid_to_wrong_seat": ("钱付错了人", "a payment made to the wrong player"),
    "other_reading": ("牌按另一种读法算", "a hand read another way"),
    "false_win_paid": ("诈胡照付了钱", "a false win paid"),
    "below_minimum_paid": ("不够起胡照付了钱", "a win below the minimum paid"),
}
_TIER_PAYMENT_SLIP = frozenset(
    {"winner_not_paid", "paid_twice", "paid_by_wrong_seat", "paid_to_wrong_seat"}
)


def tier(code: str) -> int:
    if code == "other_reading":
        return 0
    if code in _TIER_ITEM:
        return 1
    if code in _TIER_PAYMENT_SLIP:
        return 4
    return 3 if code in _TIER_COUNT else 2


def explanations(
    rs: Ruleset,
    outcome: HandOutcome,
    scorings: Mapping[str, Scoring],
    inp: SettleInput,
    opts: Any,
    recorded_flows: Mapping[tuple[str, str], int],
    pair_flows: Callable[[Iterable[Payment]], dict[tuple[str, str], int]],
    declared: HandOutcome | None = None,
    barred: Collection[str] = (),
    outranked: Collection[Win] = (),
) -> list[dict[str, str]]:
    """Every single mistake that alone reproduces ``recorded_flows``, most plausible first;
    ``[CAUSE_UNKNOWN]`` when none does. ``declared``: the hand as the log declared it, when the
    checks dropped a win that is no win (the table may have paid it); ``barred``: the seats of
    those whose tiles win but the rules bar; ``outranked``: the declared wins a priority seat's
    win on the same discard bars."""
    found: list[tuple[int, int, Mistake]] = []
    candidates = [
        *false_wins_paid(rs, outcome, declared, opts, barred, outranked),
        *outranked_paid(rs, declared, opts, outranked),
        *below_minimum_paid(rs, outcome, scorings, inp, opts),
        *reading_mistakes(rs, outcome, scorings, inp, opts),
        *rs.mistakes(outcome, scorings, inp, opts),
        *table_slips(rs, outcome, inp, opts),
    ]
    seen = set()
    for order, m in enumerate(candidates):
        if (m.code, m.zh) in seen or pair_flows(m.payments) != recorded_flows:
            continue
        seen.add((m.code, m.zh))
        found.append((tier(m.code), order, m))
    found.sort(key=lambda t: t[:2])
    return [{"code": m.code, "zh": m.zh, "en": m.en} for _, _, m in found] or [dict(CAUSE_UNKNOWN)]


def false_wins_paid(
    rs: Ruleset,
    outcome: HandOutcome,
    declared: HandOutcome | None,
    opts: Any,
    barred: Collection[str] = (),
    outranked: Collection[Win] = (),
) -> Iterator[Mistake]:
    """The table paid the declared wins the checks found to be no win (a hand that does not
    win, a discard never made …, one the rules bar, one a priority seat's win outranks), as
    the ruleset settles them."""
    if declared is None:
        return
    false = [w.seat for w in declared.wins if w not in outcome.wins]
    if not false:
        return
    pays = _resettled(rs, declared, opts)
    if pays is not None:
        names = "、".join(who(s) for s in false)
        if {w.seat for w in outranked} == set(false):
            first = _ahead(declared, outranked)
            zh = f"{names}不能胡（{'、'.join(map(who, first))}优先胡），却照胡牌付了钱"
            en = f"a win {', '.join(map(who, first))}'s priority bars, paid as a win"
        elif all(s in barred for s in false):
            zh, en = f"{names}按规则不能胡，却照胡牌付了钱", "a win the rules bar, paid as a win"
        else:
            zh, en = f"{names}诈胡，却照胡牌付了钱", "a false win, paid as a win"
        yield Mistake("false_win_paid", zh, f"{', '.join(who(s) for s in false)}: {en}", pays)


def outranked_paid(
    rs: Ruleset, declared: HandOutcome | None, opts: Any, outranked: Collection[Win]
) -> Iterator[Mistake]:
    """The table let a seat a priority seat's win outranks win instead of the priority seat
    (wenling's 右手家、对家、左手家 read another way): the outranked wins paid, the tile theirs."""
    if declared is None or not outranked:
        return
    first = _ahead(declared, outranked)
    shows = dict(declared.showdowns)
    for w in declared.wins:
        if w.seat in first and w.seat in shows:
            shows[w.seat] = shows[w.seat].without(w.tile)
    wins = tuple(w for w in declared.wins if w.seat not in first)
    pays = _resettled(rs, dataclasses.replace(declared, wins=wins, showdowns=shows), opts)
    if pays is not None:
        lost = [w.seat for w in outranked]
        zh_first, en_first = "、".join(map(who, first)), ", ".join(map(who, first))
        yield Mistake(
            "false_win_paid",
            f"胡牌顺序弄错：{zh_first}优先胡，却照{'、'.join(map(who, lost))}胡牌付了钱",
            f"win priority misread: {en_first} wins first, yet {', '.join(map(who, lost))} "
            "was paid as the winner",
            pays,
        )


def _ahead(declared: HandOutcome, outranked: Collection[Win]) -> list[str]:
    """The seats whose declared win outranks another on the same discard or kong."""
    return [
        w.seat
        for w in declared.wins
        if w not in outranked
        and any((o.how, o.from_seat, o.tile) == (w.how, w.from_seat, w.tile) for o in outranked)
    ]


def below_minimum_paid(
    rs: Ruleset, outcome: HandOutcome, scorings: Mapping[str, Scoring], inp: SettleInput, opts: Any
) -> Iterator[Mistake]:
    """The table paid a declared win the ruleset's minimum rules out (xizhou's 1台起胡) as a
    win: worth what the hand counts, or the minimum itself (the least a win is paid)."""
    low = [w for w in outcome.wins if below_minimum(scorings, w.seat)]
    if not low:
        return
    names = "、".join(who(w.seat) for w in low)
    en = ", ".join(who(w.seat) for w in low)
    values = {scorings[w.seat].raw for w in low}
    values |= {s.operand for w in low for s in scorings[w.seat].steps if s.code == "below_minimum"}
    for value in sorted(v for v in values if v is not None):
        points = {**inp.points, **{w.seat: value for w in low}}
        kept = dataclasses.replace(
            inp, wins=outcome.wins, points=points, liabilities=rs.liabilities(outcome, opts)
        )
        yield Mistake(
            "below_minimum_paid",
            f"{names}不够起胡，却照胡牌付了钱（按{value}算）",
            f"{en}: a win below the minimum, paid as a win (as {value})",
            tuple(rs.settle(kept, opts)),
        )


def reading_mistakes(
    rs: Ruleset, outcome: HandOutcome, scorings: Mapping[str, Scoring], inp: SettleInput, opts: Any
) -> Iterator[Mistake]:
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
                f"{who(win.seat)}的牌按另一种读法算：{zh}（{points}，应为{best.points}）",
                f"{who(win.seat)}'s hand read another way: {en} ({points} instead of {best.points})",
                tuple(rs.settle(changed, opts)),
            )


def table_slips(
    rs: Ruleset, outcome: HandOutcome, inp: SettleInput, opts: Any
) -> Iterator[Mistake]:
    """Mistakes any table can make whatever its rules, each settled by the ruleset itself: the
    得 indicator misread, a kong taken for the other kind, a self-draw taken for a discard win or
    the reverse, one winner of several not paid, and one payment paid twice, by the wrong seat
    or to the wrong seat. Every rescoring goes through ``rs.score``/``settle_input``/``settle``,
    so no ruleset is named here."""
    yield from _misread_indicator(rs, outcome, opts)
    yield from _kongs_misread(rs, outcome, opts)
    yield from _win_misread(rs, outcome, opts)
    payments = rs.settle(inp, opts)
    if len(outcome.wins) > 1:
        for w in outcome.wins:
            yield Mistake(
                "winner_not_paid",
                f"{who(w.seat)}也胡了，没人付给{who(w.seat)}",
                f"{who(w.seat)} won too and was not paid",
                tuple(p for p in payments if p.payee != w.seat),
            )
    for i, p in enumerate(payments):
        rest = (*payments[:i], *payments[i + 1 :])
        payer, payee = who(p.payer), who(p.payee)
        yield Mistake(
            "paid_twice",
            f"{payer}付给{payee}的款付了两次",
            f"{payer}'s payment to {payee} paid twice",
            (*payments, p),
        )
        for x in SEATS:
            if x in (p.payer, p.payee):
                continue
            yield Mistake(
                "paid_by_wrong_seat",
                f"{who(x)}替{payer}付了给{payee}的款",
                f"{who(x)} paid what {payer} owed {payee}",
                (*rest, dataclasses.replace(p, payer=x)),
            )
            yield Mistake(
                "paid_to_wrong_seat",
                f"{payer}该付{payee}的款付给了{who(x)}",
                f"{payer} paid {who(x)} what they owed {payee}",
                (*rest, dataclasses.replace(p, payee=x)),
            )


def _resettled(rs: Ruleset, outcome: HandOutcome, opts: Any) -> tuple[Payment, ...] | None:
    """What the ruleset pays on a hand the table saw otherwise; None when it cannot be scored."""
    try:
        scorings = rs.score(outcome, opts)
        return tuple(rs.settle(rs.settle_input(outcome, scorings, opts), opts))
    except (HandError, ValueError, KeyError):
        return None


def _misread_indicator(rs: Ruleset, outcome: HandOutcome, opts: Any) -> Iterator[Mistake]:
    """The table took the wrong tile as the 得 indicator's 得: the 得 the ruleset would give for
    the tile after the indicator (the 财神 custom), or for the indicator itself read plainly."""
    ind = outcome.indicator
    if not outcome.wildcards or ind is None or is_flower(ind):
        return
    for wrong in dict.fromkeys((frozenset({ind}), rs.wildcards(next_face(ind), opts))):
        if not wrong or wrong == outcome.wildcards or any(map(is_flower, wrong)):
            continue
        pays = _resettled(rs, dataclasses.replace(outcome, wildcards=wrong), opts)
        if pays is not None:
            zh_w = "、".join(map(chinese, sorted(wrong)))
            en_w = ", ".join(map(english, sorted(wrong)))
            right = sorted(outcome.wildcards)
            yield Mistake(
                "wildcard_misread",
                f"得看错：把{zh_w}当成得（应为{'、'.join(map(chinese, right))}）",
                f"the wildcard misread: {en_w} taken as the wildcard "
                f"(it is {', '.join(map(english, right))})",
                pays,
            )


# A kong kind -> (the kind a table may take it for, code, zh, en).
_KONG_FLIP = {
    "gang_concealed": (
        "gang_exposed",
        "kong_as_exposed",
        "暗杠按明杠算",
        "concealed kong counted as exposed",
    ),
    "gang_exposed": (
        "gang_concealed",
        "kong_as_concealed",
        "明杠按暗杠算",
        "exposed kong counted as concealed",
    ),
    "gang_added": (
        "gang_concealed",
        "kong_as_concealed",
        "明杠按暗杠算",
        "exposed kong counted as concealed",
    ),
}


def _kongs_misread(rs: Ruleset, outcome: HandOutcome, opts: Any) -> Iterator[Mistake]:
    """One seat's kong counted as the other kind (暗杠 as 明杠 or the reverse). The seat it was
    claimed from is not known for a 暗杠 taken as 明杠, so no 包 follows from it."""
    for seat, show in outcome.showdowns.items():
        for i, m in enumerate(show.melds):
            if m.kind not in _KONG_FLIP:
                continue
            kind, code, zh, en = _KONG_FLIP[m.kind]
            melds = (*show.melds[:i], Meld(kind, m.tiles, None), *show.melds[i + 1 :])
            shown = {**outcome.showdowns, seat: dataclasses.replace(show, melds=melds)}
            pays = _resettled(rs, dataclasses.replace(outcome, showdowns=shown), opts)
            if pays is not None:
                yield Mistake(
                    code,
                    f"{who(seat)}的{chinese(m.tiles[0])}{zh}",
                    f"{who(seat)}'s {english(m.tiles[0])} {en}",
                    pays,
                )


def _win_misread(rs: Ruleset, outcome: HandOutcome, opts: Any) -> Iterator[Mistake]:
    """A lone win taken for the other kind: a self-draw settled as a discard win by one of the
    other seats (only the "discarder" paid), or a discard win settled as a self-draw; the hand is
    scored again as the table saw it (自摸 items and who pays), keeping the flags that still fit."""
    if len(outcome.wins) != 1 or outcome.wins[0].how not in ("self_draw", "discard"):
        return
    win = outcome.wins[0]
    if win.how == "self_draw":
        tried = [
            (
                _as(rs, win, "discard", x),
                "self_draw_read_as_discard",
                f"{who(win.seat)}的自摸按{who(x)}放炮算",
                f"{who(win.seat)}'s self-draw settled as a win on {who(x)}'s discard",
            )
            for x in SEATS
            if x != win.seat
        ]
    else:
        tried = [
            (
                _as(rs, win, "self_draw", None),
                "discard_read_as_self_draw",
                f"{who(win.seat)}胡{who(win.from_seat)}的牌按自摸算",
                f"{who(win.seat)}'s win on {who(win.from_seat)}'s discard settled as a self-draw",
            )
        ]
    resettled = [
        (code, zh, en, _resettled(rs, dataclasses.replace(outcome, wins=(changed,)), opts))
        for changed, code, zh, en in tried
    ]
    found = [(code, zh, en, pays) for code, zh, en, pays in resettled if pays is not None]
    if len(found) > 1 and len({_net(pays) for *_, pays in found}) == 1:
        # who "discarded" changes nothing (every seat pays alike): one mistake, no seat named
        code, _, _, pays = found[0]
        found = [
            (
                code,
                f"{who(win.seat)}的自摸按放炮算",
                f"{who(win.seat)}'s self-draw settled as a discard win",
                pays,
            )
        ]
    for code, zh, en, pays in found:
        yield Mistake(code, zh, en, pays)


def _net(payments: Iterable[Payment]) -> frozenset[tuple[tuple[str, str], int]]:
    """The net amount between each pair of seats (as the audit compares payments)."""
    net: dict[tuple[str, str], int] = {}
    for p in payments:
        pair = (p.payer, p.payee) if p.payer <= p.payee else (p.payee, p.payer)
        net[pair] = net.get(pair, 0) + (p.amount if pair[0] == p.payer else -p.amount)
    return frozenset((pair, n) for pair, n in net.items() if n)


def _as(rs: Ruleset, win: Win, how: str, from_seat: str | None) -> Win:
    """``win`` as the other kind of win, without the flags that kind cannot have."""
    flags = frozenset(
        f for f in win.flags if f not in rs.flag_rules or how in rs.flag_rules[f].hows
    )
    return dataclasses.replace(win, how=how, from_seat=from_seat, flags=flags)


def top_ups(
    expected: Mapping[str, int], recorded: Mapping[str, int], seats: Mapping[str, str]
) -> list[TopUpDict]:
    """The fewest transfers that turn the recorded nets into the expected ones: seats whose
    differences cancel out in groups settle within their group (most groups = fewest transfers),
    the largest debtor paying the largest creditor first."""
    diff = {s: expected.get(s, 0) - recorded.get(s, 0) for s in SEATS}
    groups = _zero_sum_groups([s for s in SEATS if diff[s]], diff)
    out: list[TopUpDict] = []
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
