"""The store's commands: ``fupan db upgrade``, ``fupan ingest``, ``fupan store ...``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from events import db as events_db
from events import store, verifications
from service.cli import app
from tests.conftest import edit_records, variant
from workers import tasks

runner = CliRunner()


def fupan(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


def test_db_upgrade_migrates_the_configured_database(database_url):
    result = fupan("db", "upgrade")
    assert result.exit_code == 0, result.output
    assert "head" in result.output


def test_db_upgrade_refreshes_postgresqls_planner_statistics(database_url, sample_log):
    """A store loaded with autovacuum off is planned as if empty (a sequential scan of every
    event for one club's check): the upgrade that adds indexes also runs ANALYZE."""
    store.ingest(data=sample_log)
    result = fupan("db", "upgrade")
    assert result.exit_code == 0, result.output
    analyzed = "planner statistics refreshed" in result.output
    if database_url.startswith("sqlite"):
        assert not analyzed
        return
    assert analyzed
    engine = events_db.get_engine()
    with engine.connect() as c:
        c.exec_driver_sql("SELECT pg_stat_clear_snapshot()")
        rows = c.exec_driver_sql(
            "SELECT reltuples FROM pg_class WHERE relname = 'event_chunks'"
        ).scalar_one()
    assert rows > 0  # an unanalyzed table has reltuples -1 (never) or 0


def test_ingest_files_and_folders_then_check(data_dir, sample_log, tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    for n in range(3):
        (folder / f"t{n}.jsonl").write_text(variant(sample_log, n), encoding="utf-8")
    (folder / "bad.jsonl").write_text('{"type":"hand"}\n', encoding="utf-8")
    single = tmp_path / "again.jsonl"
    single.write_text(variant(sample_log, 0), encoding="utf-8")
    result = fupan("ingest", str(folder), str(single))
    assert result.exit_code == 1  # one file rejected
    assert "3 stored, 1 duplicate(s), 1 rejected" in result.output
    assert "bad.jsonl" in result.output and "line 1" in result.output
    sessions = store.list_sessions()
    assert len(sessions) == 3  # the embedded queue has verified them before ingest returned
    assert all(verifications.verifications_of(session_id=s.id) for s in sessions)
    check = fupan("store", "check")
    assert check.exit_code == 0
    assert "3 sessions" in check.output and "0 broken" in check.output


def test_store_check_reports_the_first_broken_link(database_url, sample_log):
    """Three chunks (the upload, two corrections, one more): records edited in the second and
    the third are reported at the second's last seq, the first link that no longer recomputes."""
    session = store.ingest(data=sample_log).session
    fix = {"type": "correction", "target": 1, "void": True, "reason": "x", "by": "裁判"}
    head = session.head_seq
    store.append_corrections(session_id=session.id, corrections=[fix, fix], expected_seq=head)
    store.append_corrections(session_id=session.id, corrections=[fix], expected_seq=head + 2)
    edit_records(session.id, lambda seq, r: r + " " if seq in (head + 1, head + 3) else r)
    result = fupan("store", "check")
    assert result.exit_code == 1
    assert f"session {session.id}: chain broken at seq {head + 2}" in result.output


def test_receipt_check_with_public_key_and_exported_log(data_dir, sample_log, tmp_path):
    stored = store.ingest(data=sample_log)
    receipt, key, log = tmp_path / "receipt.json", tmp_path / "key.pem", tmp_path / "export.jsonl"
    receipt.write_text(fupan("store", "receipt", stored.session.id).output, encoding="utf-8")
    assert json.loads(receipt.read_text(encoding="utf-8")) == stored.receipt
    key.write_text(fupan("store", "public-key").output, encoding="utf-8")
    log.write_text(fupan("store", "export", stored.session.id).output, encoding="utf-8")
    ok = fupan(
        "store", "check", "--receipt", str(receipt), "--public-key", str(key), "--log", str(log)
    )
    assert ok.exit_code == 0, ok.output
    assert "receipt verified" in ok.output
    forged = dict(stored.receipt, receipt=dict(stored.receipt["receipt"], event_count=1))
    receipt.write_text(json.dumps(forged), encoding="utf-8")
    bad = fupan("store", "check", "--receipt", str(receipt), "--public-key", str(key))
    assert bad.exit_code == 1
    assert "does NOT verify" in bad.output


def test_bad_inputs_are_clear_errors(data_dir, tmp_path):
    missing = fupan("store", "check", "--receipt", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "cannot read" in missing.output
    (tmp_path / "r.json").write_text("{not json", encoding="utf-8")
    garbled = fupan("store", "check", "--receipt", str(tmp_path / "r.json"))
    assert garbled.exit_code == 2 and "not JSON" in garbled.output
    assert fupan("store", "export", "nope").exit_code == 2
    assert fupan("store", "receipt", "nope").exit_code == 2
    assert fupan("ingest", str(tmp_path / "nowhere")).exit_code == 2
    no_broker = fupan("worker")
    assert no_broker.exit_code == 2 and "FUPAN_BROKER_URL" in no_broker.output


def test_an_unreachable_database_is_one_clear_line(data_dir, monkeypatch, sample_log, tmp_path):
    monkeypatch.setenv("FUPAN_DATABASE_URL", "postgresql+psycopg://u:secret@127.0.0.1:1/nowhere")
    log = tmp_path / "log.jsonl"
    log.write_text(sample_log, encoding="utf-8")
    for args in (["store", "check"], ["db", "upgrade"], ["ingest", str(log)]):
        result = fupan(*args)
        assert result.exit_code == 2, args
        assert "u:***@127.0.0.1:1/nowhere" in result.output and "secret" not in result.output


def test_reverify_verifies_what_this_engine_version_has_not(data_dir, sample_log):
    session = store.ingest(data=sample_log).session
    verifications.record_verification(
        session_id=session.id, head_seq=session.head_seq, engine_version="0.0.1", options=None,
        status="ok",
    )  # fmt: skip
    result = fupan("reverify", "--all")
    assert result.exit_code == 0 and "1 session(s) to verify: 1 ok" in result.output
    versions = [v.engine_version for v in verifications.verifications_of(session_id=session.id)]
    assert versions == ["0.0.1", tasks.engine_version()]
    assert "0 session(s) to verify: nothing to do" in fupan("reverify", "--all").output


def test_ingest_in_workers_needs_a_broker(data_dir, sample_log, tmp_path):
    log = tmp_path / "t.jsonl"
    log.write_text(sample_log, encoding="utf-8")
    result = fupan("ingest", "--in-workers", str(log))
    assert result.exit_code == 2
    assert "needs FUPAN_BROKER_URL" in result.output
    assert store.list_sessions() == []
