"""A session's withdrawals and restorations take turns: ``turn`` numbers a session's rows from
0, unique per session, so two withdrawals (or restorations) sent at the same moment cannot both
be stored (the second takes the same turn and fails, and is refused as already done). Rows
written before have none (NULL, never equal).

(Revision 0022_withdrawal_turn, after 0021_session_withdrawals, 2026-12-07.)
"""

import sqlalchemy as sa
from alembic import op

revision = "0022_withdrawal_turn"
down_revision = "0021_session_withdrawals"


def upgrade() -> None:
    with op.batch_alter_table("session_withdrawals") as batch:
        batch.add_column(sa.Column("turn", sa.Integer, nullable=True))
    op.create_index("session_withdrawals_turn", "session_withdrawals", ["session_id", "turn"],
                    unique=True)  # fmt: skip


def downgrade() -> None:
    op.drop_index("session_withdrawals_turn", "session_withdrawals")
    with op.batch_alter_table("session_withdrawals") as batch:
        batch.drop_column("turn")
