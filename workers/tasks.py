"""The background work. Tasks take ids or paths, re-read state from the store, and write
idempotently, so a redelivered or duplicated message changes nothing. Database outages
(OperationalError) are retried with exponential backoff."""

from __future__ import annotations

import functools
import importlib.metadata
from pathlib import Path

from celery.utils.log import get_task_logger
from sqlalchemy.exc import OperationalError

from engine import audit
from events import store, verifications
from events.codec import LogFormatError, parse_log
from workers.celery_app import app, enqueue

log = get_task_logger(__name__)

RETRY = dict(
    autoretry_for=(OperationalError,), retry_backoff=2, retry_backoff_max=60, retry_jitter=True,
    max_retries=8,
)  # fmt: skip


@functools.cache
def engine_version() -> str:
    """The version results are filed under: the installed fupan package's (read once: ~0.15 ms
    a lookup, and an upgrade restarts the workers)."""
    return importlib.metadata.version("fupan")


@app.task(name="fupan.verify_session", **RETRY)
def verify_session(session_id: str) -> str:
    """Audit a session at its current head; returns "ok", "failed", "done" (already verified
    by this engine version) or "missing"."""
    status = verifications.head_status(session_id=session_id, engine_version=engine_version())
    if status is None:
        log.warning("verify_session: no session %s", session_id)
        return "missing"
    head_seq, verified = status
    if verified:
        return "done"
    records = store.read_records(session_id=session_id)[: head_seq + 1]
    return _verify(session_id, head_seq, records)


def _verify(session_id: str, head_seq: int, records: list[dict]) -> str:
    """Audit ``records`` (the session's stream up to ``head_seq``) and store the result once;
    "ok" or "failed". An engine crash is a failed verification, not a task failure: a poison
    log must not block the queue."""
    result = dict(
        session_id=session_id, head_seq=head_seq, engine_version=engine_version(), options=None
    )
    try:
        report = audit.audit_records(records)
    except Exception as e:  # noqa: BLE001 - any engine crash is this log's verdict
        log.exception("verify_session: the engine failed on session %s", session_id)
        verifications.record_verification(
            **result, status="failed", error=f"{type(e).__name__}: {e}"
        )
        return "failed"
    disputes = audit.open_disputes(report)
    anomalies = len(report["anomalies"]) + sum(len(hand["anomalies"]) for hand in report["hands"])
    verifications.record_verification(
        **result, status="ok", report=report, disputes=disputes, anomalies=anomalies
    )
    return "ok"


@app.task(name="fupan.reverify_all", **RETRY)
def reverify_all() -> int:
    """Enqueue verification of every session whose head has no result from this engine version
    (all of them after an upgrade; older results are kept). Returns how many were enqueued."""
    pending = verifications.unverified_sessions(engine_version=engine_version())
    for session_id in pending:
        enqueue(verify_session, session_id)
    return len(pending)


@app.task(name="fupan.ingest_batch", **RETRY)
def ingest_batch(paths: list[str]) -> dict:
    """Store each log file (a path the worker can read) and verify it in this task. A new
    session is audited from the records just parsed, which are what was stored (the chain
    was made from their canonical lines), sparing a read back and a task a session; a
    repeated one goes through verify_session, which does nothing if it is verified. So a
    redelivered batch (its worker died) verifies what was stored but not verified, and
    nothing twice."""
    summary = {"stored": 0, "duplicates": 0, "rejected": {}}
    for path in paths:
        try:
            with Path(path).open("rb") as f:
                parsed = parse_log(f)
        except (OSError, LogFormatError) as e:
            log.warning("ingest_batch: rejected %s: %s", path, e)
            summary["rejected"][path] = str(e)
            continue
        stored = store.ingest_parsed(parsed=parsed)
        session = stored.session
        if stored.created:
            summary["stored"] += 1
            _verify(session.id, session.head_seq, parsed.records)
        else:
            summary["duplicates"] += 1
            verify_session(session.id)
    return summary
