"""A per-user session token: Flask-Login's user id is "<id>.<token>", and logging out or
changing the password draws a new token, so every copy of an older session cookie stops
working (a signed cookie cannot be taken back otherwise). Existing users get a token each;
cookies of the old form ("<id>") are refused, so everyone logs in once after the upgrade.

Revision ID: 0009_hardening
Revises: 0008_accounts
Create Date: 2026-12-01
"""

import secrets

import sqlalchemy as sa
from alembic import op

revision = "0009_hardening"
down_revision = "0008_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "web_user", sa.Column("session_token", sa.String(32), nullable=False, server_default="")
    )
    users = sa.table("web_user", sa.column("id", sa.Integer), sa.column("session_token"))
    bind = op.get_bind()
    for (user_id,) in bind.execute(sa.select(users.c.id)).all():
        token = secrets.token_hex(16)
        bind.execute(users.update().where(users.c.id == user_id).values(session_token=token))


def downgrade() -> None:
    with op.batch_alter_table("web_user") as batch:
        batch.drop_column("session_token")
