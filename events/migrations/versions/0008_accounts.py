"""Club members from the browser: one-time invitations, temporary passwords that must be changed
at the first login, and a per-user session token that a password change rotates (so the user's
other logged-in browsers are logged out).

Revision ID: 0008_accounts
Revises: 0005_transparency
Create Date: 2026-12-01
"""

import secrets

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0008_accounts"
down_revision = "0005_transparency"  # main's head when merged (first given: 0004_web_digests)
branch_labels = None
depends_on = None


def upgrade() -> None:
    connection = op.get_bind()
    # The hardening branch's 0009_hardening adds the same column (same type, same use): the one
    # that runs second finds it and leaves it.
    has_token = "session_token" in {
        c["name"] for c in sa.inspect(connection).get_columns("web_user")
    }
    with op.batch_alter_table("web_user") as batch:
        if not has_token:
            batch.add_column(
                sa.Column("session_token", sa.String(32), nullable=False, server_default="")
            )
        batch.add_column(
            sa.Column("must_change_password", sa.Boolean, nullable=False, server_default=sa.false())
        )
    if not has_token:
        users = sa.table("web_user", sa.column("id", sa.Integer), sa.column("session_token"))
        for (user_id,) in connection.execute(sa.select(users.c.id)).all():
            token = secrets.token_hex(16)
            connection.execute(
                users.update().where(users.c.id == user_id).values(session_token=token)
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
        batch.drop_column("session_token")  # 0009_hardening's downgrade must then skip it
