"""The kill matrix (issue 18): ``python benchmarks/bench_kill_matrix.py [--files N] [--only S,…]``.

For each scenario: a private PostgreSQL cluster and a private redis-server (append-only file,
``appendfsync everysec``, as docs/deploy.md recommends), two ``fupan worker`` processes
(prefork, one pool process each) with the default settings (visibility timeout 30 s), and
``fupan ingest --in-workers`` of N simulated-free fixture logs (renamed tables). When a quarter
of the files are stored, the crash:

- ``none``: no crash (the baseline);
- ``whole-worker``: kill -9 of one worker's process group (main and pool process), not restarted;
- ``pool-child``: kill -9 of one worker's pool process (WorkerLostError);
- ``broker-restart``: redis-server stopped (SIGTERM) and started again after 1 s;
- ``broker-crash``: redis-server killed (SIGKILL) and started again after 1 s;
- ``database-restart``: ``pg_ctl restart -m fast`` (connections cut, transactions rolled back).

Prints per scenario: files sent, sessions stored, verified, duplicated (stored twice, or more
than one result for a head), the command's exit code, seconds until the command returned (every
file stored) and until every session was verified. Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import create_engine, func, select, text  # noqa: E402

from events import db as events_db  # noqa: E402
from events.models import TableSession, Verification  # noqa: E402
from tests.conftest import SAMPLE_LOG, PostgresCluster, RedisServer, WorkerProcess, variant  # noqa: E402
from tests.workers.test_crashes import start_ingest  # noqa: E402

SCENARIOS = (
    "none",
    "whole-worker",
    "pool-child",
    "broker-restart",
    "broker-crash",
    "database-restart",
)


def counts(url: str) -> tuple[int, int, int, int]:
    """(sessions, distinct tables, sessions with a result, results beyond one a head)."""
    engine = create_engine(url)
    with engine.connect() as c:
        sessions, tables = c.execute(
            select(func.count(), func.count(TableSession.table_name.distinct()))
        ).one()
        per_head = (
            select(Verification.session_id, func.count().label("n"))
            .group_by(Verification.session_id, Verification.head_seq, Verification.engine_version)
            .subquery()
        )
        verified, rows = c.execute(
            select(
                func.count(per_head.c.session_id.distinct()),
                func.coalesce(func.sum(per_head.c.n), 0),
            )
        ).one()
    engine.dispose()
    return sessions, tables, verified, rows - verified


def run(scenario: str, files: int, cluster: PostgresCluster, work: Path) -> dict:
    url = cluster.url()
    with create_engine(url).begin() as c:
        c.execute(text("DROP SCHEMA public CASCADE; CREATE SCHEMA public"))
    events_db.upgrade(events_db.make_engine(url))
    broker = RedisServer(work / f"redis-{scenario}", fsync="everysec")
    logs = work / f"logs-{scenario}"
    logs.mkdir()
    sample = SAMPLE_LOG.read_text(encoding="utf-8")
    for n in range(files):
        (logs / f"table-{n}.jsonl").write_text(variant(sample, n), encoding="utf-8")
    env = {
        **os.environ, "PYTHONPATH": str(ROOT), "FUPAN_DATABASE_URL": url,
        "FUPAN_BROKER_URL": broker.url, "FUPAN_DATA_DIR": str(work / "data"),
    }  # fmt: skip
    env.pop("FUPAN_VISIBILITY_TIMEOUT", None)
    os.environ.update(env)
    workers = [
        WorkerProcess(env, work / f"worker-{scenario}-{i}.log", f"bench{i}", pool="prefork")
        for i in range(2)
    ]
    try:
        time.sleep(3)  # the workers boot
        start = time.monotonic()
        ingest = start_ingest(logs)
        while counts(url)[0] < files // 4:
            time.sleep(0.02)
        if scenario == "whole-worker":
            workers[0].kill()
        elif scenario == "pool-child":
            os.kill(workers[0].children()[0], signal.SIGKILL)
        elif scenario.startswith("broker"):
            broker.restart(signal.SIGTERM if scenario == "broker-restart" else signal.SIGKILL)
        elif scenario == "database-restart":
            cluster.restart()
        output = ingest.communicate(timeout=600)[0]
        stored_after = time.monotonic() - start
        deadline = time.monotonic() + 300
        while counts(url)[2] < counts(url)[0] and time.monotonic() < deadline:
            time.sleep(0.1)
        verified_after = time.monotonic() - start
    finally:
        for worker in workers:
            worker.stop()
        broker.stop()
    sessions, tables, verified, extra = counts(url)
    return dict(
        scenario=scenario, sent=files, stored=tables, verified=verified,
        duplicated=(sessions - tables) + extra, exit=ingest.returncode,
        stored_s=stored_after, verified_s=verified_after, last=output.strip().splitlines()[-1],
    )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, default=200)
    parser.add_argument("--only", default=",".join(SCENARIOS))
    args = parser.parse_args()
    cluster = PostgresCluster()
    try:
        with tempfile.TemporaryDirectory(prefix="fupan-kill-matrix-") as folder:
            print(f"{'scenario':<17} {'sent':>5} {'stored':>6} {'verified':>8} "
                  f"{'duplicated':>10} {'exit':>4} {'stored s':>8} {'verified s':>10}")  # fmt: skip
            for scenario in args.only.split(","):
                r = run(scenario, args.files, cluster, Path(folder))
                print(f"{r['scenario']:<17} {r['sent']:>5} {r['stored']:>6} {r['verified']:>8} "
                      f"{r['duplicated']:>10} {r['exit']:>4} {r['stored_s']:>8.1f} "
                      f"{r['verified_s']:>10.1f}", flush=True)  # fmt: skip
    finally:
        cluster.close()


if __name__ == "__main__":
    main()
