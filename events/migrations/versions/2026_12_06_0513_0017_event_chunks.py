"""Each batch of records a session stored at once (its upload, or one append) becomes one row
of ``event_chunks``: the records' canonical JSON lines and the hash chain's link at the last of
them (issue 29: an event row cost ~380 bytes, mostly its two hex hashes, its keys and its index
entry, beside ~53 bytes of record; docs/store.md, "Chunks"). Then ``events`` is dropped.

The conversion is resumable. It runs outside the upgrade's transaction (alembic's autocommit
block), ``FUPAN_MIGRATE_BATCH`` sessions at a time (default 50), one INSERT a chunk; a session is converted once its chunk
that ends at its head exists, and a chunk already there is not inserted again. Killed midway,
``fupan db upgrade`` starts this revision again: the table is there, the converted sessions are
skipped. ``events`` is dropped, and the revision stamped, only after every session is converted.
``FUPAN_MIGRATE_PAUSE`` (seconds, default 0) rests between batches on a busy server.

Each session's chain is walked before it is converted (each event's ``prev_hash``, ``hash``,
type and the head, as ``fupan store check`` did): a broken chain stops the upgrade, naming it,
because a chunk keeps only its last link and could no longer show where the chain broke.
A chunk ends at every head a receipt of the session states (each batch had its receipt).

The downgrade expands the chunks into event rows again (every link recomputed), in one
transaction.

Revision ID: 0017_event_chunks
Revises: 0016_witness
Create Date: 2026-12-06 05:13:53.790721+00:00
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections import defaultdict

import sqlalchemy as sa
from alembic import op

from events.models import UTCDateTime

revision = "0017_event_chunks"
down_revision = "0016_witness"
branch_labels = None
depends_on = None

GENESIS = "0" * 64
# The session row's head may only move to a stored link: the trigger's look-up, before/after.
HEAD_IN_EVENTS = "FROM events WHERE stream = NEW.id AND seq = NEW.head_seq"
HEAD_IN_CHUNKS = "FROM event_chunks WHERE stream = NEW.id AND last_seq = NEW.head_seq"
# The statement-level stream check of PostgreSQL (0003), per table.
STREAM_CHECK = (
    "CREATE FUNCTION fupan_{table}_have_sessions() RETURNS trigger LANGUAGE plpgsql AS $$ "
    "BEGIN IF EXISTS (SELECT 1 FROM (SELECT DISTINCT stream FROM new_rows) n "
    "WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.id = n.stream)) THEN "
    "RAISE EXCEPTION 'fupan: events must belong to a stored session' "
    "USING ERRCODE = 'foreign_key_violation'; END IF; RETURN NULL; END $$"
)


class ChainBroken(Exception):
    pass


def upgrade() -> None:
    bind = op.get_bind()
    if not sa.inspect(bind).has_table("event_chunks"):  # else: a conversion killed midway
        _create_chunks(bind.dialect.name == "postgresql")
    with op.get_context().autocommit_block():
        _convert(op.get_bind())
    _swap_head_trigger(HEAD_IN_EVENTS, HEAD_IN_CHUNKS)
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TABLE events")
        op.execute("DROP FUNCTION fupan_events_have_sessions()")
    else:
        op.drop_table("events")


def _create_chunks(postgresql: bool) -> None:
    op.create_table(
        "event_chunks",
        sa.Column(
            "stream",
            sa.String(32),
            *([] if postgresql else [sa.ForeignKey("sessions.id")]),
            primary_key=True,
        ),
        sa.Column("first_seq", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("last_seq", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("recorded_at", UTCDateTime(), nullable=False),
    )
    _write_once("event_chunks", postgresql)
    _contiguous(postgresql)
    if not postgresql:
        return
    lz4 = op.get_bind().exec_driver_sql(
        "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
    )
    if lz4.scalar():  # fast to compress; PostgreSQL compresses a chunk past ~2 kB (TOAST)
        op.execute("ALTER TABLE event_chunks ALTER COLUMN data SET COMPRESSION lz4")
    _stream_check("event_chunks")


def _write_once(table: str, postgresql: bool) -> None:
    if postgresql:  # fupan_refuse_change() is 0001_store's
        op.execute(
            f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION fupan_refuse_change()"
        )
        op.execute(
            f"CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table} "
            "FOR EACH STATEMENT EXECUTE FUNCTION fupan_refuse_change()"
        )
        return
    for verb in ("UPDATE", "DELETE"):
        op.execute(
            f"CREATE TRIGGER {table}_no_{verb.lower()} BEFORE {verb} ON {table} BEGIN "
            f"SELECT RAISE(ABORT, 'fupan: {table} are append-only, {verb} refused'); END"
        )


def _contiguous(postgresql: bool) -> None:
    """A chunk starts right after its stream's last stored seq (what the primary key (stream,
    seq) of the events refused, a seq taken twice, and a gap as well): one index look-up a
    batch."""
    wrong = (
        "NEW.last_seq < NEW.first_seq OR NEW.first_seq <> coalesce((SELECT max(last_seq) FROM "
        "event_chunks WHERE stream = NEW.stream), -1) + 1"
    )
    message = "fupan: a chunk must continue its stream from its last seq"
    if not postgresql:
        op.execute(
            f"CREATE TRIGGER event_chunks_contiguous BEFORE INSERT ON event_chunks WHEN {wrong} "
            f"BEGIN SELECT RAISE(ABORT, '{message}'); END"
        )
        return
    op.execute(
        "CREATE FUNCTION fupan_event_chunks_contiguous() RETURNS trigger LANGUAGE plpgsql AS $$ "
        f"BEGIN IF {wrong} THEN RAISE EXCEPTION '{message}' USING ERRCODE = 'unique_violation'; "
        "END IF; RETURN NEW; END $$"
    )
    op.execute(
        "CREATE TRIGGER event_chunks_contiguous BEFORE INSERT ON event_chunks "
        "FOR EACH ROW EXECUTE FUNCTION fupan_event_chunks_contiguous()"
    )


def _stream_check(table: str) -> None:
    op.execute(STREAM_CHECK.format(table=table))
    op.execute(
        f"CREATE TRIGGER {table}_have_sessions AFTER INSERT ON {table} "
        "REFERENCING NEW TABLE AS new_rows "
        f"FOR EACH STATEMENT EXECUTE FUNCTION fupan_{table}_have_sessions()"
    )


def _swap_head_trigger(old: str, new: str) -> None:
    """Point the session row's head check (0001_store) at the other table."""
    bind = op.get_bind()
    if bind.dialect.name == "postgresql":
        body = bind.exec_driver_sql(
            "SELECT pg_get_functiondef('fupan_session_head_only'::regproc)"
        ).scalar_one()
        op.execute(body.replace(old, new))  # CREATE OR REPLACE FUNCTION …
        return
    sql = bind.exec_driver_sql(
        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'sessions_head_only'"
    ).scalar_one()
    op.execute("DROP TRIGGER sessions_head_only")
    op.execute(sql.replace(old, new))


def _convert(bind: sa.Connection) -> None:
    """Chunk every session not converted yet, a batch at a time (see the module's text)."""
    pause = float(os.environ.get("FUPAN_MIGRATE_PAUSE") or 0)
    batch = int(os.environ.get("FUPAN_MIGRATE_BATCH") or 50)
    postgresql = bind.dialect.name == "postgresql"
    todo = sa.text(
        "SELECT id, head_seq, head_hash FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM "
        "event_chunks c WHERE c.stream = s.id AND c.last_seq = s.head_seq) ORDER BY id LIMIT :n"
    )
    while sessions := bind.execute(todo, {"n": batch}).all():
        ids = sa.bindparam("ids", [s.id for s in sessions], expanding=True)
        ends = defaultdict(set)
        for session_id, head_seq in bind.execute(
            sa.text("SELECT session_id, head_seq FROM receipts WHERE session_id IN :ids").bindparams(ids)
        ):  # fmt: skip
            ends[session_id].add(head_seq)
        done = set(
            bind.execute(
                sa.text("SELECT stream, first_seq FROM event_chunks WHERE stream IN :ids").bindparams(ids)
            ).all()
        )  # fmt: skip
        insert = (
            _in_postgresql(bind, sessions, ids) if postgresql else _in_python(bind, sessions, ids)
        )
        for s in sessions:
            first = 0
            for last in sorted({e for e in ends[s.id] if e < s.head_seq} | {s.head_seq}):
                if (s.id, first) not in done:
                    insert(s.id, first, last)
                first = last + 1
        if not postgresql:  # the block's BEGIN IMMEDIATE (events.db): end it here
            bind.connection.dbapi_connection.commit()  # type: ignore[union-attr]
        time.sleep(pause)


def _in_python(bind: sa.Connection, sessions: list, ids: sa.BindParameter):
    """SQLite: the batch's events read and walked here; returns what inserts a chunk."""
    events = defaultdict(list)
    for row in bind.execute(
        sa.text(
            "SELECT stream, seq, type, data, prev_hash, hash, recorded_at FROM events "
            "WHERE stream IN :ids ORDER BY stream, seq"
        ).bindparams(ids)
    ):
        events[row.stream].append(row)
    for s in sessions:
        _walk(s, events[s.id])
    chunks = sa.table("event_chunks", *map(sa.column, ("stream", "first_seq", "last_seq", "data", "hash", "recorded_at")))  # fmt: skip

    def insert(stream: str, first: int, last: int) -> None:
        part = events[stream][first : last + 1]
        bind.execute(
            chunks.insert(),
            dict(stream=stream, first_seq=first, last_seq=last,
                 data="".join(e.data + "\n" for e in part), hash=part[-1].hash,
                 recorded_at=part[-1].recorded_at),
        )  # fmt: skip

    return insert


# PostgreSQL walks and chunks the events itself (sha256(), string_agg): nothing read back here.
# The walk of _walk: each seq its position, each prev_hash the previous hash, each hash recomputed
# (docs/store.md's encoding), each type the record's, and the last event the session's head.
BROKEN_LINKS = """
SELECT stream, min(at) FROM (
  SELECT e.stream, e.seq, e.type, e.data, e.prev_hash, e.hash,
         row_number() OVER w - 1 AS at, coalesce(lag(e.hash) OVER w, :genesis) AS prev
  FROM events e WHERE e.stream IN :ids WINDOW w AS (PARTITION BY e.stream ORDER BY e.seq)
) x
WHERE seq <> at OR prev_hash <> prev OR (data::json ->> 'type') IS DISTINCT FROM type
   OR hash <> encode(sha256(int8send(seq::int8) || decode(prev, 'hex')
                            || sha256(convert_to(data, 'UTF8'))), 'hex')
GROUP BY stream ORDER BY stream
"""
OFF_HEAD = """
SELECT s.id FROM sessions s WHERE s.id IN :ids AND (
  NOT EXISTS (SELECT 1 FROM events e WHERE e.stream = s.id AND e.seq = s.head_seq
              AND e.hash = s.head_hash)
  OR EXISTS (SELECT 1 FROM events e WHERE e.stream = s.id AND e.seq > s.head_seq))
ORDER BY s.id
"""
CHUNK = """
INSERT INTO event_chunks (stream, first_seq, last_seq, data, hash, recorded_at)
SELECT CAST(:s AS varchar), CAST(:a AS integer), CAST(:b AS integer), string_agg(data || E'\\n', '' ORDER BY seq), (array_agg(hash ORDER BY seq DESC))[1],
       (array_agg(recorded_at ORDER BY seq DESC))[1]
FROM events WHERE stream = CAST(:s AS varchar) AND seq BETWEEN CAST(:a AS integer) AND CAST(:b AS integer)
"""


def _in_postgresql(bind: sa.Connection, sessions: list, ids: sa.BindParameter):
    """PostgreSQL: the batch's chains walked by the server; returns what inserts a chunk."""
    broken = bind.execute(sa.text(BROKEN_LINKS).bindparams(ids), {"genesis": GENESIS}).first()
    if broken is not None:
        raise ChainBroken(_broken(broken[0], broken[1]))
    off = bind.execute(sa.text(OFF_HEAD).bindparams(ids)).first()
    if off is not None:
        raise ChainBroken(_off_head(next(s for s in sessions if s.id == off[0])))

    def insert(stream: str, first: int, last: int) -> None:
        bind.execute(sa.text(CHUNK), {"s": stream, "a": first, "b": last})

    return insert


def _links(records: list[str]):
    """(seq, type, data, prev_hash, hash) of each record from seq 0 (docs/store.md's encoding)."""
    prev = GENESIS
    for seq, data in enumerate(records):
        digest = hashlib.sha256(data.encode("utf-8")).digest()
        link = hashlib.sha256(seq.to_bytes(8, "big") + bytes.fromhex(prev) + digest).hexdigest()
        yield seq, json.loads(data).get("type"), data, prev, link
        prev = link


def _walk(session, events: list) -> None:
    """The session's stored events are its chain up to its head (``fupan store check``'s walk)."""
    stored = [(e.seq, e.type, e.data, e.prev_hash, e.hash) for e in events]
    for expected, found in zip(_links([e.data for e in events]), stored, strict=True):
        if expected != found:
            raise ChainBroken(_broken(session.id, expected[0]))
    if not stored or (stored[-1][0], stored[-1][4]) != (session.head_seq, session.head_hash):
        raise ChainBroken(_off_head(session))


def _broken(session_id: str, seq: int) -> str:
    return (
        f"fupan: session {session_id}: chain broken at seq {seq}: run `fupan store check`; a "
        "broken chain cannot be converted (a chunk keeps only its last link)"
    )


def _off_head(session) -> str:
    return (
        f"fupan: session {session.id}: its events do not end at its head {session.head_seq}: "
        "run `fupan store check`"
    )


def downgrade() -> None:
    bind = op.get_bind()
    postgresql = bind.dialect.name == "postgresql"
    op.create_table(
        "events",
        sa.Column(
            "stream",
            sa.String(32),
            *([] if postgresql else [sa.ForeignKey("sessions.id")]),
            primary_key=True,
        ),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("prev_hash", sa.String(64), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("recorded_at", UTCDateTime(), nullable=False),
    )
    _write_once("events", postgresql)
    if postgresql:
        op.execute(STREAM_CHECK.format(table="events"))
        op.execute(
            "CREATE TRIGGER events_have_sessions AFTER INSERT ON events "
            "REFERENCING NEW TABLE AS new_rows "
            "FOR EACH STATEMENT EXECUTE FUNCTION fupan_events_have_sessions()"
        )
    events = sa.table("events", *map(sa.column, ("stream", "seq", "type", "data", "prev_hash", "hash", "recorded_at")))  # fmt: skip
    streams = defaultdict(list)
    for row in bind.execute(
        sa.text("SELECT stream, data, recorded_at FROM event_chunks ORDER BY stream, first_seq")
    ):
        streams[row.stream].append(row)
    for stream, rows in streams.items():
        records = [(line, row.recorded_at) for row in rows for line in row.data.split("\n")[:-1]]
        links = _links([data for data, _ in records])
        bind.execute(
            events.insert(),
            [
                dict(stream=stream, seq=seq, type=kind, data=data, prev_hash=prev, hash=link,
                     recorded_at=at)
                for (seq, kind, data, prev, link), (_, at) in zip(links, records, strict=True)
            ],
        )  # fmt: skip
    _swap_head_trigger(HEAD_IN_CHUNKS, HEAD_IN_EVENTS)
    op.drop_table("event_chunks")
    if postgresql:
        op.execute("DROP FUNCTION fupan_event_chunks_have_sessions()")
        op.execute("DROP FUNCTION fupan_event_chunks_contiguous()")
