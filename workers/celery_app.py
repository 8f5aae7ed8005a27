"""The Celery app factory and the one way to enqueue a task, whatever the queue.

``celery -A workers.celery_app worker`` runs ``app``. With no FUPAN_BROKER_URL the queue is
*embedded*: tasks run in a one-thread pool inside the calling process (see docs/workers.md).
"""

from __future__ import annotations

import functools
import gc
import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from celery import Celery, Task, bootsteps
from celery.signals import task_postrun, worker_init, worker_process_init
from sqlalchemy.engine import make_url

from engine.rulesets import ruleset_names
from events import db
from events.config import settings
from workers import broker
from workers.config import celery_config, restore_interval, visibility_timeout

log = logging.getLogger(__name__)


def create_celery() -> Celery:
    """A Celery app configured from the environment as it is now."""
    app = Celery("fupan", include=["workers.tasks"])
    app.conf.update(celery_config(settings()))
    return app


class Sweeper(bootsteps.StartStopStep):
    """Every few seconds one worker of all (a lock in Redis) sends ``fupan.sweep``, which
    queues the sessions left without a result by a lost message (workers/tasks.py)."""

    requires = {"celery.worker.components:Timer"}
    LOCK = "fupan:sweep-lock"

    def __init__(self, worker, **_kwargs):
        self.tref = None

    def start(self, worker):
        interval = max(1, visibility_timeout() // 3)
        self.tref = worker.timer.call_repeatedly(interval, self.send, (worker.app, interval))

    def stop(self, worker):
        if self.tref is not None:
            self.tref.cancel()
            self.tref = None

    def send(self, celery: Celery, interval: int) -> None:
        try:
            if broker.client().set(self.LOCK, "1", nx=True, ex=interval):
                celery.send_task("fupan.sweep")
        except broker.BROKER_ERRORS as e:  # the broker restarts: the next tick tries again
            log.warning("sweeper: broker unreachable (%s)", e)


def sweep_grace() -> float:
    """How old a head without a result must be for the sweeper to queue it: after a
    visibility timeout and a restore scan, a message still alive was run or handed back."""
    return visibility_timeout() + restore_interval()


app = create_celery()
if not settings().embedded_queue:
    app.steps["worker"].add(Sweeper)


# A worker's young generation: its tasks' records, tiles and report dicts die young, and with
# 100,000 a collection almost never runs during a task (0.02 ms of CPU a hand at 20,000).
WORKER_YOUNG = 100_000


def tune_collector(young: int = 20_000) -> None:
    """For a long-running worker or web process, once started. It allocates millions of
    short-lived records, tiles and report dicts: freezing what is alive at start (modules,
    Celery, SQLAlchemy, Flask: never garbage) keeps the collector's full passes off it, and a
    young generation of ``young`` objects instead of 700 lets most records die before a pass
    looks at them: ≈7 % less CPU a hand in bench_pipeline; in a web process, full passes over
    its cached replays were the slowest hand pages (docs/performance.md). Forked children
    inherit both."""
    gc.freeze()
    gc.set_threshold(young, 50, 50)


def tune_worker() -> None:
    """What a worker does once started: the FUPAN_RULESETS modules imported now, so that a bad
    name stops the worker here, and the database's driver, which its first task would import
    (≈ a quarter of what a first batch costs more than the next); then its collector tuned
    (``WORKER_YOUNG``), so that what those imports made is frozen too, and after each task
    what it left alive (``freeze_survivors``)."""
    global _freezing
    ruleset_names()
    make_url(settings().database_url).get_dialect().import_dbapi()
    tune_collector(WORKER_YOUNG)
    _freezing = FROZEN_MAX


# Objects a worker freezes after its tasks at most (``freeze_survivors``): ≈ 80,000 hands of
# survivors (≈ 60 a hand while the engine's memos fill), then the collector works as before.
FROZEN_MAX = 5_000_000
_freezing = 0  # objects a tuned worker may still freeze after its tasks


def freeze_survivors() -> None:
    """After a worker's task: what it left alive joins the frozen generation, so that no young
    pass walks it. The engine's memos and the codec's known lines grow by ≈ 60 objects a hand
    as they fill, and the young passes over them cost 13-16 µs a hand (one of 100,000 objects
    every ≈ 1,600 hands, 18-45 ms); a freeze is a constant-time move. A cycle that became
    garbage after the last pass is frozen too and never freed (≈ 50 objects a batch of ten
    sessions), so a worker freezes at most ``FROZEN_MAX`` objects (counted by the young
    generation's count at each freeze): that leak stays under ≈ 20,000 objects."""
    global _freezing
    if _freezing > 0:
        _freezing -= max(gc.get_count()[0], 0)
        gc.freeze()


@task_postrun.connect
def _freeze_survivors(**_kwargs) -> None:
    freeze_survivors()


@worker_init.connect
def _tune_worker(**_kwargs) -> None:
    tune_worker()


@worker_process_init.connect
def _fresh_connections(**_kwargs) -> None:
    """A forked pool process must not share its parent's database connections."""
    db.dispose_all(close=False)


@functools.cache
def _sender(broker_url: str) -> Celery:
    """One producer app per broker URL (the URL is the cache key; the app reads it from the
    environment), so a process that changes FUPAN_BROKER_URL sends to the new broker."""
    return create_celery()


@functools.cache
def _embedded_pool() -> ThreadPoolExecutor:
    # One thread: SQLite has one writer anyway, and tasks queue in submission order.
    return ThreadPoolExecutor(max_workers=1, thread_name_prefix="fupan-worker")


_pending = 0  # embedded tasks not finished (the later ones included)
_waiting = 0  # embedded tasks sent with ``enqueue`` and not started yet
_idle = threading.Condition()


def enqueue(task: Task, *args) -> Future | None:
    """Run ``task(*args)`` asynchronously: on the embedded pool (returns its Future) or through
    the broker named by FUPAN_BROKER_URL now (returns None)."""
    global _pending, _waiting
    current = settings()
    if not current.embedded_queue:
        _sender(current.broker_url).send_task(
            task.name, args=list(args), ignore_result=task.ignore_result
        )  # a task whose result nobody reads: no result subscription
        return None
    with _idle:
        _pending += 1
        _waiting += 1
    return _embedded_pool().submit(_run_embedded, task, args)


def enqueue_later(task: Task, *args) -> Future | None:
    """Like ``enqueue``, for work that must never hold up the rest (the efficiency review after
    a verification): it runs when no task sent with ``enqueue`` is waiting. With a broker the
    message has the lowest priority, which the Redis transport keeps in a list of its own that
    a worker reads only when the queue's ordinary list is empty; on the embedded pool it steps
    back behind every task sent before it starts."""
    global _pending
    current = settings()
    if not current.embedded_queue:
        _sender(current.broker_url).send_task(
            task.name, args=list(args), ignore_result=task.ignore_result, priority=broker.LATER
        )
        return None
    future: Future = Future()
    with _idle:
        _pending += 1
    _embedded_pool().submit(_run_later, task, args, future)
    return future


def _run_embedded(task: Task, args: tuple):
    global _pending, _waiting
    with _idle:
        _waiting -= 1
    try:
        return _apply(task, args)
    finally:
        with _idle:
            _pending -= 1
            _idle.notify_all()


def _run_later(task: Task, args: tuple, future: Future) -> None:
    global _pending
    with _idle:
        behind = _waiting > 0
    if behind:
        try:
            _embedded_pool().submit(_run_later, task, args, future)
            return
        except RuntimeError:  # the interpreter is exiting: no queue to step back in
            pass
    try:
        future.set_result(_apply(task, args))
    except Exception as e:  # noqa: BLE001 - the caller's Future carries it
        future.set_exception(e)
    finally:
        with _idle:
            _pending -= 1
            _idle.notify_all()


def _apply(task: Task, args: tuple):
    result = task.apply(args=args)  # Celery's eager path: same task code, retries included
    if result.failed():
        log.error("task %s%r failed: %s", task.name, args, result.result)
    return result.result


def wait_embedded(timeout: float | None = None) -> bool:
    """Block until the embedded queue is empty, including tasks that tasks enqueued; False on
    timeout. (Nothing to wait for with a broker: its workers are other processes.)"""
    with _idle:
        return _idle.wait_for(lambda: _pending == 0, timeout)
