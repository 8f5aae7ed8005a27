"""Club-wide views: the digests of a club's sessions (the ledger and the charts add them up) and
a player's record. Like ``service.sessions.views`` they return plain dicts for both the pages
and the API."""

from __future__ import annotations

import dataclasses

from flask import abort

from service.accounts import auth
from service.club import aggregates
from service.models import User
from service.sessions import queries
from service.sessions.views import session_summary
from workers.digests import Digest


def club_digests(
    user: User, club: str, flt: queries.SessionFilter
) -> list[tuple[dict, Digest | None]]:
    """(session summary, digest of its report or None) of a club's sessions, oldest first."""
    auth.require_club(user, club)
    flt = dataclasses.replace(flt, club=club)
    rows = aggregates.club_sessions([club], flt)
    return _oldest_first([(session_summary(s, v), d) for s, v, d in rows])


def _oldest_first(rows: list[tuple]) -> list[tuple]:
    return sorted(rows, key=lambda x: (x[0]["started_at"] or "", x[0]["uploaded_at"], x[0]["id"]))


def player_view(
    user: User, name: str, newest: int | None = None, period: aggregates.Period = aggregates.ALWAYS
) -> dict:
    """A player's sessions across the user's clubs played in ``period`` (the ``newest`` of them,
    or all), oldest first, with the net of each, how many there are and the total. A 404 for a
    name with no session at all; a period without any of theirs is an empty list."""
    clubs = auth.memberships(user)
    played = aggregates.player_sessions(clubs, name, newest, period)
    rows = _oldest_first([(session_summary(s, v), n, w) for s, v, n, w in played.sessions])
    sessions = []
    for entry, net, wins in rows[-newest:] if newest else rows:
        entry["net"], entry["wins"] = net, wins
        sessions.append(entry)
    if not sessions and (period == aggregates.ALWAYS or not aggregates.player_sessions(
            clubs, name, 1).sessions):  # fmt: skip
        abort(404)
    out = {"player": name, "sessions": sessions, "total": played.total}
    return out if newest is None else {**out, "count": played.count}
