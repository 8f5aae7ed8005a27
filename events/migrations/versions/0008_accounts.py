"""Club members from the browser: one-time invitations and temporary passwords that must be
changed at the first login (the per-user session token a password change rotates is
0009_hardening's).

Revision ID: 0008_accounts
Revises: 0005_transparency
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0008_accounts"
down_revision = "0005_transparency"  # main's head when merged (first given: 0004_web_digests)
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_user") as batch:
        batch.add_column(
            sa.Column("must_change_password", sa.Boolean, nullable=False, server_default=sa.false())
        )
    op.create_table(
        "web_invite",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True, index=True),
        sa.Column("club_id", sa.Integer, sa.ForeignKey("web_club.id"), nullable=False, index=True),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("player", sa.String(200), nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("web_user.id"), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.Column("expires_at", UTCDateTime(), nullable=False),
        sa.Column("used_at", UTCDateTime(), nullable=True),
        sa.Column("used_by", sa.Integer, sa.ForeignKey("web_user.id"), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("web_invite")
    with op.batch_alter_table("web_user") as batch:
        batch.drop_column("must_change_password")
