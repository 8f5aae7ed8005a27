"""Migration 0017_event_chunks on a store written as event rows (what the store wrote before it):
every export byte-identical after it, the store check clean, each chunk ending at a receipted
head; killed midway it keeps what it converted and finishes when run again; a broken chain
stops it before anything is dropped."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from alembic import command as alembic_command
from sqlalchemy import insert, inspect, text, update
from sqlalchemy.exc import DBAPIError

from events import chain, store
from events import db as events_db
from events.codec import canonical_json, parse_log
from events.models import TableSession
from tests.conftest import stored_chunks, variant

BEFORE = "0016_witness"
FIX = {"type": "correction", "target": 2, "void": True, "reason": "记错", "by": "裁判"}


def old_events(connection, session_id: str, links: list[chain.Link]) -> None:
    """A batch as the store wrote it before 0017: one row an event, both hashes stored."""
    connection.execute(
        text(
            "INSERT INTO events (stream, seq, type, data, prev_hash, hash, recorded_at) "
            "VALUES (:s, :q, :t, :d, :p, :h, CURRENT_TIMESTAMP)"
        ),
        [dict(s=session_id, q=x.seq, t=x.type, d=x.data, p=x.prev_hash, h=x.hash) for x in links],
    )


def old_ingest(log: str) -> TableSession:
    """An upload as the store made it before 0017: session row, event rows, leaf and receipt."""
    parsed = parse_log(log)
    links = chain.extend(parsed.canonical_lines)
    first = parsed.records[0]
    row = TableSession(
        id=uuid.uuid4().hex, club=first["club"], table_name=first["table"],
        ruleset=first["ruleset"], players=first["players"], started_at=first.get("started_at"),
        content_hash=parsed.content_hash, head_seq=links[-1].seq, head_hash=links[-1].hash,
    )  # fmt: skip
    with events_db.get_engine().begin() as c:
        c.execute(insert(TableSession), row.model_dump())
        old_events(c, row.id, links)
        store._receipts(c, [(row.id, row.club, row.content_hash, len(links), links[-1])], "upload")
    return row


def old_append(row: TableSession, n: int) -> None:
    """``n`` corrections appended as one batch, as the store did before 0017."""
    data = [canonical_json(FIX)] * n
    links = chain.extend(data, seq=row.head_seq + 1, prev_hash=row.head_hash)
    uploaded = store.receipts_of(session_id=row.id)[0]["receipt"]["uploaded"]
    with events_db.get_engine().begin() as c:
        old_events(c, row.id, links)
        c.execute(
            update(TableSession)
            .where(TableSession.id == row.id)
            .values(head_seq=links[-1].seq, head_hash=links[-1].hash)
        )
        store._receipts(
            c, [(row.id, row.club, row.content_hash, uploaded, links[-1])], "correction"
        )
    row.head_seq, row.head_hash = links[-1].seq, links[-1].hash


def old_export(session_id: str) -> str:
    """``fupan store export`` before 0017: the event rows' data in seq order, a line each."""
    with events_db.get_engine().connect() as c:
        data = c.execute(
            text("SELECT data FROM events WHERE stream = :s ORDER BY seq"), {"s": session_id}
        ).scalars()
        return "".join(d + "\n" for d in data)


@pytest.fixture
def old_store(database_url, sample_log):
    """Sessions stored as event rows at 0016: some with corrections appended in batches."""
    alembic_command.downgrade(events_db.alembic_config(events_db.get_engine()), BEFORE)
    rows = [old_ingest(variant(sample_log, n)) for n in range(6)]
    first = rows[0].head_seq
    old_append(rows[1], 2)
    old_append(rows[1], 1)
    old_append(rows[4], 3)
    exports = {row.id: old_export(row.id) for row in rows}
    assert {row.id for row in rows} == {s.id for s in store.list_sessions()}
    return rows, exports, first


def revision(engine) -> str:
    with engine.connect() as c:
        return c.execute(text("SELECT version_num FROM alembic_version")).scalar_one()


def test_the_export_and_the_evidence_are_the_same_after_the_migration(old_store):
    rows, exports, first = old_store
    documents = {row.id: store.receipts_of(session_id=row.id) for row in rows}
    proven = {  # each receipt, proven from the exported log before the migration
        row.id: [store.check_receipt(document=d, log=exports[row.id]) for d in documents[row.id]]
        for row in rows
    }
    engine = events_db.get_engine()
    events_db.upgrade(engine)
    assert "events" not in inspect(engine).get_table_names()
    for row in rows:
        assert store.export_log(session_id=row.id) == exports[row.id]
        assert store.receipts_of(session_id=row.id) == documents[row.id]
        # and from the stored chunks after it: the same proof
        assert [store.check_receipt(document=d) for d in documents[row.id]] == proven[row.id]
    assert all(p.logged_in for ps in proven.values() for p in ps)
    # a chunk for each batch: it ends at each receipted head
    assert [(x.first_seq, x.last_seq) for x in stored_chunks(rows[1].id)] == [
        (0, first), (first + 1, first + 2), (first + 3, first + 3)
    ]  # fmt: skip
    check = store.check_chains()
    assert check.ok, (check.broken, check.problems)
    assert (check.sessions, check.events) == (6, 6 * (first + 1) + 6)
    # and the store goes on: an append after the migration chains on
    s = store.get_session(session_id=rows[4].id)
    store.append_corrections(session_id=s.id, corrections=[FIX], expected_seq=s.head_seq)
    assert store.check_chains().ok


def test_killed_midway_the_migration_keeps_its_work_and_finishes(old_store, database_url):
    rows, exports, _ = old_store
    engine = events_db.get_engine()
    env = {**os.environ, "FUPAN_DATABASE_URL": database_url, "FUPAN_MIGRATE_BATCH": "1",
           "FUPAN_MIGRATE_PAUSE": "2"}  # fmt: skip
    fupan = str(Path(sys.executable).with_name("fupan"))
    upgrade = subprocess.Popen([fupan, "db", "upgrade"], env=env, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while converted(engine) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        upgrade.send_signal(signal.SIGKILL)
        upgrade.wait(30)
    done = converted(engine)
    assert 2 <= done < len(rows), done  # killed between batches, not at the end
    assert revision(engine) == BEFORE
    assert "events" in inspect(engine).get_table_names()
    events_db.dispose_all()
    engine = events_db.get_engine()
    events_db.upgrade(engine)  # run again: it resumes
    assert revision(engine) != BEFORE and converted(engine) == len(rows)
    for row in rows:
        assert store.export_log(session_id=row.id) == exports[row.id]
    check = store.check_chains()
    assert check.ok, (check.broken, check.problems)


def converted(engine) -> int:
    """Sessions whose chunk at their head is stored (0 while the table is not there)."""
    try:
        with engine.connect() as c:
            return c.execute(
                text(
                    "SELECT count(*) FROM sessions s WHERE EXISTS (SELECT 1 FROM event_chunks c "
                    "WHERE c.stream = s.id AND c.last_seq = s.head_seq)"
                )
            ).scalar_one()
    except DBAPIError:
        return 0


def test_a_broken_chain_stops_the_migration_before_anything_is_dropped(old_store):
    rows, exports, _ = old_store
    engine = events_db.get_engine()
    with engine.begin() as c:
        if engine.dialect.name == "postgresql":
            c.execute(text("ALTER TABLE events DISABLE TRIGGER USER"))
        else:
            c.execute(text("DROP TRIGGER events_no_update"))
        c.execute(
            text("UPDATE events SET data = data || ' ' WHERE stream = :s AND seq = 3"),
            {"s": rows[2].id},
        )
    with pytest.raises(Exception, match=f"session {rows[2].id}: chain broken at seq 3"):
        events_db.upgrade(engine)
    assert revision(engine) == BEFORE
    assert old_export(rows[0].id) == exports[rows[0].id]  # the event rows are all still there
