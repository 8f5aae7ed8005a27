"""The store's tables (SQLModel). Rows are written once: the migration installs triggers that refuse
UPDATE and DELETE on event chunks, receipts and verifications, and any change to a session row other
than advancing its head."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    ColumnElement,
    DateTime,
    Dialect,
    Index,
    Text,
    TypeDecorator,
    UniqueConstraint,
    and_,
    or_,
)
from sqlmodel import Field, SQLModel, col


class UTCDateTime(TypeDecorator[datetime]):
    """A timezone-aware UTC timestamp on every backend (SQLite keeps no zone: we restore it)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            value = value.replace(tzinfo=UTC)
        return value


def utcnow() -> datetime:
    return datetime.now(UTC)


def _time(*, index: bool = False) -> Column[datetime]:
    return Column(UTCDateTime(), nullable=False, index=index)


class TableSession(SQLModel, table=True):
    """One uploaded log: a session (一场) at one table; its events form the stream ``id``."""

    __tablename__ = "sessions"

    id: str = Field(primary_key=True, max_length=32)
    club: str = Field(index=True, max_length=200)
    table_name: str = Field(max_length=200)
    ruleset: str = Field(max_length=40)
    players: list[str] = Field(sa_column=Column(JSON, nullable=False))
    started_at: str | None = Field(default=None, index=True, max_length=64)
    content_hash: str = Field(unique=True, max_length=64)
    head_seq: int
    head_hash: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time(index=True))


def played_between(since: date | None, until: date | None) -> list[ColumnElement[bool]]:
    """Conditions on ``sessions``: played (the log's ``started_at``, else the day it was stored)
    on or after ``since`` and on or before ``until``, both days included. ``started_at`` is
    ISO-8601 text, compared as text (so in its own offset). Indexed by 0011_store_subset."""
    started, created = col(TableSession.started_at), col(TableSession.created_at)
    clauses: list[ColumnElement[bool]] = []
    unknown = started.is_(None)
    if since is not None:
        first = _midnight(since)
        clauses.append(or_(started >= since.isoformat(), and_(unknown, created >= first)))
    if until is not None:
        end = until + timedelta(days=1)
        clauses.append(or_(started < end.isoformat(), and_(unknown, created < _midnight(end))))
    return clauses


def _midnight(day: date) -> datetime:
    return datetime.combine(day, time(), UTC)


class EventChunk(SQLModel, table=True):
    """The records a session stored at once (its upload, or one append) as one row: their
    canonical JSON lines, each ending in a newline, and the hash chain's link at the last of
    them. The links before it are recomputed on read (docs/store.md, "Chunks"). ``stream`` refers
    to a session: a foreign key on SQLite, a statement-level trigger on PostgreSQL (a per-row
    foreign key check cost more than a third of an event's insert when events were rows)."""

    __tablename__ = "event_chunks"

    stream: str = Field(foreign_key="sessions.id", primary_key=True, max_length=32)
    first_seq: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    last_seq: int
    data: str = Field(sa_column=Column(Text, nullable=False))  # canonical JSON Lines
    hash: str = Field(max_length=64)  # the link at last_seq
    recorded_at: datetime = Field(default_factory=utcnow, sa_column=_time())


class Receipt(SQLModel, table=True):
    """A signed statement of a stream's head, issued on upload and on every correction."""

    __tablename__ = "receipts"

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(foreign_key="sessions.id", index=True, max_length=32)
    head_seq: int
    document: str = Field(sa_column=Column(Text, nullable=False))  # the signed JSON document
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())


class Verification(SQLModel, table=True):
    """The audit of one session head by one engine version with one set of options."""

    __tablename__ = "verifications"
    __table_args__ = (UniqueConstraint("session_id", "head_seq", "engine_version", "options_hash"),)

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(foreign_key="sessions.id", index=True, max_length=32)
    head_seq: int
    engine_version: str = Field(max_length=40)
    options: str = Field(sa_column=Column(Text, nullable=False))  # canonical JSON overrides
    options_hash: str = Field(max_length=64)
    status: str = Field(max_length=10)  # "ok" | "failed"
    report: str | None = Field(default=None, sa_column=Column(Text))
    disputes: int = 0
    anomalies: int = 0
    error: str | None = Field(default=None, sa_column=Column(Text))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())


class LogLeaf(SQLModel, table=True):
    """One leaf of the transparency log (events/transparency.py): a session's head when it was
    created or extended. ``subtree_root`` is the hash of the largest perfect subtree that ends at
    this leaf, so an append reads only the log's right edge. No foreign key: a leaf outlives a
    deleted session, which is how the deletion shows."""

    __tablename__ = "log_leaves"
    __table_args__ = (UniqueConstraint("session_id", "head_seq"),)

    idx: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    session_id: str = Field(max_length=32)
    head_seq: int
    head_hash: str = Field(max_length=64)
    subtree_root: str = Field(max_length=64)
    logged_at: datetime = Field(default_factory=utcnow, sa_column=_time(index=True))


class LogCheckpoint(SQLModel, table=True):
    """A signed checkpoint of the transparency log: its size and root at a time (a signed note)."""

    __tablename__ = "log_checkpoints"

    tree_size: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    root_hash: str = Field(max_length=64)
    issued_at: datetime = Field(default_factory=utcnow, sa_column=_time())
    note: str = Field(sa_column=Column(Text, nullable=False))


class LogCosignature(SQLModel, table=True):
    """A checkpoint as the witness cosigned it (events.witness): the log's note with the
    witness's cosignature line; what a receipt of that checkpoint carries."""

    __tablename__ = "log_cosignatures"

    tree_size: int = Field(primary_key=True, sa_column_kwargs={"autoincrement": False})
    witness: str = Field(max_length=200)
    cosigned_at: datetime = Field(default_factory=utcnow, sa_column=_time())
    note: str = Field(sa_column=Column(Text, nullable=False))


class Digest(SQLModel, table=True):
    """What the whole-history pages need of one verification's report (``workers.digests``
    fills it after each verification; migration 0004). The verification's counts are copied so
    pages need not read the verifications table, whose rows carry the reports."""

    __tablename__ = "web_digest"
    __table_args__ = (Index("web_digest_session", "session_id", "verification_id"),)

    verification_id: int = Field(
        foreign_key="verifications.id", primary_key=True, sa_column_kwargs={"autoincrement": False}
    )
    session_id: str = Field(max_length=32)
    head_seq: int
    status: str = Field(max_length=10)
    disputes: int
    anomalies: int
    ok: bool  # there is a report (not a failed audit)
    hands: int
    disputed_hands: int
    explanations: str = Field(sa_column=Column(Text, nullable=False))  # JSON list
    winner_points: str = Field(sa_column=Column(Text, nullable=False))  # JSON list


class DigestPlayer(SQLModel, table=True):
    """A player's part of a verification: recorded total (None: nothing recorded) and wins.
    ``seated``: one of the session's players (others may appear in a hand's seats)."""

    __tablename__ = "web_digest_player"
    __table_args__ = (Index("web_digest_player_by_name", "player", "verification_id"),)

    verification_id: int = Field(
        foreign_key="web_digest.verification_id", primary_key=True,
        sa_column_kwargs={"autoincrement": False},
    )  # fmt: skip
    player: str = Field(primary_key=True)
    position: int  # in the report's recorded totals, then the others
    seated: bool
    # 64-bit (migration 0018): a session's sums of amounts up to events.records.MAX_AMOUNT
    net: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    wins: int
    # total by the audit's expected payments (migration 0007)
    owed: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))


class IntegrityRow(SQLModel, table=True):
    """A club's integrity signals over a period (``since``/``until``: ISO days, "" open), as
    computed from the verifications named by ``source_key`` (workers.integrity); written once
    (migration 0013)."""

    __tablename__ = "integrity_results"
    __table_args__ = (
        UniqueConstraint("club", "since", "until", "source_key"),
        Index("integrity_results_club", "club", "since", "until", "id"),
    )

    id: int | None = Field(default=None, primary_key=True)
    club: str = Field(max_length=200)
    since: str = Field(default="", max_length=10)
    until: str = Field(default="", max_length=10)
    source_key: str = Field(max_length=64)
    integrity_version: int
    names: str = Field(sa_column=Column(Text, nullable=False))
    result: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())


class ReviewRow(SQLModel, table=True):
    """The efficiency review (engine.review) of one session head by one engine version, as JSON
    of ``review_version``; derived, written once (migration 0014_review)."""

    __tablename__ = "reviews"
    __table_args__ = (UniqueConstraint("session_id", "head_seq", "engine_version"),)

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(foreign_key="sessions.id", index=True, max_length=32)
    head_seq: int
    engine_version: str = Field(max_length=40)
    review_version: int
    result: str = Field(sa_column=Column(Text, nullable=False))
    seconds: float = 0.0  # how long the review took (docs/performance.md: share of verification)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())


class Withdrawal(SQLModel, table=True):
    """A session taken out of a club's counts (uploaded by mistake: wrong club or night, a
    duplicate, a test), or put back: ``restores`` names the withdrawal a row takes back (once:
    unique). Written once, never edited (migration 0021): the session and its chain stay as
    they were; a withdrawn session is one whose newest withdrawal no row restores."""

    __tablename__ = "session_withdrawals"
    # the session's rows numbered from 0: two sent at once cannot both take a turn (0022)
    __table_args__ = (Index("session_withdrawals_turn", "session_id", "turn", unique=True),)

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(foreign_key="sessions.id", index=True, max_length=32)
    restores: int | None = Field(default=None, unique=True)
    turn: int | None = None
    reason: str = Field(sa_column=Column(Text, nullable=False))
    by: str = Field(max_length=80)
    at: datetime = Field(default_factory=utcnow, sa_column=_time())
