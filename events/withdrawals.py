"""Withdrawing a session uploaded by mistake (wrong club or night, a duplicate, a test), and
taking the withdrawal back: each a new row of ``session_withdrawals``, never an edit. The
session's stream, chain, receipts and results stay as they were; what changes is whether a
club's counts (ledger, standings, charts, integrity signals, review summaries) include it,
which every such reader asks through :func:`counted`, in its query."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import ColumnElement, Engine, exists, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased
from sqlmodel import col

from events.db import db_session
from events.models import TableSession, Withdrawal

REASON_LIMIT = 500


class WithdrawalRefused(ValueError):
    """The session is already withdrawn (withdraw), or is not (restore); ``kind`` says which."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        self.kind = kind


@dataclass(frozen=True)
class Open:
    """The withdrawal that keeps a session out of the counts: its row id, who, when and why."""

    id: int
    by: str
    at: datetime
    reason: str


def _open_withdrawals(session_id: Any) -> tuple[Any, list[ColumnElement[bool]]]:
    """The rows of ``session_id``'s withdrawals no restoration names (an alias, its clauses)."""
    w, r = aliased(Withdrawal), aliased(Withdrawal)
    return w, [
        col(w.session_id) == session_id,
        col(w.restores).is_(None),
        ~exists().where(col(r.restores) == col(w.id)),
    ]


def counted() -> ColumnElement[bool]:
    """A condition on ``sessions``, true of a session no open withdrawal takes out of the
    counts: the one filter every reader of a club's counts adds to its query."""
    _w, clauses = _open_withdrawals(col(TableSession.id))
    return ~exists().where(*clauses)


def withdrawn(session_id: str, engine: Engine | None = None) -> Open | None:
    """The open withdrawal of ``session_id`` (the newest, if a race stored two), or None."""
    w, clauses = _open_withdrawals(session_id)
    with db_session(engine) as db:
        row = db.scalars(select(w).where(*clauses).order_by(col(w.id).desc())).first()
    return None if row is None else Open(row.id or 0, row.by, row.at, row.reason)


def history(session_id: str, engine: Engine | None = None) -> list[Withdrawal]:
    """Every withdrawal and restoration of ``session_id``, oldest first."""
    with db_session(engine) as db:
        query = select(Withdrawal).where(col(Withdrawal.session_id) == session_id)
        return list(db.scalars(query.order_by(col(Withdrawal.id))))


def withdraw(session_id: str, by: str, reason: str, engine: Engine | None = None) -> Withdrawal:
    """Append a withdrawal of ``session_id`` (which must exist and not be withdrawn already)."""
    return _append(Withdrawal(session_id=session_id, reason=reason, by=by), engine)


def restore(session_id: str, by: str, reason: str, engine: Engine | None = None) -> Withdrawal:
    """Append the restoration of ``session_id``'s open withdrawal: it counts again."""
    return _append(Withdrawal(session_id=session_id, reason=reason, by=by), engine, restore=True)


def _append(row: Withdrawal, engine: Engine | None, *, restore: bool = False) -> Withdrawal:
    """Store ``row`` as the session's next turn, after checking in the same transaction that
    the session is withdrawn (a restoration) or not (a withdrawal). Two sent at once: SQLite
    runs their transactions one after the other; on PostgreSQL (read committed) one that
    counted its turn before the other committed takes the same turn and fails, and one that
    counted after it sees the other's row in its check."""
    refused = WithdrawalRefused("not_withdrawn" if restore else "already_withdrawn")
    try:
        with db_session(engine) as db:
            # the turn first: a check that saw an older state than it is one whose turn is taken
            turns = select(func.count()).where(col(Withdrawal.session_id) == row.session_id)
            row.turn = db.scalar(turns)
            w, clauses = _open_withdrawals(row.session_id)
            current = db.scalars(select(w).where(*clauses).order_by(col(w.id).desc())).first()
            if (current is None) == restore:
                raise refused
            row.restores = current.id if current is not None else None
            db.add(row)
            db.commit()
            db.refresh(row)
    except IntegrityError:
        raise refused from None
    return row
