"""Indexes for `fupan store check --club/--since/--until` (docs/store.md, *Checking a club or a
period*): the sessions played in a period (``started_at``, else ``created_at`` when a log has no
start time) and the transparency log's leaves logged since a day (sessions deleted while their
leaves stay). A club's sessions already have their index (``ix_sessions_club``); a session's
leaves theirs (the unique ``(session_id, head_seq)``), and a leaf by index its primary key.

Revision ID: 0011_store_subset
Revises: 0007_ledger
Create Date: 2026-12-02
"""

from alembic import op

revision = "0011_store_subset"
down_revision = "0007_ledger"
branch_labels = None
depends_on = None

INDEXES = (
    ("ix_sessions_started_at", "sessions", "started_at"),
    ("ix_sessions_created_at", "sessions", "created_at"),
    ("ix_log_leaves_logged_at", "log_leaves", "logged_at"),
)


def upgrade() -> None:
    for name, table, column in INDEXES:
        op.create_index(name, table, [column])


def downgrade() -> None:
    for name, table, _ in INDEXES:
        op.drop_index(name, table_name=table)
