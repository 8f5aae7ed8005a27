"""Verification results: one row per (session, head seq, engine version, options), written once.

A task that runs twice (a redelivered message, a second worker) inserts nothing the second time;
a new engine version or a correction (a new head) adds a row and keeps the old ones.
"""

from __future__ import annotations

import functools
import hashlib
import json

from sqlalchemy import Engine, select
from sqlalchemy.dialects import postgresql, sqlite

from events.db import db_session, get_engine
from events.models import TableSession, Verification, utcnow

_INSERT = {"postgresql": postgresql.insert, "sqlite": sqlite.insert}


def options_json(options: dict | None) -> str:
    return json.dumps(options or {}, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def options_hash(options: dict | None) -> str:
    return hashlib.sha256(options_json(options).encode()).hexdigest()


def record_verification(
    *,
    session_id: str,
    head_seq: int,
    engine_version: str,
    options: dict | None,
    status: str,
    report: dict | None = None,
    disputes: int = 0,
    anomalies: int = 0,
    error: str | None = None,
    engine: Engine | None = None,
) -> bool:
    """Store a result unless this (session, head, version, options) has one; True if stored."""
    if status not in ("ok", "failed"):
        raise ValueError(f"status must be 'ok' or 'failed', not {status!r}")
    engine = engine or get_engine()
    row = dict(
        session_id=session_id, head_seq=head_seq, engine_version=engine_version,
        options=options_json(options), options_hash=options_hash(options), status=status,
        report=None if report is None else json.dumps(report, ensure_ascii=False),
        disputes=disputes, anomalies=anomalies, error=error, created_at=utcnow(),
    )  # fmt: skip
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            # A result is derived: a crash that loses it before the WAL reaches the disk leaves
            # the session unverified, and reverify_all writes it again. Not waiting for the
            # flush keeps a worker busy instead of idle on every session.
            connection.exec_driver_sql("SET LOCAL synchronous_commit = off")
        return connection.execute(_insert_once(engine.dialect.name), row).first() is not None


@functools.cache
def _insert_once(dialect: str):
    """INSERT … ON CONFLICT DO NOTHING RETURNING id of a result row: a row back means it was
    stored (psycopg reports no rowcount for an insert that returns rows). Built once: it
    takes the row as parameters."""
    table = Verification.__table__
    return _INSERT[dialect](table).on_conflict_do_nothing().returning(table.c.id)


def verifications_of(*, session_id: str, engine: Engine | None = None) -> list[Verification]:
    """Every result for a session, oldest first."""
    query = (
        select(Verification).where(Verification.session_id == session_id).order_by(Verification.id)
    )
    with db_session(engine) as db:
        return list(db.scalars(query))


def head_status(
    *,
    session_id: str,
    engine_version: str,
    options: dict | None = None,
    engine: Engine | None = None,
) -> tuple[int, bool] | None:
    """(head seq, whether that head has a result for this engine version and options) of a
    session, or None if there is no such session: what a verification task checks first, in
    one query."""
    query = select(TableSession.head_seq, _verified(engine_version, options).exists()).where(
        TableSession.id == session_id
    )
    with (engine or get_engine()).connect() as connection:
        row = connection.execute(query).first()
    return None if row is None else (row[0], row[1])


def _verified(engine_version: str, options: dict | None):
    """The result rows of a session's current head (correlated to ``sessions``)."""
    return select(Verification.id).where(
        Verification.session_id == TableSession.id,
        Verification.head_seq == TableSession.head_seq,
        Verification.engine_version == engine_version,
        Verification.options_hash == options_hash(options),
    )


def unverified_sessions(
    *,
    engine_version: str,
    options: dict | None = None,
    ids: list[str] | None = None,
    engine: Engine | None = None,
) -> list[str]:
    """Ids of sessions (of ``ids``, default all) whose current head has no result for this
    engine version and options, oldest first."""
    query = (
        select(TableSession.id)
        .where(~_verified(engine_version, options).exists())
        .order_by(TableSession.created_at, TableSession.id)
    )
    if ids is not None:
        query = query.where(TableSession.id.in_(ids))
    with db_session(engine) as db:
        return list(db.scalars(query))
