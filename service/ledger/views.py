"""The night's ledger of a club, a plain dict for both the page and the API."""

from __future__ import annotations

from dataclasses import replace

from service.accounts import auth
from service.club.views import club_digests
from service.ledger.settle import settle_up
from service.models import User
from service.sessions import queries
from service.sessions.views import parse_filter


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
            {"table": t, "net": tables[t], "transfers": settle_up(tables[t])}
            for t in sorted(tables)
        ],
        "totals": dict(sorted(totals.items(), key=lambda kv: -kv[1])),
        "transfers": settle_up(totals),
        "pending_sessions": pending,
    }
