"""The embedded queue (no broker): the same tasks run on an in-process thread."""

from __future__ import annotations

import json
import uuid

import pytest
from celery.signals import task_retry
from sqlalchemy.exc import OperationalError

from engine.audit import audit_records
from events import store, verifications
from tests.conftest import BACKGROUND_BUDGET, variant, with_table
from tests.workers.poison import poisoned_audit
from workers import dispatch, tasks


@pytest.fixture
def embedded(data_dir):
    """The zero-configuration default: SQLite in the data dir, embedded queue."""
    yield data_dir
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)


def test_an_upload_is_verified_in_the_background(embedded, sample_log):
    session = store.ingest(data=sample_log).session
    dispatch.enqueue_verify(session.id).result(30)
    [row] = verifications.verifications_of(session_id=session.id)
    report = audit_records(store.read_records(session_id=session.id))
    assert (row.status, row.head_seq, row.engine_version) == (
        "ok",
        session.head_seq,
        tasks.engine_version(),
    )
    assert json.loads(row.report) == json.loads(json.dumps(report))
    assert row.anomalies == len(report["anomalies"]) + sum(
        len(h["anomalies"]) for h in report["hands"]
    )
    assert row.disputes == sum(1 for h in report["hands"] if h["disputes"])  # hands, not lines
    assert (embedded / "fupan.sqlite3").exists()


def test_verifying_twice_writes_one_result(embedded, sample_log):
    session = store.ingest(data=sample_log).session
    assert tasks.verify_session.apply(args=[session.id]).get() == "ok"
    assert tasks.verify_session.apply(args=[session.id]).get() == "done"
    assert (
        verifications.record_verification(
            session_id=session.id,
            head_seq=session.head_seq,
            engine_version=tasks.engine_version(),
            options=None,
            status="failed",
            error="a late duplicate",
        )
        is False
    )
    assert len(verifications.verifications_of(session_id=session.id)) == 1


def test_a_correction_and_a_new_engine_version_add_results_and_keep_old_ones(embedded, sample_log):
    first = store.ingest(data=variant(sample_log, 1)).session
    second = store.ingest(data=variant(sample_log, 2)).session
    for s in (first, second):  # results of an older engine
        verifications.record_verification(
            session_id=s.id, head_seq=s.head_seq, engine_version="0.0.1", options=None, status="ok"
        )
    corrected = store.append_corrections(
        session_id=second.id,
        expected_seq=second.head_seq,
        corrections=[
            {"type": "correction", "target": 3, "void": True, "reason": "多写", "by": "裁判"}
        ],
    ).session
    dispatch.start_embedded_worker().result(BACKGROUND_BUDGET)
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    for s, head in ((first, first.head_seq), (second, corrected.head_seq)):
        rows = verifications.verifications_of(session_id=s.id)
        assert [(r.engine_version, r.head_seq) for r in rows] == [
            ("0.0.1", s.head_seq),
            (tasks.engine_version(), head),
        ]
    assert tasks.reverify_all.apply().get() == 0


def test_a_poison_log_is_a_failed_verification_and_the_queue_goes_on(
    embedded, sample_log, monkeypatch
):
    monkeypatch.setattr("engine.audit.audit", poisoned_audit)
    poison = store.ingest(data=with_table(sample_log, "poison")).session
    good = store.ingest(data=sample_log).session
    dispatch.enqueue_verify(poison.id)
    dispatch.enqueue_verify(good.id)
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    [bad] = verifications.verifications_of(session_id=poison.id)
    assert (bad.status, bad.report) == ("failed", None)
    assert "RuntimeError: engine bug" in bad.error
    assert [r.status for r in verifications.verifications_of(session_id=good.id)] == ["ok"]


def test_ingest_batch_stores_rejects_and_verifies(embedded, sample_log, tmp_path):
    files = []
    for n, text in enumerate([variant(sample_log, 1), variant(sample_log, 1), "not json\n"]):
        files.append(tmp_path / f"log{n}.jsonl")
        files[-1].write_text(text, encoding="utf-8")
    summary = dispatch.enqueue_ingest([*files, tmp_path / "missing.jsonl"]).result(30)
    assert (summary["stored"], summary["duplicates"]) == (1, 1)
    assert set(summary["rejected"]) == {str(files[2]), str(tmp_path / "missing.jsonl")}
    assert "line 1" in summary["rejected"][str(files[2])]
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    [session] = store.list_sessions()
    [row] = verifications.verifications_of(session_id=session.id)
    stored_report = audit_records(store.read_records(session_id=session.id))
    assert (row.status, row.head_seq) == ("ok", session.head_seq)
    assert json.loads(row.report) == json.loads(json.dumps(stored_report))


def test_a_batch_is_stored_under_one_checkpoint_and_a_bad_file_loses_nothing_else(
    embedded, sample_log, tmp_path
):
    """The files of a batch that parse are stored in one transaction (one checkpoint, a leaf
    and a receipt each); the bad one is refused alone, naming its line and field."""
    lines = variant(sample_log, 9).splitlines(keepends=True)
    bad = "".join([*lines[:3], lines[3].replace('"seat":"E"', '"seat":"Q"', 1), *lines[4:]])
    texts = [variant(sample_log, 1), bad, variant(sample_log, 2), variant(sample_log, 3)]
    files = []
    for n, text in enumerate(texts):
        files.append(tmp_path / f"log{n}.jsonl")
        files[-1].write_text(text, encoding="utf-8")
    summary = dispatch.enqueue_ingest(files).result(30)
    assert (summary["stored"], summary["duplicates"]) == (3, 0)
    assert "line 4 (showdown): field seat" in summary["rejected"][str(files[1])]
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    sessions = store.list_sessions()
    documents = [store.receipts_of(session_id=s.id)[-1] for s in sessions]
    assert {d["receipt"]["log"]["tree_size"] for d in documents} == {3}
    assert sorted(d["receipt"]["log"]["leaf_index"] for d in documents) == [0, 1, 2]
    for session, document in zip(sessions, documents, strict=True):
        assert store.check_receipt(document=document).logged_in == 3
        [row] = verifications.verifications_of(session_id=session.id)
        assert row.status == "ok"
    assert store.check_chains().ok


def test_a_redelivered_batch_verifies_what_was_stored_but_not_verified(
    embedded, sample_log, tmp_path
):
    """A worker that died between storing and verifying: the batch comes again."""
    path = tmp_path / "log.jsonl"
    path.write_text(sample_log, encoding="utf-8")
    session = store.ingest(data=sample_log).session  # stored, never verified
    summary = tasks.ingest_batch.apply(args=[[str(path)]]).get()
    assert (summary["stored"], summary["duplicates"]) == (0, 1)
    assert [r.status for r in verifications.verifications_of(session_id=session.id)] == ["ok"]
    tasks.ingest_batch.apply(args=[[str(path)]]).get()  # and again: nothing twice
    assert len(verifications.verifications_of(session_id=session.id)) == 1


def test_a_batch_tried_again_reports_its_own_earlier_store_as_stored(
    embedded, sample_log, tmp_path
):
    """Issue 26, point 8: a worker killed after storing a file, its batch tried again by the
    same ingest run: the file is this run's, "stored" (stored earlier), not "already stored";
    another run, or a file someone else stored, is a duplicate."""
    path = tmp_path / "log.jsonl"
    path.write_text(variant(sample_log, 1), encoding="utf-8")
    run = uuid.uuid4().hex
    first = tasks.ingest_batch.apply(args=[[str(path)]], kwargs={"run": run}).get()
    again = tasks.ingest_batch.apply(args=[[str(path)]], kwargs={"run": run}).get()
    other_run = tasks.ingest_batch.apply(args=[[str(path)]], kwargs={"run": uuid.uuid4().hex})
    counts = lambda s: (s["stored"], s["stored_earlier"], s["duplicates"])  # noqa: E731
    assert counts(first) == (1, 0, 0)
    assert counts(again) == (1, 1, 0)
    assert counts(other_run.get()) == (0, 0, 1)
    [session] = store.list_sessions()
    assert session.id == tasks.run_session_id(run, str(path))
    assert len(verifications.verifications_of(session_id=session.id)) == 1

    theirs = tmp_path / "theirs.jsonl"
    theirs.write_text(variant(sample_log, 2), encoding="utf-8")
    store.ingest(data=theirs.read_bytes())
    summary = tasks.ingest_batch.apply(args=[[str(theirs)]], kwargs={"run": run}).get()
    assert counts(summary) == (0, 0, 1)


def test_verifying_an_unknown_session_is_harmless(embedded):
    assert tasks.verify_session.apply(args=["no-such-session"]).get() == "missing"


def test_database_errors_are_retried_with_backoff_then_fail(data_dir, monkeypatch):
    retries = []

    def count(request, **_kwargs):
        retries.append(request.retries)

    task_retry.connect(count, weak=False)
    try:
        monkeypatch.setenv("FUPAN_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:1/down")
        result = tasks.verify_session.apply(args=["any"])  # eager: countdowns are skipped
    finally:
        task_retry.disconnect(count)
    assert result.failed() and isinstance(result.result, OperationalError)
    assert retries == list(range(tasks.verify_session.max_retries))
    assert tasks.verify_session.retry_backoff and tasks.verify_session.acks_late
