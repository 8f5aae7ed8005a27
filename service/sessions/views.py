"""What each page and API endpoint shows, as plain JSON-able dicts: the HTML pages render them
with templates and the API returns them as they are, so the two never disagree."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from flask import abort
from flask_babel import gettext as _

from engine.audit import REOPEN
from engine.audit import resolutions as report_resolutions
from engine.model import KNOWN_FLAGS
from engine.report import HandReport, Report, to_dict
from engine.rulesets import get_ruleset
from events import store, verifications, withdrawals
from events.models import TableSession, Verification
from service.accounts import auth
from service.db import engine, whole_number
from service.models import User
from service.sessions import history, queries, replays

RESOLVERS = ("auditor", "admin")  # the roles that resolve a dispute, and reopen it


def parse_filter(args) -> queries.SessionFilter:
    """Filters from query arguments; a malformed date or period is a 400 with the reason."""
    day = _day(args, "date", _("date"))
    since, until = parse_period(args)
    return queries.SessionFilter(
        club=args.get("club", "").strip(),
        table=args.get("table", "").strip(),
        player=args.get("player", "").strip(),
        day=day,
        since=since,
        until=until,
        disputed_only=args.get("disputed", "") in ("1", "true", "on", "yes"),
    )


def parse_period(args) -> tuple[date | None, date | None]:
    """The period ``since``..``until`` (days, both included; either may be absent) from query
    arguments; a malformed day, or a start after the end, is a 400 saying so in the words the
    period's form shows."""
    since = _day(args, "since", _("period from"))
    until = _day(args, "until", _("period to"))
    if since and until and since > until:
        abort(400, _("the period starts on %(since)s, after its end %(until)s",
                     since=since.isoformat(), until=until.isoformat()))  # fmt: skip
    return since, until


def _day(args, key: str, label: str) -> date | None:
    text = (args.get(key) or "").strip()
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        abort(400, _("%(field)s must be a day written YYYY-MM-DD, not %(value)r",
                     field=label, value=text))  # fmt: skip


def session_summary(
    s: TableSession | queries.ListedSession, v: Verification | queries.ListedVerification | None
) -> dict:
    return {
        "id": s.id,
        "club": s.club,
        "table": s.table_name,
        "ruleset": s.ruleset,
        "players": list(s.players),
        "started_at": s.started_at,
        "uploaded_at": s.created_at.isoformat(),
        "status": verification_status(s, v),
        "disputes": v.disputes if v else None,
        "anomalies": v.anomalies if v else None,
        "withdrawn": not getattr(s, "counts", True),
    }


def verification_status(
    s: TableSession | queries.ListedSession, v: Verification | queries.ListedVerification | None
) -> str:
    """``pending`` (the current head is queued; an older report may still show), ``ok``
    (audited) or ``failed`` (the audit itself crashed)."""
    return "pending" if v is None or v.head_seq != s.head_seq else v.status


def sessions_view(user: User, args) -> dict:
    # the list shows every session, a withdrawn one marked; the counts leave it out
    flt = replace(parse_filter(args), with_withdrawn=True)
    limit, offset = int_arg(args, "limit", 200, 1, 1000), int_arg(args, "offset", 0, 0, 10**9)
    clubs = auth.memberships(user)
    rows = queries.list_sessions(clubs, flt, limit + 1, offset)  # one more: is there a next page?
    return {
        "sessions": [session_summary(s, v) for s, v in rows[:limit]],
        "clubs": sorted(clubs),
        "limit": limit,
        "offset": offset,
        "more": len(rows) > limit,
    }


def int_arg(args, name: str, default: int, low: int, high: int) -> int:
    """A whole-number query argument within bounds; anything else is a 400 saying so."""
    text = args.get(name, "")
    if not text:
        return default
    number = whole_number(text, low, high)
    if number is None:
        abort(
            400,
            _(
                "%(name)s must be a whole number from %(low)s to %(high)s",
                name=name,
                low=low,
                high=high,
            ),
        )
    return number


def load_session(user: User, session_id: str) -> TableSession:
    """The session if it exists and is one of the user's clubs'; otherwise 404."""
    try:
        s = store.get_session(session_id=session_id, engine=engine())
    except store.SessionNotFound:
        abort(404)
    if s.club not in auth.memberships(user):
        abort(404)
    return s


def status_view(user: User, session_id: str) -> dict:
    s = load_session(user, session_id)
    v = queries.latest_verifications([s.id], with_report=False).get(s.id)
    return {
        "id": s.id,
        "status": verification_status(s, v),
        "head_seq": s.head_seq,
        "verified_seq": v.head_seq if v else None,
        "disputes": v.disputes if v else None,
        "anomalies": v.anomalies if v else None,
        "error": v.error if v else None,
    }


def withdrawal(session_id: str) -> dict | None:
    """The session's open withdrawal (``{id, by, at, reason}``: it is out of its club's
    counts), or None."""
    w = withdrawals.withdrawn(session_id, engine())
    return None if w is None else {"id": w.id, "by": w.by, "at": w.at.isoformat(),
                                   "reason": w.reason}  # fmt: skip


def report(s: TableSession) -> Report | None:
    """The session's newest audit report (None while the first verification is pending)."""
    return _verified(s)[1]


def _verified(s: TableSession) -> tuple[Verification | None, Report | None]:
    v = queries.latest_verifications([s.id]).get(s.id)
    return v, queries.report_of(v)


def named_payments(payments: list[dict] | None, seats: dict) -> list[dict] | None:
    """Payments (their JSON form) with the players' names alongside."""
    if payments is None:
        return None
    return [
        {
            **p,
            "from_player": seats.get(p["from"], p["from"]),
            "to_player": seats.get(p["to"], p["to"]),
        }
        for p in payments
    ]


def resolutions(report: Report) -> dict[int, dict]:
    """Hand seq -> how its dispute was resolved (``engine.audit.resolutions``), with the
    payments the table really made named by player."""
    seats = {h.seq: h.seats for h in report.hands}
    return {
        seq: {**r, "paid": named_payments(r["paid"], seats[seq])}
        for seq, r in report_resolutions(report).items()
    }


def in_force(
    s: TableSession | queries.ListedSession,
    v: Verification | queries.ListedVerification,
    report: Report,
) -> tuple[dict[int, dict], set[int]]:
    """The report's resolutions with the corrections appended after it applied in order (the
    session is being verified again), and the hands reopened since: a resolution (``pending``)
    closes an open hand, a reopening opens a resolved one, so the pages move the hand at once
    instead of seconds later, when the worker has verified it again."""
    resolved = resolutions(report)
    if v.head_seq >= s.head_seq:
        return resolved, set()
    starts = sorted(h.seq for h in report.hands)
    reopened: set[int] = set()
    for c in queries.corrections_after(s.id, v.head_seq):
        hand_seq = max((x for x in starts if x < c["target"]), default=None)
        if hand_seq is None or (c.get("replacement") or {}).get("type") != "settlement":
            continue
        if str(c.get("reason", "")).partition(":")[0] == REOPEN:
            resolved.pop(hand_seq, None)
            reopened.add(hand_seq)
        else:
            reopened.discard(hand_seq)
            resolved[hand_seq] = {"by": c.get("by", ""), "reason": c.get("reason", ""),
                                  "paid": [], "pending": True}  # fmt: skip
    return resolved, reopened


def hand_summary(
    index: int, h: HandReport, resolved: dict[int, dict], reopened: set[int] = frozenset()
) -> dict:
    """A hand as the session page, the hand page and the disputes queue list it: its result,
    payments named by player, disputes, explanations, top-ups and how it was resolved, or
    ``reopened`` (its resolution just taken back: open, its dispute shown once verified again)."""
    out = h.json("no", "seats", "result", "wins", "points", "expected_payments",
                  "recorded_payments", "expected_net", "recorded_net", "disputes", "explanations",
                  "top_ups", "anomalies")  # fmt: skip
    out["expected_payments"] = named_payments(out["expected_payments"], h.seats)
    out["recorded_payments"] = named_payments(out["recorded_payments"], h.seats)
    return {"index": index, **out, "resolution": resolved.get(h.seq),
            "reopened": h.seq in reopened}  # fmt: skip


def session_view(user: User, session_id: str) -> dict:
    """The newest report hand by hand, and the history of results (all of this session's rows
    in one query; each report parsed once)."""
    s = load_session(user, session_id)
    rows, reports = _results(s)
    v, report = (rows[-1], reports[-1]) if rows else (None, None)
    out = {"session": session_summary(s, v), "report_ok": None, "hands": [], "totals": None,
           "anomalies": [], "corrections": [], "options": None,
           "verifications": history.entries(s, rows, reports),
           "withdrawn": withdrawal(s.id),
           "can_withdraw": auth.memberships(user)[s.club].role in RESOLVERS}  # fmt: skip
    if report is None:
        return out
    resolved = resolutions(report)
    out.update(
        report_ok=report.ok,
        hands=[hand_summary(i + 1, h, resolved) for i, h in enumerate(report.hands)],
        totals={"expected": report.totals, "recorded": report.recorded_totals},
        anomalies=[a.to_dict() for a in report.anomalies],
        corrections=[to_dict(c) for c in report.corrections],
        options=report.session.options,
    )
    return out


def verifications_view(user: User, session_id: str) -> dict:
    s = load_session(user, session_id)
    rows, reports = _results(s)
    return {"id": s.id, "head_seq": s.head_seq, "verifications": history.entries(s, rows, reports)}


def _results(s: TableSession) -> tuple[list[Verification], list[Report | None]]:
    """Every verification of the session, oldest first, with its parsed report."""
    rows = verifications.verifications_of(session_id=s.id, engine=engine())
    return rows, [queries.report_of(r) for r in rows]


def hand_view(user: User, session_id: str, index: int) -> dict:
    """One hand in full: itemised scoring per seat (胡/番/台 lines) and the arithmetic from
    them to its points, every seat's tiles as shown, what each 得 stood for, payments recorded
    vs expected (each expected one with its rule and sum), disputes and anomalies."""
    s = load_session(user, session_id)
    v, report = _verified(s)
    if report is None:
        abort(409, _("this session is still being verified; try again in a moment"))
    if not 1 <= index <= len(report.hands):
        abort(404)
    h = report.hands[index - 1]
    rs = get_ruleset(s.ruleset)
    out = hand_summary(index, h, *in_force(s, v, report))
    out.update(
        can_resolve=auth.memberships(user)[s.club].role in RESOLVERS,
        session=session_summary(s, v),
        hands=len(report.hands),
        **h.json("indicator", "wildcards", "winners", "items", "steps"),
        void_wins=sorted(h.void_wins),  # declared, so in winners, but not 胡家 (JSON: a list)
        unit=rs.points_unit[0],
        # a ruleset's own win flags (wenling's 包三家) in words; the shared ones: macro flag()
        flag_labels={
            f: {"zh": rs.flag_rules[f].zh, "en": rs.flag_rules[f].en}
            for w in h.wins
            for f in w.flags
            if f not in KNOWN_FLAGS and f in rs.flag_rules
        },  # fmt: skip
        **h.json("reading", "limits", "recorded_points"),
        shown=_shown(s, index),
        replay_steps=replays.steps_of(s, index),
    )
    return out


def _shown(s: TableSession, index: int) -> dict:
    """Every seat's tiles as shown at the end of the hand (from the replay): the non-winners'
    score too in wenling and huangyan."""
    hands = replays.session_replay(s).hands
    if index > len(hands):  # the report is of an older head with more hands
        return {}
    showdowns = hands[index - 1].outcome.showdowns
    return {
        seat: {
            "concealed": list(sd.concealed),
            "melds": [{"kind": m.kind, "tiles": list(m.tiles)} for m in sd.melds],
            "revealed": list(sd.revealed),
        }
        for seat, sd in showdowns.items()
    }
