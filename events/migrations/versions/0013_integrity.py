"""Integrity signals (issue 25): ``integrity_results``, a club's signals over a period as the
workers computed them (derived, keyed by what they were computed from: one row per source key,
never edited), and ``web_club_history``, a club's own history of who did what (opening the
integrity page is written there): both append-only, as the store's tables are.

Revision ID: 0013_integrity
Revises: 0012_digest_reset
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0013_integrity"
down_revision = "0012_digest_reset"
branch_labels = None
depends_on = None

TABLES = ("integrity_results", "web_club_history")


def upgrade() -> None:
    op.create_table(
        "integrity_results",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("club", sa.String(200), nullable=False),
        sa.Column("since", sa.String(10), nullable=False),  # YYYY-MM-DD, "" open
        sa.Column("until", sa.String(10), nullable=False),
        sa.Column("source_key", sa.String(64), nullable=False),
        sa.Column("integrity_version", sa.Integer, nullable=False),
        sa.Column("names", sa.Text, nullable=False),  # JSON: log name -> member's player name
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.UniqueConstraint("club", "since", "until", "source_key"),
    )
    op.create_index("integrity_results_club", "integrity_results", ["club", "since", "until", "id"])
    op.create_table(
        "web_club_history",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("club", sa.String(200), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("by", sa.String(80), nullable=False),
        sa.Column("detail", sa.Text, nullable=False),  # JSON
        sa.Column("at", UTCDateTime(), nullable=False),
    )
    op.create_index("web_club_history_club", "web_club_history", ["club", "id"])
    for table in TABLES:
        if op.get_bind().dialect.name == "postgresql":
            op.execute(
                f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION fupan_refuse_change()"
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
