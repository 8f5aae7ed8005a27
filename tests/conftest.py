"""Shared fixtures: a fupan data dir, databases (SQLite and PostgreSQL), logs, a real Celery worker.

PostgreSQL: one fresh database per test session on 127.0.0.1:5432 (user postgres), its schema
rebuilt for every test that asks for it, dropped at the end. Redis: tests use their own database
numbers (FUPAN_TEST_REDIS_DB, default 11, plus the xdist worker index) and flush them.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from events import chain
from events import db as events_db

FIXTURES = Path(__file__).resolve().parent / "fixtures"
SAMPLE_LOG = FIXTURES / "huangyan" / "seed_examples.jsonl"
PG_SERVER = os.environ.get("FUPAN_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432")
REDIS_SERVER = os.environ.get("FUPAN_TEST_REDIS", "redis://127.0.0.1:6379")
# No test reads or writes the machine's own data dir (its default SQLite database and keys): a
# test that builds an app without the data_dir fixture gets this empty folder instead.
os.environ.setdefault("FUPAN_DATA_DIR", tempfile.mkdtemp(prefix="fupan-test-data-"))


def with_table(log: str, table: str) -> str:
    """The log with its table renamed: a different upload (content hash) of the same play."""
    first, rest = log.split("\n", 1)
    session = json.loads(first)
    session["table"] = table
    return json.dumps(session, ensure_ascii=False) + "\n" + rest


def variant(log: str, n: int) -> str:
    return with_table(log, f"variant-{n}")


def run_sql(sql: str, **params) -> None:
    """One statement in its own transaction on the configured store database."""
    with events_db.get_engine().begin() as c:
        c.execute(text(sql), params)


def drop_write_once_triggers(table: str) -> None:
    """What an intruder with database access does first (tests of tamper detection)."""
    if events_db.get_engine().dialect.name == "postgresql":
        run_sql(f"ALTER TABLE {table} DISABLE TRIGGER USER")
    else:
        for trigger in ("no_update", "no_delete", "head_only", "contiguous"):
            run_sql(f"DROP TRIGGER IF EXISTS {table}_{trigger}")


def stored_chunks(session_id: str) -> list[chain.Chunk]:
    """A stream's chunk rows as stored."""
    with events_db.get_engine().connect() as c:
        rows = c.execute(
            text(
                "SELECT first_seq, last_seq, data, hash FROM event_chunks WHERE stream = :s "
                "ORDER BY first_seq"
            ),
            {"s": session_id},
        ).all()
    return [chain.Chunk(*row) for row in rows]


def insert_chunk(session_id: str, chunk: chain.Chunk) -> None:
    run_sql(
        "INSERT INTO event_chunks (stream, first_seq, last_seq, data, hash, recorded_at) "
        "VALUES (:s, :a, :b, :d, :h, CURRENT_TIMESTAMP)",
        s=session_id, a=chunk.first_seq, b=chunk.last_seq, d=chunk.data, h=chunk.hash,
    )  # fmt: skip


def rewrite_chunks(session_id: str, chunks: list[chain.Chunk]) -> None:
    """What an intruder with write access does to a stream: its chunk rows replaced by
    ``chunks`` (the write-once triggers dropped first)."""
    drop_write_once_triggers("event_chunks")
    run_sql("DELETE FROM event_chunks WHERE stream = :s", s=session_id)
    for chunk in chunks:
        insert_chunk(session_id, chunk)


def edit_records(session_id: str, edit) -> None:
    """Each stored record of a stream replaced by ``edit(seq, record)``, every chunk keeping its
    seqs and its stored link (an intruder who does not re-chain)."""
    chunks = []
    for x in stored_chunks(session_id):
        lines = x.data.split("\n")[:-1]
        data = "".join(edit(x.first_seq + i, line) + "\n" for i, line in enumerate(lines))
        chunks.append(x._replace(data=data))
    rewrite_chunks(session_id, chunks)


@pytest.fixture(scope="session", autouse=True)
def _sqlite_migrated_once(tmp_path_factory) -> Iterator[None]:
    """A new SQLite store is migrated once a test process, and every later new SQLite file that
    is upgraded to head gets a copy of that database (alembic costs ~0.09 s of CPU a database, a
    copy 0.5 ms). Anything else (a revision, a database already written, PostgreSQL, other
    migration scripts) goes through alembic."""
    real, scripts = events_db.upgrade, events_db.MIGRATIONS
    template = tmp_path_factory.mktemp("migrated") / "store.sqlite3"

    def upgrade(engine, revision: str = "head") -> None:
        path = Path(engine.url.database or "") if engine.dialect.name == "sqlite" else None
        if (
            path is None
            or revision != "head"
            or events_db.MIGRATIONS != scripts
            or str(path) in ("", ":memory:")
            or (path.exists() and path.stat().st_size > 0)
        ):
            return real(engine, revision)
        if not template.exists():
            first = events_db.make_engine(f"sqlite:///{template}")
            real(first)
            first.dispose()  # closed: the write-ahead log is checkpointed into the file
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(template, path)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(events_db, "upgrade", upgrade)
        yield


@pytest.fixture
def sample_log() -> str:
    return SAMPLE_LOG.read_text(encoding="utf-8")


@pytest.fixture
def data_dir(tmp_path, monkeypatch) -> Path:
    """An empty FUPAN_DATA_DIR (signing key, default SQLite database) for this test."""
    path = tmp_path / "fupan-data"
    monkeypatch.setenv("FUPAN_DATA_DIR", str(path))
    for name in ("FUPAN_DATABASE_URL", "FUPAN_BROKER_URL", "FUPAN_SIGNING_KEY"):
        monkeypatch.delenv(name, raising=False)
    events_db.dispose_all()
    yield path
    events_db.dispose_all()


@pytest.fixture(scope="session")
def postgres_server_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this test session, dropped after it."""
    name = f"fupan_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    admin = create_engine(f"{PG_SERVER}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    yield f"{PG_SERVER}/{name}"
    events_db.dispose_all()
    with admin.connect() as c:
        c.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request, data_dir, monkeypatch) -> str:
    """An empty, migrated store database, set as FUPAN_DATABASE_URL: a SQLite file or the test
    session's PostgreSQL database with its schema rebuilt."""
    if request.param == "sqlite":
        url = f"sqlite:///{data_dir / 'store.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_server_url")
        _empty_schema(url)
    return _migrated(url, monkeypatch)


def _empty_schema(url: str) -> None:
    """Drop everything in a PostgreSQL database's public schema."""
    reset = create_engine(url)
    with reset.begin() as c:
        c.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    reset.dispose()


def _migrated(url: str, monkeypatch) -> str:
    """``url`` migrated to head and set as FUPAN_DATABASE_URL."""
    monkeypatch.setenv("FUPAN_DATABASE_URL", url)
    events_db.upgrade(events_db.get_engine(url))
    return url


@pytest.fixture
def redis_url() -> str:
    """A Redis database of its own for this test (flushed before use)."""
    import redis

    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or "0"
    url = f"{REDIS_SERVER}/{int(os.environ.get('FUPAN_TEST_REDIS_DB', 11)) + int(worker)}"
    client = redis.Redis.from_url(url)
    client.flushdb()
    client.close()
    return url


class WorkerProcess:
    """A real worker subprocess (``fupan worker``, i.e. ``celery worker``) in its own process group.
    ``pool="prefork"`` gives it ``concurrency`` pool processes (``children()``) to kill."""

    def __init__(
        self, env: dict[str, str], log: Path, name: str, preload: str | None = None,
        pool: str = "solo", concurrency: int = 1,
    ):  # fmt: skip
        self.log = log
        self.name = name
        boot = (f"{preload}; " if preload else "") + "from service.cli import main; main()"
        self.proc = subprocess.Popen(
            [sys.executable, "-c", boot, "worker", "--pool", pool, "--concurrency",
             str(concurrency), "--hostname", f"{name}@%h",
             "--without-gossip", "--without-mingle", "--without-heartbeat"],
            env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip

    def children(self) -> list[int]:
        """The pool processes' pids (prefork)."""
        path = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
        return [int(pid) for pid in path.read_text().split()] if path.exists() else []

    def kill(self) -> None:
        """kill -9 the whole process group: no chance to ack or clean up."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGQUIT)  # cold shutdown: the test is over
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def celery_worker_factory(tmp_path, redis_url, monkeypatch):
    """Start real worker processes on Redis against the test's FUPAN_* environment; the test
    process itself enqueues through the same broker. Stopped at the end of the test."""
    monkeypatch.setenv("FUPAN_BROKER_URL", redis_url)
    monkeypatch.setenv("FUPAN_VISIBILITY_TIMEOUT", "3")  # redeliver a killed worker's task fast
    workers: list[WorkerProcess] = []

    def start(name: str = "w", preload: str | None = None, **options) -> WorkerProcess:
        """A worker; ``preload`` is Python run before Celery starts; ``options``: pool,
        concurrency (WorkerProcess)."""
        env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
        log = tmp_path / f"worker-{name}-{len(workers)}.log"
        worker = WorkerProcess(env, log, f"{name}{len(workers)}", preload, **options)
        workers.append(worker)
        return worker

    yield start
    for worker in workers:
        worker.stop()


# The most a test waits for background work (a verification, a worker's batch). Every wait on
# it returns the moment the work is done, so it only decides when a hang fails the test: it is
# generous (a loaded CI machine, or eight jobs on two cores, runs many times slower than a quiet
# one) and not tied to how fast this machine is. FUPAN_TEST_BACKGROUND_BUDGET overrides it.
BACKGROUND_BUDGET = float(os.environ.get("FUPAN_TEST_BACKGROUND_BUDGET") or 600)


def wait_for(predicate, timeout: float, interval: float = 0.1, what: str = "condition"):
    """Poll ``predicate`` until it returns a truthy value; fail the test after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    pytest.fail(f"timed out after {timeout}s waiting for {what}")


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


class RedisServer:
    """A private redis-server (its own port, data dir, append-only file), for tests that stop
    and restart the broker without touching the shared one."""

    def __init__(self, folder: Path, host: str = "127.0.0.1", fsync: str = "always"):
        self.folder, self.host, self.port, self.fsync = folder, host, free_port(host), fsync
        folder.mkdir(parents=True, exist_ok=True)
        self.proc: subprocess.Popen | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://{self.host}:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", self.host, "--dir",
             str(self.folder), "--appendonly", "yes", "--appendfsync", self.fsync, "--save", ""],
            stdout=(self.folder / "redis.log").open("ab"), stderr=subprocess.STDOUT,
        )  # fmt: skip
        wait_for(self._answers, 10, what="redis-server to start")

    def _answers(self) -> bool:
        import redis

        try:
            return redis.Redis(host=self.host, port=self.port, socket_timeout=1).ping()
        except redis.ConnectionError:
            return False

    def stop(self, sig: int = signal.SIGTERM) -> None:
        """SIGTERM: a clean shutdown; SIGKILL: a crash (the append-only file keeps what was
        written, all of it with ``fsync="always"``, all but the last second's with
        "everysec")."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(15)

    def restart(self, sig: int = signal.SIGTERM, down: float = 1.0) -> None:
        self.stop(sig)
        time.sleep(down)
        self.start()


@pytest.fixture
def private_redis(tmp_path) -> Iterator[RedisServer]:
    server = RedisServer(tmp_path / "redis")
    yield server
    server.stop()


class PostgresCluster:
    """A private PostgreSQL cluster (initdb into a temporary folder, run as the postgres user
    when the tests run as root), for tests that restart the database server."""

    def __init__(self, host: str = "127.0.0.1"):
        self.host, self.port = host, free_port(host)
        self.folder = Path(tempfile.mkdtemp(prefix="fupan-pg-"))
        self.data = self.folder / "data"
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres", "postgres")
        self._as_owner(["initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                        "--no-sync", "-E", "UTF8"])  # fmt: skip
        self.start()
        admin = create_engine(self.url("postgres"), isolation_level="AUTOCOMMIT")
        with admin.connect() as c:
            c.execute(text("CREATE DATABASE fupan"))
        admin.dispose()

    def url(self, database: str = "fupan") -> str:
        return f"postgresql+psycopg://postgres@{self.host}:{self.port}/{database}"

    def _as_owner(self, command: list[str]) -> None:
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def _pg_ctl(self, *args: str) -> None:
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses={self.host} "
                   "-c fsync=off -c full_page_writes=off")  # fmt: skip
        self._as_owner(["pg_ctl", "-D", str(self.data), "-o", options, "-l",
                        str(self.folder / "server.log"), "-w", *args])  # fmt: skip

    def start(self) -> None:
        self._pg_ctl("start")

    def stop(self) -> None:
        self._pg_ctl("stop", "-m", "fast")

    def restart(self, down: float = 1.0) -> None:
        """A fast shutdown (open connections are cut, transactions in flight roll back)."""
        self.stop()
        time.sleep(down)
        self.start()

    def close(self) -> None:
        try:
            self._pg_ctl("stop", "-m", "immediate")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[PostgresCluster]:
    cluster = PostgresCluster()
    yield cluster
    events_db.dispose_all()
    cluster.close()


@pytest.fixture
def private_database_url(postgres_cluster, data_dir, monkeypatch) -> str:
    """The private cluster's database, emptied and migrated, as FUPAN_DATABASE_URL."""
    url = postgres_cluster.url()
    _empty_schema(url)
    return _migrated(url, monkeypatch)
