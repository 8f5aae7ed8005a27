"""Storing alone, in process: ``python benchmarks/bench_store.py [SESSIONS] [--against DIR]
[--rounds N]``.

``bench_pipeline``'s simulated sessions (its cache; the first SESSIONS, default 150) are parsed,
then stored on a fresh PostgreSQL database (``FUPAN_BENCH_POSTGRES``, as bench_pipeline) the
way ``ingest_batch`` stores them: batches of 10, ``store.ingest_many`` (a tree without it:
``store.ingest_parsed`` for each file). Only the store calls are timed, in CPU seconds of this
process (``time.process_time``; PostgreSQL's CPU is not counted), the first batch left out (it
warms the pool and the key). ``--against DIR`` runs DIR's code (an older commit's worktree) and
this tree's alternately, ``--rounds`` times each (default 3), each run a fresh process, and prints
the pairs with the calibration loop. Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
BATCH = 10  # files an ingest_batch task stores together


def run(code: Path, sessions: int) -> float:
    """ms of CPU a hand the store calls took, with ``code``'s events package."""
    from bench_pipeline import PG, build_logs, plan  # puts this tree first on the path
    from sqlalchemy import create_engine, text

    sys.path.insert(0, str(code))  # before it: the events package imported below is code's

    hands = sum(count for _, count, _ in plan(10**9)[:sessions])
    logs = [data for data, _ in build_logs(hands)]
    name = f"fupan_bench_store_{uuid.uuid4().hex[:8]}"
    admin = create_engine(f"{PG}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    os.environ["FUPAN_DATABASE_URL"] = f"{PG}/{name}"
    os.environ["FUPAN_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-store-")
    os.environ.pop("FUPAN_WITNESS_URL", None)
    from events import db, store
    from events.codec import parse_log

    if not Path(store.__file__).is_relative_to(code):
        raise SystemExit(f"{store.__file__} is not {code}'s")

    try:
        db.upgrade(db.get_engine())
        parsed = [parse_log(data) for data in logs]
        batch_run = uuid.uuid4()
        ids = [uuid.uuid5(batch_run, str(n)).hex for n in range(len(parsed))]
        many = getattr(store, "ingest_many", None)
        cpu, counted = 0.0, 0
        for i in range(0, len(parsed), BATCH):
            batch, batch_ids = parsed[i : i + BATCH], ids[i : i + BATCH]
            t = time.process_time()
            if many is not None:
                many(parsed=batch, session_ids=batch_ids)
            else:
                for one, session_id in zip(batch, batch_ids, strict=True):
                    store.ingest_parsed(parsed=one, session_id=session_id)
            if i:
                cpu += time.process_time() - t
                counted += sum(_hands(p) for p in batch)
        return 1000 * cpu / counted
    finally:
        db.get_engine().dispose()
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))


def _hands(parsed) -> int:
    return sum(1 for record in parsed.records if record["type"] == "hand")


def main() -> None:
    args = sys.argv[1:]
    option = lambda name, default: args[args.index(name) + 1] if name in args else default  # noqa: E731
    numbers = [a for a in args if a.isdigit() and a != option("--rounds", None)]
    sessions = int(numbers[0]) if numbers else 150
    if "--code" in args:  # one run, in a fresh process
        print("RESULT " + json.dumps(run(Path(option("--code", "")), sessions)))
        return
    from timing import calibrate

    against = option("--against", None)
    trees = ([Path(against).resolve()] if against else []) + [ROOT]
    pairs: list[list[float]] = []
    for n in range(int(option("--rounds", 3))):
        before = calibrate()
        row = []
        for tree in trees:
            out = subprocess.run(
                [sys.executable, __file__, str(sessions), "--code", str(tree)],
                check=True, capture_output=True, text=True,
            ).stdout  # fmt: skip
            row.append(json.loads(out.rsplit("RESULT ", 1)[1]))
        pairs.append(row)
        cells = " | ".join(f"{tree}: {ms:.3f}" for tree, ms in zip(trees, row, strict=True))
        print(f"round {n + 1}: ms CPU a hand storing: {cells}; calibration {before:.2f} s "
              f"before, {calibrate():.2f} s after", flush=True)  # fmt: skip
    if against:
        ratios = ", ".join(f"{new / old:.2f}" for old, new in pairs)
        print(f"this tree / {against}: {ratios}")


if __name__ == "__main__":
    main()
