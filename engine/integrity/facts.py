"""What the integrity signals read of a verified session: per hand, who sat, who dealt into
whom, the money recorded beyond the rules, and the payments someone recorded or kept.

Built from the audit report (``engine.audit``), so a signal always rests on verified results.
Names go through ``names`` (a log's name -> the club member's player name): a renamed or merged
player counts as one person, as the club's member list says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.audit import REOPEN, RESOLUTIONS, resolutions
from engine.report import Report
from engine.review import HandReview, SessionReview
from engine.rulesets.base import Payment

ENTRY, CORRECTION, KEPT = "entry", "correction", "kept"


@dataclass(frozen=True, slots=True)
class HandRef:
    """Where a hand is: its session, its position in the report (the hand page) and its
    number (the replay)."""

    session: str
    index: int
    no: int


@dataclass(frozen=True, slots=True)
class Shift:
    """Money a record or a decision moved, per player (received minus paid, against what the
    rules or the record before said). ``kind``: ``entry`` (a disputed settlement as entered),
    ``correction`` (a settlement corrected), ``kept`` (a dispute resolved as recorded);
    ``by``: who recorded it (None: not known, an uploaded log)."""

    kind: str
    by: str | None
    gain: Mapping[str, int]

    @property
    def beneficiary(self) -> str | None:
        """The one player who gained most, if one did (ties and no gain: None)."""
        best = max(self.gain.values(), default=0)
        top = [p for p, g in self.gain.items() if g == best]
        return top[0] if best > 0 and len(top) == 1 else None


@dataclass(frozen=True, slots=True)
class HandFacts:
    """``players`` by seat E S W N; ``deal_ins``: per discard that won, its discarder and every
    winner on it (一炮多响: several); ``residual``: per (payer, payee), the money recorded (as
    now in force) beyond what the rules settle, positive; ``shifts``: see :class:`Shift`;
    ``plays``: per deal-in the decision review looked at, (discarder, winner, whether the
    discard took the hand further from 听牌 than the seat's best choice: ``slower``)."""

    ref: HandRef
    players: tuple[str, ...]
    deal_ins: tuple[tuple[str, tuple[str, ...]], ...] = ()
    residual: Mapping[tuple[str, str], int] = field(default_factory=dict)
    shifts: tuple[Shift, ...] = ()
    plays: tuple[tuple[str, str, bool], ...] = ()


def hand_facts(
    report: Report,
    session: str,
    names: Mapping[str, str] | None = None,
    recorded_by: str | None = None,
    review: SessionReview | None = None,
) -> list[HandFacts]:
    """The facts of every hand of one session's audit report. ``recorded_by``: who entered the
    session (the recorder's ``recorded_by``), so its disputed settlements count as theirs;
    ``review``: the session's stored decision review, if any (full logs only)."""
    names = names or {}

    def player(x: str) -> str:
        return names.get(x, x)

    def name(x: str | None) -> str | None:
        return None if x is None else player(x)

    kept = resolutions(report)
    reviewed = {h.no: h for h in review.hands} if review is not None else {}
    fixes = _corrections(report, player)
    out = []
    for index, hand in enumerate(report.hands, start=1):
        seats = {s: player(p) for s, p in hand.seats.items()}
        wins: dict[str, list[str]] = {}
        for w in hand.wins:
            if w.how == "discard" and w.from_seat in seats:
                wins.setdefault(seats[w.from_seat], []).append(seats[w.seat])
        expected = _by_player(hand.expected_payments, seats)
        recorded = _by_player(hand.recorded_payments, seats)
        shifts = [Shift(CORRECTION, name(by), gain) for by, gain in fixes.get(hand.seq, ())]
        res = kept.get(hand.seq)
        if hand.disputes and recorded_by is not None:
            first = (
                recorded if res is None or res["paid"] is None else _by_player(res["paid"], seats)
            )
            shifts.append(Shift(ENTRY, name(recorded_by), _gain(_net(first), _net(expected))))
        if res is not None and res["action"] == "keep_recorded" and hand.disputes:
            shifts.append(Shift(KEPT, name(res["by"]), _gain(_net(recorded), _net(expected))))
        out.append(HandFacts(
            ref=HandRef(session, index, hand.no),
            players=tuple(seats[s] for s in ("E", "S", "W", "N") if s in seats),
            deal_ins=tuple((d, tuple(ws)) for d, ws in wins.items()),
            residual=_residual(recorded, expected) if hand.recorded_payments is not None else {},
            shifts=tuple(shifts),
            plays=_plays(reviewed.get(hand.no), seats),
        ))  # fmt: skip
    return out


def _plays(hand: HandReview | None, seats: Mapping[str, str]) -> tuple[tuple[str, str, bool], ...]:
    if hand is None:
        return ()
    out: list[tuple[str, str, bool]] = []
    for d in hand.deal_ins:  # its decision: the discarder's last discard before the win
        made = [
            x for x in hand.decisions if x.seat == d.seat and x.seq < d.seq and x.discard == d.tile
        ]
        if made:
            out.append(
                (seats[d.seat], seats[d.winner], max(made, key=lambda x: x.seq).mark == "slower")
            )
    return tuple(out)


def _corrections(
    report: Report, name: Callable[[str], str]
) -> dict[int, list[tuple[str | None, dict[str, int]]]]:
    """Hand seq -> (by, gain per seat) of each applied settlement correction that is not a
    dispute resolution (those are counted as ``kept`` or follow the rules) nor takes one back
    (it restates what the table recorded)."""
    starts = sorted(h.seq for h in report.hands)
    seats = {h.seq: {s: name(p) for s, p in h.seats.items()} for h in report.hands}
    out: dict[int, list[tuple[str | None, dict[str, int]]]] = {}
    for c in report.corrections:
        original, new = c.original or {}, c.replacement or {}
        if not c.applied or original.get("type") != "settlement" or new.get("type") != "settlement":
            continue
        if (c.reason or "").split(":", 1)[0] in (*RESOLUTIONS, REOPEN):
            continue
        hand_seq = max((x for x in starts if x < c.target), default=None)
        if hand_seq is None:
            continue
        before = _net(_by_player(original.get("payments"), seats[hand_seq]))
        after = _net(_by_player(new.get("payments"), seats[hand_seq]))
        out.setdefault(hand_seq, []).append((c.by, _gain(after, before)))
    return out


def _net(payments: Iterable[tuple[str, str, int]]) -> dict[str, int]:
    """Each player's balance: received minus paid."""
    out: dict[str, int] = {}
    for a, b, amount in payments:
        out[a] = out.get(a, 0) - amount
        out[b] = out.get(b, 0) + amount
    return out


def _gain(now: Mapping[str, int], before: Mapping[str, int]) -> dict[str, int]:
    return {p: now.get(p, 0) - before.get(p, 0) for p in sorted(set(now) | set(before))}


def _by_player(
    payments: Iterable[Payment | dict[str, Any]] | None, seats: Mapping[str, str]
) -> list[tuple[str, str, int]]:
    """(payer, payee, amount) by player: the report's payments, or a settlement record's."""
    return [(seats[p.payer], seats[p.payee], p.amount) if isinstance(p, Payment)
            else (seats[p["from"]], seats[p["to"]], p["amount"]) for p in payments or ()]  # fmt: skip


def _pairs(payments: Iterable[tuple[str, str, int]]) -> dict[tuple[str, str], int]:
    """Net amount per pair of players, keyed (lower name, higher name): positive, the first
    pays the second."""
    flows: dict[tuple[str, str], int] = {}
    for a, b, amount in payments:
        if a == b:
            continue
        key, sign = ((a, b), 1) if a < b else ((b, a), -1)
        flows[key] = flows.get(key, 0) + sign * amount
    return flows


def _residual(
    recorded: Iterable[tuple[str, str, int]], expected: Iterable[tuple[str, str, int]]
) -> dict[tuple[str, str], int]:
    """(payer, payee) -> what the record has the payer pay the payee beyond the rules (> 0)."""
    rec, exp = _pairs(recorded), _pairs(expected)
    out: dict[tuple[str, str], int] = {}
    for a, b in set(rec) | set(exp):
        d = rec.get((a, b), 0) - exp.get((a, b), 0)
        if d:
            out[(a, b) if d > 0 else (b, a)] = abs(d)
    return out
