"""Marks of the ledger safe to retry and to race: ``pair_seq`` numbers the rows of one transfer
(club, night, payer, payee, basis) from 0, unique, so two marks of the same transfer written at
once cannot both take the same place (the second fails and is checked again); and
``idempotency_key``, unique per user, names the request that wrote a row, so a retried request
finds its row instead of writing another. Rows written before have neither (NULL, never equal).

(Revision 0020_ledger_idempotency, after 0019_report_lz4, 2026-12-06.)
"""

import sqlalchemy as sa
from alembic import op

revision = "0020_ledger_idempotency"
down_revision = "0019_report_lz4"

PAIR = ["club", "night", "payer", "payee", "basis", "pair_seq"]


def upgrade() -> None:
    with op.batch_alter_table("web_ledger_payment") as batch:
        batch.add_column(sa.Column("pair_seq", sa.Integer, nullable=True))
        batch.add_column(sa.Column("idempotency_key", sa.String(64), nullable=True))
    op.create_index("web_ledger_payment_pair_seq", "web_ledger_payment", PAIR, unique=True)
    op.create_index("web_ledger_payment_idempotency", "web_ledger_payment",
                    ["by", "idempotency_key"], unique=True)  # fmt: skip


def downgrade() -> None:
    op.drop_index("web_ledger_payment_idempotency", "web_ledger_payment")
    op.drop_index("web_ledger_payment_pair_seq", "web_ledger_payment")
    with op.batch_alter_table("web_ledger_payment") as batch:
        batch.drop_column("idempotency_key")
        batch.drop_column("pair_seq")
