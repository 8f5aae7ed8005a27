"""What the web app and the CLI call to get background work done, in either queue mode."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from concurrent.futures import Future
from pathlib import Path

from events.config import settings
from workers import broker, tasks
from workers.celery_app import enqueue, wait_embedded

log = logging.getLogger(__name__)

__all__ = ["enqueue_ingest", "enqueue_reverify_all", "enqueue_verify", "start_embedded_worker",
           "wait_embedded"]  # fmt: skip


def enqueue_verify(session_id: str) -> Future | None:
    """Verify a session in the background (after an upload or a correction). With the broker
    unreachable the session is stored all the same: the workers' sweeper queues it once the
    broker is back (docs/workers.md), so the upload does not fail."""
    try:
        return enqueue(tasks.verify_session, session_id)
    except broker.BROKER_ERRORS as e:
        log.warning("broker unreachable (%s): session %s left to the sweeper", e, session_id)
        return None


def enqueue_reverify_all() -> Future | None:
    """Verify every session not yet verified by this engine version."""
    return enqueue(tasks.reverify_all)


def enqueue_ingest(paths: Iterable[str | Path]) -> Future | None:
    """Ingest log files the workers can read, then verify them."""
    return enqueue(tasks.ingest_batch, [str(p) for p in paths])


def start_embedded_worker() -> Future | None:
    """Call once when a process that serves the embedded queue starts (``fupan serve``): it
    catches up on sessions a previous process stored but did not live to verify or to review,
    and digests the results stored without one (before an upgrade: ``tasks.fill_digests``).
    Does nothing with a broker, where separate ``fupan worker`` processes do the work and the
    sweeper catches up."""
    if not settings().embedded_queue:
        return None
    enqueue(tasks.fill_digests)  # the results stored before an upgrade, first (one thread)
    enqueue(tasks.review_missing)  # before the verifications below, which queue their own
    return enqueue_reverify_all()
