"""Accounts of the web service: users, clubs, memberships and API tokens.

They live in the store's database (own tables, own Alembic revision). A club is named as in the
logs' ``session.club`` field, so a session belongs to the club its first line names.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column
from sqlmodel import Field, SQLModel, UniqueConstraint

from events.models import UTCDateTime, utcnow

ROLES = ("member", "auditor", "admin")


def _time(nullable: bool = False) -> Column:
    return Column(UTCDateTime(), nullable=nullable)


class User(SQLModel, table=True):
    __tablename__ = "web_user"

    id: int | None = Field(default=None, primary_key=True)
    username: str = Field(index=True, unique=True, max_length=80)
    password_hash: str
    display_name: str = ""
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())

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
        return str(self.id)


class Club(SQLModel, table=True):
    __tablename__ = "web_club"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(index=True, unique=True, max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())


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


class ApiToken(SQLModel, table=True):
    """A bearer token for scripts; only its SHA-256 is kept (the token is shown once)."""

    __tablename__ = "web_api_token"

    id: int | None = Field(default=None, primary_key=True)
    user_id: int = Field(foreign_key="web_user.id", index=True)
    token_hash: str = Field(index=True, unique=True, max_length=64)
    label: str = Field(default="", max_length=200)
    created_at: datetime = Field(default_factory=utcnow, sa_column=_time())
    last_used_at: datetime | None = Field(default=None, sa_column=_time(nullable=True))
