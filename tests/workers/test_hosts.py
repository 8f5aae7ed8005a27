"""Several machines (issue 20, docs/deploy.md): the broker on 127.0.0.2, PostgreSQL on
127.0.0.3, the web app on 127.0.0.4, workers and the command line elsewhere, configured by
FUPAN_* variables only. Uploads over HTTP and an ingest through the workers go on while the
broker and then the database restart, a worker is drained (warm shutdown) and another added:
every file is stored once and every session verified once."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from events import db as events_db
from events import store, verifications
from tests.conftest import PostgresCluster, RedisServer, free_port, variant, wait_for
from tests.workers.test_crashes import start_ingest, write_logs

ROOT = Path(__file__).resolve().parents[2]
BROKER, DATABASE, WEB = "127.0.0.2", "127.0.0.3", "127.0.0.4"
UPLOADS, FILES = 10, 60

pytestmark = [pytest.mark.redis, pytest.mark.postgres]


@pytest.fixture(scope="module")
def database_host():
    cluster = PostgresCluster(DATABASE)
    yield cluster
    events_db.dispose_all()
    cluster.close()


@pytest.fixture
def hosts(database_host, tmp_path, monkeypatch, data_dir):
    """The broker and database hosts, the shared signing key, and this process's FUPAN_*."""
    broker = RedisServer(tmp_path / "broker-host", host=BROKER)
    url = database_host.url()
    with create_engine(url).begin() as c:
        c.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    key = tmp_path / "shared" / "signing-key.pem"
    monkeypatch.setenv("FUPAN_DATABASE_URL", url)
    monkeypatch.setenv("FUPAN_BROKER_URL", broker.url)
    monkeypatch.setenv("FUPAN_SIGNING_KEY", str(key))
    events_db.upgrade(events_db.get_engine(url))  # `fupan db upgrade`, once, from any host
    store.public_key_pem()  # creates the key every storing host is given
    yield broker, database_host
    broker.stop()


def web_host(tmp_path: Path) -> tuple[subprocess.Popen, str, str]:
    """gunicorn on 127.0.0.4 with its own data dir, and an API token for an uploader."""
    from service.accounts import auth
    from service.app import create_app

    with create_app().app_context():
        user = auth.create_user("uploader", "a-long-password")
        auth.add_member(user, auth.get_or_create_club("黄岩测试俱乐部"), "admin")
        token = auth.issue_token(user)
    port = free_port(WEB)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FUPAN_DATA_DIR": str(tmp_path / "web-host")}
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-w", "1", "-b", f"{WEB}:{port}", "--log-level",
         "warning", "service.app:create_app()"],
        env=env, stdout=(tmp_path / "web.log").open("ab"), stderr=subprocess.STDOUT,
    )  # fmt: skip
    return server, f"http://{WEB}:{port}", token


def upload(base: str, token: str, log: str) -> dict:
    request = urllib.request.Request(
        f"{base}/api/v1/sessions", data=log.encode(), method="POST",
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/x-ndjson"},
    )  # fmt: skip
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


def answers(base: str) -> bool:
    try:
        return urllib.request.urlopen(f"{base}/login", timeout=2).status == 200
    except OSError:
        return False


def listening(name: str) -> bool:
    """Does worker ``name`` answer a control ping? Only then is it subscribed to the broadcasts
    that ``drain`` sends: Redis keeps no broadcast for a worker that subscribes later."""
    from workers.celery_app import create_celery

    destination = [f"{name}@{socket.gethostname()}"]
    return bool(create_celery().control.ping(destination=destination, timeout=1))


def drain(name: str) -> None:
    from workers.celery_app import create_celery

    create_celery().control.shutdown(destination=[f"{name}@{socket.gethostname()}"])


def test_web_workers_broker_and_database_on_different_hosts(
    hosts, celery_worker_factory, sample_log, tmp_path, monkeypatch
):
    broker, database = hosts
    monkeypatch.setenv("FUPAN_BROKER_URL", broker.url)  # the factory set the shared Redis
    workers = []
    for name in ("a", "b"):  # two worker machines: their own data dirs, the shared key
        monkeypatch.setenv("FUPAN_DATA_DIR", str(tmp_path / f"worker-host-{name}"))
        workers.append(celery_worker_factory(name))
    server, base, token = web_host(tmp_path)
    try:
        wait_for(lambda: answers(base), 60, what="the web host")
        for worker in workers:  # a slow start (a loaded machine) must not lose the drain below
            wait_for(lambda w=worker: listening(w.name), 60, what=f"worker {worker.name}")
        for n in range(FILES, FILES + UPLOADS):
            assert upload(base, token, variant(sample_log, n))["accepted"]
        ingest = start_ingest(write_logs(tmp_path / "nightly", sample_log))
        wait_for(lambda: len(store.list_sessions()) >= UPLOADS + 10, 30, interval=0.05,
                 what="the workers to start")  # fmt: skip
        drain(workers[0].name)  # `celery control shutdown`: a finishes its task and leaves
        assert workers[0].proc.wait(60) == 0  # after the batch it runs (10 files)
        assert "Got shutdown from remote" in workers[0].log.read_text()
        broker.restart(signal.SIGKILL)
        monkeypatch.setenv("FUPAN_DATA_DIR", str(tmp_path / "worker-host-c"))
        celery_worker_factory("c")  # and add c
        database.restart()
        output = ingest.communicate(timeout=120)[0]
        assert ingest.returncode == 0, output
    finally:
        server.terminate()
        server.wait(10)
    sessions = store.list_sessions()
    assert sorted(s.table_name for s in sessions) == sorted(
        f"variant-{n}" for n in range(FILES + UPLOADS)
    )
    final = wait_for(
        lambda: (r := [verifications.verifications_of(session_id=s.id) for s in sessions])
        and all(r) and r, 60, what="every session verified",
    )  # fmt: skip
    assert {len(rows) for rows in final} == {1}
    assert {rows[0].status for rows in final} == {"ok"}
