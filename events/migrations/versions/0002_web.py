"""The web service's accounts: users, clubs, memberships (role per club), API tokens.

Revision ID: 0002_web
Revises: 0001_store
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0002_web"
down_revision = "0001_store"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_user",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("username", sa.String(80), nullable=False, unique=True, index=True),
        sa.Column("password_hash", sa.String, nullable=False),
        sa.Column("display_name", sa.String, nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "web_club",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, unique=True, index=True),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "web_membership",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("web_user.id"), nullable=False, index=True),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("web_club.id"), nullable=False, index=True),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("player", sa.String(200), nullable=False),
        sa.UniqueConstraint("user_id", "club_id"),
    )
    op.create_table(
        "web_api_token",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("web_user.id"), nullable=False, index=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True, index=True),
        sa.Column("label", sa.String(200), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("last_used_at", UTCDateTime(), nullable=True),
    )


def downgrade() -> None:
    for table in ("web_api_token", "web_membership", "web_club", "web_user"):
        op.drop_table(table)
