"""Read-only queries over the store's tables that the pages need (listing and filtering).

Writes go through ``events.store`` only; this module never inserts or updates.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from sqlalchemy import func
from sqlalchemy.orm import defer
from sqlmodel import select

from events.models import TableSession, Verification
from service.db import db


@dataclass(frozen=True)
class SessionFilter:
    """The session list's filters; empty fields do not filter."""

    club: str = ""
    table: str = ""
    player: str = ""
    day: date | None = None
    disputed_only: bool = False


def list_sessions(
    clubs: Iterable[str],
    flt: SessionFilter = SessionFilter(),
    limit: int = 200,
    offset: int = 0,
    *,
    with_report: bool = False,
) -> list[tuple[TableSession, Verification | None]]:
    """Sessions of ``clubs`` (newest first), ``limit`` of them from ``offset``, with their latest
    verification (its report loaded only when asked: reports are large, lists need counts)."""
    clubs = list(clubs)
    if flt.club:
        clubs = [c for c in clubs if c == flt.club]
    if not clubs:
        return []
    query = select(TableSession).where(TableSession.club.in_(clubs))
    if flt.table:
        query = query.where(TableSession.table_name == flt.table)
    if flt.day:
        query = query.where(TableSession.started_at.startswith(flt.day.isoformat()))
    query = query.order_by(TableSession.started_at.desc(), TableSession.id)
    if not flt.player and not flt.disputed_only:  # otherwise the page is cut after filtering
        query = query.offset(offset).limit(limit)
    with db() as session:
        rows = session.exec(query).all()
    if flt.player:  # players are a JSON list: filtered here, the same on every database
        rows = [s for s in rows if flt.player in s.players]
        if not flt.disputed_only:
            rows = rows[offset : offset + limit]
    latest = latest_verifications([s.id for s in rows], with_report=with_report)
    out = [(s, latest.get(s.id)) for s in rows]
    if flt.disputed_only:
        out = [(s, v) for s, v in out if v is not None and (v.disputes or v.anomalies)]
        out = out[offset : offset + limit]
    return out


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


def report_of(verification: Verification | None) -> dict | None:
    if verification is None or verification.report is None:
        return None
    return json.loads(verification.report)
