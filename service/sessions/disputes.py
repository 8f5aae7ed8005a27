"""The disputes queue of a club, a plain dict for both the page and the API."""

from __future__ import annotations

from engine.audit import REOPEN
from engine.report import Report
from service.accounts import auth
from service.models import User
from service.sessions import queries
from service.sessions.views import hand_summary, int_arg, parse_filter, resolutions, session_summary

DISPUTE_PAGE = 10  # sessions per page of the queue: a page parses only their reports


def disputes_view(user: User, club: str, args) -> dict:
    """The club's disputed hands, newest session first, ``DISPUTE_PAGE`` sessions a page
    (``offset``); resolved ones say how and by whom. The open queue pages over disputed
    sessions only (in SQL); resolved hands may sit in sessions that no longer dispute."""
    flt = parse_filter(args)
    role = auth.require_club(user, club).role
    state = args.get("state", "open")
    offset = int_arg(args, "offset", 0, 0, 10**9)
    flt = queries.SessionFilter(club=club, table=flt.table, player=flt.player, day=flt.day,
                                disputed_only=state == "open")  # fmt: skip
    rows = queries.list_sessions([club], flt, DISPUTE_PAGE + 1, offset, with_report=True)
    more, rows = len(rows) > DISPUTE_PAGE, rows[:DISPUTE_PAGE]  # an "older" link only to sessions
    items = []
    for s, v in rows:
        report = queries.report_of(v)
        if report is None:
            continue
        summary, resolved = session_summary(s, v), resolutions(report)
        if v.head_seq < s.head_seq:
            resolved = _being_verified(s.id, v.head_seq, report, resolved)
        for i, h in enumerate(report.hands, start=1):
            if h.disputes or h.seq in resolved:
                items.append({"session": summary, "hand": i, **hand_summary(i, h, resolved)})
    if state in ("open", "resolved"):
        items = [d for d in items if (d["resolution"] is None) == (state == "open")]
    return {
        "club": club,
        "state": state,
        "can_resolve": role in ("auditor", "admin"),
        "disputes": items,
        "offset": offset,
        "prev_offset": max(offset - DISPUTE_PAGE, 0) if offset else None,
        "next_offset": offset + DISPUTE_PAGE if more else None,
    }


def _being_verified(
    session_id: str, verified_to: int, report: Report, resolved: dict[int, dict]
) -> dict[int, dict]:
    """``resolved`` with the corrections appended after the report applied in order (their
    session is being verified again): a resolution (``pending``) closes an open hand, a reopening
    opens a resolved one, so the queue moves the hand at once."""
    starts = sorted(h.seq for h in report.hands)
    out = dict(resolved)
    for c in queries.corrections_after(session_id, verified_to):
        hand_seq = max((x for x in starts if x < c["target"]), default=None)
        if hand_seq is None or (c.get("replacement") or {}).get("type") != "settlement":
            continue
        if str(c.get("reason", "")).partition(":")[0] == REOPEN:
            out.pop(hand_seq, None)
        else:
            out.setdefault(hand_seq, {"by": c.get("by", ""), "reason": c.get("reason", ""),
                                      "paid": [], "pending": True})  # fmt: skip
    return out
