"""The efficiency review as a derived result: computed from a session's stored records at its
head, stored once per (session, head, engine version), and loaded by the pages and the API.

The workers compute it after each verification, as a task of its own queued behind the
verifications (``workers.tasks.review_soon``); a reader who finds none (its message lost, a
head verified before reviews were queued) computes and stores it on first ask. A new engine
version or a new head gets its own row; a row of an older ``REVIEW_VERSION`` counts as none (the
sweeper queues it again) and is replaced when the review is stored again.

What is stored is each decision's figures, not its detail (every option's effective tiles, the
听牌 waits' values): the replay asks a step's detail on view (``step_detail``).
"""

from __future__ import annotations

import time
from datetime import timedelta
from typing import Any

import msgspec
from sqlalchemy import Engine, delete, func, select
from sqlalchemy.dialects import postgresql, sqlite

from engine.replay import replay
from engine.review import REVIEW_VERSION, Decision, SessionReview, review_records, review_step
from events import store
from events.db import db_session, get_engine
from events.models import ReviewRow, TableSession, Verification, utcnow

_INSERT = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}

# The stored review is compact JSON written and read by msgspec (in C): any JSON reader reads it
# (its values are those ``json.dumps`` wrote, without the spaces: 10-15 % fewer bytes), and a
# row written with spaces before reads the same. Encoding a session's review took ≈ 1.2-2 ms
# with ``json.dumps``, a fifth of that now (docs/performance.md, "issue 24").
_encode = msgspec.json.Encoder().encode
_decode = msgspec.json.Decoder().decode


def review_json(result: SessionReview) -> str:
    """A review as the ``result`` column keeps it."""
    return _encode(result.to_dict()).decode()


def review_of(text: str | bytes) -> SessionReview:
    """A stored review (the ``result`` column, of any review version the engine reads)."""
    data: dict[str, Any] = _decode(text)
    return SessionReview.from_dict(data)


def stored(
    session_id: str, head_seq: int, engine_version: str, engine: Engine | None = None
) -> ReviewRow | None:
    query = select(ReviewRow).where(
        ReviewRow.session_id == session_id,
        ReviewRow.head_seq == head_seq,
        ReviewRow.engine_version == engine_version,
        ReviewRow.review_version == REVIEW_VERSION,
    )
    with db_session(engine) as db:
        return db.scalars(query).first()


def unreviewed(
    engine_version: str,
    older_than: timedelta = timedelta(0),
    limit: int | None = 1000,
    engine: Engine | None = None,
) -> list[str]:
    """Sessions whose current head this engine version verified ("ok") more than
    ``older_than`` ago and has no stored review of (of this ``REVIEW_VERSION``): their review
    message was lost (a worker or the broker died, or the process of the embedded queue), or
    its stored review is of an older shape. What the sweeper queues again."""
    reviewed = select(ReviewRow.id).where(
        ReviewRow.session_id == TableSession.id,
        ReviewRow.head_seq == TableSession.head_seq,
        ReviewRow.engine_version == engine_version,
        ReviewRow.review_version == REVIEW_VERSION,
    )
    query = (
        select(TableSession.id)
        .join(Verification, Verification.session_id == TableSession.id)
        .where(Verification.head_seq == TableSession.head_seq,
               Verification.engine_version == engine_version, Verification.status == "ok",
               Verification.created_at < utcnow() - older_than, ~reviewed.exists())
        .group_by(TableSession.id)
        .order_by(func.min(Verification.created_at), TableSession.id)
        .limit(limit)
    )  # fmt: skip
    with db_session(engine) as db:
        return list(db.scalars(query))


def review_at_head(
    session_id: str, engine_version: str, engine: Engine | None = None
) -> tuple[SessionReview, float] | None:
    """(the review of the session's current head, seconds it took to compute); computed and
    stored if this engine version has none yet. None for an unknown session."""
    query = select(TableSession.head_seq).where(TableSession.id == session_id)
    with (engine or get_engine()).connect() as connection:  # Core, not the ORM: one column
        head = connection.execute(query).scalar()
    if head is None:
        return None
    row = stored(session_id, head, engine_version, engine)
    if row is not None:
        return review_of(row.result), row.seconds
    records = store.read_records(session_id=session_id)[: head + 1]
    start = time.perf_counter()
    result = review_records(records, detail=False)
    seconds = time.perf_counter() - start
    _store(session_id, head, engine_version, result, seconds, engine)
    return result, seconds


def _store(
    session_id: str,
    head: int,
    engine_version: str,
    result: SessionReview,
    seconds: float,
    engine: Engine | None,
) -> None:
    engine = engine or get_engine()
    table = ReviewRow.__table__
    row = dict(
        session_id=session_id,
        head_seq=head,
        engine_version=engine_version,
        review_version=result.version,
        seconds=seconds,
        created_at=utcnow(),
        result=review_json(result),
    )
    older = delete(table).where(
        table.c.session_id == session_id,
        table.c.head_seq == head,
        table.c.engine_version == engine_version,
        table.c.review_version < result.version,
    )
    with engine.begin() as connection:  # an older shape's row makes way (a new id: new inputs)
        connection.execute(older)
        connection.execute(_INSERT[engine.dialect.name](table).on_conflict_do_nothing(), row)


def clubs_of(session_ids: set[str], engine: Engine | None = None) -> set[str]:
    """The clubs of these sessions (unknown ids and sessions of no club left out): whose
    integrity signals a review updates."""
    if not session_ids:
        return set()
    query = select(TableSession.club).where(TableSession.id.in_(sorted(session_ids))).distinct()
    with (engine or get_engine()).connect() as connection:
        return {club for club in connection.execute(query).scalars() if club}


def stored_for(
    session_ids: list[str], engine_version: str, engine: Engine | None = None
) -> dict[str, SessionReview]:
    """The stored reviews of these sessions' current heads by this engine version, by session
    id (sessions not reviewed yet are left out: a page does not compute a club's worth of
    reviews)."""
    if not session_ids:
        return {}
    query = _current((ReviewRow.session_id, ReviewRow.result), session_ids, engine_version)
    with db_session(engine) as db:
        return {sid: review_of(text) for sid, text in db.execute(query)}


def stored_ids(
    session_ids: list[str], engine_version: str, engine: Engine | None = None
) -> list[int]:
    """The row ids of what :func:`stored_for` reads, sorted (rows are written once: the same ids
    are the same reviews, so a reader can keep what it made of them)."""
    if not session_ids:
        return []
    with db_session(engine) as db:
        return sorted(db.scalars(_current(ReviewRow.id, session_ids, engine_version)))


def _current(columns: Any, session_ids: list[str], engine_version: str) -> Any:
    """Select ``columns`` (one, or a tuple) of the current-version reviews of these sessions'
    heads."""
    return (
        select(*columns if isinstance(columns, tuple) else (columns,))
        .join(TableSession, TableSession.id == ReviewRow.session_id)
        .where(ReviewRow.session_id.in_(session_ids), ReviewRow.head_seq == TableSession.head_seq,
               ReviewRow.engine_version == engine_version,
               ReviewRow.review_version == REVIEW_VERSION)
    )  # fmt: skip


def step_detail(
    session_id: str, hand: int, step: int, engine: Engine | None = None
) -> tuple[Decision, ...] | None:
    """The decisions at ``step`` of the session's ``hand``-th hand (from 1, as the replay counts
    them) at its current head, with their detail: the options and their effective tiles, the
    听牌 waits' values. What the replay shows on a step, computed on view (the hand walked up
    to the step: a few ms). None when the session or the hand is unknown."""
    try:
        session = store.get_session(session_id=session_id, engine=engine)
    except store.SessionNotFound:
        return None
    records = store.read_records(session_id=session_id, engine=engine)[: session.head_seq + 1]
    hands = replay(records).hands
    return review_step(hands[hand - 1], step) if 1 <= hand <= len(hands) else None
