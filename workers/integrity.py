"""A club's integrity signals as a derived result: read the club's verified sessions of a period,
compute ``engine.integrity`` and store it once per source (the verifications it read and the
names it used), so a page or ``fupan integrity`` only loads it."""

from __future__ import annotations

import hashlib
import json
from datetime import date

from sqlalchemy import Engine, func, select
from sqlalchemy.dialects import postgresql, sqlite

from engine.integrity import INTEGRITY_VERSION, IntegrityResult, hand_facts, integrity, load_result
from engine.review import SessionReview
from events import verifications
from events.db import db_session, get_engine
from events.models import (
    EventChunk,
    IntegrityRow,
    ReviewRow,
    TableSession,
    Verification,
    played_between,
    utcnow,
)
from events.withdrawals import counted
from workers.review import review_of

_INSERT = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}


def day(value: date | None) -> str:
    return value.isoformat() if value else ""


def sources(
    club: str, since: date | None, until: date | None, engine: Engine | None = None
) -> list[tuple[TableSession, Verification]]:
    """The club's sessions of the period with the newest successful verification of their
    current head, oldest session first (sessions not yet verified are left out)."""
    newest = (
        select(Verification.session_id, func.max(Verification.id).label("id"))
        .join(TableSession, TableSession.id == Verification.session_id)
        .where(TableSession.club == club, Verification.head_seq == TableSession.head_seq,
               Verification.status == "ok")
        .group_by(Verification.session_id)
        .subquery()
    )  # fmt: skip
    query = (
        select(TableSession, Verification)
        .join(newest, newest.c.session_id == TableSession.id)
        .join(Verification, Verification.id == newest.c.id)
        .where(*played_between(since, until), counted())
        .order_by(TableSession.started_at, TableSession.created_at, TableSession.id)
    )
    with db_session(engine) as db:
        return [(s, v) for s, v in db.execute(query).all()]


def source_key(
    rows: list[tuple[TableSession, Verification]],
    names: dict[str, str],
    engine: Engine | None = None,
) -> str:
    """What a result was computed from: the verifications, the reviews at the same heads, the
    names, the version."""
    reviewed = sorted(_review_ids(rows, engine).values())
    text = json.dumps([INTEGRITY_VERSION, [v.id for _, v in rows], reviewed, sorted(names.items())])
    return hashlib.sha256(text.encode()).hexdigest()


def compute(
    club: str,
    since: date | None = None,
    until: date | None = None,
    names: dict[str, str] | None = None,
    engine: Engine | None = None,
) -> IntegrityResult:
    """The signals of ``club`` from ``since`` to ``until`` (days included), stored unless a
    result from the same verifications and names is; returns it either way."""
    engine = engine or get_engine()
    names = names if names is not None else last_names(club, engine)
    rows = sources(club, since, until, engine)
    key = source_key(rows, names, engine)
    stored = _stored(club, since, until, engine, key)
    if stored is not None:
        return stored
    recorders = _recorders([s.id for s, _ in rows], engine)
    reviews = _reviews(rows, engine)
    hands = [
        fact
        for s, v in rows
        for fact in hand_facts(
            verifications.report_of(v.report), s.id, names, recorders.get(s.id), reviews.get(s.id)
        )
    ]
    result = integrity(hands, club, day(since) or None, day(until) or None)
    row = dict(club=club, since=day(since), until=day(until), source_key=key,
               integrity_version=INTEGRITY_VERSION, names=json.dumps(names, ensure_ascii=False),
               result=json.dumps(result.to_json(), ensure_ascii=False), created_at=utcnow())  # fmt: skip
    with engine.begin() as connection:
        table = IntegrityRow.__table__
        connection.execute(_INSERT[engine.dialect.name](table).on_conflict_do_nothing(), row)
    return result


def latest(
    club: str, since: date | None = None, until: date | None = None, engine: Engine | None = None
) -> tuple[IntegrityResult, str] | None:
    """The newest stored result of the club and period and its source key, or None."""
    row = _latest_row(club, since, until, engine)
    return None if row is None else (load_result(json.loads(row.result)), row.source_key)


def is_current(
    club: str,
    since: date | None,
    until: date | None,
    names: dict[str, str],
    key: str,
    engine: Engine | None = None,
) -> bool:
    """Was ``key`` computed from the verifications the period has now, with these names?"""
    return key == source_key(sources(club, since, until, engine), names, engine)


def last_names(club: str, engine: Engine | None = None) -> dict[str, str]:
    """The names the club's newest result used (a verification's update has no member list)."""
    with db_session(engine) as db:
        row = db.scalars(select(IntegrityRow).where(IntegrityRow.club == club)
                         .order_by(IntegrityRow.id.desc()).limit(1)).first()  # fmt: skip
    return json.loads(row.names) if row is not None else {}


def _latest_row(club, since, until, engine) -> IntegrityRow | None:
    query = (
        select(IntegrityRow)
        .where(IntegrityRow.club == club, IntegrityRow.since == day(since),
               IntegrityRow.until == day(until))
        .order_by(IntegrityRow.id.desc()).limit(1)
    )  # fmt: skip
    with db_session(engine) as db:
        return db.scalars(query).first()


def _stored(club, since, until, engine, key: str) -> IntegrityResult | None:
    with db_session(engine) as db:
        row = db.scalars(select(IntegrityRow).where(
            IntegrityRow.club == club, IntegrityRow.since == day(since),
            IntegrityRow.until == day(until), IntegrityRow.source_key == key)).first()  # fmt: skip
    return None if row is None else load_result(json.loads(row.result))


def _recorders(session_ids: list[str], engine) -> dict[str, str]:
    """Session id -> who entered it at the table (the recorder's ``recorded_by``), if known."""
    if not session_ids:
        return {}
    first = (EventChunk.stream.in_(session_ids), EventChunk.first_seq == 0)
    head = func.substr(EventChunk.data, 1, 8000)  # the session record, not the whole chunk
    with db_session(engine) as db:
        rows = db.execute(select(EventChunk.stream, head).where(*first)).all()
        whole = [stream for stream, data in rows if "\n" not in data]  # a longer first line
        rows += db.execute(
            select(EventChunk.stream, EventChunk.data).where(*first, EventChunk.stream.in_(whole))
        ).all()
    out = {}
    for stream, data in rows:
        if "\n" not in data:
            continue  # read whole just above
        by = json.loads(data.partition("\n")[0]).get("recorded_by")
        if by:
            out[stream] = by
    return out


def _review_ids(rows, engine) -> dict[str, int]:
    """Session id -> the newest stored decision review of its current head (reviews are
    computed on demand, never here: a session without one adds nothing to the play signal)."""
    heads = {s.id: s.head_seq for s, _ in rows}
    if not heads:
        return {}
    query = select(ReviewRow.session_id, ReviewRow.head_seq, ReviewRow.id).where(
        ReviewRow.session_id.in_(list(heads))
    )
    with db_session(engine) as db:
        found = db.execute(query).all()
    out: dict[str, int] = {}
    for session_id, head, row_id in found:
        if head == heads[session_id] and row_id > out.get(session_id, -1):
            out[session_id] = row_id
    return out


def _reviews(rows, engine) -> dict[str, SessionReview]:
    ids = _review_ids(rows, engine)
    if not ids:
        return {}
    with db_session(engine) as db:
        found = db.execute(select(ReviewRow.session_id, ReviewRow.result)
                           .where(ReviewRow.id.in_(list(ids.values())))).all()  # fmt: skip
    return {sid: review_of(text) for sid, text in found}
