"""A mark of the ledger undone by a reversal: ``web_ledger_payment.reverses`` names the mark a
row takes back (its amount the opposite). The table stays append-only — an undo is a new row,
never an UPDATE or DELETE — and a mark can be reversed once (the unique index).

Revision ID: 0015_ledger_reversal
Revises: 0014_review
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

revision = "0015_ledger_reversal"
down_revision = "0014_review"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_ledger_payment") as batch:
        batch.add_column(sa.Column("reverses", sa.Integer, nullable=True))
    op.create_index("web_ledger_payment_reverses", "web_ledger_payment", ["reverses"], unique=True)


def downgrade() -> None:
    op.drop_index("web_ledger_payment_reverses", "web_ledger_payment")
    with op.batch_alter_table("web_ledger_payment") as batch:
        batch.drop_column("reverses")
