"""The transparency log: its leaves (every session head ever stored) and its signed checkpoints,
both write-once like the events.

Sessions stored before this revision get their leaves from ``fupan db upgrade`` (and the embedded
SQLite's automatic upgrade), which logs each head that its newest signed receipt states and signs
a first checkpoint: signing needs the service key, which a migration does not hold.

Revision ID: 0005_transparency
Revises: 0010_i18n
Create Date: 2026-12-01
"""

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0005_transparency"
down_revision = "0010_i18n"
branch_labels = None
depends_on = None

TABLES = ("log_leaves", "log_checkpoints")


def upgrade() -> None:
    op.create_table(
        "log_leaves",
        sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("session_id", sa.String(32), nullable=False),
        sa.Column("head_seq", sa.Integer, nullable=False),
        sa.Column("head_hash", sa.String(64), nullable=False),
        sa.Column("subtree_root", sa.String(64), nullable=False),
        sa.Column("logged_at", UTCDateTime(), nullable=False),
        sa.UniqueConstraint("session_id", "head_seq"),
    )
    op.create_table(
        "log_checkpoints",
        sa.Column("tree_size", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("root_hash", sa.String(64), nullable=False),
        sa.Column("issued_at", UTCDateTime(), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
    )
    postgresql = op.get_bind().dialect.name == "postgresql"
    for table in TABLES:
        if postgresql:  # fupan_refuse_change() is 0001_store's
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION fupan_refuse_change()"
            )
            op.execute(
                f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION fupan_refuse_change()"
            )
        else:
            for verb in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_no_{verb.lower()} BEFORE {verb} ON {table} BEGIN "
                    f"SELECT RAISE(ABORT, 'fupan: {table} are append-only, {verb} refused'); END"
                )


def downgrade() -> None:
    for table in TABLES:
        op.drop_table(table)
