"""Store contract tests, run against SQLite and PostgreSQL (the ``database_url`` fixture)."""

from __future__ import annotations

import functools
import json
import multiprocessing
import threading

import pytest
from alembic import command as alembic_command
from sqlalchemy import insert, inspect, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from events import chain, store, verifications
from events import db as events_db
from events.codec import LogFormatError, parse_log
from events.models import EventChunk, TableSession, utcnow
from tests.conftest import (
    edit_records,
    insert_chunk,
    rewrite_chunks,
    run_sql,
    stored_chunks,
    variant,
    with_table,
)


def correction(target: int, note: str = "fix") -> dict:
    return {"type": "correction", "target": target, "void": True, "reason": note, "by": "裁判"}


def test_ingest_stores_the_canonical_records_chained_with_a_receipt(database_url, sample_log):
    parsed = parse_log(sample_log)
    stored = store.ingest(data=sample_log.encode())
    assert stored.created
    session = store.get_session(session_id=stored.session.id)
    assert (session.ruleset, session.club, session.table_name) == (
        "huangyan",
        "黄岩测试俱乐部",
        "1",
    )
    assert session.content_hash == parsed.content_hash
    events = store.read_events(session_id=session.id)
    assert [e.seq for e in events] == list(range(len(parsed.records)))
    assert [e.data for e in events] == parsed.canonical_lines
    assert events[0].prev_hash == chain.GENESIS
    assert all(b.prev_hash == a.hash for a, b in zip(events, events[1:], strict=False))
    assert (session.head_seq, session.head_hash) == (events[-1].seq, events[-1].hash)
    assert store.read_records(session_id=session.id) == parsed.records
    body = stored.receipt["receipt"]
    assert (body["session_id"], body["head_hash"], body["event_count"]) == (
        session.id,
        session.head_hash,
        len(events),
    )


def test_text_with_escapes_is_stored_byte_for_byte(database_url, sample_log):
    # PostgreSQL takes events through COPY's text format: backslashes, tabs, newlines and quotes
    # in the canonical JSON must come back exactly, or the chain would not verify.
    awkward = 'C:\\牌桌\t"东"\n\\N\r'
    log = with_table(sample_log, awkward)
    parsed = parse_log(log)
    assert "\\\\" in parsed.canonical_lines[0]  # the JSON holds an escaped backslash
    session = store.ingest(data=log).session
    assert session.table_name == awkward
    assert [e.data for e in store.read_events(session_id=session.id)] == parsed.canonical_lines
    assert store.read_records(session_id=session.id) == parsed.records
    assert store.check_chains().broken == []


def test_the_same_log_uploaded_twice_is_one_session(database_url, sample_log):
    first = store.ingest(data=sample_log)
    reordered = "\n".join(  # same records, keys in another order, blank lines: same content
        json.dumps(dict(reversed(json.loads(line).items())), ensure_ascii=False) + "\n"
        for line in sample_log.splitlines()
        if line.strip()
    )
    again = store.ingest(data=reordered.encode())
    assert not again.created
    assert again.session.id == first.session.id
    assert again.receipt == first.receipt
    assert len(store.list_sessions()) == 1


def test_a_log_that_fails_validation_stores_nothing(database_url, sample_log):
    broken = sample_log.replace('"amount":20', '"amount":-20', 1)
    with pytest.raises(LogFormatError) as e:
        store.ingest(data=broken)
    assert "amount" in str(e.value)
    assert store.list_sessions() == []


def test_a_duplicate_seq_is_refused(database_url, sample_log):
    session = store.ingest(data=sample_log).session
    for first in (1, session.head_seq, session.head_seq + 2):  # a seq taken again, or a gap
        with pytest.raises(DBAPIError, match="fupan: a chunk must continue"):
            insert_chunk(session.id, chain.Chunk(first, first, "{}\n", chain.GENESIS))
    store.append_corrections(
        session_id=session.id, corrections=[correction(2)], expected_seq=session.head_seq
    )
    with pytest.raises(store.ConcurrencyConflict):  # a second writer that read the same head
        store.append_corrections(
            session_id=session.id, corrections=[correction(3)], expected_seq=session.head_seq
        )
    assert len(store.read_events(session_id=session.id)) == session.head_seq + 2


def test_a_failing_batch_writes_nothing(database_url, sample_log):
    session = store.ingest(data=sample_log).session
    head = session.head_seq
    # Someone has (out of band) taken seq head+1: the batch's chunk collides.
    link = chain.extend([json.dumps(correction(1), separators=(",", ":"))], seq=head + 1)[0]
    stray = chain.chunk([link])
    insert_chunk(session.id, stray)
    with pytest.raises(store.ConcurrencyConflict):
        store.append_corrections(
            session_id=session.id, corrections=[correction(1), correction(2)], expected_seq=head
        )
    assert stored_chunks(session.id)[-1] == stray
    assert store.get_session(session_id=session.id).head_seq == head
    assert len(store.receipts_of(session_id=session.id)) == 1


def test_an_invalid_correction_is_refused_before_anything_is_written(database_url, sample_log):
    session = store.ingest(data=sample_log).session
    for bad, message in [
        ({**correction(1), "by": ""}, "by"),
        (correction(session.head_seq + 1), "target"),
        (correction(0), "target"),
        ({"type": "discard", "seat": "E", "tile": "1m"}, "correction"),
        ({**correction(1), "void": None, "replacement": {"type": "discard", "seat": "Q"}}, "seat"),
    ]:
        with pytest.raises(store.CorrectionInvalid, match=message):
            store.append_corrections(
                session_id=session.id,
                corrections=[correction(1), bad],
                expected_seq=session.head_seq,
            )
    assert store.get_session(session_id=session.id).head_seq == session.head_seq


BATCHES = 5


def append_batches(session_id: str, writer: int) -> None:
    """One appender: BATCHES batches of two corrections, retrying on ConcurrencyConflict."""
    for b in range(BATCHES):
        while True:
            head = store.get_session(session_id=session_id).head_seq
            pair = [correction(1, f"{writer}/{b}/a"), correction(1, f"{writer}/{b}/b")]
            try:
                store.append_corrections(session_id=session_id, corrections=pair, expected_seq=head)
                break
            except store.ConcurrencyConflict:
                continue


def forked_appender(session_id: str, writer: int) -> None:
    events_db.dispose_all(close=False)  # the parent's connections are not ours to use
    append_batches(session_id, writer)


@pytest.mark.parametrize("runner", ["threads", "processes"])
def test_concurrent_appenders_never_lose_or_interleave_events(database_url, sample_log, runner):
    session = store.ingest(data=sample_log).session
    writers = 4 if runner == "threads" else 3
    if runner == "threads":
        workers = [
            threading.Thread(target=append_batches, args=(session.id, w)) for w in range(writers)
        ]
    else:
        fork = multiprocessing.get_context("fork")
        workers = [
            fork.Process(target=forked_appender, args=(session.id, w)) for w in range(writers)
        ]
    for w in workers:
        w.start()
    for w in workers:
        w.join(120)
    assert all(getattr(w, "exitcode", 0) == 0 for w in workers)
    added = store.read_records(session_id=session.id)[session.head_seq + 1 :]
    reasons = [r["reason"] for r in added]
    assert sorted(reasons) == sorted(
        f"{w}/{b}/{p}" for w in range(writers) for b in range(BATCHES) for p in "ab"
    )
    for i in range(0, len(reasons), 2):  # each batch is contiguous
        assert reasons[i].endswith("/a") and reasons[i + 1] == reasons[i][:-1] + "b"
    check = store.check_chains()
    assert check.ok, (check.broken, check.problems)  # chains, receipts and the log's leaves
    assert check.checkpoint.size == 1 + writers * BATCHES
    assert len(store.receipts_of(session_id=session.id)) == 1 + writers * BATCHES


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE event_chunks SET data = '{}' WHERE first_seq = 0",
        "DELETE FROM event_chunks",
        "UPDATE receipts SET document = '{}'",
        "DELETE FROM receipts",
        "DELETE FROM sessions",
        "UPDATE sessions SET club = 'elsewhere'",
        "UPDATE sessions SET head_seq = head_seq - 1",
    ],
)
def test_the_database_refuses_updates_and_deletes(database_url, sample_log, sql):
    store.ingest(data=sample_log)
    with pytest.raises(DBAPIError, match="fupan: "):
        run_sql(sql)
    assert store.check_chains().broken == []


def test_store_check_finds_a_tampered_event(database_url, sample_log):
    good = store.ingest(data=variant(sample_log, 1)).session
    bad = store.ingest(data=variant(sample_log, 2)).session
    before = store.export_log(session_id=bad.id)
    edit_records(bad.id, lambda seq, r: r.replace('"amount":20', '"amount":2'))
    assert store.export_log(session_id=bad.id) != before
    check = store.check_chains()
    assert (check.sessions, [b.stream for b in check.broken]) == (2, [bad.id])
    # the upload is one chunk: its only stored link, at the head, no longer matches
    assert check.broken[0].seq == bad.head_seq
    assert "does not match the records of seqs 0–" in check.broken[0].reason
    assert good.id not in str(check.broken)


def test_store_check_finds_a_truncated_stream(database_url, sample_log):
    session = store.ingest(data=sample_log).session
    links = store.read_events(session_id=session.id)
    rewrite_chunks(session.id, [chain.chunk(links[:-1])])  # the last record gone, re-chained
    [broken] = store.check_chains().broken
    assert "recorded head" in broken.reason


def test_session_rows_only_advance_to_a_stored_event(database_url, sample_log):
    session = store.ingest(data=sample_log).session
    with pytest.raises(DBAPIError, match="fupan: "):
        run_sql("UPDATE sessions SET head_seq = head_seq + 1 WHERE id = :s", s=session.id)


def test_unknown_sessions_and_empty_batches_are_clear_errors(database_url, sample_log):
    with pytest.raises(store.SessionNotFound):
        store.get_session(session_id="nope")
    with pytest.raises(store.SessionNotFound):
        store.export_log(session_id="nope")
    session = store.ingest(data=sample_log).session
    with pytest.raises(store.CorrectionInvalid):
        store.append_corrections(
            session_id=session.id, corrections=[], expected_seq=session.head_seq
        )


def test_migrations_go_down_to_nothing_and_up_again(database_url, sample_log):
    engine = events_db.get_engine()
    alembic_command.downgrade(events_db.alembic_config(engine), "base")
    assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
    events_db.upgrade(engine)
    assert {"sessions", "event_chunks", "receipts", "verifications"} <= set(
        inspect(engine).get_table_names()
    )
    store.ingest(data=sample_log)  # the triggers came back with the tables
    with pytest.raises(DBAPIError, match="fupan: "):
        run_sql("DELETE FROM event_chunks")


def test_0012_empties_the_digests_so_the_web_makes_them_again(database_url, sample_log):
    """Digests made before the items were data (``"zh · code"``) are deleted, both tables; the
    verification they were made from stays (a digest is derived from it)."""
    engine = events_db.get_engine()
    session = store.ingest(data=sample_log).session  # the downgrade makes it event rows again
    exported = store.export_log(session_id=session.id)
    alembic_command.downgrade(events_db.alembic_config(engine), "0011_store_subset")
    verifications.record_verification(
        session_id=session.id, head_seq=session.head_seq, engine_version="1.0", options=None,
        status="ok", report={"hands": []},
    )  # fmt: skip
    with engine.connect() as c:
        (vid,) = c.execute(text("SELECT id FROM verifications")).one()
    run_sql(
        "INSERT INTO web_digest (verification_id, session_id, head_seq, status, disputes, "
        "anomalies, ok, hands, disputed_hands, explanations, winner_points) VALUES (:v, :s, :h, "
        "'ok', 1, 0, :t, 1, 1, :e, '[]')",
        v=vid, s=session.id, h=session.head_seq, t=True, e='["胡牌家漏算无得 · fan_missed"]',
    )  # fmt: skip
    run_sql(
        "INSERT INTO web_digest_player (verification_id, player, position, seated, net, wins, "
        "owed) VALUES (:v, '阿强', 0, :t, 10, 1, 10)", v=vid, t=True,
    )  # fmt: skip

    def count(table: str) -> int:
        with engine.connect() as c:
            return c.execute(text(f"SELECT count(*) FROM {table}")).scalar_one()

    assert (count("web_digest"), count("web_digest_player")) == (1, 1)
    events_db.upgrade(engine, "0012_digest_reset")
    assert (count("web_digest"), count("web_digest_player"), count("verifications")) == (0, 0, 1)
    alembic_command.downgrade(events_db.alembic_config(engine), "0011_store_subset")
    events_db.upgrade(engine)  # down and up again: nothing to undo
    assert store.export_log(session_id=session.id) == exported
    assert store.check_chains().ok


def test_head_status_tells_whether_the_current_head_is_verified(database_url, sample_log):
    session = store.ingest(data=sample_log).session
    status = functools.partial(verifications.head_status, engine_version="1.0")
    assert status(session_id="no-such-session") is None
    assert status(session_id=session.id) == (session.head_seq, False)
    verifications.record_verification(
        session_id=session.id, head_seq=session.head_seq, engine_version="1.0", options=None,
        status="ok", report={"hands": []},
    )  # fmt: skip
    assert status(session_id=session.id) == (session.head_seq, True)
    assert verifications.head_status(session_id=session.id, engine_version="2.0") == (
        session.head_seq, False,
    )  # fmt: skip
    assert status(session_id=session.id, options={"base": 2}) == (session.head_seq, False)
    moved = store.append_corrections(
        session_id=session.id, corrections=[correction(1)], expected_seq=session.head_seq
    ).session
    assert status(session_id=session.id) == (moved.head_seq, False)


def test_the_database_refuses_events_of_no_session(database_url, sample_log):
    """SQLite by its foreign key, PostgreSQL by a statement trigger (migration 0003)."""
    store.ingest(data=sample_log)
    with pytest.raises(DBAPIError, match="fupan: events must belong|FOREIGN KEY"):
        insert_chunk("nosuchsession", chain.Chunk(0, 0, "{}\n", chain.GENESIS))
    assert store.check_chains().broken == []


def test_read_records_gives_back_the_parsed_records(database_url, sample_log):
    """What ingest_batch relies on to audit a new session without reading it back."""
    parsed = parse_log(sample_log)
    session = store.ingest_parsed(parsed=parsed).session
    assert store.read_records(session_id=session.id) == parsed.records


def test_a_result_is_written_once_per_head_version_and_options(database_url, sample_log):
    session = store.ingest(data=sample_log).session
    record = functools.partial(
        verifications.record_verification, session_id=session.id, head_seq=session.head_seq,
        status="ok", report={"hands": []},
    )  # fmt: skip
    assert record(engine_version="1.0", options=None) is True
    assert record(engine_version="1.0", options=None) is False  # a redelivered task
    assert record(engine_version="1.0", options={"base": 2}) is True
    assert record(engine_version="2.0", options=None) is True
    rows = verifications.verifications_of(session_id=session.id)
    assert [(r.engine_version, r.options) for r in rows] == [
        ("1.0", "{}"), ("1.0", '{"base":2}'), ("2.0", "{}"),
    ]  # fmt: skip


def test_the_same_log_uploaded_at_once_by_several_writers_is_one_session(database_url, sample_log):
    """Twin uploads race: the content-hash check and the unique index leave one session, and
    every writer gets it back (created once)."""
    parsed = parse_log(sample_log)
    start, results = threading.Barrier(4), []

    def upload() -> None:
        start.wait()
        results.append(store.ingest_parsed(parsed=parsed))

    writers = [threading.Thread(target=upload) for _ in range(4)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(60)
    assert len(results) == 4
    assert len({r.session.id for r in results}) == 1
    assert sorted(r.created for r in results) == [False, False, False, True]
    assert [s.id for s in store.list_sessions()] == [results[0].session.id]
    check = store.check_chains()
    assert check.ok and check.checkpoint.size == 1, (check.broken, check.problems)


def test_rows_inserted_together_read_back_as_inserted_one_by_one(database_url):
    """``events.db.insert_rows`` (COPY on PostgreSQL) stores what an INSERT of each row stores:
    text with tabs, newlines, backslashes and CJK, JSON, bytes sent as text, NULL, time."""
    tricky = 'a\tb\nc\\d\re "q" 阿强 \\N'
    rows = [
        dict(id=f"{n:032x}", club=tricky, table_name=str(n), ruleset="wenling",
             players=[tricky, "小李", "\\", '"'], started_at=None if n else tricky,
             content_hash=f"{n:064x}", head_seq=n, head_hash="0" * 64, created_at=utcnow())
        for n in range(3)
    ]  # fmt: skip
    twins = [{**row, "id": f"{n + 10:032x}", "content_hash": f"{n + 10:064x}"}
             for n, row in enumerate(rows)]  # fmt: skip
    engine = events_db.get_engine()
    with engine.begin() as c:
        events_db.insert_rows(c, TableSession, rows)
        c.execute(insert(TableSession), twins)
        players = "players::text" if engine.dialect.name == "postgresql" else "players"
        read = c.execute(
            text(f"SELECT club, table_name, {players}, started_at, head_seq, created_at "
                 "FROM sessions ORDER BY id")
        ).all()  # fmt: skip
        chunk = dict(
            stream=rows[1]["id"], first_seq=0, last_seq=1, hash="0" * 64, recorded_at=utcnow()
        )
        events_db.insert_rows(
            c, EventChunk, [{**chunk, "data": events_db.text_value(tricky.encode() + b"\n", c)}]
        )
        assert c.execute(text("SELECT data FROM event_chunks")).scalar_one() == tricky + "\n"
    assert read[:3] == read[3:] and read[0][0] == tricky and read[1][3] is None
    with pytest.raises(IntegrityError), engine.begin() as c:  # a taken key, as execute raises it
        events_db.insert_rows(c, TableSession, rows[:1])
