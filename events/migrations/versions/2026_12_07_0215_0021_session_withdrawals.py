"""A session uploaded by mistake can be withdrawn, and the withdrawal taken back:
``session_withdrawals``, one row a withdrawal or a restoration (``restores`` names the
withdrawal it takes back, once), append-only as the store's tables are. The session, its chain
and its results are untouched; the readers of a club's counts leave a withdrawn one out.

(Revision 0021_session_withdrawals, after 0020_ledger_idempotency, 2026-12-07.)
"""

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0021_session_withdrawals"
down_revision = "0020_ledger_idempotency"

TABLE = "session_withdrawals"


def upgrade() -> None:
    op.create_table(
        TABLE,
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("session_id", sa.String(32), sa.ForeignKey("sessions.id"), nullable=False),
        sa.Column("restores", sa.Integer, nullable=True, unique=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("by", sa.String(80), nullable=False),
        sa.Column("at", UTCDateTime(), nullable=False),
    )
    op.create_index("ix_session_withdrawals_session_id", TABLE, ["session_id"])
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            f"CREATE TRIGGER {TABLE}_append_only BEFORE UPDATE OR DELETE ON {TABLE} "
            "FOR EACH ROW EXECUTE FUNCTION fupan_refuse_change()"
        )
    else:
        for verb in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {TABLE}_no_{verb.lower()} BEFORE {verb} ON {TABLE} BEGIN "
                f"SELECT RAISE(ABORT, 'fupan: {TABLE} are append-only, {verb} refused'); END"
            )


def downgrade() -> None:
    op.drop_table(TABLE)
