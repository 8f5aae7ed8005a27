"""The whole-history pages' queries over the digests (``service.digests``): a club's sessions
with the digest of each one's newest verification, a player's sessions with their net and
wins. A few queries each, no report read; the digests are filled first."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from sqlalchemy import exists, select
from sqlalchemy.orm import aliased

from events.models import TableSession
from service import digests, queries
from service.db import db
from service.models import Digest as DigestRow
from service.models import DigestPlayer

Listed = tuple[queries.ListedSession, queries.ListedVerification | None]


def _newest():
    """Digests of their session's newest verification (the highest id): a correction or a new
    engine version adds a newer result, and the totals follow it; older ones stay as history."""
    newer = aliased(DigestRow)
    newest = ~exists().where(
        newer.session_id == DigestRow.session_id, newer.verification_id > DigestRow.verification_id
    )
    return select(DigestRow).where(newest).subquery("newest")


def _verification_columns(newest):
    return (newest.c.verification_id.label("vid"), newest.c.head_seq.label("v_head_seq"),
            newest.c.status, newest.c.disputes, newest.c.anomalies, newest.c.ok)  # fmt: skip


def _filtered(query, clubs: list[str], flt: queries.SessionFilter):
    query = query.where(TableSession.club.in_(clubs))
    if flt.table:
        query = query.where(TableSession.table_name == flt.table)
    if flt.day:
        query = query.where(TableSession.started_at.startswith(flt.day.isoformat()))
    return query


def club_sessions(
    clubs: Iterable[str], flt: queries.SessionFilter
) -> list[tuple[queries.ListedSession, queries.ListedVerification | None, digests.Digest | None]]:
    """Every session of ``clubs`` passing ``flt`` (club, table, day, player), each with its
    newest verification's counts and digest (None while there is none, or the audit failed)."""
    clubs = [c for c in clubs if not flt.club or c == flt.club]
    if not clubs:
        return []
    digests.fill()
    newest = _newest()
    sessions = _filtered(
        select(*queries.SESSION_COLUMNS, *_verification_columns(newest), newest.c.hands,
               newest.c.disputed_hands, newest.c.explanations, newest.c.winner_points)
        .outerjoin(newest, newest.c.session_id == TableSession.id),
        clubs, flt,
    )  # fmt: skip
    players = _filtered(
        select(DigestPlayer.verification_id, DigestPlayer.player, DigestPlayer.net,
               DigestPlayer.wins)
        .join(newest, newest.c.verification_id == DigestPlayer.verification_id)
        .join(TableSession, TableSession.id == newest.c.session_id)
        .order_by(DigestPlayer.verification_id, DigestPlayer.position),
        clubs, flt,
    )  # fmt: skip
    with db() as session:
        rows = session.exec(sessions).all()
        by_vid = defaultdict(list)
        for p in session.exec(players):
            by_vid[p.verification_id].append(p)
    if flt.player:  # players are a JSON list: filtered here, the same on every database
        rows = [r for r in rows if flt.player in r.players]
    return [
        (queries.listed(r), queries.counted(r, None),
         digests.from_rows(r, by_vid[r.vid]) if r.vid is not None else None)
        for r in rows
    ]  # fmt: skip


def player_sessions(
    clubs: Iterable[str], name: str
) -> list[tuple[queries.ListedSession, queries.ListedVerification | None, int | None, int | None]]:
    """The sessions of ``clubs`` where ``name`` played, each with its newest verification's
    counts and the player's recorded net and wins in it (None: no report yet, or it failed)."""
    clubs = list(clubs)
    if not clubs:
        return []
    digests.fill()
    newest = _newest()
    played = (
        select(*queries.SESSION_COLUMNS, *_verification_columns(newest), DigestPlayer.net,
               DigestPlayer.wins)
        .join(newest, newest.c.verification_id == DigestPlayer.verification_id)
        .join(TableSession, TableSession.id == newest.c.session_id)
        .where(DigestPlayer.player == name, DigestPlayer.seated, TableSession.club.in_(clubs))
    )  # fmt: skip
    unverified = select(*queries.SESSION_COLUMNS).where(
        TableSession.club.in_(clubs), ~exists().where(DigestRow.session_id == TableSession.id)
    )
    with db() as session:
        rows = session.exec(played).all()
        waiting = [r for r in session.exec(unverified) if name in r.players]
    out = [(queries.listed(r), queries.counted(r, None), (r.net or 0) if r.ok else None,
            r.wins if r.ok else None) for r in rows]  # fmt: skip
    return out + [(queries.listed(r), None, None, None) for r in waiting]
