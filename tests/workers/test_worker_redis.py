"""Real ``celery worker`` processes on Redis with PostgreSQL: crash safety and poison logs."""

from __future__ import annotations

import json

import pytest

from events import store, verifications
from tests.conftest import BACKGROUND_BUDGET, variant, wait_for, with_table
from tests.workers.poison import INSTALL
from workers import celery_app, dispatch

pytestmark = [
    pytest.mark.redis,
    pytest.mark.postgres,
    pytest.mark.parametrize("database_url", ["postgresql"], indirect=True),
]


def write_logs(tmp_path, sample_log, count: int, first: int = 0) -> list[str]:
    paths = []
    for n in range(first, first + count):
        path = tmp_path / f"table-{n}.jsonl"
        path.write_text(variant(sample_log, n), encoding="utf-8")
        paths.append(str(path))
    return paths


def results() -> dict[str, list]:
    return {s.id: verifications.verifications_of(session_id=s.id) for s in store.list_sessions()}


def test_ingest_then_verify_in_a_worker(database_url, celery_worker_factory, sample_log, tmp_path):
    celery_worker_factory()
    paths = write_logs(tmp_path, sample_log, 3)
    assert dispatch.enqueue_ingest(paths) is None  # sent to the broker, not run here
    done = wait_for(lambda: (r := results()) and len(r) == 3 and all(r.values()) and r,
                    BACKGROUND_BUDGET,
                    what="three verified sessions")  # fmt: skip
    assert sorted(s.table_name for s in store.list_sessions()) == [f"variant-{n}" for n in range(3)]
    assert all([v.status for v in rows] == ["ok"] for rows in done.values())


def test_a_worker_killed_mid_batch_loses_nothing_and_verifies_once(
    database_url, celery_worker_factory, sample_log, tmp_path
):
    count = 80
    paths = write_logs(tmp_path, sample_log, count)
    first = celery_worker_factory("doomed")
    dispatch.enqueue_ingest(paths)
    stored = wait_for(lambda: len(store.list_sessions()) >= 5 and len(store.list_sessions()), 30,
                      interval=0.01, what="the batch to start")  # fmt: skip
    first.kill()
    assert stored < count, "the batch finished before the kill: nothing was tested"
    celery_worker_factory("rescuer")
    final = wait_for(lambda: (r := results()) and len(r) == count and all(r.values()) and r,
                     BACKGROUND_BUDGET,
                     what="every session verified")  # fmt: skip
    assert {len(rows) for rows in final.values()} == {1}
    assert {rows[0].status for rows in final.values()} == {"ok"}


def test_a_poison_log_fails_its_verification_and_the_queue_continues(
    database_url, celery_worker_factory, sample_log, tmp_path
):
    celery_worker_factory(preload=INSTALL)
    poison = tmp_path / "poison.jsonl"
    poison.write_text(with_table(sample_log, "poison"), encoding="utf-8")
    dispatch.enqueue_ingest([str(poison)])
    dispatch.enqueue_ingest(write_logs(tmp_path, sample_log, 2))
    done = wait_for(lambda: (r := results()) and len(r) == 3 and all(r.values()) and r,
                    BACKGROUND_BUDGET,
                    what="three sessions with results")  # fmt: skip
    by_table = {s.table_name: done[s.id] for s in store.list_sessions()}
    [failed] = by_table.pop("poison")
    assert failed.status == "failed" and "engine bug" in failed.error
    assert [[v.status for v in rows] for rows in by_table.values()] == [["ok"], ["ok"]]


GC_PROBE = (
    "import gc, json, os; from celery.signals import worker_ready; "
    "worker_ready.connect(lambda **_: open(os.environ['GC_PROBE'], 'w').write("
    "json.dumps([gc.get_threshold(), gc.get_freeze_count()])), weak=False)"
)


def test_a_worker_tunes_its_collector(database_url, celery_worker_factory, tmp_path, monkeypatch):
    """gc.freeze() at start and the worker's young generation (``WORKER_YOUNG``)."""
    probe = tmp_path / "gc.json"
    monkeypatch.setenv("GC_PROBE", str(probe))
    celery_worker_factory(preload=GC_PROBE)
    threshold, frozen = json.loads(wait_for(lambda: probe.exists() and probe.read_text(), 30,
                                            what="the worker to report its collector"))  # fmt: skip
    assert threshold == [celery_app.WORKER_YOUNG, 50, 50]
    assert frozen > 10_000  # modules, Celery, SQLAlchemy


def test_fupan_ingest_in_workers_sends_the_files_to_the_workers(
    database_url, celery_worker_factory, sample_log, tmp_path
):
    from typer.testing import CliRunner

    from service.cli import app as cli

    celery_worker_factory()
    folder = tmp_path / "night"
    folder.mkdir()
    write_logs(folder, sample_log, 3)
    result = CliRunner().invoke(cli, ["ingest", "--in-workers", str(folder)])
    assert result.exit_code == 0, result.output
    assert "3 file(s): 3 stored" in result.output
    done = wait_for(lambda: (r := results()) and len(r) == 3 and all(r.values()) and r,
                    BACKGROUND_BUDGET,
                    what="three verified sessions")  # fmt: skip
    assert all([v.status for v in rows] == ["ok"] for rows in done.values())
    refused = CliRunner().invoke(cli, ["ingest", "--in-workers", "--club", "x", str(folder)])
    assert refused.exit_code != 0 and "no --club" in refused.output
