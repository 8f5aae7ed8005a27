"""A batch of results is stored in one statement: each result once, and the indexes of those
stored (with their row ids) reported back in the batch's order, whatever order the database
returns them in."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlmodel import select

from engine import audit
from events import store, verifications
from events.db import db_session, get_engine
from events.models import Verification


def result(session_id: str, head_seq: int, version: str = "1.0") -> verifications.Result:
    return verifications.Result(session_id, head_seq, version, None, "ok", {"hands": []})


@pytest.mark.usefixtures("database_url")
def test_a_batch_stores_each_new_result_once_and_names_those_stored(sample_log):
    session = store.ingest(data=sample_log.encode()).session
    head = session.head_seq
    assert verifications.record_verifications([result(session.id, head - 1)]) == [0]
    batch = [
        result(session.id, head),  # new
        result(session.id, head - 1),  # stored before
        result(session.id, head, "2.0"),  # new: another engine version
        result(session.id, head),  # the first one again
    ]
    seen = []
    stored = verifications.record_verifications(batch, then=lambda _c, ids: seen.extend(ids))
    assert stored == [0, 2]
    with db_session() as db:
        rows = {(v.head_seq, v.engine_version): v.id for v in db.exec(select(Verification))}
    assert seen == [(0, rows[(head, "1.0")]), (2, rows[(head, "2.0")])]
    assert len(rows) == 3
    assert verifications.record_verifications(batch) == []


COMPRESSION = "SELECT pg_column_compression(report) FROM verifications WHERE head_seq = :seq"


@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_report_is_stored_lz4_on_postgresql_and_an_older_pglz_one_reads_alike(
    database_url, sample_log
):
    session = store.ingest(data=sample_log.encode()).session
    report = audit.audit(store.read_records(session_id=session.id)).to_dict()
    big = {**report, "padding": [report] * 20}  # past the size PostgreSQL compresses at
    engine = get_engine()
    with engine.begin() as c:  # a report stored before migration 0019
        c.execute(text("ALTER TABLE verifications ALTER COLUMN report SET COMPRESSION pglz"))
    verifications.record_verification(session_id=session.id, head_seq=0, engine_version="1",
                                      options=None, status="ok", report=big)  # fmt: skip
    with engine.begin() as c:
        c.execute(text("ALTER TABLE verifications ALTER COLUMN report SET COMPRESSION lz4"))
    verifications.record_verification(session_id=session.id, head_seq=1, engine_version="1",
                                      options=None, status="ok", report=big)  # fmt: skip
    with engine.connect() as c:
        assert [c.execute(text(COMPRESSION), {"seq": seq}).scalar() for seq in (0, 1)] == [
            "pglz", "lz4"
        ]  # fmt: skip
    older, newer = verifications.verifications_of(session_id=session.id)
    assert older.report == newer.report == verifications.report_json(big)


@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_the_migrations_set_lz4_on_the_report_column(database_url):
    with get_engine().connect() as c:
        method = c.execute(
            text("SELECT attcompression FROM pg_attribute WHERE attname = 'report'"
                 " AND attrelid = 'verifications'::regclass")
        ).scalar()  # fmt: skip
    assert method == "l"
