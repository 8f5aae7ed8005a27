"""Efficiency reviews (issue 24): ``reviews``, one session head's review by one engine version
(derived, written once: inserted with ON CONFLICT DO NOTHING, never edited).

Revision ID: 0014_review
Revises: 0013_integrity
Create Date: 2026-12-06
"""

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0014_review"
down_revision = "0013_integrity"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "session_id", sa.String(32), sa.ForeignKey("sessions.id"), nullable=False, index=True
        ),
        sa.Column("head_seq", sa.Integer, nullable=False),
        sa.Column("engine_version", sa.String(40), nullable=False),
        sa.Column("review_version", sa.Integer, nullable=False),
        sa.Column("result", sa.Text, nullable=False),
        sa.Column("seconds", sa.Float, nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.UniqueConstraint("session_id", "head_seq", "engine_version"),
    )


def downgrade() -> None:
    op.drop_table("reviews")
