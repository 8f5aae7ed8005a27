"""The disputes queue of a club, a plain dict for both the page and the API."""

from __future__ import annotations

from service.accounts import auth
from service.models import User
from service.sessions import queries
from service.sessions.views import (
    RESOLVERS,
    hand_summary,
    in_force,
    int_arg,
    parse_filter,
    session_summary,
)

DISPUTE_PAGE = 10  # sessions per page of the queue: a page parses only their reports


def disputes_view(user: User, club: str, args) -> dict:
    """The club's disputed hands, newest session first, ``DISPUTE_PAGE`` sessions a page
    (``offset``); resolved ones say how and by whom. The open queue pages over disputed
    sessions only (in SQL), and over sessions being verified again, whose hand just reopened is
    open at once though its report does not say so yet; resolved hands may sit in sessions that
    no longer dispute."""
    flt = parse_filter(args)
    role = auth.require_club(user, club).role
    state = args.get("state", "open")
    offset = int_arg(args, "offset", 0, 0, 10**9)
    flt = queries.SessionFilter(club=club, table=flt.table, player=flt.player, day=flt.day,
                                disputed_only=state == "open", or_pending=True)  # fmt: skip
    rows = queries.list_sessions([club], flt, DISPUTE_PAGE + 1, offset, with_report=True)
    more, rows = len(rows) > DISPUTE_PAGE, rows[:DISPUTE_PAGE]  # an "older" link only to sessions
    items = []
    for s, v in rows:
        report = queries.report_of(v)
        if report is None:
            continue
        summary, (resolved, reopened) = session_summary(s, v), in_force(s, v, report)
        for i, h in enumerate(report.hands, start=1):
            if h.disputes or h.seq in resolved or h.seq in reopened:
                items.append({"session": summary, "hand": i,
                              **hand_summary(i, h, resolved, reopened)})  # fmt: skip
    if state in ("open", "resolved"):
        items = [d for d in items if (d["resolution"] is None) == (state == "open")]
    return {
        "club": club,
        "state": state,
        "can_resolve": role in RESOLVERS,
        "disputes": items,
        "offset": offset,
        "prev_offset": max(offset - DISPUTE_PAGE, 0) if offset else None,
        "next_offset": offset + DISPUTE_PAGE if more else None,
    }
