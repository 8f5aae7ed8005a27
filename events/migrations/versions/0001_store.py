"""The event store: sessions, hash-chained events, receipts, verifications; write-once triggers.

Revision ID: 0001_store
Revises:
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0001_store"
down_revision = None
branch_labels = None
depends_on = None

APPEND_ONLY = ("events", "receipts", "verifications")
# A session row may only advance its head, and only to an event that is in its stream.
FROZEN_SESSION_COLUMNS = (
    "id",
    "club",
    "table_name",
    "ruleset",
    "players",
    "started_at",
    "content_hash",
    "created_at",
)


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("club", sa.String(200), nullable=False, index=True),
        sa.Column("table_name", sa.String(200), nullable=False),
        sa.Column("ruleset", sa.String(40), nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("started_at", sa.String(64)),
        sa.Column("content_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("head_seq", sa.Integer, nullable=False),
        sa.Column("head_hash", sa.String(64), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "events",
        sa.Column("stream", sa.String(32), sa.ForeignKey("sessions.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("recorded_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "receipts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "session_id", sa.String(32), sa.ForeignKey("sessions.id"), nullable=False, index=True
        ),
        sa.Column("head_seq", sa.Integer, nullable=False),
        sa.Column("document", sa.Text, nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
    )
    op.create_table(
        "verifications",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "session_id", sa.String(32), sa.ForeignKey("sessions.id"), nullable=False, index=True
        ),
        sa.Column("head_seq", sa.Integer, nullable=False),
        sa.Column("engine_version", sa.String(40), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("options_hash", sa.String(64), nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("report", sa.Text),
        sa.Column("disputes", sa.Integer, nullable=False),
        sa.Column("anomalies", sa.Integer, nullable=False),
        sa.Column("error", sa.Text),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.UniqueConstraint("session_id", "head_seq", "engine_version", "options_hash"),
    )
    if op.get_bind().dialect.name == "postgresql":
        _postgresql_triggers()
    else:
        _sqlite_triggers()


def _sqlite_triggers() -> None:
    for table in APPEND_ONLY:
        for verb in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {table}_no_{verb.lower()} BEFORE {verb} ON {table} "
                f"BEGIN SELECT RAISE(ABORT, 'fupan: {table} are append-only, {verb} refused'); END"
            )
    changed = " OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in FROZEN_SESSION_COLUMNS)
    op.execute(
        "CREATE TRIGGER sessions_head_only BEFORE UPDATE ON sessions "
        f"WHEN {changed} OR NEW.head_seq <= OLD.head_seq OR NOT EXISTS (SELECT 1 FROM events "
        "WHERE stream = NEW.id AND seq = NEW.head_seq AND hash = NEW.head_hash) "
        "BEGIN SELECT RAISE(ABORT, 'fupan: a session row may only advance its head'); END"
    )
    op.execute(
        "CREATE TRIGGER sessions_no_delete BEFORE DELETE ON sessions "
        "BEGIN SELECT RAISE(ABORT, 'fupan: sessions are append-only, DELETE refused'); END"
    )


def _postgresql_triggers() -> None:
    op.execute(
        "CREATE FUNCTION fupan_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        "RAISE EXCEPTION 'fupan: % are append-only, % refused', TG_TABLE_NAME, TG_OP; END $$"
    )
    for table in (*APPEND_ONLY, "sessions"):
        verbs = "DELETE" if table == "sessions" else "UPDATE OR DELETE"
        op.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE {verbs} ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION fupan_refuse_change()"
        )
        op.execute(
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION fupan_refuse_change()"
        )
    frozen = ", ".join(f"NEW.{c}" for c in FROZEN_SESSION_COLUMNS).replace(
        "players", "players::text"
    )
    old = frozen.replace("NEW.", "OLD.")
    op.execute(
        "CREATE FUNCTION fupan_session_head_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        f"IF ({frozen}) IS DISTINCT FROM ({old}) OR NEW.head_seq <= OLD.head_seq OR NOT EXISTS "
        "(SELECT 1 FROM events WHERE stream = NEW.id AND seq = NEW.head_seq AND hash = NEW.head_hash) "
        "THEN RAISE EXCEPTION 'fupan: a session row may only advance its head'; END IF; "
        "RETURN NEW; END $$"
    )
    op.execute(
        "CREATE TRIGGER sessions_head_only BEFORE UPDATE ON sessions "
        "FOR EACH ROW EXECUTE FUNCTION fupan_session_head_only()"
    )


def downgrade() -> None:
    for table in ("verifications", "receipts", "events", "sessions"):
        op.drop_table(table)
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION fupan_session_head_only()")
        op.execute("DROP FUNCTION fupan_refuse_change()")
