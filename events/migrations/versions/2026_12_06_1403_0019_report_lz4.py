"""On PostgreSQL a stored report (``verifications.report``, ~55 kB of JSON a session) is
compressed with lz4 instead of pglz, where the server has it: the backend spent less CPU a
hand writing it and the table took ~18 % fewer bytes (docs/performance.md, "Issue 29 (2): the
workers' own cost"). Only values written from now on: the stored ones stay pglz, and both read
alike. SQLite stores the text as it is: nothing to do there.

(Revision 0019_report_lz4, after 0018_digest_bigint, 2026-12-06.)
"""

from alembic import op

revision = "0019_report_lz4"
down_revision = "0018_digest_bigint"

HAS_LZ4 = "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"


def _compress(method: str) -> None:
    bind = op.get_bind()
    if bind.dialect.name != "postgresql" or not bind.exec_driver_sql(HAS_LZ4).scalar():
        return
    op.execute(f"ALTER TABLE verifications ALTER COLUMN report SET COMPRESSION {method}")


def upgrade() -> None:
    _compress("lz4")


def downgrade() -> None:
    _compress("pglz")
