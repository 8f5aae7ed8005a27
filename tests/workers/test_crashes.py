"""Nothing lost to a crash (issue 18): ``fupan ingest --in-workers`` with real worker processes
while a whole worker, a pool process, the broker or the database dies mid-batch; a message
lost outright; a log that kills its pool process. Each test ends with every file stored once
and every session verified once, and the command exiting 0."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from events import store, verifications
from tests.conftest import BACKGROUND_BUDGET, variant, wait_for, with_table
from workers import broker, dispatch

ROOT = Path(__file__).resolve().parents[2]
FILES = 60

pytestmark = [pytest.mark.redis, pytest.mark.postgres]
on_postgres = pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)


def write_logs(folder: Path, sample_log: str, count: int = FILES) -> Path:
    folder.mkdir(exist_ok=True)
    for n in range(count):
        (folder / f"table-{n}.jsonl").write_text(variant(sample_log, n), encoding="utf-8")
    return folder


def start_ingest(folder: Path) -> subprocess.Popen:
    """``fupan ingest --in-workers FOLDER`` in a process of its own (it waits for the workers)."""
    return subprocess.Popen(
        [sys.executable, "-c", "from service.cli import main; main()", "ingest", "--in-workers",
         str(folder)],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip


def finished(ingest: subprocess.Popen, timeout: float = 60) -> str:
    """The command's output, once it exited 0 having stored every file itself: a file a killed
    worker stored before its batch was tried again is "stored", not "already stored"."""
    output = ingest.communicate(timeout=timeout)[0]
    assert ingest.returncode == 0, output
    said = " ".join(output.split())  # as the console wrapped it
    assert f"{FILES} file(s): {FILES} stored" in said and " 0 already stored" in said, output
    return output


def stored_count() -> int:
    return len(store.list_sessions())


def assert_each_stored_and_verified_once(count: int = FILES) -> None:
    sessions = store.list_sessions()
    assert sorted(s.table_name for s in sessions) == sorted(f"variant-{n}" for n in range(count))
    results = {s.id: verifications.verifications_of(session_id=s.id) for s in sessions}
    assert {len(rows) for rows in results.values()} == {1}, "a session verified twice or never"
    assert {rows[0].status for rows in results.values()} == {"ok"}


def mid_batch(count: int = 5) -> int:
    """Wait until the workers have stored ``count`` files (and not all of them)."""
    stored = wait_for(lambda: stored_count() >= count and stored_count(), 30, interval=0.01,
                      what="the workers to start storing")  # fmt: skip
    assert stored < FILES, "the batch finished before the crash: nothing was tested"
    return stored


@on_postgres
def test_a_whole_worker_killed_mid_batch(database_url, celery_worker_factory, sample_log, tmp_path):
    """kill -9 of the worker and its pool: its message goes back to the queue after the
    visibility timeout (3 s here) and another worker stores the rest."""
    doomed = celery_worker_factory("doomed")
    ingest = start_ingest(write_logs(tmp_path / "logs", sample_log))
    mid_batch()
    doomed.kill()
    celery_worker_factory("rescuer")
    assert f"{FILES} file(s)" in finished(ingest)
    assert_each_stored_and_verified_once()


@on_postgres
def test_a_pool_process_killed_mid_batch(database_url, celery_worker_factory, sample_log, tmp_path):
    """kill -9 of the pool process running the task (WorkerLostError): the task is retried,
    not acknowledged and forgotten."""
    worker = celery_worker_factory("prefork", pool="prefork", concurrency=1)
    ingest = start_ingest(write_logs(tmp_path / "logs", sample_log))
    mid_batch()
    [child] = worker.children()
    os.kill(child, signal.SIGKILL)
    finished(ingest)
    assert "WorkerLostError" in worker.log.read_text()
    assert_each_stored_and_verified_once()


@on_postgres
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["shutdown", "crash"])
def test_the_broker_restarted_mid_batch(
    database_url, celery_worker_factory, private_redis, sample_log, tmp_path, monkeypatch, how
):
    """Redis stopped (a clean shutdown, or killed: its append-only file keeps what it had
    acknowledged) and started again a second later."""
    monkeypatch.setenv("FUPAN_BROKER_URL", private_redis.url)
    celery_worker_factory("w")
    ingest = start_ingest(write_logs(tmp_path / "logs", sample_log))
    mid_batch()
    private_redis.restart(how)
    finished(ingest)
    assert_each_stored_and_verified_once()


def test_the_database_restarted_mid_batch(
    private_database_url, postgres_cluster, celery_worker_factory, sample_log, tmp_path
):
    """PostgreSQL (a private cluster) shut down fast, cutting the workers' transactions, and
    started again a second later: the tasks retry."""
    celery_worker_factory("w")
    ingest = start_ingest(write_logs(tmp_path / "logs", sample_log))
    mid_batch()
    postgres_cluster.restart()
    finished(ingest, timeout=90)
    assert_each_stored_and_verified_once()


@on_postgres
def test_a_message_lost_outright_is_sent_again(
    database_url, celery_worker_factory, sample_log, tmp_path
):
    """A batch message that vanished from the broker (popped by a worker killed before kombu
    recorded it as unacknowledged): the command sees the broker idle and its batch without a
    result, and sends it again."""
    ingest = start_ingest(write_logs(tmp_path / "logs", sample_log))
    wait_for(lambda: broker.backlog() == FILES // 10, 30, what="the batches to be queued")
    assert broker.client().lpop(broker.QUEUE)  # lost
    celery_worker_factory("w")
    finished(ingest)
    assert_each_stored_and_verified_once()


@on_postgres
def test_the_sweeper_verifies_a_session_whose_message_was_lost(
    database_url, celery_worker_factory, sample_log
):
    """Sessions stored with no verification message at all (the broker was down when they were
    uploaded): a worker's sweeper queues them once they are older than the grace period."""
    ids = [store.ingest(data=variant(sample_log, n).encode()).session.id for n in range(3)]
    celery_worker_factory("w")
    wait_for(lambda: all(verifications.verifications_of(session_id=i) for i in ids), BACKGROUND_BUDGET,
             what="the sweeper to verify the stranded sessions")  # fmt: skip
    assert_each_stored_and_verified_once(3)


KILLER = (
    "import os; from engine import audit; real = audit.audit; "
    "audit.audit = lambda records, overrides=None: os._exit(9) "
    "if records[0].get('table') == 'killer' else real(records, overrides)"
)


@on_postgres
def test_a_log_that_kills_its_pool_process_fails_after_the_retries(
    database_url, celery_worker_factory, sample_log
):
    """The sweeper queues it (stored without a message); its task is retried a bounded number of
    times (MAX_RETRIES), then the session gets a failed result and the queue goes on: no
    endless loop through the workers."""
    killer = store.ingest(data=with_table(sample_log, "killer").encode()).session.id
    good = store.ingest(data=variant(sample_log, 0).encode()).session.id
    celery_worker_factory("prefork", preload=KILLER, pool="prefork", concurrency=1)
    dispatch.enqueue_verify(good)
    wait_for(lambda: all(verifications.verifications_of(session_id=i) for i in (killer, good)),
             BACKGROUND_BUDGET,
             what="both sessions to have a result")  # fmt: skip
    [failed] = verifications.verifications_of(session_id=killer)
    assert failed.status == "failed" and "worker process died" in failed.error
    assert [v.status for v in verifications.verifications_of(session_id=good)] == ["ok"]


def test_an_upload_while_the_broker_is_down_is_stored_and_left_to_the_sweeper(
    data_dir, sample_log, monkeypatch
):
    """The web stores the upload and answers; the verification message cannot be sent (the
    sweeper queues the session once the broker is back: the sweeper test above)."""
    from tests.conftest import free_port

    monkeypatch.setenv("FUPAN_BROKER_URL", f"redis://127.0.0.1:{free_port()}/0")  # nobody there
    session_id = store.ingest(data=sample_log.encode()).session.id
    assert dispatch.enqueue_verify(session_id) is None
