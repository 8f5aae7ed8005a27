"""A player's totals in a digest (``web_digest_player.net``, ``owed``) are 64-bit: a session's
sums of amounts the codec accepts (each at most ``events.records.MAX_AMOUNT``, 10**9) passed
PostgreSQL's ``integer`` with three such payments, and the digest could not be written: the
session stayed out of the ledger for good. SQLite's integers are 64-bit already; the type is
changed there too so that the models and the migrations agree.

Revision ID: 0018_digest_bigint
Revises: 0017_event_chunks
Create Date: 2026-12-06 13:52:20.075085+00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0018_digest_bigint"
down_revision = "0017_event_chunks"
branch_labels = None
depends_on = None

COLUMNS = ("net", "owed")


def upgrade() -> None:
    with op.batch_alter_table("web_digest_player") as batch:
        for name in COLUMNS:
            batch.alter_column(name, type_=sa.BigInteger(), existing_type=sa.Integer(),
                               existing_nullable=True)  # fmt: skip


def downgrade() -> None:
    with op.batch_alter_table("web_digest_player") as batch:
        for name in COLUMNS:
            batch.alter_column(name, type_=sa.Integer(), existing_type=sa.BigInteger(),
                               existing_nullable=True)  # fmt: skip
