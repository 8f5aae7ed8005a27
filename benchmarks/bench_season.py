"""A region's season in one PostgreSQL store: ``python benchmarks/bench_season.py build HANDS
[--database NAME] [--workers W] [--clubs C]``, then ``python benchmarks/bench_season.py check
--database NAME`` or ``size --database NAME``.

``build`` simulates a small pool of distinct sessions (the four rulesets, cached by
``bench_pipeline``), then stores HANDS hands as copies of them, each copy a new upload: its own
club (C clubs, default 300, one of them ``bench club`` for ``bench_web``), table, night and
players (drawn from a pool of 400 names, 阿强 among them), so its content hash, stream and hash
chain are its own. The copies are written to files and the workers (``ingest_batch``, W worker
processes, default 2) store and verify every one of them: each stored session gets its own
verification row. Prints hands/s while it runs, the wall time, and the disk: the database, the
events table with its indexes, bytes a hand and an event.

``check`` times ``fupan store check --club "bench club"``, ``--since/--until`` the newest night
played (what a nightly check reads; each head proven by an inclusion proof in the newest
checkpoint instead of the whole log rebuilt: docs/store.md), then the whole store
(``--subset-only``: not the whole store), with the command's own CPU; it runs ``fupan db
upgrade`` first (the indexes a club's or a period's check uses).

``exports`` prints each session's id and the SHA-256 of its ``fupan store export`` (to compare a
store before and after a migration: ``diff`` the two outputs). ``size`` prints where the bytes go (issue 29): each table's heap and TOAST and each of its
indexes (``pg_relation_size``), per hand and per event, and the sum the store's goal counts
(events, their indexes, receipts, verifications, log leaves).

The database is kept (its name is printed) so ``bench_web.py --database NAME`` times the pages
at that size. Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_pipeline import PG, REDIS, build_logs, cpu_seconds, start_worker, stop  # noqa: E402
from bench_web import CLUB, add_user  # noqa: E402

POOL_HANDS = 4_000
NAMES = ["阿强", "小李", "老王", "阿芳"] + [f"玩家{n:03d}" for n in range(396)]
BATCH = 10


def copy_of(data: bytes, n: int, clubs: int) -> bytes:
    """Copy ``n`` of a pool log: a club, table, night and four players of its own."""
    rng = random.Random(n)
    first, rest = data.split(b"\n", 1)
    session = json.loads(first)
    club = n % clubs
    session["club"] = CLUB if club == 0 else f"俱乐部{club:03d}"
    session["table"] = str(n // clubs % 10 + 1)
    night = n // (clubs * 10)
    session["started_at"] = f"2026-{1 + night // 28 % 12:02d}-{1 + night % 28:02d}T19:30:00+08:00"
    old = session["players"]
    new = rng.sample(NAMES, 4)
    session["players"] = new
    body = rest.decode()
    for a, b in zip(old, new, strict=True):
        body = body.replace(f'"{a}"', f'"\0{b}"')
    return (
        json.dumps(session, ensure_ascii=False).encode() + b"\n" + body.replace("\0", "").encode()
    )


def database_url(name: str) -> str:
    return f"{PG}/{name}"


def count(engine, sql: str) -> int:
    with engine.connect() as c:
        return c.execute(text(sql)).scalar_one()


def build(args) -> None:
    import redis

    from events import db
    from workers import dispatch

    admin = create_engine(f"{PG}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{args.database}"'))
    os.environ.update(FUPAN_DATABASE_URL=database_url(args.database), FUPAN_BROKER_URL=REDIS,
                      FUPAN_DATA_DIR=f"/tmp/{args.database}")  # fmt: skip
    redis.Redis.from_url(REDIS).flushdb()
    engine = db.get_engine()
    db.upgrade(engine)
    add_user()
    pool = build_logs(POOL_HANDS)
    print(f"pool: {len(pool)} distinct sessions, {sum(c for _, c in pool)} hands", flush=True)
    procs = [start_worker(f"season{n}@%h") for n in range(args.workers)]
    folder = Path(tempfile.mkdtemp(prefix="fupan-season-"))
    try:
        hands = sessions = 0
        start = time.perf_counter()
        sent = []
        while hands < args.hands:
            data, n_hands = pool[sessions % len(pool)]
            path = folder / f"{sessions}.jsonl"
            path.write_bytes(copy_of(data, sessions, args.clubs))
            sent.append(path)
            sessions += 1
            hands += n_hands
            if len(sent) == BATCH:
                dispatch.enqueue_ingest(sent)
                sent = []
            while sessions % 2000 == 0 and sessions - verified(engine) > 4000:
                time.sleep(1)  # keep the queue (and the folder) bounded
            if sessions % 2000 == 0:
                done = verified(engine)
                rate = done / sessions * hands / (time.perf_counter() - start)
                print(f"  {sessions} sessions sent, {done} verified, ~{rate:,.0f} hands/s",
                      flush=True)  # fmt: skip
        if sent:
            dispatch.enqueue_ingest(sent)
        while verified(engine) < sessions:
            time.sleep(1)
        wall = time.perf_counter() - start
        workers_cpu = cpu_seconds([p.pid for p in procs])
    finally:
        stop(procs)
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()
    db.analyze(engine)  # what autovacuum does in time; this machine's PostgreSQL runs without it
    events = count(engine, "SELECT sum(head_seq + 1) FROM sessions")
    stored = count(engine, "SELECT count(*) FROM sessions")
    size = count(engine, f"SELECT pg_database_size('{args.database}')")
    event_bytes = count(engine, "SELECT pg_total_relation_size('event_chunks')")
    print(f"database {args.database}: {stored} sessions, {hands:,} hands, {events:,} events")
    print(f"stored and verified in {wall:.0f} s: {hands / wall:,.0f} hands/s with {args.workers} "
          f"workers ({workers_cpu:.0f} s worker CPU)")  # fmt: skip
    print(f"disk: database {size / 1e9:.2f} GB = {size / hands:,.0f} bytes a hand; events table "
          f"with indexes {event_bytes / 1e9:.2f} GB = {event_bytes / events:.0f} bytes an event")  # fmt: skip


def verified(engine) -> int:
    return count(engine, "SELECT count(DISTINCT session_id) FROM verifications")


def check(args) -> None:
    """Time ``fupan store check`` over ``bench club`` (one club of ``--clubs``), over the newest
    night played and over the whole store; first ``fupan db upgrade`` (the indexes of
    0011_store_subset, timed: a store built before them has none)."""
    env = {**os.environ, "FUPAN_DATABASE_URL": database_url(args.database),
           "FUPAN_DATA_DIR": f"/tmp/{args.database}"}  # fmt: skip
    engine = create_engine(database_url(args.database))
    with engine.connect() as c:
        newest = c.execute(text("SELECT max(started_at) FROM sessions")).scalar_one()[:10]
    engine.dispose()
    runs = [["db", "upgrade"], ["store", "check", "--club", CLUB],
            ["store", "check", "--since", newest, "--until", newest], ["store", "check"]]  # fmt: skip
    for argv in runs[:-1] if args.subset_only else runs:
        t0, cpu0 = time.perf_counter(), children_cpu()
        done = subprocess.run([str(Path(sys.executable).with_name("fupan")), *argv], env=env, cwd=ROOT,
                              capture_output=True, text=True)  # fmt: skip
        wall, cpu = time.perf_counter() - t0, children_cpu() - cpu0
        lines = (done.stdout or done.stderr).strip().splitlines()
        checked = next((x for x in lines if " events checked" in x), "")
        events = re.search(r"([0-9]+) events checked", checked)
        per_event = (
            f", {cpu / int(events[1]) * 1e6:.1f} µs CPU an event"
            if events and int(events[1])
            else ""
        )
        print(f"fupan {' '.join(argv)}: {wall:.1f} s, {cpu:.1f} s CPU (this process; the database's "
              f"is not counted){per_event}, exit {done.returncode}")  # fmt: skip
        for line in lines[-3:] if argv[0] == "store" else lines[-1:]:
            print(f"    {line}")


STORE_TABLES = ("events", "event_chunks", "receipts", "verifications", "log_leaves")  # the goal's


def size(args) -> None:
    """Bytes per hand and per event of every table and index of ``--database``. Hands: the
    verifications' digests (``web_digest.hands``, one verification a session in a built season);
    events: the sessions' heads."""
    engine = create_engine(database_url(args.database))
    hands = count(engine, "SELECT coalesce(sum(hands), 0) FROM web_digest")
    events = count(engine, "SELECT coalesce(sum(head_seq + 1), 0) FROM sessions")
    sessions = count(engine, "SELECT count(*) FROM sessions")
    with engine.connect() as c:
        rows = c.execute(text(SIZES)).all()
    engine.dispose()
    print(f"database {args.database}: {sessions:,} sessions, {hands:,} hands, {events:,} events "
          f"({events / max(hands, 1):.1f} a hand)")  # fmt: skip
    print(f"{'relation':<44}{'MB':>10}{'B/hand':>10}{'B/event':>10}")
    total = goal = 0
    for table, relation, kind, nbytes in rows:
        name = table if kind == "table" else f"  {relation} ({kind})"
        print(f"{name:<44}{nbytes / 1e6:>10.1f}{nbytes / hands:>10,.0f}{nbytes / events:>10.1f}")
        total += nbytes
        goal += nbytes if table in STORE_TABLES else 0
    print(f"{'all tables':<44}{total / 1e6:>10.1f}{total / hands:>10,.0f}{total / events:>10.1f}")
    print(f"{'the goal (' + ', '.join(STORE_TABLES) + ')':<44}{goal / 1e6:>10.1f}"
          f"{goal / hands:>10,.0f}{goal / events:>10.1f}")  # fmt: skip


SIZES = """
SELECT t.relname, t.relname, 'table',
       pg_relation_size(t.oid) + coalesce(pg_total_relation_size(nullif(t.reltoastrelid, 0)), 0)
FROM pg_class t JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE n.nspname = 'public' AND t.relkind = 'r'
UNION ALL
SELECT t.relname, i.relname, 'index', pg_relation_size(i.oid)
FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid JOIN pg_class i ON i.oid = x.indexrelid
JOIN pg_namespace n ON n.oid = t.relnamespace
WHERE n.nspname = 'public'
ORDER BY 1, 3 DESC, 4 DESC
"""


def exports(args) -> None:
    """Each session's id and the SHA-256 of its exported log, in id order."""
    import hashlib

    from events import store

    os.environ.update(FUPAN_DATABASE_URL=database_url(args.database),
                      FUPAN_DATA_DIR=f"/tmp/{args.database}")  # fmt: skip
    ids = sorted(s.id for s in store.list_sessions())
    for session_id in ids:
        digest = hashlib.sha256(store.export_log(session_id=session_id).encode()).hexdigest()
        print(session_id, digest)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("phase", choices=["build", "check", "size", "exports"])
    parser.add_argument("hands", type=int, nargs="?", default=1_000_000)
    parser.add_argument("--database", default=f"fupan_season_{os.getpid()}")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--clubs", type=int, default=300)
    parser.add_argument("--subset-only", action="store_true",
                        help="check: skip the whole store's check (most of an hour at 1 M hands)")  # fmt: skip
    args = parser.parse_args()
    {"build": build, "check": check, "size": size, "exports": exports}[args.phase](args)


if __name__ == "__main__":
    main()
