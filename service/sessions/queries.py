"""Read-only queries over the store's tables that the pages need (listing and filtering).

Writes go through ``events.store`` only; this module never inserts or updates.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import func, or_
from sqlalchemy.orm import defer
from sqlmodel import select

from engine.report import Report
from events import store, verifications, withdrawals
from events.models import TableSession, Verification, played_between
from service.db import db
from service.db import engine as app_engine


@dataclass(frozen=True)
class SessionFilter:
    """The session list's filters; empty fields do not filter."""

    club: str = ""
    table: str = ""
    player: str = ""
    day: date | None = None
    since: date | None = None  # a period, both days included (``events.models.played_between``)
    until: date | None = None
    disputed_only: bool = False
    or_pending: bool = False  # with disputed_only: sessions being verified again as well
    with_withdrawn: bool = False  # the list of sessions: withdrawn ones too (marked), not counted


@dataclass(frozen=True)
class ListedSession:
    """A session as the lists show it: plain columns, because building 200 ORM objects per page
    cost more than the queries."""

    id: str
    club: str
    table_name: str
    ruleset: str
    players: list[str]
    started_at: str | None
    created_at: datetime
    head_seq: int
    counts: bool = True  # False: withdrawn (events.withdrawals), out of the club's counts


@dataclass(frozen=True)
class ListedVerification:
    """The newest verification's counts (and its report JSON only when asked)."""

    id: int
    head_seq: int
    status: str
    disputes: int
    anomalies: int
    report: str | None = None


def list_sessions(
    clubs: Iterable[str],
    flt: SessionFilter = SessionFilter(),
    limit: int = 200,
    offset: int = 0,
    *,
    with_report: bool = False,
) -> list[tuple[ListedSession, ListedVerification | None]]:
    """Sessions of ``clubs`` (newest first), ``limit`` of them from ``offset``, each with its
    newest verification, in one query (reports, which are large, loaded only when asked)."""
    clubs = list(clubs)
    if flt.club:
        clubs = [c for c in clubs if c == flt.club]
    if not clubs:
        return []
    newest = (
        select(Verification.session_id, func.max(Verification.id).label("vid"))
        .group_by(Verification.session_id)
        .subquery()
    )
    query = (
        select(*SESSION_COLUMNS, *_VERIFICATION_COLUMNS, withdrawals.counted().label("counts"))
        .outerjoin(newest, newest.c.session_id == TableSession.id)
        .outerjoin(Verification, Verification.id == newest.c.vid)
        .where(TableSession.club.in_(clubs))
    )
    if not flt.with_withdrawn:
        query = query.where(withdrawals.counted())
    if flt.table:
        query = query.where(TableSession.table_name == flt.table)
    if flt.day:
        query = query.where(TableSession.started_at.startswith(flt.day.isoformat()))
    query = query.where(*played_between(flt.since, flt.until))
    if flt.disputed_only:
        shown = [Verification.disputes > 0, Verification.anomalies > 0]
        if flt.or_pending:
            shown.append(Verification.head_seq < TableSession.head_seq)
        query = query.where(or_(*shown))
    query = query.order_by(TableSession.started_at.desc(), TableSession.id)
    if not flt.player:  # players are a JSON list: filtered below, the same on every database
        query = query.offset(offset).limit(limit)
    with db() as session:
        rows = session.exec(query).all()
    if flt.player:
        rows = [r for r in rows if flt.player in r.players][offset : offset + limit]
    texts = reports([r.vid for r in rows if r.vid is not None]) if with_report else {}
    return [(listed(r), counted(r, texts.get(r.vid))) for r in rows]


SESSION_COLUMNS = (
    TableSession.id, TableSession.club, TableSession.table_name, TableSession.ruleset,
    TableSession.players, TableSession.started_at, TableSession.created_at, TableSession.head_seq,
)  # fmt: skip
_VERIFICATION_COLUMNS = (
    Verification.id.label("vid"), Verification.head_seq.label("v_head_seq"),
    Verification.status, Verification.disputes, Verification.anomalies,
)  # fmt: skip


def listed(row) -> ListedSession:
    """A row of ``SESSION_COLUMNS`` (and ``counts`` when the query selected it)."""
    return ListedSession(row.id, row.club, row.table_name, row.ruleset, list(row.players),
                         row.started_at, row.created_at, row.head_seq,
                         bool(row._mapping.get("counts", True)))  # fmt: skip


def counted(row, report: str | None) -> ListedVerification | None:
    if row.vid is None:
        return None
    return ListedVerification(
        row.vid, row.v_head_seq, row.status, row.disputes, row.anomalies, report
    )


def reports(verification_ids: list[int]) -> dict[int, str | None]:
    """The report JSON of each verification."""
    if not verification_ids:
        return {}
    with db() as session:
        rows = session.exec(
            select(Verification.id, Verification.report).where(
                Verification.id.in_(verification_ids)
            )
        ).all()
    return dict(rows)


def latest_day(club: str) -> date | None:
    """The date of the club's newest session that counts (a ledger opens on that night)."""
    with db() as session:
        newest = session.exec(
            select(func.max(TableSession.started_at)).where(
                TableSession.club == club, withdrawals.counted()
            )
        ).first()
    try:
        return date.fromisoformat(newest[:10]) if newest else None
    except ValueError:
        return None


def latest_verifications(
    session_ids: list[str], *, with_report: bool = True
) -> dict[str, Verification]:
    """The newest verification of each session (by id, which grows with time)."""
    if not session_ids:
        return {}
    newest = (
        select(func.max(Verification.id))
        .where(Verification.session_id.in_(session_ids))
        .group_by(Verification.session_id)
    )
    query = select(Verification).where(Verification.id.in_(newest))
    if not with_report:
        query = query.options(defer(Verification.report), defer(Verification.options))
    with db() as session:
        rows = session.exec(query).all()
    return {v.session_id: v for v in rows}


def report_of(verification: Verification | ListedVerification | None) -> Report | None:
    """The verification's report, lifted to the current version (None: pending or failed)."""
    return None if verification is None else verifications.report_of(verification.report)


@dataclass(frozen=True)
class Outlined:
    """An event of a stream by seq and type; ``record`` only for the records asked for."""

    seq: int
    type: str
    record: dict | None


def stream_outline(session_id: str, after_seq: int, upto_seq: int) -> list[Outlined]:
    """Every event of a session by seq and type, with the records of its hands and of the
    events after ``after_seq`` up to ``upto_seq`` (what a verification history names)."""
    records = store.read_records(session_id=session_id, engine=app_engine())
    return [
        Outlined(seq, r["type"], r if after_seq < seq <= upto_seq or r["type"] == "hand" else None)
        for seq, r in enumerate(records)
    ]


def corrections_after(session_id: str, seq: int) -> list[dict]:
    """The corrections appended to a session after ``seq`` (those its latest report has not
    verified yet: a dispute just resolved, its session queued again)."""
    records = store.read_records(session_id=session_id, engine=app_engine())
    return [r for r in records[seq + 1 :] if r["type"] == "correction"]
