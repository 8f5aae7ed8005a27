"""Club-wide views: memberships, the night's ledger, the disputes queue, a player's record.
Like ``service.views`` they return plain dicts for both the pages and the API."""

from __future__ import annotations

from dataclasses import replace

from flask import abort
from sqlmodel import select

from service import aggregates, auth, digests, ledger, queries
from service.db import db
from service.models import Club, Membership, User
from service.views import int_arg, named_payments, parse_filter, resolutions, session_summary


def clubs_view(user: User) -> list[dict]:
    return [
        {"name": name, "role": m.role, "player": m.player}
        for name, m in sorted(auth.memberships(user).items())
    ]


def add_member(club: str, username: str, role: str, player: str) -> None:
    with db() as session:
        member = session.exec(select(User).where(User.username == username.strip())).first()
    if member is None:
        raise auth.AccountError(f"no user named {username!r}")
    auth.add_member(member, auth.get_or_create_club(club), role, player)


def members_view(club: str) -> list[dict]:
    """The club's members (for its admins)."""
    with db() as session:
        rows = session.exec(
            select(User.username, Membership.role, Membership.player)
            .where(Membership.user_id == User.id, Membership.club_id == Club.id, Club.name == club)
            .order_by(User.username)
        ).all()
    return [{"username": u, "role": r, "player": p} for u, r, p in rows]


def club_digests(
    user: User, club: str, flt: queries.SessionFilter
) -> list[tuple[dict, digests.Digest | None]]:
    """(session summary, digest of its report or None) of a club's sessions, oldest first."""
    auth.require_club(user, club)
    flt = queries.SessionFilter(club=club, table=flt.table, player=flt.player, day=flt.day)
    rows = aggregates.club_sessions([club], flt)
    return _oldest_first([(session_summary(s, v), d) for s, v, d in rows])


def _oldest_first(rows: list[tuple]) -> list[tuple]:
    return sorted(rows, key=lambda x: (x[0]["started_at"] or "", x[0]["uploaded_at"], x[0]["id"]))


def ledger_view(user: User, club: str, args) -> dict:
    """A night's ledger (filter by date, table): net per player per table from what the tables
    recorded as paid, the club's totals, and the fewest transfers that settle everyone up.
    Without a date it is the newest night's; ``date=all`` adds up every night."""
    every_night = args.get("date") == "all"
    flt = parse_filter({k: v for k, v in args.items() if k != "date" or not every_night})
    if not flt.day and not every_night:
        auth.require_club(user, club)
        flt = replace(flt, day=queries.latest_day(club))
    tables: dict[str, dict[str, int]] = {}
    pending = []
    for summary, d in club_digests(user, club, flt):
        if d is None:
            pending.append(summary["id"])
            continue
        row = tables.setdefault(summary["table"], {})
        for player, amount in d.recorded_totals.items():
            row[player] = row.get(player, 0) + amount
    totals: dict[str, int] = {}
    for row in tables.values():
        for player, amount in row.items():
            totals[player] = totals.get(player, 0) + amount
    return {
        "club": club,
        "date": flt.day.isoformat() if flt.day else None,  # None: every night
        "tables": [
            {"table": t, "net": tables[t], "transfers": ledger.settle_up(tables[t])}
            for t in sorted(tables)
        ],
        "totals": dict(sorted(totals.items(), key=lambda kv: -kv[1])),
        "transfers": ledger.settle_up(totals),
        "pending_sessions": pending,
    }


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
    rows = queries.list_sessions([club], flt, DISPUTE_PAGE, offset, with_report=True)
    items = []
    for s, v in rows:
        report = queries.report_of(v)
        if report is None:
            continue
        summary, resolved = session_summary(s, v), resolutions(report)
        for i, h in enumerate(report["hands"], start=1):
            resolution = resolved.get(h["seq"])
            if not h["disputes"] and resolution is None:
                continue
            items.append({
                "session": summary, "hand": i, "no": h["no"], "seats": h["seats"],
                "disputes": h["disputes"], "resolution": resolution,
                "expected_payments": named_payments(h["expected_payments"], h["seats"]),
                "recorded_payments": named_payments(h["recorded_payments"], h["seats"]),
            })
    if state in ("open", "resolved"):
        items = [d for d in items if (d["resolution"] is None) == (state == "open")]
    return {"club": club, "state": state, "can_resolve": role in ("auditor", "admin"),
            "disputes": items, "offset": offset,
            "prev_offset": max(offset - DISPUTE_PAGE, 0) if offset else None,
            "next_offset": offset + DISPUTE_PAGE if len(rows) == DISPUTE_PAGE else None}


def player_view(user: User, name: str, newest: int | None = None) -> dict:
    """A player's sessions across the user's clubs (the ``newest`` of them, or all), oldest
    first, with the net of each, how many there are and the total."""
    played = aggregates.player_sessions(auth.memberships(user), name, newest)
    rows = _oldest_first([(session_summary(s, v), n, w) for s, v, n, w in played.sessions])
    sessions = []
    for entry, net, wins in rows[-newest:] if newest else rows:
        entry["net"], entry["wins"] = net, wins
        sessions.append(entry)
    if not sessions:
        abort(404)
    out = {"player": name, "sessions": sessions, "total": played.total}
    return out if newest is None else {**out, "count": played.count}
