"""Digests made again: the audit now names the seat in an explanation by its player (or its
wind), and the dashboards' rule items are stored as ``{code, zh, en}``; the ``web_digest`` rows
made before this hold items as ``"zh · code"`` strings (a seat letter taken out, the code
beside). Both digest tables are emptied, as ``0007_ledger`` did, so that the web fills them
again from the verification rows (nothing is lost: a digest is derived, keyed by verification
id). Verifications stored before this still name seats by letter until ``fupan reverify``
verifies them with the new engine; their rule items come out the same (``rule_item`` takes out
letters, names and winds alike).

Revision ID: 0012_digest_reset
Revises: 0011_store_subset
Create Date: 2026-12-03
"""

from alembic import op

revision = "0012_digest_reset"
down_revision = "0011_store_subset"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("DELETE FROM web_digest_player")
    op.execute("DELETE FROM web_digest")


def downgrade() -> None:
    """Nothing to put back: the digests are derived; the web fills them again."""
