"""Accounts of the web service: users, clubs, memberships and API tokens, and the ledger's marks
(the digests of verification reports behind the whole-history pages are the workers':
``events.models.Digest``).

They live in the store's database (own tables, own Alembic revisions). A club is named as in the
logs' ``session.club`` field, so a session belongs to the club its first line names.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from sqlalchemy import Column, Index, Text
from sqlmodel import Field, SQLModel, UniqueConstraint

from events.models import UTCDateTime, utcnow

ROLES = ("member", "auditor", "admin")


def new_session_token() -> str:
    """A user's session token: part of their session cookies' user id (``User.get_id``)."""
    return secrets.token_hex(16)


def _time(nullable: bool = False) -> Column:
    return Column(UTCDateTime(), nullable=nullable)


class User(SQLModel, table=True):
    __tablename__ = "web_user"

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(index=True, unique=True, max_length=80)
    password_hash: str
    display_name: str = ""
    session_token: str = Field(default_factory=new_session_token, max_length=32)
    language: str | None = Field(default=None, max_length=8)  # "zh" | "en"; None: the browser's
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())
    must_change_password: bool = False  # a temporary password set by a club admin (0008)

    # Flask-Login's protocol (the model is not a UserMixin: SQLModel forbids extra bases).
    @property
    def is_authenticated(self) -> bool:
        return True

    @property
    def is_active(self) -> bool:
        return True

    @property
    def is_anonymous(self) -> bool:
        return False

    def get_id(self) -> str:
        """Flask-Login's id in the session cookie: "<id>.<session token>" (see
        ``accounts.auth.end_sessions``)."""
        return f"{self.id}.{self.session_token}"


class Club(SQLModel, table=True):
    __tablename__ = "web_club"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True, max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())
    # The money value of one point (a decimal as text, e.g. "0.5"; None: amounts stay points)
    # and its unit (migration 0007).
    point_value: str | None = Field(default=None, max_length=20)
    money_unit: str = Field(default="元", max_length=10)


class Membership(SQLModel, table=True):
    """A user's role in a club: ``member`` reads, ``auditor`` also resolves disputes, ``admin``
    also manages members. ``player`` is the user's name in the logs (for "my" pages)."""

    __tablename__ = "web_membership"
    __table_args__ = (UniqueConstraint("user_id", "club_id"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="web_user.id", index=True)
    club_id: int = Field(foreign_key="web_club.id", index=True)
    role: str = Field(default="member", max_length=20)
    player: str = Field(default="", max_length=200)


class Invite(SQLModel, table=True):
    """A one-time link to join a club with a role (migration 0008): only the SHA-256 of its
    token is kept; ``used_at`` set once it is used, refused after ``expires_at``."""

    __tablename__ = "web_invite"

    id: int | None = Field(default=None, primary_key=True)
    token_hash: str = Field(index=True, unique=True, max_length=64)
    club_id: int = Field(foreign_key="web_club.id", index=True)
    role: str = Field(default="member", max_length=20)
    player: str = Field(default="", max_length=200)
    created_by: int = Field(foreign_key="web_user.id")
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())
    expires_at: datetime = Field(sa_column=_time())
    used_at: datetime | None = Field(default=None, sa_column=_time(nullable=True))
    used_by: int | None = Field(default=None, foreign_key="web_user.id")


class ApiToken(SQLModel, table=True):
    """A bearer token for scripts; only its SHA-256 is kept (the token is shown once)."""

    __tablename__ = "web_api_token"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="web_user.id", index=True)
    token_hash: str = Field(index=True, unique=True, max_length=64)
    label: str = Field(default="", max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())
    last_used_at: datetime | None = Field(default=None, sa_column=_time(nullable=True))


class LedgerPayment(SQLModel, table=True):
    """A transfer of the ledger's settle-up marked paid: appended, never updated (migration
    0007). ``amount`` in points; a reversal (0015) undoes the mark ``reverses`` names with the
    opposite amount, at most once. ``pair_seq`` numbers the rows of one transfer and
    ``idempotency_key`` names the request that wrote the row (0020): both unique, so two racing
    or repeated requests cannot both append."""

    __tablename__ = "web_ledger_payment"
    __table_args__ = (
        Index("web_ledger_payment_night", "club", "night"),
        Index("web_ledger_payment_reverses", "reverses", unique=True),
        Index(
            "web_ledger_payment_pair_seq",
            "club",
            "night",
            "payer",
            "payee",
            "basis",
            "pair_seq",
            unique=True,
        ),
        Index("web_ledger_payment_idempotency", "by", "idempotency_key", unique=True),
    )

    id: int | None = Field(default=None, primary_key=True)
    club: str = Field(max_length=200)
    night: str = Field(max_length=10)  # YYYY-MM-DD
    payer: str = Field(max_length=200)
    payee: str = Field(max_length=200)
    amount: int
    basis: str = Field(max_length=10)  # recorded | owed
    by: str = Field(max_length=80)
    at: datetime = Field(default_factory=utcnow, sa_column=_time())
    reverses: int | None = None
    pair_seq: int | None = None
    idempotency_key: str | None = Field(default=None, max_length=64)


class ClubHistory(SQLModel, table=True):
    """What happened in a club, appended, never edited (migration 0013): ``kind`` e.g.
    ``integrity_opened``, ``by`` the username, ``detail`` JSON."""

    __tablename__ = "web_club_history"
    __table_args__ = (Index("web_club_history_club", "club", "id"),)

    id: int | None = Field(default=None, primary_key=True)
    club: str = Field(max_length=200)
    kind: str = Field(max_length=40)
    by: str = Field(max_length=80)
    detail: str = Field(sa_column=Column(Text, nullable=False))
    at: datetime = Field(default_factory=utcnow, sa_column=_time())
