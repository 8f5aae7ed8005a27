"""A user's language ("zh" or "en"), chosen with the switch on every page; NULL: none chosen
yet, the browser's Accept-Language decides.

Revision ID: 0010_i18n
Revises: 0004_web_digests
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0010_i18n"
down_revision = "0004_web_digests"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_user") as batch:
        batch.add_column(sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("web_user") as batch:
        batch.drop_column("language")
