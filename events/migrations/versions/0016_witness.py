"""The witness's cosignatures of the transparency log's checkpoints (events.witness): one row a
checkpoint the witness cosigned, the note with the log's signature and the witness's, write-once
like the checkpoints. Receipts carry the cosigned note of their checkpoint.

Revision ID: 0016_witness
Revises: 0015_ledger_reversal
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0016_witness"
down_revision = "0015_ledger_reversal"
branch_labels = None
depends_on = None

TABLE = "log_cosignatures"


def upgrade() -> None:
    op.create_table(
        TABLE,
        sa.Column("tree_size", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("witness", sa.String(200), nullable=False),
        sa.Column("cosigned_at", UTCDateTime(), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
    )
    if op.get_bind().dialect.name == "postgresql":  # fupan_refuse_change() is 0001_store's
        op.execute(
            f"CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE OR DELETE ON {TABLE} "
            "FOR EACH ROW EXECUTE FUNCTION fupan_refuse_change()"
        )
        op.execute(
            f"CREATE TRIGGER {TABLE}_no_truncate BEFORE TRUNCATE ON {TABLE} "
            "FOR EACH STATEMENT EXECUTE FUNCTION fupan_refuse_change()"
        )
    else:
        for verb in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {TABLE}_no_{verb.lower()} BEFORE {verb} ON {TABLE} BEGIN "
                f"SELECT RAISE(ABORT, 'fupan: {TABLE} are append-only, {verb} refused'); END"
            )


def downgrade() -> None:
    op.drop_table(TABLE)
