"""Verification results: one row per (session, head seq, engine version, options), written once.

A task that runs twice (a redelivered message, a second worker) inserts nothing the second time;
a new engine version or a correction (a new head) adds a row and keeps the old ones.
"""

from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from datetime import date, timedelta
from typing import Any, NamedTuple

import msgspec
from packaging.version import InvalidVersion, Version
from sqlalchemy import Connection, Engine, Select, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql.dml import ReturningInsert
from sqlmodel import col

from engine import report as audit_report
from events.db import db_session, get_engine, text_value
from events.models import EventChunk, TableSession, Verification, played_between, utcnow

_INSERT: dict[str, Callable[[type[Verification]], postgresql.Insert | sqlite.Insert]] = {
    "postgresql": postgresql.insert,
    "sqlite": sqlite.insert,
}


# The stored error of a verification given up because its audit killed the worker each time
# (workers.tasks); any other failed verification's error is the engine's exception.
WORKER_DIED = "the worker process died verifying this session"


def failure_kind(error: str | None) -> str:
    """Why a failed verification failed, as a code a page words in its language:
    "worker_died" (its audit killed the worker process every time) or "engine_failed" (the
    engine raised on the log; ``error`` holds the exception, a detail for developers)."""
    return "worker_died" if (error or "").startswith(WORKER_DIED) else "engine_failed"


def report_of(text: str | None) -> audit_report.Report | None:
    """A stored report (the ``report`` column: JSON of any report version) as the current
    version's Report (``engine.report.load`` upcasts it); None for a failed audit."""
    return None if text is None else audit_report.load(json.loads(text))


# The stored report: compact JSON (11 % fewer bytes than with spaces), written by msgspec's
# encoder: the bytes ``json.dumps(report, ensure_ascii=False, separators=(",", ":"))`` wrote
# (tests/events/test_report_json.py; a float with an exponent would be spelt 1e16, not 1e+16,
# the same number) in a fifth of the CPU (docs/performance.md, "Issue 29 (2)", third round).
_encode = msgspec.json.Encoder().encode


def report_json(report: Mapping[str, Any]) -> str:
    """A report's JSON form as the ``report`` column keeps it."""
    return _encode(report).decode()


def options_json(options: Mapping[str, Any] | None) -> str:
    return json.dumps(options or {}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def options_hash(options: Mapping[str, Any] | None) -> str:
    return hashlib.sha256(options_json(options).encode()).hexdigest()


class Result(NamedTuple):
    """A verification result to store (``report``: the report's JSON form, None if failed)."""

    session_id: str
    head_seq: int
    engine_version: str
    options: Mapping[str, Any] | None
    status: str
    report: Mapping[str, Any] | None = None
    disputes: int = 0
    anomalies: int = 0
    error: str | None = None


def record_verification(
    *,
    session_id: str,
    head_seq: int,
    engine_version: str,
    options: Mapping[str, Any] | None,
    status: str,
    report: Mapping[str, Any] | None = None,
    disputes: int = 0,
    anomalies: int = 0,
    error: str | None = None,
    engine: Engine | None = None,
    then: Callable[[Connection, int], None] | None = None,
) -> bool:
    """Store a result unless this (session, head, version, options) has one; True if stored.
    ``then(connection, id)``: what to write with a stored row, in its transaction (the
    digest of the report in hand: one transaction, nothing read back)."""
    result = Result(session_id, head_seq, engine_version, options, status, report, disputes,
                    anomalies, error)  # fmt: skip
    if then is None:
        return bool(record_verifications([result], engine=engine))
    each = then  # one result: stored is [(0, its id)]
    return bool(record_verifications([result], engine=engine, then=lambda c, s: each(c, s[0][1])))


def record_verifications(
    results: Sequence[Result],
    *,
    engine: Engine | None = None,
    then: Callable[[Connection, list[tuple[int, int]]], None] | None = None,
) -> list[int]:
    """Store each result unless its (session, head, version, options) has one, all in one
    transaction (a worker's batch of uploads: one commit, not one a session); the indexes
    in ``results`` of those stored. ``then(connection, stored)``: what to write with the
    stored rows, in their transaction, given (index, id) of each."""
    for result in results:
        if result.status not in ("ok", "failed"):
            raise ValueError(f"status must be 'ok' or 'failed', not {result.status!r}")
    engine = engine or get_engine()
    insert = _insert_once(engine.dialect.name)
    rows = [_row(result, engine) for result in results]
    first = {_key(row): n for n, row in reversed(list(enumerate(rows)))}  # a repeated key: once
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # A result is derived: a crash that loses it before the WAL reaches the disk leaves
            # the session unverified, and reverify_all writes it again. Not waiting for the
            # flush keeps a worker busy instead of idle on every session.
            connection.exec_driver_sql("SET LOCAL synchronous_commit = off")
        # One statement for the batch; the rows it returns are those inserted, in no order.
        returned = connection.execute(insert, rows).all() if rows else []
        stored = sorted((first[tuple(key)], vid) for vid, *key in returned)
        if stored and then is not None:
            then(connection, stored)
    return [n for n, _ in stored]


_UNIQUE = ("session_id", "head_seq", "engine_version", "options_hash")  # a result's key


def _key(row: Mapping[str, Any]) -> tuple[Any, ...]:
    return tuple(row[name] for name in _UNIQUE)


def _row(result: Result, engine: Engine) -> dict[str, Any]:
    """The row of a result; its report's JSON as the UTF-8 the encoder wrote where the
    database takes it so (``text_value``: no str made of ~60 kB to be encoded again)."""
    options = result.options
    return dict(
        session_id=result.session_id, head_seq=result.head_seq,
        engine_version=result.engine_version, options=options_json(options),
        options_hash=options_hash(options), status=result.status,
        report=None if result.report is None else text_value(_encode(result.report), engine),
        disputes=result.disputes, anomalies=result.anomalies, error=result.error,
        created_at=utcnow(),
    )  # fmt: skip


@functools.cache
def _insert_once(dialect: str) -> ReturningInsert[Any]:
    """INSERT … ON CONFLICT DO NOTHING RETURNING id and key of result rows: a row back means it
    was stored (psycopg reports no rowcount for an insert that returns rows). Built once: it
    takes the rows as parameters."""
    returned = [col(Verification.id), *(col(getattr(Verification, name)) for name in _UNIQUE)]
    return _INSERT[dialect](Verification).on_conflict_do_nothing().returning(*returned)


def verifications_of(*, session_id: str, engine: Engine | None = None) -> list[Verification]:
    """Every result for a session, oldest first."""
    query = (
        select(Verification)
        .where(col(Verification.session_id) == session_id)
        .order_by(col(Verification.id))
    )
    with db_session(engine) as db:
        return list(db.scalars(query))


def head_status(
    *,
    session_id: str,
    engine_version: str,
    options: Mapping[str, Any] | None = None,
    engine: Engine | None = None,
) -> tuple[int, bool] | None:
    """(head seq, whether that head has a result for this engine version and options) of a
    session, or None if there is no such session: what a verification task checks first, in
    one query."""
    query = select(col(TableSession.head_seq), _verified(engine_version, options).exists()).where(
        col(TableSession.id) == session_id
    )
    with (engine or get_engine()).connect() as connection:
        row = connection.execute(query).first()
    return None if row is None else (row[0], row[1])


def _verified(engine_version: str, options: Mapping[str, Any] | None) -> Select[int | None]:
    """The result rows of a session's current head (correlated to ``sessions``)."""
    return select(col(Verification.id)).where(
        col(Verification.session_id) == col(TableSession.id),
        col(Verification.head_seq) == col(TableSession.head_seq),
        col(Verification.engine_version) == engine_version,
        col(Verification.options_hash) == options_hash(options),
    )


def unverified_sessions(
    *,
    engine_version: str,
    options: Mapping[str, Any] | None = None,
    ids: list[str] | None = None,
    engine: Engine | None = None,
) -> list[str]:
    """Ids of sessions (of ``ids``, default all) whose current head has no result for this
    engine version and options, oldest first."""
    query = (
        select(col(TableSession.id))
        .where(~_verified(engine_version, options).exists())
        .order_by(col(TableSession.created_at), col(TableSession.id))
    )
    if ids is not None:
        query = query.where(col(TableSession.id).in_(ids))
    with db_session(engine) as db:
        return list(db.scalars(query))


def older_versions(engine_version: str, *, engine: Engine | None = None) -> list[str]:
    """The engine versions with results in the store that are older than ``engine_version``
    (PEP 440 order: "0.10" is newer than "0.9")."""
    current = Version(engine_version)
    with db_session(engine) as db:
        found = db.scalars(select(col(Verification.engine_version)).distinct())
        return sorted(v for v in found if _version(v) < current)


def _version(text: str) -> Version:
    try:
        return Version(text)
    except InvalidVersion:
        return Version("0")  # a version nobody released is older than any release


def reverify_candidates(
    *,
    engine_version: str,
    every: bool = False,
    club: str | None = None,
    since: date | None = None,
    engine: Engine | None = None,
) -> list[str]:
    """Ids of the sessions ``fupan reverify`` has to verify, oldest first: those whose head has
    no result from ``engine_version`` (default options) and whose newest result is from an
    older engine version, or with ``every`` all sessions without that result. ``club``: one
    club's; ``since``: played (the log's started_at, else stored) on or after that day."""
    query = select(col(TableSession.id)).where(~_verified(engine_version, None).exists())
    if not every:
        newest = (
            select(col(Verification.engine_version))
            .where(col(Verification.session_id) == col(TableSession.id))
            .order_by(col(Verification.id).desc())
            .limit(1)
            .scalar_subquery()
        )
        query = query.where(newest.in_(older_versions(engine_version, engine=engine)))
    if club is not None:
        query = query.where(col(TableSession.club) == club)
    query = query.where(*played_between(since, None))
    with db_session(engine) as db:
        return list(db.scalars(query.order_by(col(TableSession.created_at), col(TableSession.id))))


def stranded_sessions(
    *, older_than: timedelta, limit: int = 1000, engine: Engine | None = None
) -> list[str]:
    """Sessions whose current head has no result at all although it was written more than
    ``older_than`` ago: their verification message was lost (a worker or the broker died).
    What the sweeper queues again."""
    cutoff = utcnow() - older_than
    any_result = select(col(Verification.id)).where(
        col(Verification.session_id) == col(TableSession.id),
        col(Verification.head_seq) == col(TableSession.head_seq),
    )
    head_written = select(col(EventChunk.recorded_at)).where(
        col(EventChunk.stream) == col(TableSession.id),
        col(EventChunk.last_seq) == col(TableSession.head_seq),
    )
    query = (
        select(col(TableSession.id))
        .where(~any_result.exists(), head_written.scalar_subquery() < cutoff)
        .order_by(col(TableSession.created_at), col(TableSession.id))
        .limit(limit)
    )
    with db_session(engine) as db:
        return list(db.scalars(query))
