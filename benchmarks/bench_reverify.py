"""Re-verification after an engine upgrade, and where PostgreSQL binds:
``python benchmarks/bench_reverify.py --database NAME [--since DAY] [--club CLUB]
[--workers 1,2] [--broker URL]``.

Runs ``workers.runs.reverify`` (what ``fupan reverify`` runs) over the sessions of a store built
by ``bench_season.py build`` that were played on or after DAY, once per worker count, each time
as a new engine version: the workers and this process report ``<release>.postN`` instead of the
installed version (patched in the benchmark only), so every selected session is due again, as
after a real upgrade. For each run it prints hands/s and the CPU seconds a hand of each party:
the worker processes, PostgreSQL's backends serving this database, the broker's Redis server
and this process (only the benchmark's own processes: PostgreSQL's background processes, which
serve every database on the server, are printed apart and not counted), and PostgreSQL's share
of the CPU spent. From those it prints the scaling arithmetic: hands/s a worker core
gives, and the rate at which a PostgreSQL server with C cores is saturated.

Each run adds one verification row a session to the store. The broker's database (``--broker``,
default bench_pipeline's) is emptied first: the benchmark's own. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import sys
import time
from pathlib import Path

from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_pipeline import PG, REDIS, backends_cpu, cpu_seconds, start_worker, stop  # noqa: E402
from timing import calibrate  # noqa: E402

RELEASE = importlib.metadata.version("fupan")  # the installed release; runs file as its .postN

# Starts celery with the arguments it is given, its engine version the benchmark's.
PATCHED_CELERY = [
    "-c",
    "import os, sys\n"
    "import workers.tasks as tasks\n"
    "version = os.environ['BENCH_ENGINE_VERSION']\n"
    "tasks.engine_version = lambda: version\n"
    "from celery.__main__ import main\n"
    "sys.argv[0] = 'celery'\n"
    "main()\n",
]


def broker_pid(url: str) -> list[int]:
    """The process of the Redis server behind ``url`` (not every redis-server on the machine)."""
    import redis

    return [int(redis.Redis.from_url(url).info("server")["process_id"])]


def postgres_background(admin) -> list[int]:
    """PostgreSQL's own processes (no database): WAL writer, checkpointer, autovacuum…"""
    with admin.connect() as c:
        return list(
            c.execute(text("SELECT pid FROM pg_stat_activity WHERE datname IS NULL")).scalars()
        )


HAND = """E'\\n{"type":"hand",'"""  # a hand record's line begins so (canonical JSON)


def hands_in(engine, since: str, club: str | None) -> tuple[int, int]:
    """Sessions played on or after ``since`` (of ``club``) and their hands."""
    where = "s.started_at >= :d" + (" AND s.club = :club" if club else "")
    with engine.connect() as c:
        sessions = c.execute(
            text(f"SELECT count(*) FROM sessions s WHERE {where}"), {"d": since, "club": club}
        ).scalar_one()
        hands = c.execute(  # lines of the chunks that open a hand record (its type first)
            text(
                f"SELECT coalesce(sum((length(x.d) - length(replace(x.d, {HAND}, ''))) / "
                f"length({HAND})), 0) FROM (SELECT E'\\n' || e.data AS d FROM event_chunks e "
                f"JOIN sessions s ON s.id = e.stream WHERE {where}) x"
            ),
            {"d": since, "club": club},
        ).scalar_one()
    return sessions, hands


def run_once(args, workers: int, version: str, hands: int, admin) -> dict[str, float]:
    from workers import runs, tasks

    tasks.engine_version = lambda: version
    env = {**os.environ, "BENCH_ENGINE_VERSION": version}
    procs = [start_worker(f"reverify{n}@%h", PATCHED_CELERY, env=env) for n in range(workers)]
    try:
        time.sleep(4)  # let the workers connect before the clock starts
        background = postgres_background(admin)
        redis_pids = broker_pid(args.broker)
        before = {
            "workers": cpu_seconds([p.pid for p in procs]),
            "backends": backends_cpu(admin, args.database),
            "background": cpu_seconds(background),
            "redis": cpu_seconds(redis_pids),
            "this": time.process_time(),
        }
        start = time.perf_counter()
        outcome = runs.reverify(since=args.since_day, club=args.club)
        wall = time.perf_counter() - start
        cpu = {
            "workers": cpu_seconds([p.pid for p in procs]) - before["workers"],
            "PostgreSQL backends": sum(
                seconds - before["backends"].get(pid, 0.0)
                for pid, seconds in backends_cpu(admin, args.database).items()
            ),
            "Redis": cpu_seconds(redis_pids) - before["redis"],
            "this process": time.process_time() - before["this"],
        }
        shared = cpu_seconds(background) - before["background"]
    finally:
        stop(procs, args.broker)
    pg = cpu["PostgreSQL backends"]
    total = sum(cpu.values())
    print(f"{workers} worker(s), version {version}: {outcome.sessions} sessions "
          f"{outcome.counts}, {hands:,} hands in {wall:.1f} s = {hands / wall:,.0f} hands/s")  # fmt: skip
    for party, seconds in cpu.items():
        print(f"  {party:22} {seconds:7.1f} s CPU = {seconds / hands * 1000:.3f} ms a hand")
    print(f"  PostgreSQL share of the CPU spent: {pg / total:.0%}")
    print(
        f"  (not counted: PostgreSQL's background processes, shared with every database on the "
        f"server: {shared:.1f} s)"
    )
    return {"rate": hands / wall, "worker_ms": cpu["workers"] / hands * 1000,
            "pg_ms": pg / hands * 1000, "total_ms": total / hands * 1000}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database", required=True)
    parser.add_argument("--since", default="2026-01-15", help="YYYY-MM-DD")
    parser.add_argument("--club", help="only this club's sessions")
    parser.add_argument("--workers", default="1,2")
    parser.add_argument("--broker", default=REDIS)
    args = parser.parse_args()
    from datetime import date

    args.since_day = date.fromisoformat(args.since)
    os.environ.update(FUPAN_DATABASE_URL=f"{PG}/{args.database}", FUPAN_BROKER_URL=args.broker,
                      FUPAN_DATA_DIR=f"/tmp/{args.database}")  # fmt: skip
    import redis

    redis.Redis.from_url(args.broker).flushdb()  # no batches left by a killed run of this bench
    admin = create_engine(f"{PG}/postgres", isolation_level="AUTOCOMMIT")
    store = create_engine(f"{PG}/{args.database}")
    sessions, hands = hands_in(store, args.since, args.club)
    print(f"store {args.database}: {sessions:,} sessions with {hands:,} hands since {args.since}")
    with store.connect() as c:
        posts = c.execute(
            text("SELECT count(DISTINCT engine_version) FROM verifications")
        ).scalar_one()
    results = {}
    for n, workers in enumerate(int(w) for w in args.workers.split(",")):
        print(f"calibration loop: {calibrate():.3f} s")
        results[workers] = run_once(args, workers, f"{RELEASE}.post{posts + n + 1}", hands, admin)
    print(f"calibration loop: {calibrate():.3f} s")
    best = max(results.values(), key=lambda r: r["rate"])
    per_core = 1000 / best["worker_ms"]
    print(f"a worker core verifies {per_core:,.0f} hands/s of CPU; PostgreSQL spends "
          f"{best['pg_ms']:.3f} ms a hand, so one PostgreSQL core serves "
          f"{1000 / best['pg_ms']:,.0f} hands/s")  # fmt: skip
    for cores in (2, 4, 8, 16):
        print(f"  PostgreSQL with {cores:2} cores binds at ~{cores * 1000 / best['pg_ms']:,.0f} "
              f"hands/s = {cores * 1000 / best['pg_ms'] / per_core:.0f} worker cores")  # fmt: skip


if __name__ == "__main__":
    main()
