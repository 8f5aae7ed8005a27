"""Ingest + verify end to end: ``python benchmarks/bench_pipeline.py [HANDS] [--only MODE]
[--tree DIR | --against DIR [--rounds N]]`` or ``[HANDS] --profile [--top N]`` (``--help``).

Sessions are simulated (``engine.simulate.generate_session``, full logs written with
``events.codec.canonical_json``): the four rulesets in turn, 16-24 hands a session, HANDS hands
in all (default 10,000). Simulating is slow (~250 hands/s a core), so the logs are generated on
both cores once and cached (deterministic seeds) under the temp dir; the clock starts after.
Three runs:

- ``embedded`` default: SQLite in a temporary data dir, each session parsed, stored and verified in
  this process one after the other (what the embedded queue does), timing each phase, and the
  verify phase split into read, replay + audit and result write;
- ``distributed``, PostgreSQL + Redis: a temporary database, two ``celery worker`` processes;
  this process parses, stores and enqueues (as ``fupan ingest`` does), the workers verify; wall
  time until the last result row;
- ``workers``: the same, but the workers also ingest (``ingest_batch`` tasks of the tree's
  ``runs.INGEST_BATCH`` files, as ``fupan ingest --in-workers`` sends them).

Each distributed run prints hands/s, the CPU seconds a hand of the benchmark's own processes
(its workers, the PostgreSQL backends of its database, this process) and the calibration loop
(``timing.calibrate``) before and after it. The CPU is counted once the workers answer a ping,
and in ``workers`` once each has ingested a first batch of other sessions (``warm_up``: that
batch costs a process about twice a warm one, once; ``--cold`` counts it). ``--tree DIR`` runs another checkout's code (an
older commit's worktree): this process and the workers import its ``engine``, ``events`` and
``workers``; the logs stay this tree's simulation. ``--against DIR`` runs ``--only workers``
on DIR's code and on this tree's alternately, ``--rounds`` times each (default 3), each run a
fresh process, with ``--reviews-off`` (the workers take the reviews they queue off the queue
without computing them: the trees before reviews had none), and prints the pairs.
``--profile`` runs a worker's ``ingest_batch`` in this process instead, batches of 10 files on
PostgreSQL + Redis (each followed by what a worker does after a task), and prints the CPU a
hand of each part of it (parse, store, replay + audit, result write, ...; ``--top N``: cProfile's N costliest functions too). Queues (Redis database 15) are emptied before and after a run. Prints figures; asserts
nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import os
import pstats
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from contextlib import contextmanager
from multiprocessing import Pool
from pathlib import Path

from sqlalchemy import create_engine, func, select, text

ROOT = Path(__file__).resolve().parents[1]
# --tree is read before the imports: it decides whose packages they are
_first = argparse.ArgumentParser(add_help=False, allow_abbrev=False)
_first.add_argument("--tree")
_TREE = _first.parse_known_args()[0].tree
CODE = Path(_TREE).resolve() if _TREE else ROOT  # whose engine, events and workers run
sys.path.insert(0, str(CODE))

from timing import calibrate  # noqa: E402

# The servers the benchmarks use: FUPAN_BENCH_POSTGRES / FUPAN_BENCH_REDIS, else the tests' own
# FUPAN_TEST_POSTGRES / FUPAN_TEST_REDIS, else the local defaults. Redis database 15 is the
# benchmarks' own (emptied before a run).
PG = os.environ.get(
    "FUPAN_BENCH_POSTGRES",
    os.environ.get("FUPAN_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432"),
)
REDIS = (
    os.environ.get(
        "FUPAN_BENCH_REDIS", os.environ.get("FUPAN_TEST_REDIS", "redis://127.0.0.1:6379")
    )
    + "/15"
)
CACHE = Path(tempfile.gettempdir()) / "fupan-bench-pipeline-v1"
# engine.rulesets.SHIPPED as a literal: an older tree (``--tree``, which may not have SHIPPED)
# plans the same sessions.
RULESETS = ("wenling", "huangyan", "zhoushan", "xizhou")


def plan(hands: int) -> list[tuple[str, int, int]]:
    """(ruleset, hands, seed) per session: the rulesets in turn, 16-24 hands each."""
    sessions, total = [], 0
    while total < hands:
        n = len(sessions)
        count = min(16 + n * 7 % 9, hands - total)
        sessions.append((RULESETS[n % len(RULESETS)], count, 100 + n))
        total += count
    return sessions


def simulated_log(session: tuple[str, int, int]) -> bytes:
    """One session's log as canonical JSON Lines, from the cache or simulated now."""
    from engine.simulate import generate_session
    from events.codec import canonical_json

    ruleset, hands, seed = session
    path = CACHE / f"{ruleset}-{hands}-{seed}.jsonl"
    if not path.exists():
        records, _ = generate_session(ruleset, hands, seed)
        CACHE.mkdir(exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}")
        tmp.write_text("".join(canonical_json(r) + "\n" for r in records), encoding="utf-8")
        tmp.replace(path)
    return path.read_bytes()


WORKERS = 2  # the distributed runs' worker processes
# Sessions a worker ingests before its CPU is counted (``--only workers``): seeds apart from
# ``plan``'s, the four rulesets in turn, one batch a worker (of up to WARM_BATCH files).
WARM_SEED = 10_000
WARM_BATCH = 20


def warm_plan(workers: int, batch: int) -> list[tuple[str, int, int]]:
    """(ruleset, hands, seed) of the warm-up sessions: ``batch`` for each of ``workers``."""
    return [(RULESETS[n % len(RULESETS)], 16 + n * 7 % 9, WARM_SEED + n)
            for n in range(workers * batch)]  # fmt: skip


def build_logs(
    hands: int, sessions: list[tuple[str, int, int]] | None = None
) -> list[tuple[bytes, int]]:
    """(log bytes, hand count) per session: ``sessions``, or HANDS hands in all."""
    sessions = plan(hands) if sessions is None else sessions
    with Pool(2) as pool:
        data = pool.map(simulated_log, sessions, chunksize=1)
    return [(log, count) for log, (_, count, _) in zip(data, sessions, strict=True)]


@contextmanager
def timed_calls(
    spent: dict[str, float], targets: dict[str, tuple[object, str]], clock=time.perf_counter
):
    """Add to ``spent[name]`` the ``clock`` seconds spent in each ``owner.attribute`` (a module's
    function or a class's method) while inside, less those of the other targets it calls: the
    tasks call them through their modules, so replacing the attribute times them. A target
    missing from the code under test (an older tree) is left out."""
    targets = {name: t for name, t in targets.items() if hasattr(*t)}
    originals = {name: getattr(owner, attr) for name, (owner, attr) in targets.items()}
    running: list[list] = []  # [name, clock at its start or at its last nested call's end]

    def timer(name: str, fn):
        def timed(*args, **kwargs):
            now = clock()
            if running:
                spent[running[-1][0]] += now - running[-1][1]
            running.append([name, now])
            try:
                return fn(*args, **kwargs)
            finally:
                now = clock()
                spent[name] += now - running.pop()[1]
                if running:
                    running[-1][1] = now

        return timed

    for name, (owner, attr) in targets.items():
        spent.setdefault(name, 0.0)
        setattr(owner, attr, timer(name, originals[name]))
    try:
        yield
    finally:
        for name, (owner, attr) in targets.items():
            setattr(owner, attr, originals[name])


def run_embedded(logs: list[tuple[bytes, int]]) -> dict[str, float]:
    from engine import audit
    from events import db, store, verifications
    from events.codec import parse_log
    from workers import tasks

    phases = {"parse": 0.0, "store": 0.0, "verify": 0.0}
    parts = {
        "  read records": (store, "read_records"),
        "  replay + audit": (audit, "audit"),
        "  write result": (verifications, "record_verifications"),
    }
    start = time.perf_counter()
    with timed_calls(phases, parts):
        for data, _ in logs:
            t0 = time.perf_counter()
            parsed = parse_log(data)
            t1 = time.perf_counter()
            session = store.ingest_parsed(parsed=parsed).session
            t2 = time.perf_counter()
            tasks.verify_session.apply(args=[session.id]).get()
            t3 = time.perf_counter()
            phases["parse"] += t1 - t0
            phases["store"] += t2 - t1
            phases["verify"] += t3 - t2
    phases["wall"] = time.perf_counter() - start
    phases["  task, head check"] = phases["verify"] - sum(phases[name] for name in parts)
    db.dispose_all()
    return phases


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds the processes have used so far (from /proc)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / os.sysconf("SC_CLK_TCK")


# Starts celery with the arguments it is given, its workers' reviews queued and taken off the
# queue but not computed (``--reviews-off``): the trees before reviews (28e577b) had none, and
# a review a worker starts while the other finishes the last batch is ~0.5 s of CPU.
REVIEWS_OFF = [
    "-c",
    "import sys\n"
    "import workers.tasks as tasks\n"
    "if hasattr(tasks, '_review'):\n"
    "    tasks._review = lambda session_id: 'missing'\n"
    "from celery.__main__ import main\n"
    "sys.argv[0] = 'celery'\n"
    "main()\n",
]
WORKER_ARGS = ["-A", "workers.celery_app", "worker", "--pool", "solo", "--loglevel", "WARNING",
               "--without-gossip", "--without-mingle", "--without-heartbeat"]  # fmt: skip


def start_worker(
    hostname: str, launcher: list[str] | None = None, queues: list[str] | None = None, **popen
) -> subprocess.Popen:
    """One quiet ``celery worker`` (solo pool) of the benchmarks. ``launcher``: the Python
    arguments that start celery (default ``-m celery``; one that patches something first must
    run celery's ``main`` with the arguments it is given). ``queues``: what it consumes (default
    Celery's one queue)."""
    command = [
        sys.executable,
        *(launcher or ["-m", "celery"]),
        *WORKER_ARGS,
        "--hostname",
        hostname,
        *(["--queues", ",".join(queues)] if queues else []),
    ]
    env = popen.pop("env", os.environ)
    if _TREE:  # the tree's packages before the installed (editable) ones
        env = {**env, "PYTHONPATH": str(CODE)}
    return subprocess.Popen(
        command, cwd=CODE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, **popen
    )


def backends_cpu(admin, name: str) -> dict[int, float]:
    """CPU seconds of each PostgreSQL backend connected to database ``name``."""
    with admin.connect() as c:
        pids = c.execute(
            text("SELECT pid FROM pg_stat_activity WHERE datname = :name"), {"name": name}
        ).scalars()
        return {pid: cpu_seconds([pid]) for pid in pids}


def ready(workers: int, timeout: float = 120) -> None:
    """Wait until ``workers`` workers answer a ping: their start (imports, connections) is not
    the pipeline's CPU. Then a second for the pings' own work to settle."""
    from celery import Celery

    pinger = Celery(broker=REDIS)
    deadline = time.monotonic() + timeout
    while len(pinger.control.ping(timeout=1)) < workers:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{workers} workers did not answer in {timeout} s")
    time.sleep(1)


def warm_up(workers: int, send: Callable[[list[str]], int], count, timeout: float = 300) -> None:
    """Each worker's first batch, before its CPU is counted: ``send(queues)`` sends one to each
    worker's own queue and returns how many results they make; wait until ``count()`` has them
    and the broker holds nothing (the reviews they queued taken). A worker's first batch costs
    about twice a warm one (the codec learning its known lines, the database driver's import
    and connection, the rulesets' tables), once a process: not a hand's cost, and what
    ``--profile`` leaves out too."""
    import redis

    expected = send([warm_queue(n) for n in range(workers)])
    client = redis.Redis.from_url(REDIS)
    deadline = time.monotonic() + timeout
    while count() < expected or not broker_idle(client):
        if time.monotonic() > deadline:
            raise RuntimeError(f"the warm-up batches did not finish in {timeout} s")
        time.sleep(0.1)
    time.sleep(0.5)


def warm_queue(n: int) -> str:
    """Worker ``n``'s own queue: its warm-up batch."""
    return f"bench-warm{n}"


def broker_idle(client) -> bool:
    """No message waiting in any queue (the Redis transport keeps each queue and priority in a
    list) and none held by a worker."""
    lists = [key for key in client.scan_iter() if client.type(key) == b"list"]
    return not any(client.llen(key) for key in lists) and not client.zcard("unacked_index")


def empty_queues(broker: str = REDIS) -> None:
    """Empty the benchmarks' Redis database: the messages a run left (reviews its workers
    queued, a batch a stopped worker handed back) must not reach the next run's workers."""
    import redis

    redis.Redis.from_url(broker).flushdb()


@contextmanager
def fresh_database():
    """A fresh PostgreSQL database, upgraded, as FUPAN_DATABASE_URL and the benchmarks' Redis
    database, emptied, as FUPAN_BROKER_URL while inside; yields (admin engine, its name).
    Dropped and emptied again after."""
    from events import db

    name = f"fupan_bench_{uuid.uuid4().hex[:8]}"
    admin = create_engine(f"{PG}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    os.environ["FUPAN_DATABASE_URL"] = f"{PG}/{name}"
    os.environ["FUPAN_BROKER_URL"] = REDIS
    empty_queues()
    try:
        db.upgrade(db.get_engine())
        yield admin, name
    finally:
        db.dispose_all()
        time.sleep(1)  # the statistics collector reports ended sessions within a second
        with admin.connect() as c:
            opened = c.execute(
                text("SELECT sessions FROM pg_stat_database WHERE datname = :name"), {"name": name}
            ).scalar_one()
        print(f"  PostgreSQL sessions opened on the database: {opened} (pool reuse)")
        with admin.connect() as c:
            c.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        empty_queues()
        for var in ("FUPAN_DATABASE_URL", "FUPAN_BROKER_URL"):
            del os.environ[var]


def stop(procs: list[subprocess.Popen], broker: str = REDIS) -> None:
    """Stop the workers: the queues emptied first, so that they start nothing more, then a
    warm shutdown (the task in hand finishes); one that does not end in 30 s is killed. Then
    the queues are emptied again (a message a worker handed back)."""
    empty_queues(broker)
    for proc in procs:
        proc.terminate()
    for proc in procs:
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    empty_queues(broker)


@contextmanager
def distributed(
    workers: int,
    launcher: list[str] | None = None,
    warm: Callable[[list[str]], int] | None = None,
):
    """A fresh PostgreSQL database and Redis queue with ``workers`` worker processes running
    (``warm``: each warmed up first, see ``warm_up``); yields a function that waits until ``n``
    more verification rows exist."""
    from events import db
    from events.models import Verification

    with fresh_database() as (admin, name):
        procs = []
        try:
            engine = db.get_engine()

            def results() -> int:
                with engine.connect() as c:
                    return c.execute(select(func.count(Verification.id))).scalar_one()

            for n in range(workers):
                queues = ["celery", warm_queue(n)] if warm else None
                procs.append(start_worker(f"bench{n}@%h", launcher, queues))
            ready(len(procs))
            if warm:
                cpu = cpu_seconds([p.pid for p in procs])
                warm_up(workers, warm, results)
                cpu = cpu_seconds([p.pid for p in procs]) - cpu
                print(f"  warm-up: a first batch each, {cpu / workers:.2f} s CPU a worker")
            before = results()
            workers_cpu, database_cpu = (
                cpu_seconds([p.pid for p in procs]),
                backends_cpu(admin, name),
            )
            own_cpu = time.process_time()

            def wait_for_results(n: int) -> dict[str, float]:
                """Wait for ``n`` more result rows; the CPU seconds each party used since."""
                with engine.connect() as c:
                    while c.execute(select(func.count(Verification.id))).scalar_one() < before + n:
                        time.sleep(0.05)
                        c.rollback()
                    reviews = c.execute(text("SELECT to_regclass('reviews') IS NOT NULL")).scalar()
                    if reviews:  # the reviews stored by then (queued at the lowest priority)
                        reviews = c.execute(text("SELECT count(*) FROM reviews")).scalar_one()
                    print(f"  reviews stored by the last result: {reviews or 0}")
                return {
                    "cpu this process": time.process_time() - own_cpu,
                    "cpu workers": cpu_seconds([p.pid for p in procs]) - workers_cpu,
                    "cpu PostgreSQL": sum(
                        cpu - database_cpu.get(pid, 0.0)
                        for pid, cpu in backends_cpu(admin, name).items()
                    ),
                }

            yield wait_for_results
        finally:
            stop(procs)


def run_distributed(logs: list[tuple[bytes, int]], workers: int = WORKERS) -> dict[str, float]:
    """This process parses and stores (as ``fupan ingest`` does); the workers verify."""
    from events import store
    from events.codec import parse_log
    from workers import dispatch

    with distributed(workers) as wait_for_results:
        phases = {"parse": 0.0, "store": 0.0}
        start = time.perf_counter()
        for data, _ in logs:
            t0 = time.perf_counter()
            parsed = parse_log(data)
            t1 = time.perf_counter()
            dispatch.enqueue_verify(store.ingest_parsed(parsed=parsed).session.id)
            phases["store"] += time.perf_counter() - t1
            phases["parse"] += t1 - t0
        ingested = time.perf_counter()
        phases.update(wait_for_results(len(logs)))
        phases["wall"] = time.perf_counter() - start
        phases["verify after ingest"] = phases["wall"] - (ingested - start)
    return phases


def run_worker_ingest(
    logs: list[tuple[bytes, int]],
    folder: Path,
    workers: int = WORKERS,
    reviews: bool = True,
    warm: list[tuple[bytes, int]] | None = None,
) -> dict[str, float]:
    """The workers do everything: ``ingest_batch`` tasks of the tree's batch size (what ``fupan
    ingest --in-workers`` sends), then the verifications (``reviews`` False: the reviews they
    queue are not computed). ``warm``: logs for each worker's first batch, sent before its CPU
    is counted (``warm_up``)."""
    from celery import Celery

    from workers import dispatch, runs, tasks

    if not reviews and hasattr(tasks, "review_session") and not hasattr(tasks, "_review"):
        raise SystemExit("--reviews-off patches workers.tasks._review, which this tree lacks")
    size = runs.INGEST_BATCH
    warm = (warm or [])[: workers * size]
    paths = []
    for n, (data, _) in enumerate([*warm, *logs]):
        paths.append(folder / f"{n}.jsonl")
        paths[-1].write_bytes(data)
    warm_paths, paths = paths[: len(warm)], paths[len(warm) :]

    def send_warm(queues: list[str]) -> int:
        sender = Celery(broker=REDIS)
        for n, queue in enumerate(queues):
            batch = [str(p) for p in warm_paths[n * size : (n + 1) * size]]
            sender.send_task("fupan.ingest_batch", args=[batch], queue=queue)
        return len(warm_paths)

    launcher = None if reviews else REVIEWS_OFF
    with distributed(workers, launcher, send_warm if warm else None) as wait_for_results:
        start = time.perf_counter()
        for i in range(0, len(paths), size):
            dispatch.enqueue_ingest(paths[i : i + size])
        cpu = wait_for_results(len(logs))
        return {"wall": time.perf_counter() - start, **cpu}


def profile_parts() -> dict[str, tuple[object, str]]:
    """What ``--profile`` times of a worker's ``ingest_batch``, each less the others it calls
    (indented: called inside the part above). A part some trees name otherwise: the first of
    its names the tree has."""
    from engine import audit
    from engine.report import Report
    from events import store, verifications
    from workers import digests, tasks

    def first(owner: object, *names: str) -> tuple[object, str]:
        return owner, next((name for name in names if hasattr(owner, name)), names[0])

    return {
        "parse": (tasks, "parse_log"),
        "store": first(store, "ingest_many", "ingest_parsed"),
        "replay + audit": (audit, "audit"),
        "Report.to_dict": (Report, "to_dict"),
        "result write": (verifications, "record_verifications"),
        "  report JSON": (verifications, "report_json"),
        "  digest rows": (digests, "write"),
        "queueing reviews": first(tasks, "reviews_soon", "review_soon"),
    }


@contextmanager
def collector_time():
    """Yields a list that gets the CPU seconds of each garbage collector pass while inside."""
    passes: list[float] = []
    started = [0.0]

    def timer(phase: str, _info: dict) -> None:
        if phase == "start":
            started[0] = time.process_time()
        else:
            passes.append(time.process_time() - started[0])

    gc.callbacks.append(timer)
    try:
        yield passes
    finally:
        gc.callbacks.remove(timer)


def run_profile(logs: list[tuple[bytes, int]], folder: Path, top: int) -> None:
    """``ingest_batch`` in this process on batches of 10 files (PostgreSQL + Redis, as a worker
    runs it, without Celery's consuming), the first batch a warm-up; prints the CPU ms a hand
    of each part (``profile_parts``), of the rest, and of the database's backend. ``top``: also
    the functions of most own time under cProfile (which slows everything)."""
    from workers import celery_app, tasks

    batches = [[str(folder / f"{n}.jsonl") for n in range(i, min(i + 10, len(logs)))]
               for i in range(0, len(logs), 10)]  # fmt: skip
    for n, (data, _) in enumerate(logs):
        (folder / f"{n}.jsonl").write_bytes(data)
    hands = sum(count for _, count in logs[len(batches[0]) :])
    with fresh_database() as (admin, name):
        # as a worker does when it starts
        getattr(celery_app, "tune_worker", getattr(celery_app, "tune_collector", None))()
        # what a worker does after each task (Celery's task_postrun), if the tree does anything
        after_task = getattr(celery_app, "freeze_survivors", lambda: None)
        tasks.ingest_batch(batches[0])  # imports, connections, caches
        after_task()
        spent: dict[str, float] = {}
        database = backends_cpu(admin, name)
        profiler = cProfile.Profile(time.process_time) if top else None
        before = calibrate()
        start = time.process_time()
        with timed_calls(spent, profile_parts(), time.process_time), collector_time() as passes:
            for batch in batches[1:]:
                if profiler:
                    profiler.runcall(tasks.ingest_batch, batch)
                else:
                    tasks.ingest_batch(batch)
                after_task()
        total = time.process_time() - start
        after = calibrate()
        postgres = sum(
            cpu - database.get(pid, 0.0) for pid, cpu in backends_cpu(admin, name).items()
        )
    spent["the rest"] = total - sum(spent.values())
    print(f"\nprofile ({CODE}): {hands} hands in {len(batches) - 1} batches after a warm-up "
          f"batch; {1000 * total / hands:.3f} ms CPU a hand in this process")  # fmt: skip
    for part, seconds in spent.items():
        print(f"  {part:<20} {1000 * seconds / hands:7.3f} ms  {100 * seconds / total:5.1f} %")
    print(f"  PostgreSQL backends  {1000 * postgres / hands:7.3f} ms a hand")
    print(f"  (the collector's {len(passes)} passes, inside the parts above: "
          f"{1000 * sum(passes) / hands:.3f} ms a hand)")  # fmt: skip
    print(f"  calibration loop {before:.3f} s before, {after:.3f} s after")
    if profiler:
        pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def report(title: str, phases: dict[str, float], hands: int, sessions: int) -> None:
    wall = phases.pop("wall")
    print(
        f"\n{title}: {hands} hands in {sessions} sessions, {wall:.1f} s, {hands / wall:,.0f} hands/s"
    )
    for phase, seconds in phases.items():
        if not phase.startswith("cpu"):
            print(f"  {phase:<20} {seconds:7.2f} s  {100 * seconds / wall:5.1f} % of wall")
    cpu = {phase: seconds for phase, seconds in phases.items() if phase.startswith("cpu")}
    if cpu:
        total = sum(cpu.values())
        print("  " + ", ".join(f"{phase} {seconds:.1f} s" for phase, seconds in cpu.items()))
        print("  ms CPU a hand: " + ", ".join(
            f"{phase[4:]} {1000 * seconds / hands:.3f}" for phase, seconds in cpu.items()
        ))  # fmt: skip
        print(
            f"  {1000 * total / hands:.2f} ms CPU a hand in all: {2 * hands / total:,.0f} hands/s "
            "if both cores were the pipeline's alone"
        )


def paired(hands: int, against: str, rounds: int, cold: bool = False) -> None:
    """``--only workers`` on ``against``'s code and on this tree's, alternately, each run a
    fresh process; then each party's CPU a hand of every run, side by side."""
    runs: dict[str, list[dict[str, float]]] = {against: [], "this tree": []}
    for n in range(rounds):
        for tree in runs:
            extra = [] if tree == "this tree" else [f"--tree={against}"]
            print(f"\n== round {n + 1}, {tree}", flush=True)
            out = subprocess.run(
                [sys.executable, __file__, str(hands), "--only", "workers", "--reviews-off",
                 *(["--cold"] if cold else []), *extra],
                check=True, capture_output=True, text=True,
            ).stdout  # fmt: skip
            print(out.rsplit("\nRESULT ", 1)[0], flush=True)
            runs[tree].append(json.loads(out.rsplit("\nRESULT ", 1)[1]))
    print(f"\n{hands} hands a run; ms CPU a hand (workers / PostgreSQL), hands/s, calibration s")
    for n in range(rounds):
        cells = []
        for tree, results in runs.items():
            r = results[n]
            cells.append(f"{tree}: {r['workers']:.3f} / {r['postgres']:.3f}, {r['rate']:,.0f}/s, "
                         f"cal {r['calibration']:.2f}")  # fmt: skip
        print(f"  round {n + 1}: " + " | ".join(cells))
    ratios = sorted(
        new["workers"] / old["workers"] for old, new in zip(*runs.values(), strict=True)
    )
    print(f"  workers' CPU a hand, this tree / {against}: "
          + " ".join(f"{r:.2f}" for r in ratios) + f" (median {ratios[len(ratios) // 2]:.2f})")  # fmt: skip


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Ingest + verify end to end (see the module's docstring); prints figures."
    )
    parser.add_argument("hands", nargs="?", type=int, default=10_000, help="default 10,000")
    parser.add_argument("--only", choices=("embedded", "distributed", "workers"))
    parser.add_argument(
        "--profile",
        action="store_true",
        help="ingest_batch in this process, CPU a hand of each part",
    )
    parser.add_argument(
        "--top",
        type=int,
        default=0,
        metavar="N",
        help="with --profile: cProfile's N functions of most own time",
    )
    parser.add_argument("--tree", metavar="DIR", help="run DIR's engine, events and workers")
    parser.add_argument(
        "--against", metavar="DIR", help="--only workers: DIR's code and this tree's, alternately"
    )
    parser.add_argument("--rounds", type=int, default=3, help="with --against (default 3)")
    parser.add_argument(
        "--reviews-off",
        action="store_true",
        help="the workers take the reviews they queue off the queue unmade",
    )
    parser.add_argument(
        "--cold",
        action="store_true",
        help="--only workers: count the workers' first batch too (no warm-up)",
    )
    parser.add_argument("--logs-only", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_args()  # fmt: skip


def main() -> None:
    args = arguments()
    hands, only = args.hands, args.only
    if _TREE:  # the same logs for every tree: simulated and cached by this one
        subprocess.run([sys.executable, __file__, "--logs-only", str(hands)], check=True)
    if args.against:
        build_logs(hands)
        build_logs(0, warm_plan(WORKERS, WARM_BATCH))
        paired(hands, args.against, args.rounds, args.cold)
        return
    logs = build_logs(hands)
    warm = build_logs(0, warm_plan(WORKERS, WARM_BATCH))
    if args.logs_only:
        return
    print(
        f"{len(logs)} sessions, {sum(c for _, c in logs)} hands, {sum(len(d) for d, _ in logs) / 1e6:.1f} MB"
    )
    with tempfile.TemporaryDirectory() as data_dir:
        os.environ["FUPAN_DATA_DIR"] = data_dir
        for name in ("FUPAN_DATABASE_URL", "FUPAN_BROKER_URL"):
            os.environ.pop(name, None)
        if args.profile:
            run_profile(logs, Path(data_dir), args.top)
            return
        if only in (None, "embedded"):
            report(
                "embedded (SQLite, in-process, sequential)", run_embedded(logs), hands, len(logs)
            )
        if only in (None, "distributed"):
            report("PostgreSQL + Redis, 2 workers verify", run_distributed(logs), hands, len(logs))
        if only in (None, "workers"):
            before = calibrate()
            phases = run_worker_ingest(
                logs, Path(data_dir), reviews=not args.reviews_off, warm=None if args.cold else warm
            )
            after = calibrate()
            rate = hands / phases["wall"]
            result = dict(rate=rate, calibration=max(before, after),
                          workers=1000 * phases["cpu workers"] / hands,
                          postgres=1000 * phases["cpu PostgreSQL"] / hands)  # fmt: skip
            report(f"PostgreSQL + Redis, 2 workers ingest and verify ({CODE})", phases, hands,
                   len(logs))  # fmt: skip
            print(f"  calibration loop {before:.3f} s before, {after:.3f} s after "
                  "(0.17-0.18 s on the idle reference machine)")  # fmt: skip
            print("RESULT " + json.dumps(result))


if __name__ == "__main__":
    main()
