"""The treasurer's ledger: a club's money value of one point, what each player owed by the
audit beside what the table recorded, and the transfers marked paid.

``web_club.point_value`` (a decimal as text, e.g. ``0.5``; NULL: amounts stay in points) and
``money_unit`` (``元``, ``粒`` …). ``web_digest_player.owed``: the player's total by the audit's
expected payments (``net`` is the recorded one); the digests are emptied so that the web fills
them again with it (they are derived from the verification rows, nothing is lost).
``web_ledger_payment`` is append-only: a transfer marked paid is a new row (who, when, how
much), never an UPDATE; a mistaken mark is undone by another row with the opposite amount.

Revision ID: 0007_ledger
Revises: 0009_hardening
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0007_ledger"
down_revision = "0009_hardening"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("web_club") as batch:
        batch.add_column(sa.Column("point_value", sa.String(20), nullable=True))
        batch.add_column(
            sa.Column("money_unit", sa.String(10), nullable=False, server_default="元")
        )
    op.execute("DELETE FROM web_digest_player")
    op.execute("DELETE FROM web_digest")
    with op.batch_alter_table("web_digest_player") as batch:
        batch.add_column(sa.Column("owed", sa.Integer, nullable=True))
    op.create_table(
        "web_ledger_payment",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("club", sa.String(200), nullable=False),
        sa.Column("night", sa.String(10), nullable=False),  # YYYY-MM-DD
        sa.Column("payer", sa.String(200), nullable=False),
        sa.Column("payee", sa.String(200), nullable=False),
        sa.Column("amount", sa.Integer, nullable=False),  # points; negative undoes a mark
        sa.Column("basis", sa.String(10), nullable=False),  # recorded | owed
        sa.Column("by", sa.String(80), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
    )
    op.create_index("web_ledger_payment_night", "web_ledger_payment", ["club", "night"])


def downgrade() -> None:
    op.drop_table("web_ledger_payment")
    with op.batch_alter_table("web_digest_player") as batch:
        batch.drop_column("owed")
    with op.batch_alter_table("web_club") as batch:
        batch.drop_column("money_unit")
        batch.drop_column("point_value")
