"""The whole-history pages' queries over the digests (``workers.digests``): a club's sessions
with the digest of each one's newest verification, a player's sessions with their net and
wins, and fingerprints of what the charts show (their cache keys). A few queries each, no
report read; the workers wrote the digests with each result."""

from __future__ import annotations

import hashlib
from array import array
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from sqlalchemy import case, exists, func, select
from sqlalchemy.orm import aliased

from events.models import Digest as DigestRow
from events.models import DigestPlayer, TableSession, played_between
from events.withdrawals import counted
from service.db import db
from service.sessions import queries
from workers import digests


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
    query = query.where(TableSession.club.in_(clubs), counted())
    if flt.table:
        query = query.where(TableSession.table_name == flt.table)
    if flt.day:
        query = query.where(TableSession.started_at.startswith(flt.day.isoformat()))
    return query.where(*played_between(flt.since, flt.until))


def club_sessions(
    clubs: Iterable[str], flt: queries.SessionFilter
) -> list[tuple[queries.ListedSession, queries.ListedVerification | None, digests.Digest | None]]:
    """Every session of ``clubs`` passing ``flt`` (club, table, day, player), each with its
    newest verification's counts and digest (None while there is none, or the audit failed)."""
    clubs = [c for c in clubs if not flt.club or c == flt.club]
    if not clubs:
        return []
    newest = _newest()
    sessions = _filtered(
        select(*queries.SESSION_COLUMNS, *_verification_columns(newest), newest.c.hands,
               newest.c.disputed_hands, newest.c.explanations, newest.c.winner_points)
        .outerjoin(newest, newest.c.session_id == TableSession.id),
        clubs, flt,
    )  # fmt: skip
    players = _filtered(
        select(DigestPlayer.verification_id, DigestPlayer.player, DigestPlayer.net,
               DigestPlayer.wins, DigestPlayer.owed)
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


def _audited(clubs: list[str], flt: queries.SessionFilter):
    """The sessions of ``clubs`` passing ``flt`` whose newest result has a report, with its id."""
    newest = _newest()
    sessions = _filtered(
        select(TableSession.id, TableSession.started_at, TableSession.created_at,
               TableSession.table_name, newest.c.verification_id)
        .join(newest, newest.c.session_id == TableSession.id).where(newest.c.ok),
        clubs, flt,
    )  # fmt: skip
    if flt.player:
        sessions = sessions.where(exists().where(
            DigestPlayer.verification_id == newest.c.verification_id,
            DigestPlayer.player == flt.player, DigestPlayer.seated))  # fmt: skip
    return sessions


def audited_version(clubs: list[str], flt: queries.SessionFilter) -> str:
    """A fingerprint of the sessions ``club_nets`` (and the club charts) read: the ids of their
    newest results. A result row, its digest and a session's date, table and ruleset never
    change, so the same ids mean the same data (one column of ints, far less than the data)."""
    chosen = _audited(clubs, flt).subquery()
    with db() as session:
        ids = session.execute(select(chosen.c.verification_id).order_by(chosen.c.verification_id))
        return hashlib.blake2b(array("q", ids.scalars()).tobytes(), digest_size=16).hexdigest()


def club_nets(
    clubs: list[str], flt: queries.SessionFilter
) -> list[tuple[str, str, dict[str, int]]]:
    """(date, table, recorded net per player) of each session of ``clubs`` passing ``flt`` whose
    newest result has a report, oldest first: what the running balance needs, and no more."""
    sessions = _audited(clubs, flt)
    chosen = sessions.subquery()
    nets = (
        select(DigestPlayer.verification_id, DigestPlayer.player, DigestPlayer.net)
        .join(chosen, chosen.c.verification_id == DigestPlayer.verification_id)
        .where(DigestPlayer.net.is_not(None))
        .order_by(DigestPlayer.verification_id, DigestPlayer.position)
    )
    with db() as session:
        rows = session.exec(sessions).all()
        by_vid: dict[int, dict[str, int]] = defaultdict(dict)
        for vid, player, net in session.exec(nets):
            by_vid[vid][player] = net
    rows = sorted(rows, key=lambda r: (r.started_at or "", r.created_at.isoformat(), r.id))
    return [(r.started_at or r.created_at.isoformat(), r.table_name, by_vid[r.verification_id])
            for r in rows]  # fmt: skip


Period = tuple[date | None, date | None]  # since, until: days, both included; None: open
ALWAYS: Period = (None, None)


def player_sessions(
    clubs: Iterable[str], name: str, newest: int | None = None, period: Period = ALWAYS
) -> Played:
    """The sessions of ``clubs`` played in ``period`` where ``name`` played (the newest
    ``newest`` of them, or all), each with its newest verification's counts and the player's recorded net and wins in it
    (None: no report yet, or it failed); and how many there are and the sum of the nets."""
    clubs = list(clubs)
    if not clubs:
        return Played([], 0, 0)
    newest_digests = _newest()
    net = case((newest_digests.c.ok, func.coalesce(DigestPlayer.net, 0)), else_=0)
    played = _played(
        select(*queries.SESSION_COLUMNS, *_verification_columns(newest_digests), DigestPlayer.net,
               DigestPlayer.wins, func.count().over().label("count"),
               func.sum(net).over().label("total")),  # over every row, before the limit
        newest_digests, clubs, name, period,
    )  # fmt: skip
    if newest is not None:  # the order the pages list them in, newest first
        played = played.order_by(
            func.coalesce(TableSession.started_at, "").desc(),
            TableSession.created_at.desc(),
            TableSession.id.desc(),
        )
        played = played.limit(newest)  # fmt: skip
    with db() as session:
        rows = session.exec(played).all()
        waiting = [r for r in session.exec(_unverified(clubs, period)) if name in r.players]
    out = [(queries.listed(r), queries.counted(r, None), (r.net or 0) if r.ok else None,
            r.wins if r.ok else None) for r in rows]  # fmt: skip
    count, total = (rows[0].count, int(rows[0].total)) if rows else (0, 0)
    return Played(out + [(queries.listed(r), None, None, None) for r in waiting],
                  count + len(waiting), total)  # fmt: skip


def player_version(clubs: Iterable[str], name: str, period: Period = ALWAYS) -> str:
    """A fingerprint of every session ``player_sessions`` returns and the player's net in it:
    the ids of their newest results, and of the sessions with none yet."""
    clubs = list(clubs)
    newest_digests = _newest()
    played = _played(select(newest_digests.c.verification_id), newest_digests, clubs, name, period)
    with db() as session:
        ids = sorted(session.execute(played).scalars())
        waiting = [r for r in session.exec(_unverified(clubs, period)) if name in r.players]
        waiting = sorted(r.id for r in waiting)
    return hashlib.blake2b(repr((ids, waiting)).encode(), digest_size=16).hexdigest()


def _played(query, newest_digests, clubs: list[str], name: str, period: Period):
    """``query`` over the newest digests where ``name`` sat, of the sessions of ``clubs`` played
    in ``period``."""
    return (
        query.select_from(DigestPlayer)
        .join(newest_digests, newest_digests.c.verification_id == DigestPlayer.verification_id)
        .join(TableSession, TableSession.id == newest_digests.c.session_id)
        .where(
            DigestPlayer.player == name,
            DigestPlayer.seated,
            TableSession.club.in_(clubs),
            counted(),
            *played_between(*period),
        )
    )


def _unverified(clubs: list[str], period: Period):
    """The sessions of ``clubs`` played in ``period`` with no digest yet (no result, or not
    digested yet)."""
    return select(*queries.SESSION_COLUMNS).where(
        TableSession.club.in_(clubs),
        counted(),
        *played_between(*period),
        ~exists().where(DigestRow.session_id == TableSession.id),
    )


@dataclass(frozen=True)
class Played:
    sessions: list[tuple[queries.ListedSession, queries.ListedVerification | None, int | None,
                         int | None]]  # fmt: skip
    count: int
    total: int


def listed_sessions(
    clubs: Iterable[str], flt: queries.SessionFilter
) -> list[queries.ListedSession]:
    """The sessions of ``clubs`` passing ``flt`` (table, day, period, player), oldest first, with
    no verification read: what a page needs to name a session and link to it."""
    clubs = [c for c in clubs if not flt.club or c == flt.club]
    if not clubs:
        return []
    with db() as session:
        rows = session.exec(_filtered(select(*queries.SESSION_COLUMNS), clubs, flt)).all()
    listed = [queries.listed(r) for r in rows if not flt.player or flt.player in r.players]
    return sorted(listed, key=lambda s: (s.started_at or "", s.created_at.isoformat(), s.id))
