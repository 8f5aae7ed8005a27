"""Work sent to the workers in batches and followed to the end: ``fupan ingest --in-workers``
and ``fupan reverify``.

The sender, not the broker, is the end-to-end guarantee (docs/workers.md, "Reliability"): it
keeps a window of batches in flight, reads each batch's result from the result backend, and
sends again a batch that has no result while the broker holds nothing (its message was lost:
popped by a worker killed before kombu recorded it, or lost with a broker that restarted
without saving). The tasks are idempotent, so a batch sent twice stores and verifies nothing
twice. ``fupan reverify`` keeps its batches in flight in Redis, so a second run after the first
was killed takes them over instead of sending them again.
"""

from __future__ import annotations

import json
import logging
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from events import verifications
from events.config import settings
from workers import broker
from workers.celery_app import create_celery, wait_embedded

log = logging.getLogger(__name__)

INGEST_BATCH = 10  # files an ingest_batch task: small enough to spread over the workers
VERIFY_BATCH = 20  # sessions a verify_sessions task (~0.6 s of work)
WINDOW = 64  # batches in flight: enough to keep many workers busy, few to take over
LOST_AFTER = 3.0  # s a batch must be overdue, with the broker idle, before it is sent again
STALL_TIMEOUT = 300.0  # s without any batch finishing: give up (exit ≠ 0)
MAX_SENDS = 3  # a failed batch is sent again this often, then split into single items


class Stalled(RuntimeError):
    """No batch finished for ``STALL_TIMEOUT`` seconds (no worker running, broker or database
    gone): ``remaining`` items have no result."""

    def __init__(self, remaining: list[str], timeout: float):
        super().__init__(f"no progress for {timeout:.0f} s; {len(remaining)} item(s) not done")
        self.remaining = remaining


@dataclass
class Batch:
    task_id: str
    items: list[str]
    sends: int = 0
    sent_at: float = 0.0


@dataclass
class BatchRun:
    """Send ``task`` over lists of items and wait for all of them. ``on_result(items, result)``
    gets each successful batch's return value, ``on_failed(item, error)`` each item whose
    single-item batch failed ``MAX_SENDS`` times, ``on_progress(count)`` the number of items
    finished so far. ``state_key``: keep the batches in flight in Redis under this key, so that
    a run killed and started again (``resume``) takes them over."""

    task: str
    on_result: Callable[[list[str], object], None]
    on_failed: Callable[[str, str], None]
    on_progress: Callable[[int], None] = lambda _done: None
    state_key: str | None = None
    task_kwargs: dict = field(default_factory=dict)  # sent with every batch
    window: int = WINDOW
    stall_timeout: float = STALL_TIMEOUT
    lost_after: float = LOST_AFTER
    in_flight: dict[str, Batch] = field(default_factory=dict)
    done: int = 0

    def __post_init__(self):
        self.app = create_celery()
        self.backend = self.app.backend
        # The results are polled (one MGET a poll): no pub/sub subscription per batch sent,
        # which nothing here would read (the Redis backend subscribes on every send).
        self.backend.on_task_call = lambda _producer, _task_id: None
        self.last_progress = time.monotonic()

    def resume(self) -> set[str]:
        """Take over the batches a previous run left in flight; their items."""
        if self.state_key is None:
            return set()
        stored = self._redis(lambda r: r.hgetall(self.state_key), "resume")
        for task_id, items in stored.items():
            batch = Batch(task_id.decode(), json.loads(items), sends=1, sent_at=time.monotonic())
            self.in_flight[batch.task_id] = batch
        return {item for batch in self.in_flight.values() for item in batch.items}

    def run(self, items: Iterable[str], size: int) -> None:
        """Send ``items`` in batches of ``size`` (at most ``window`` in flight) and wait until
        every batch, resumed ones included, has finished."""
        chunk: list[str] = []
        for item in items:
            chunk.append(item)
            if len(chunk) == size:
                self._submit(chunk)
                chunk = []
        if chunk:
            self._submit(chunk)
        while self.in_flight:
            self._poll()
        if self.state_key is not None:
            self._redis(lambda r: r.delete(self.state_key), "finish")

    def _submit(self, items: list[str]) -> None:
        while len(self.in_flight) >= self.window:
            self._poll()
        self._send(Batch(uuid.uuid4().hex, items))

    def _send(self, batch: Batch) -> None:
        batch.sends += 1
        batch.sent_at = time.monotonic()
        self.in_flight[batch.task_id] = batch
        if self.state_key is not None:  # written before the message: a kill between the two
            payload = json.dumps(batch.items)  # leaves a batch that looks lost, and is resent

            def remember(r):
                r.pipeline().hset(self.state_key, batch.task_id, payload).expire(
                    self.state_key, 86_400
                ).execute()

            self._redis(remember, "remember a batch")
        broker.patiently(
            lambda: self.app.send_task(
                self.task, args=[batch.items], kwargs=self.task_kwargs, task_id=batch.task_id
            ),
            timeout=self.stall_timeout,
            what=f"send {self.task}",
        )

    def _poll(self) -> None:
        time.sleep(0.1)
        batches = list(self.in_flight.values())
        keys = [self.backend.get_key_for_task(b.task_id) for b in batches]
        metas = self._redis(lambda r: r.mget(keys), "read results")
        finished = False
        for batch, raw in zip(batches, metas, strict=True):
            meta = self.backend.decode_result(raw) if raw else {"status": "PENDING"}
            if meta["status"] == "SUCCESS":
                self.on_result(batch.items, meta["result"])
                self._finish(batch, len(batch.items))
                finished = True
            elif meta["status"] == "FAILURE":
                self._failed(batch, meta.get("result") or {})
                finished = True
        if finished:
            self.last_progress = time.monotonic()
            self.on_progress(self.done)
            return
        overdue = [
            b for b in self.in_flight.values() if time.monotonic() - b.sent_at > self.lost_after
        ]
        if overdue and self._redis(lambda _r: broker.idle(), "look at the queue"):
            for batch in overdue:
                log.warning("%s batch %s was lost; sending it again", self.task, batch.task_id)
                self._send(batch)
        if time.monotonic() - self.last_progress > self.stall_timeout:
            raise Stalled([i for b in self.in_flight.values() for i in b.items], self.stall_timeout)

    def _failed(self, batch: Batch, exception: dict) -> None:
        """A batch that raised after its own retries (a database down for minutes): send it
        again under a new id; one whose runs kept killing their process (``Poisoned``), or
        that failed ``MAX_SENDS`` times, item by item; then report the item."""
        error = f"{exception.get('exc_type')}: {exception.get('exc_message')}"
        log.warning("%s batch %s failed: %s", self.task, batch.task_id, error)
        self._finish(batch, 0)
        if batch.sends < MAX_SENDS and exception.get("exc_type") != "Poisoned":
            self._send(Batch(uuid.uuid4().hex, batch.items, sends=batch.sends))
        elif len(batch.items) > 1:
            for item in batch.items:
                self._send(Batch(uuid.uuid4().hex, [item]))
        else:
            self.on_failed(batch.items[0], error)
            self.done += 1

    def _finish(self, batch: Batch, count: int) -> None:
        del self.in_flight[batch.task_id]
        self.done += count
        if self.state_key is not None:
            self._redis(lambda r: r.hdel(self.state_key, batch.task_id), "forget a batch")

    def _redis(self, call, what: str):
        return broker.patiently(
            lambda: call(broker.client()), timeout=self.stall_timeout, what=what
        )


@dataclass
class IngestOutcome:
    files: int = 0
    stored: int = 0  # by this run
    stored_earlier: int = 0  # of those, stored in an earlier try of a batch (a worker died)
    duplicates: int = 0  # stored before this run
    rejected: dict[str, str] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)  # the workers could not store these


def ingest_in_workers(
    paths: list[str | Path], on_progress: Callable[[int], None] = lambda _n: None, **run_options
) -> IngestOutcome:
    """Have the workers store and verify these files (absolute paths they can read) and wait
    until every file is stored, rejected or reported failed. Raises ``Stalled`` if nothing
    moves for ``stall_timeout`` seconds."""
    outcome = IngestOutcome(files=len(paths))

    def add(_items, summary):
        outcome.stored += summary["stored"]
        outcome.stored_earlier += summary["stored_earlier"]
        outcome.duplicates += summary["duplicates"]
        outcome.rejected.update(summary["rejected"])

    run = BatchRun(
        "fupan.ingest_batch", on_result=add, on_failed=outcome.failed.__setitem__,
        on_progress=on_progress, task_kwargs={"run": uuid.uuid4().hex}, **run_options,
    )  # fmt: skip
    run.run((str(Path(p).resolve()) for p in paths), INGEST_BATCH)
    return outcome


@dataclass
class ReverifyOutcome:
    sessions: int = 0  # to verify when this run started, batches taken over included
    counts: dict[str, int] = field(default_factory=dict)  # "ok", "failed", "done", "missing"
    failed: dict[str, str] = field(default_factory=dict)  # the workers could not verify these


def reverify(
    *,
    every: bool = False,
    club: str | None = None,
    since: date | None = None,
    on_start: Callable[[int], None] = lambda _n: None,
    on_progress: Callable[[int], None] = lambda _n: None,
    **run_options,
) -> ReverifyOutcome:
    """Verify with the running engine version every session whose newest result is from an
    older one (``every``: every session without a result from this version; ``club``,
    ``since``: narrow it; see ``verifications.reverify_candidates``), and wait until done.
    Run it again after a kill: it resumes. ``on_start(total)`` once, then
    ``on_progress(done)``. With the embedded queue the sessions are verified in this process,
    and the command waits for the reviews they queue (``workers.tasks.review_soon``). Then the
    heads verified before with no review of this engine and review version (a review of an
    older shape: ``REVIEW_VERSION`` went up) get theirs queued too."""
    from workers import tasks  # the task module registers the tasks on the worker app

    version = tasks.engine_version()
    pending = verifications.reverify_candidates(
        engine_version=version, every=every, club=club, since=since
    )
    outcome = ReverifyOutcome()

    def add(_items, counts):
        for status, n in counts.items():
            outcome.counts[status] = outcome.counts.get(status, 0) + n

    if settings().embedded_queue:
        outcome.sessions = len(pending)
        on_start(len(pending))
        for done, session_id in enumerate(pending, 1):
            add(None, {tasks.verify_session.apply(args=[session_id]).result: 1})
            on_progress(done)
        tasks.review_missing()
        wait_embedded()  # the reviews queued run in this process too
        return outcome
    selection = json.dumps([version, every, club, since and since.isoformat()])
    run = BatchRun(
        "fupan.verify_sessions", on_result=add, on_failed=outcome.failed.__setitem__,
        on_progress=on_progress, state_key=f"fupan:reverify:{selection}", **run_options,
    )  # fmt: skip
    taken_over = run.resume()
    fresh = [session_id for session_id in pending if session_id not in taken_over]
    outcome.sessions = len(fresh) + len(taken_over)
    on_start(outcome.sessions)
    run.run(fresh, VERIFY_BATCH)
    tasks.review_missing()
    return outcome
