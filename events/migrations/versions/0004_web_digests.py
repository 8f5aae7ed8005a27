"""The web's digests of verification results: what the player page, the ledger and the club
charts need of each report, one row per verification and one per (verification, player).

The web process fills them lazily for the verifications it has not digested yet (keyed by
verification id, inserted with ON CONFLICT DO NOTHING, so two processes may fill at once), and
the pages answer with SQL over them instead of parsing every report. Nothing is added to the
verification path. Verification rows never change, so a digest row never goes stale; the
newest verification of a session is the one with the highest id.

Revision ID: 0004_web_digests
Revises: 0003_events_stream_check
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0004_web_digests"
down_revision = "0003_events_stream_check"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "web_digest",
        sa.Column(
            "verification_id",
            sa.Integer,
            sa.ForeignKey("verifications.id"),
            primary_key=True,
            autoincrement=False,
        ),
        sa.Column("session_id", sa.String(32), nullable=False),
        sa.Column("head_seq", sa.Integer, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("disputes", sa.Integer, nullable=False),
        sa.Column("anomalies", sa.Integer, nullable=False),
        sa.Column("ok", sa.Boolean, nullable=False),  # a report to digest (not a failed audit)
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("disputed_hands", sa.Integer, nullable=False),
        sa.Column("explanations", sa.Text, nullable=False),  # JSON list
        sa.Column("winner_points", sa.Text, nullable=False),  # JSON list
    )
    op.create_index("web_digest_session", "web_digest", ["session_id", "verification_id"])
    op.create_table(
        "web_digest_player",
        sa.Column(
            "verification_id",
            sa.Integer,
            sa.ForeignKey("web_digest.verification_id"),
            primary_key=True,
            autoincrement=False,
        ),
        sa.Column("player", sa.String, primary_key=True),
        sa.Column("position", sa.Integer, nullable=False),  # in the report's recorded totals
        sa.Column("seated", sa.Boolean, nullable=False),  # one of the session's players
        sa.Column("net", sa.Integer, nullable=True),  # recorded total; NULL: none recorded
        sa.Column("wins", sa.Integer, nullable=False),
    )
    op.create_index("web_digest_player_by_name", "web_digest_player", ["player", "verification_id"])


def downgrade() -> None:
    op.drop_table("web_digest_player")
    op.drop_table("web_digest")
