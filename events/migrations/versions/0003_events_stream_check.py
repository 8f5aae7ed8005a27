"""PostgreSQL: check that every event's stream is a session once per INSERT or COPY statement,
not per row.

The row-level foreign key events.stream → sessions.id costs PostgreSQL a lookup and a row lock
on ``sessions`` for every event (≈3.5 µs of a ≈9 µs row, measured with COPY; docs/store.md). An
upload inserts one session and then a hundred events a hand into it, so a statement-level
trigger with a transition table makes the same refusal (an event of no session) with one
look-up per distinct stream of the statement (a look-up per row cost ≈0.8–1.1 µs an event,
the distinct streams ≈0.1). Sessions are never deleted (their write-once trigger), so the check
at insert is the whole of what the foreign key guaranteed. SQLite keeps its foreign key.

Revision ID: 0003_events_stream_check
Revises: 0002_web
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_events_stream_check"
down_revision = "0002_web"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for fk in sa.inspect(op.get_bind()).get_foreign_keys("events"):
        op.drop_constraint(fk["name"], "events", type_="foreignkey")
    op.execute(
        "CREATE FUNCTION fupan_events_have_sessions() RETURNS trigger LANGUAGE plpgsql AS $$ "
        "BEGIN IF EXISTS (SELECT 1 FROM (SELECT DISTINCT stream FROM new_events) n "
        "WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = n.stream)) THEN "
        "RAISE EXCEPTION 'fupan: events must belong to a stored session' "
        "USING ERRCODE = 'foreign_key_violation'; END IF; RETURN NULL; END $$"
    )
    op.execute(
        "CREATE TRIGGER events_have_sessions AFTER INSERT ON events "
        "REFERENCING NEW TABLE AS new_events "
        "FOR EACH STATEMENT EXECUTE FUNCTION fupan_events_have_sessions()"
    )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute("DROP TRIGGER events_have_sessions ON events")
    op.execute("DROP FUNCTION fupan_events_have_sessions()")
    op.create_foreign_key("events_stream_fkey", "events", "sessions", ["stream"], ["id"])
