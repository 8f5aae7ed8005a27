"""The audit: replay a session, score and settle every hand with its ruleset, and compare what
should have been paid with what the table recorded.

Every claim of a hand's records is checked first (engine.checks): the hand is scored without
the impossible ones. Payments are compared as net flows per pair of seats (A pays B 10 and B pays
A 3 is A pays B 7), so equivalent ways of paying are not disputes. A differing pair is a dispute;
the hand lists every single mistake that reproduces the recorded settlement (engine.explain) and
the top-ups that put it right. The report is a ``engine.report.Report``, its JSON form
documented in ``docs/report.md``.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Iterable, Mapping
from operator import attrgetter
from typing import Any, TypedDict, TypeVar

from engine.checks import check_claims
from engine.explain import CAUSE_UNKNOWN, explanations, top_ups
from engine.hand import HandError
from engine.hand._tables import store
from engine.model import SEAT_NAMES, SEATS, HandOutcome, Record, Win, name_seats, named, who
from engine.replay import HandReplay, Replay, no_gc_pauses, replay
from engine.report import (
    REPORT_VERSION,
    Dispute,
    Explanation,
    HandReport,
    JsonDict,
    OnWord,
    Report,
    SessionInfo,
    TopUp,
    WinResult,
)
from engine.report import Anomaly as Reported
from engine.rulesets.base import Anomaly, Payment, Scoring, SettleInput, below_minimum, payment
from engine.state import ANOMALY_LABELS, ERROR, WARNING

_ORDER = {s: i for i, s in enumerate(SEATS)}
_IN_ORDER = list(SEATS)
# payer -> payee -> (the pair's key in E-S-W-N order, the amount's sign in it), None for a seat
# paying itself: a payment's flow from two lookups, no tuple made.
_PAIRS: dict[str, dict[str, tuple[tuple[str, str], int] | None]] = {
    a: {
        b: None if a == b else ((a, b), 1) if _ORDER[a] < _ORDER[b] else ((b, a), -1) for b in SEATS
    }
    for a in SEATS
}
# The dealer's seat -> the seats, in E-S-W-N order, whose players sit E, S, W, N next hand.
_ROTATED = {d: SEATS[SEATS.index(d) :] + SEATS[: SEATS.index(d)] for d in SEATS}
_T = TypeVar("_T")
# A hand's scorings, settlement input and payments (None and nothing when scoring failed).
_Settled = tuple[dict[str, Scoring], SettleInput | None, list[Payment]]


def audit(records: list[Record], overrides: Mapping[str, Any] | None = None) -> Report:
    """The report of one session log (``overrides``: options from ``--option``).
    The collector stays paused until the replay is freed: re-enabled earlier, its next pass
    walks every object of the replay still alive (≈ 10 % of an audit)."""
    with no_gc_pauses():
        return _report(replay(records, overrides))


def audit_records(records: list[Record], overrides: Mapping[str, Any] | None = None) -> JsonDict:
    """The report's JSON form (what is stored, and ``fupan verify --json`` prints), built with
    the collector still paused (its dicts would otherwise trigger passes over the replay)."""
    with no_gc_pauses():
        return audit(records, overrides).to_dict()


def _report(rp: Replay) -> Report:
    hands, dealers = _audit_hands(rp)
    anomalies = list(rp.anomalies) + session_anomalies(rp, dealers)
    expected = _totals(hands, attrgetter("expected_net"))
    recorded = _totals(hands, attrgetter("recorded_net"))
    ok = not anomalies and not any(h.disputes or h.anomalies for h in hands)
    return Report(
        report_version=REPORT_VERSION,
        ok=ok,
        session=_session(rp),
        hands=hands,
        totals=expected,
        recorded_totals=recorded,
        corrections=tuple(rp.corrections),
        anomalies=tuple(_anomaly(a, {}) for a in sorted(anomalies, key=_anomaly_key)),
    )


def _audit_hands(rp: Replay) -> tuple[tuple[HandReport, ...], list[str | None]]:
    """Every hand's report, with what ``rs.check_hand_start`` finds in how it begins given the
    earlier hands and who dealt after each by the wins that stand (``dealer_after``), and those
    dealers, one per hand."""
    reports: list[HandReport] = []
    earlier: list[tuple[Record, str | None]] = []
    for hand in rp.hands:
        head = hand.records[0][1]
        reports.append(audit_hand(hand, hand.ruleset.check_hand_start(head, earlier, hand.opts)))
        earlier.append((head, dealer_after(hand, reports[-1])))
    return tuple(reports), [dealer for _, dealer in earlier]


def audit_hand(hand: HandReplay, at_start: Iterable[Anomaly] = ()) -> HandReport:
    """Score, settle and compare one hand (``at_start``: anomalies of how it began, their seq
    None for the hand record's)."""
    rs, opts = hand.ruleset, hand.opts
    checked = check_claims(
        hand.records, hand.outcome, hand.anomalies, rs, opts, hand.summary, hand.outranked
    )
    declared = checked.declared or hand.outcome
    outcome = checked.outcome
    anomalies = list(hand.anomalies) + checked.anomalies
    anomalies += [
        a if a.seq is not None else dataclasses.replace(a, seq=hand.seq) for a in at_start
    ]

    def settle() -> _Settled:
        scorings = rs.score(outcome, opts)
        inp = rs.settle_input(outcome, scorings, opts)
        return scorings, inp, rs.settle(inp, opts)

    unsettled: _Settled = ({}, None, [])
    scorings, inp, payments = _guard(hand, anomalies, "score", settle, unsettled)
    found = rs.score_anomalies(outcome, scorings, opts)
    if found:
        win_seq = next((seq for seq, rec in hand.records if rec["type"] == "win"), hand.seq)
        anomalies += [
            a if a.seq is not None else dataclasses.replace(a, seq=win_seq) for a in found
        ]
    recorded = _recorded(hand.settlement)
    expected_flows = pair_flows(payments)
    recorded_flows = None if recorded is None else pair_flows(recorded)
    if recorded_flows is not None and inp is not None and (hand.settlement or {}).get("points"):
        anomalies += _points_check(hand, inp, expected_flows, recorded_flows)
    disputes, why, fixes = [], [], []
    if recorded is not None and recorded_flows is not None and expected_flows != recorded_flows:
        causes: list[dict[str, str]] = _guard(
            hand,
            anomalies,
            "explain",
            lambda: (
                []
                if inp is None
                else explanations(
                    rs,
                    outcome,
                    scorings,
                    inp,
                    opts,
                    recorded_flows,
                    pair_flows,
                    declared if checked.false_wins or checked.outranked else None,
                    checked.barred_wins,
                    checked.outranked,
                )
            ),
            [],
        )
        why = [Explanation(**named(e, outcome.seats)) for e in causes or [CAUSE_UNKNOWN]]
        first = why[0] if why[0].code != CAUSE_UNKNOWN["code"] else None
        disputes = _disputes(hand.no, expected_flows, recorded_flows, first)
        fixes = [TopUp(t["from"], t["to"], t["amount"], t["from_player"], t["to_player"],
                       t["zh"], t["en"])
                 for t in top_ups(net(payments), net(recorded), outcome.seats)]  # fmt: skip
    result = "win" if declared.wins else "exhausted" if declared.exhausted else "unfinished"
    legal = {w.seat: w for w in outcome.wins if not below_minimum(scorings, w.seat)}
    points, items, steps, reading, limits = {}, {}, {}, {}, {}
    for s, sc in _by_seat(scorings if inp is None else rs.paid_scorings(scorings, inp)):
        points[s], items[s], steps[s] = sc.points, tuple(sc.lines), tuple(sc.steps)
        reading[s] = tuple(sc.reading)
        if sc.limit:
            limits[s] = sc.limit
    seats = outcome.seats
    return HandReport(
        no=hand.no,
        seq=hand.seq,
        summary=hand.summary,
        seats=dict(outcome.seats),
        result=result,
        winners=tuple(declared.winners),
        wins=tuple([_win(legal.get(w.seat, w), w.seat in legal) for w in declared.wins]),
        indicator=outcome.indicator,
        wildcards=tuple(sorted(outcome.wildcards)),
        points=points,
        items=items,
        steps=steps,
        reading=reading,
        limits=limits,
        recorded_points=(hand.settlement or {}).get("points"),
        expected_payments=tuple([_payment(p, seats) for p in payments]),
        recorded_payments=None if recorded is None else tuple(recorded),
        expected_net=net(payments),
        recorded_net=None if recorded is None else net(recorded),
        disputes=tuple(disputes),
        anomalies=tuple([_anomaly(a, seats) for a in sorted(anomalies, key=_anomaly_key)])
        if anomalies
        else (),
        explanations=tuple(why),
        top_ups=tuple(fixes),
        taken_on_word=tuple(
            [
                OnWord(
                    w["seq"],
                    w["claim"],
                    name_seats(w["zh"], seats, "zh"),
                    name_seats(w["en"], seats, "en"),
                )
                for w in checked.on_word
            ]
        ),
    )


class Resolution(TypedDict):
    """How one hand's settlement was resolved (:func:`resolutions`)."""

    seq: int
    by: str | None
    reason: str
    action: str | None
    payments: list[JsonDict] | None
    paid: list[JsonDict] | None


def resolutions(report: Report) -> dict[int, Resolution]:
    """Hand seq -> how its settlement was resolved: the latest applied correction of it (``seq``,
    ``by``, ``reason``, ``action`` — the reason's ``accept_expected``/``keep_recorded`` prefix
    when the web's resolve wrote it — and the ``payments`` now in force) and ``paid``, what the
    log recorded before any correction (the recorded payments the table really made). A
    correction whose reason starts with ``reopen`` takes the resolution back: the hand is open
    again until a later correction resolves it."""
    starts = sorted(h.seq for h in report.hands)
    out: dict[int, Resolution] = {}
    paid: dict[int, list[JsonDict] | None] = {}
    for c in report.corrections:
        original = c.original or {}
        if not c.applied or original.get("type") != "settlement":
            continue
        hand_seq = max((x for x in starts if x < c.target), default=None)
        if hand_seq is None:
            continue
        paid.setdefault(hand_seq, original.get("payments"))
        reason = c.reason or ""
        code = reason.split(":", 1)[0]
        if code == REOPEN:
            out.pop(hand_seq, None)
            continue
        out[hand_seq] = {"seq": c.seq, "by": c.by, "reason": reason,
                         "action": code if code in RESOLUTIONS else None,
                         "payments": (c.replacement or {}).get("payments"),
                         "paid": paid[hand_seq]}  # fmt: skip
    return out


# How a dispute can be resolved: the table pays the difference, or stands by what it paid; and
# the word that takes a resolution back (its correction restates the settlement it replaced).
RESOLUTIONS = ("accept_expected", "keep_recorded")
REOPEN = "reopen"


def open_disputes(report: Report) -> int:
    """Hands with a dispute that no resolution has closed (counted by hand, not by payment)."""
    resolved = resolutions(report)
    return sum(1 for h in report.hands if h.disputes and h.seq not in resolved)


def anomaly_count(report: Report) -> int:
    """Every anomaly of the report, the session's and the hands'."""
    return len(report.anomalies) + sum(len(h.anomalies) for h in report.hands)


def pair_flows(payments: Iterable[Payment]) -> dict[tuple[str, str], int]:
    """Net amount per pair of seats (first seat in E-S-W-N order pays the second; negative = the
    other way); pairs that net to zero are left out."""
    flows: dict[tuple[str, str], int] = {}
    for p in payments:
        pair = _PAIRS[p.payer][p.payee]
        if pair is not None:
            key, sign = pair
            flows[key] = flows.get(key, 0) + sign * p.amount
    return {k: v for k, v in flows.items() if v} if 0 in flows.values() else flows


def net(payments: Iterable[Payment]) -> dict[str, int]:
    """Each seat's balance: received minus paid."""
    out = dict.fromkeys(SEATS, 0)
    for p in payments:
        amount = p.amount
        out[p.payer] -= amount
        out[p.payee] += amount
    return out


def session_anomalies(rp: Replay, dealers: list[str | None]) -> list[Anomaly]:
    """Across hands: numbering, players, and the dealer rotation (next_dealer becomes E, the
    others follow in turn order; a hand marked ``seat_change`` is exempt). The rotation follows
    the wins that stand (``dealers``: :func:`dealer_after` of each hand): a declared win that is
    no win deals nothing, and a hand whose every win is none is not judged."""
    found = []
    players = set(rp.session.get("players") or ())
    for hand in rp.hands:
        seated = hand.outcome.seats.values()
        if not players or players.issuperset(seated):
            continue
        strangers = sorted(set(seated) - players)
        found.append(
            Anomaly(
                hand.seq,
                "unknown_player",
                ERROR,
                f"hand {hand.no} seats {', '.join(strangers)}, not in the session",
            )
        )
    for prev, dealer, nxt in zip(rp.hands, dealers, rp.hands[1:], strict=False):
        if nxt.no != prev.no + 1:
            found.append(
                Anomaly(nxt.seq, "hand_number", WARNING, f"hand {nxt.no} follows hand {prev.no}")
            )
        if nxt.seat_change or dealer is None:
            continue
        rotated = list(map(prev.outcome.seats.__getitem__, _ROTATED[dealer]))
        seats = nxt.outcome.seats
        if len(seats) != len(SEATS) or list(map(seats.get, SEATS)) != rotated:
            expected = dict(zip(SEATS, rotated, strict=True))
            found.append(
                Anomaly(
                    nxt.seq,
                    "dealer_rotation",
                    ERROR,
                    f"hand {nxt.no} should seat {_seating(expected)}; "
                    f"the log seats {_seating(nxt.outcome.seats)}",
                )
            )
    return found


def dealer_after(hand: HandReplay, report: HandReport) -> str | None:
    """Who deals the hand after ``hand`` (``report`` its audit): ``next_dealer`` of the wins that
    stand; None when no win stands and the hand was not exhausted (not judged)."""
    ended = _standing(hand.outcome, report.wins)
    if not (ended.wins or ended.exhausted):
        return None
    return hand.ruleset.next_dealer(ended, hand.opts)


def _standing(outcome: HandOutcome, wins: tuple[WinResult, ...]) -> HandOutcome:
    """``outcome`` with the wins that stand only (as declared otherwise: unchanged)."""
    if len(wins) == len(outcome.wins) and all(w.stands for w in wins):
        return outcome
    return dataclasses.replace(
        outcome,
        wins=tuple(
            Win(w.seat, w.how, w.tile, w.from_seat, frozenset(w.flags)) for w in wins if w.stands
        ),
    )


def _guard(
    hand: HandReplay, anomalies: list[Anomaly], what: str, call: Callable[[], _T], default: _T
) -> _T:
    """Run a ruleset call; if the ruleset fails on a broken hand, report ``score_failed`` (with
    a HandError's text, which names tiles in English; any other error is logged) and go on
    with ``default`` rather than sink the whole report."""
    try:
        return call()
    except Exception as exc:
        if not isinstance(exc, HandError):  # the detail is for developers: the log has it
            logging.getLogger(__name__).warning(
                "%s failed on hand %s", what, hand.no, exc_info=True
            )
        anomalies.append(
            Anomaly(
                hand.seq,
                "score_failed",
                ERROR,
                f"the {hand.ruleset.title_en} rules cannot {what} this hand: "
                + (str(exc) if isinstance(exc, HandError) else "the engine failed on it"),
            )
        )
        return default


def _points_check(
    hand: HandReplay,
    inp: SettleInput,
    expected: dict[tuple[str, str], int],
    recorded: dict[tuple[str, str], int],
) -> list[Anomaly]:
    """The settlement's ``points`` are a claim too: settled by the rules, do they give what the
    table paid (``recorded``: its pair flows)? (Seats the table gave no points keep the audit's;
    the audit's own points settle into its payments, whose flows are ``expected``.)"""
    assert hand.settlement is not None  # the caller read its points
    claimed: dict[str, int] = hand.settlement["points"]
    table = expected
    if not claimed.items() <= inp.points.items() and any(
        inp.points.get(s, 0) != n for s, n in claimed.items()
    ):
        try:
            table = pair_flows(
                hand.ruleset.settle(
                    dataclasses.replace(inp, points={**inp.points, **claimed}), hand.opts
                )
            )
        except (ValueError, KeyError):  # points no hand can have (negative …): a dispute says it
            return []
    if table == recorded:
        return []
    seq = next(seq for seq, rec in reversed(hand.records) if rec["type"] == "settlement")
    shown = ", ".join(f"{who(s)} {n}" for s, n in claimed.items())
    return [
        Anomaly(
            seq,
            "points_contradict_payments",
            "error",
            f"the table's points ({shown}) settled by the rules do not give what it paid",
        )
    ]


def _disputes(
    no: int,
    expected: dict[tuple[str, str], int],
    recorded: dict[tuple[str, str], int],
    explanation: Explanation | None,
) -> list[Dispute]:
    out = []
    for a, b in sorted(set(expected) | set(recorded), key=lambda k: (_ORDER[k[0]], _ORDER[k[1]])):
        e, r = expected.get((a, b), 0), recorded.get((a, b), 0)
        if e == r:
            continue
        if e < 0 or (e == 0 and r < 0):
            a, b, e, r = b, a, -e, -r
        out.append(Dispute(no, a, b, e, r, explanation))
    return out


def _recorded(settlement: Record | None) -> list[Payment] | None:
    if settlement is None:
        return None
    return [payment(p["from"], p["to"], p["amount"]) for p in settlement.get("payments", ())]


def _totals(
    hands: tuple[HandReport, ...], nets: Callable[[HandReport], dict[str, int] | None]
) -> dict[str, int]:
    out: dict[str, int] = {}
    for h in hands:
        amounts = nets(h)
        if amounts:
            seats = h.seats
            for seat, amount in amounts.items():
                player = seats.get(seat, seat)
                out[player] = out.get(player, 0) + amount
    return out


def _by_seat(scorings: Mapping[str, Scoring]) -> list[tuple[str, Scoring]]:
    """The scorings in seat order (as the rulesets give them, mostly: then no sort)."""
    items = list(scorings.items())
    if list(scorings) == _IN_ORDER[: len(items)]:
        return items
    return sorted(items, key=lambda kv: _ORDER.get(kv[0], 9))


def _session(rp: Replay) -> SessionInfo:
    s = rp.session
    players = tuple(s["players"]) if "players" in s else None
    return SessionInfo(rp.ruleset.name, _options_dict(rp.opts), s.get("club"), s.get("table"),
                       players, s.get("started_at"))  # fmt: skip


# id(options) -> (the options, their fields as a dict): a worker's sessions share a few objects.
_OPTIONS: dict[int, tuple[object, dict[str, Any]]] = {}


def _options_dict(opts: Any) -> dict[str, Any]:
    """The options' fields (``dataclasses.asdict``, worked out once per object; the fields are
    immutable values, so a shallow copy is a fresh one)."""
    hit = _OPTIONS.get(id(opts))
    if hit is not None and hit[0] is opts:
        return dict(hit[1])
    is_options = dataclasses.is_dataclass(opts) and not isinstance(opts, type)
    fields = dataclasses.asdict(opts) if is_options else {}
    store(_OPTIONS, id(opts), (opts, fields), 256)
    return dict(fields)


def _seating(seats: Mapping[str, str]) -> str:
    """Who sits where, in words: ``East 阿强, South 小李, …``."""
    return ", ".join(f"{SEAT_NAMES[s][1]} {seats.get(s)}" for s in SEATS)


def _win(w: Win, stands: bool) -> WinResult:
    """A declared win; ``flags`` are those scored, ``stands`` False for a win that is no win."""
    return WinResult(w.seat, w.how, w.tile, w.from_seat, tuple(sorted(w.flags)), stands)


def _payment(p: Payment, seats: Mapping[str, str]) -> Payment:
    """An expected payment with the seats its rule mentions (``reason`` zh, ``en``) named."""
    if "{" not in p.reason and "{" not in p.en:  # (most name no seat: no new Payment)
        return p
    return Payment(p.payer, p.payee, p.amount, name_seats(p.reason, seats, "zh"),
                   name_seats(p.en, seats, "en"), p.formula)  # fmt: skip


def _anomaly(a: Anomaly, seats: Mapping[str, str]) -> Reported:
    """An anomaly for the report: its labels, and its (English) message with the seats it
    mentions named (``seats``: the hand's; ``{}`` for the session, whose messages name players)."""
    zh, en = ANOMALY_LABELS.get(a.code, ("", ""))
    return Reported(a.seq, a.code, zh, en, a.severity, name_seats(a.message, seats, "en"))


def _anomaly_key(a: Anomaly) -> tuple[bool, int, str]:
    return (a.seq is None, a.seq or 0, a.code)
