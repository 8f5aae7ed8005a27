"""The background work. Tasks take ids or paths, re-read state from the store, and write
idempotently, so a redelivered or duplicated message changes nothing. Database outages
(OperationalError) are retried with exponential backoff; a task whose pool process died is
retried too (workers/config.py), within the same ``MAX_RETRIES``."""

from __future__ import annotations

import functools
import importlib.metadata
import threading
import time
import uuid
from collections import Counter
from datetime import date, timedelta
from pathlib import Path
from typing import NamedTuple

from celery.utils.log import get_task_logger
from sqlalchemy.exc import OperationalError

from engine import audit
from engine.report import Report, encodable
from events import store, verifications
from events.codec import LogFormatError, parse_log
from events.config import settings
from workers import broker, digests, integrity, review
from workers.celery_app import app, enqueue, enqueue_later, sweep_grace
from workers.config import MAX_RETRIES, visibility_timeout

log = get_task_logger(__name__)

# The countdown stays under the visibility timeout: a retry waiting longer in a worker would be
# handed to a second worker as well (docs/workers.md).
RETRY = dict(
    autoretry_for=(OperationalError,), retry_backoff=2, retry_backoff_max=16, retry_jitter=True,
    max_retries=MAX_RETRIES, default_retry_delay=1,  # the latter: after a dead pool process
)  # fmt: skip


@functools.cache
def engine_version() -> str:
    """The version results are filed under: the installed fupan package's (read once: ~0.15 ms
    a lookup, and an upgrade restarts the workers)."""
    return importlib.metadata.version("fupan")


# Files of a batch stored in one transaction (``store.ingest_many``): a run's whole batch
# (workers/runs.py sends 10); a longer list goes in slices, each audited before the next.
STORED_TOGETHER = 10
ATTEMPTS = MAX_RETRIES + 1  # runs of one task id, its pool process killed or not
SWEEP_DIGESTS = 2000  # results a sweep digests at most (~1 ms each): a backlog goes in batches
# Seconds an integrity update queued after a review counts as waiting (its message may have
# been lost: then the next review queues another after this long).
INTEGRITY_WAIT = 600
SWEPT_REVIEW = "fupan:swept-review:"  # + session id: its review was queued by the sweeper
REVIEW_FAILED_HOLD = 86_400  # seconds the sweeper leaves a review that failed to its reader
# The share of the visibility timeout a batch of reviews may run before it queues the rest: a
# review takes 0.1-2 s (more on a loaded machine), and a message still running past the timeout
# would be run by a second worker as well.
REVIEW_BATCH_SHARE = 1 / 3


class Poisoned(RuntimeError):
    """A batch whose runs ended ``ATTEMPTS`` times with a dead process: the sender splits it."""


def _attempt(task) -> int:
    """This run's number for the task's id (1 the first time). Counted in the broker: the runs
    that killed their process count too. Celery bounds its worker-lost retries with the
    task's retries (``task_retry_on_worker_lost``), but the retried message here kept the
    count of the first one (seen with Celery 5.7.0), so the bound is kept here."""
    if settings().embedded_queue or task.request.id is None:  # in process: nothing to count
        return 1
    key = f"fupan:attempts:{task.request.id}"
    with broker.client().pipeline() as pipe:
        count, _ = pipe.incr(key).expire(key, 86_400).execute()
    return count


@app.task(name="fupan.verify_session", bind=True, **RETRY)
def verify_session(self, session_id: str) -> str:
    """Audit a session at its current head; returns "ok", "failed", "done" (already verified
    by this engine version) or "missing"."""
    if _attempt(self) > ATTEMPTS:
        return _give_up(session_id)
    return _verify_stored(session_id)


def _give_up(session_id: str) -> str:
    """A session whose audit killed its pool process every time (a log that crashes the
    interpreter) gets a failed result, so that the sweeper stops queueing it."""
    head = verifications.head_status(session_id=session_id, engine_version=engine_version())
    if head is not None and not head[1]:
        verifications.record_verification(
            session_id=session_id, head_seq=head[0], engine_version=engine_version(),
            options=None, status="failed",
            error=f"{verifications.WORKER_DIED} {ATTEMPTS} times",
        )  # fmt: skip
        _digest(session_id)
    return "failed"


@app.task(name="fupan.verify_sessions", bind=True, ignore_result=False, **RETRY)
def verify_sessions(self, session_ids: list[str]) -> dict[str, int]:
    """``verify_session`` for each id (what ``fupan reverify`` sends: fewer, larger messages);
    returns how many ended "ok", "failed", "done" or "missing"."""
    if _attempt(self) > ATTEMPTS:
        if len(session_ids) > 1:
            raise Poisoned(f"{ATTEMPTS} runs died")
        return {_give_up(session_ids[0]): 1}
    return dict(Counter(_verify_stored(session_id) for session_id in session_ids))


def _verify_stored(session_id: str) -> str:
    status = verifications.head_status(session_id=session_id, engine_version=engine_version())
    if status is None:
        log.warning("verify_session: no session %s", session_id)
        return "missing"
    head_seq, verified = status
    if verified:
        if review.stored(session_id, head_seq, engine_version()) is None:
            review_soon(session_id)  # verified before reviews were queued, or its message lost
        return "done"
    records = store.read_records(session_id=session_id)[: head_seq + 1]
    return _verify(session_id, head_seq, records)


def _verify(session_id: str, head_seq: int, records: list[dict]) -> str:
    """Audit ``records`` (the session's stream up to ``head_seq``) and store the result once,
    with its digest; "ok" or "failed"."""
    audited = _audit(session_id, head_seq, records)
    _store([audited])
    return audited.result.status


class Audited(NamedTuple):
    """A session's result to store, with what its digest is made of."""

    result: verifications.Result
    players: list[str]
    report: Report | None  # None: the engine failed


def _audit(session_id: str, head_seq: int, records: list[dict]) -> Audited:
    """The audit of ``records`` as a result to store. An engine crash is a failed
    verification, not a task failure: a poison log must not block the queue."""
    result = verifications.Result(session_id, head_seq, engine_version(), None, "ok")
    players = records[0]["players"]  # the session row's (both come from the session record)
    try:
        report = audit.audit(records)
    except Exception as e:  # noqa: BLE001 - any engine crash is this log's verdict
        log.exception("verify_session: the engine failed on session %s", session_id)
        failed = result._replace(status="failed", error=f"{type(e).__name__}: {e}")
        return Audited(failed, players, None)
    counts = dict(disputes=audit.open_disputes(report), anomalies=audit.anomaly_count(report))
    # (its JSON form for the encoder: the stored bytes of ``to_dict``'s, from fewer dicts)
    return Audited(result._replace(report=encodable(report), **counts), players, report)


def _store(audited: list[Audited]) -> None:
    """Store results and, in their transaction, their digests from the reports in hand: one
    transaction for an ingest batch's sessions. If that fails (a digest the database
    refuses), each alone (``_store_one``). The stored results queue their sessions' reviews
    (one message)."""
    results = [a.result for a in audited]

    def with_digests(connection, stored: list[tuple[int, int]]) -> None:
        digests.write(connection, [_written(audited[n], vid) for n, vid in stored])

    try:
        stored = verifications.record_verifications(results, then=with_digests)
    except OperationalError:
        raise  # the database: the task is retried
    except Exception:  # noqa: BLE001 - the results must not be lost to their digests
        log.exception("digests of %d session(s) not written with their results", len(results))
        stored = [n for n, a in enumerate(audited) if _store_one(a)]
    reviews_soon([results[n].session_id for n in stored])  # which update the clubs' integrity


def _store_one(audited: Audited) -> bool:
    """One result with its digest; if the digest cannot be written, the result alone, then
    ``_digest`` (which isolates a bad row)."""

    def with_digest(connection, stored: list[tuple[int, int]]) -> None:
        digests.write(connection, [_written(audited, stored[0][1])])

    try:
        return bool(verifications.record_verifications([audited.result], then=with_digest))
    except OperationalError:
        raise
    except Exception:  # noqa: BLE001 - the result must not be lost to its digest
        log.exception("digest of session %s not written with its result", audited.result.session_id)
    stored = bool(verifications.record_verifications([audited.result]))
    if stored:
        _digest(audited.result.session_id)
    return stored


def _written(audited: Audited, vid: int) -> digests.Written:
    r = audited.result
    result = digests.Result(vid, r.session_id, r.head_seq, r.status, r.disputes, r.anomalies)
    return digests.Written(result, audited.players, audited.report)


@app.task(name="fupan.review_session", bind=True, **RETRY)
def review_session(self, session_id: str) -> str:
    """Compute and store the efficiency review of a session's head unless this engine version
    has one (workers/review.py). Queued after each verification, behind the verifications
    (``reviews_soon``; an ingest batch's together: ``review_sessions``). Returns "reviewed"
    (stored now or before), "missing" (no such session) or "failed" (the engine raised: logged;
    the API computes it on first ask and reports the error). Then, reviewed or failed, the
    club's integrity signals are updated: they read the stored reviews, so they are queued only
    once it is stored."""
    if _attempt(self) > ATTEMPTS:
        log.error("review_session: the worker process died reviewing %s", session_id)
        status = _failed(session_id)
    else:
        status = _review_held(session_id)
    if status != "missing":
        _integrity_after_review({session_id})
    return status


@app.task(name="fupan.review_sessions", bind=True, **RETRY)
def review_sessions(self, session_ids: list[str]) -> dict[str, int]:
    """``review_session`` for each id, the integrity updates after the last: the reviews of an
    ingest batch's sessions in one message (a message costs a worker and its sender ~1 ms of
    CPU, a twentieth of a session's ingest). The message is acknowledged only once the task
    ends and handed to another worker past the visibility timeout, so after
    ``REVIEW_BATCH_SHARE`` of it the sessions not yet reviewed go back to the queue in a message
    of their own (counted "queued"). A batch whose runs killed the worker process ``ATTEMPTS``
    times is queued again one session a message. Returns how many ended "reviewed", "missing",
    "failed" or "queued"."""
    if _attempt(self) > ATTEMPTS:
        for session_id in session_ids:
            enqueue_later(review_session, session_id)
        return {}
    deadline = time.monotonic() + visibility_timeout() * REVIEW_BATCH_SHARE
    statuses: dict[str, str] = {}
    for n, session_id in enumerate(session_ids):
        if n and time.monotonic() > deadline:
            rest = session_ids[n:]
            reviews_soon(rest)
            statuses.update(dict.fromkeys(rest, "queued"))
            break
        statuses[session_id] = _review_held(session_id)
    done = {i for i, status in statuses.items() if status not in ("missing", "queued")}
    _integrity_after_review(done)
    return dict(Counter(statuses.values()))


def _review_held(session_id: str) -> str:
    """``_review``; a failed one is held from the sweeper (``_failed``)."""
    status = _review(session_id)
    return _failed(session_id) if status == "failed" else status


def _failed(session_id: str) -> str:
    """A failed review: the engine would fail again, so the sweeper leaves it to the reader
    for a while. Returns "failed"."""
    if not settings().embedded_queue:
        try:
            broker.client().set(f"{SWEPT_REVIEW}{session_id}", 1, ex=REVIEW_FAILED_HOLD)
        except broker.BROKER_ERRORS as e:
            log.warning(
                "review of %s failed and could not be held from the sweeper: %s", session_id, e
            )
    return "failed"


def _review(session_id: str) -> str:
    try:
        got = review.review_at_head(session_id, engine_version())
    except OperationalError:
        raise
    except Exception:  # noqa: BLE001 - a review that crashes must not block the queue
        log.exception("review_session: the engine failed on session %s", session_id)
        return "failed"
    return "missing" if got is None else "reviewed"


def _integrity_after_review(session_ids: set[str]) -> None:
    """Queue the integrity update of the clubs of ``session_ids``, once a club."""
    for club in sorted(review.clubs_of(session_ids)):
        try:
            integrity_soon(club)
        except broker.BROKER_ERRORS as e:  # the next review or a page view queues it
            log.warning("integrity update of %s not queued: %s", club, e)


def review_soon(session_id: str) -> None:
    """``reviews_soon`` of one session."""
    reviews_soon([session_id])


def reviews_soon(session_ids: list[str]) -> None:
    """Queue the sessions' reviews behind every verification waiting (``enqueue_later``), in one
    message (``review_sessions``; one session: ``review_session``), so a review, costlier than
    the audit, never holds one up. A broker that cannot take it leaves the reviews to the
    first reader of each session's review (workers/review.py)."""
    if not session_ids:
        return
    try:
        if len(session_ids) == 1:
            enqueue_later(review_session, session_ids[0])
        else:
            enqueue_later(review_sessions, session_ids)
    except broker.BROKER_ERRORS as e:
        log.warning("reviews of %s not queued: %s", ", ".join(session_ids), e)


@app.task(name="fupan.integrity", **RETRY)
def update_integrity(
    club: str,
    since: str | None = None,
    until: str | None = None,
    names: dict[str, str] | None = None,
) -> int:
    """Compute and store a club's integrity signals of a period (ISO days, None: open) unless
    the same verifications, reviews and names have a result; returns how many signals are
    flagged."""
    if names is None:
        _integrity_started(_integrity_key(club, since, until))
    result = integrity.compute(club, _day(since), _day(until), names)
    return sum(s.flagged for s in result.signals)


def _day(text: str | None):
    return date.fromisoformat(text) if text else None


_waiting_updates: set[str] = set()  # embedded queue: the updates queued and not started
_waiting_lock = threading.Lock()


def integrity_soon(
    club: str,
    since: str | None = None,
    until: str | None = None,
    names: dict[str, str] | None = None,
) -> bool:
    """Queue ``update_integrity``; True if queued. An update after a review (no ``names``)
    goes behind the reviews waiting (``enqueue_later``), and not if one for the club and period
    is queued and has not started: that one reads what is stored when it starts, this review
    included. So a batch of uploads updates the signals once, after its reviews. An admin's
    page (``names`` given) queues its update at once."""
    if names is not None:
        enqueue(update_integrity, club, since, until, names)
        return True
    key = _integrity_key(club, since, until)
    if settings().embedded_queue:
        with _waiting_lock:
            if key in _waiting_updates:
                return False
            _waiting_updates.add(key)
    elif not broker.client().set(key, 1, nx=True, ex=INTEGRITY_WAIT):
        return False
    enqueue_later(update_integrity, club, since, until, names)
    return True


def _integrity_key(club: str, since: str | None, until: str | None) -> str:
    return f"fupan:integrity:{club}:{since or ''}:{until or ''}"


def _integrity_started(key: str) -> None:
    """The update is running: a review stored from now on queues another one."""
    if settings().embedded_queue:
        with _waiting_lock:
            _waiting_updates.discard(key)
    else:
        broker.client().delete(key)


def run_session_id(run: str, path: str) -> str:
    """The id a run gives the session of one of its files: the same in every try of the run's
    batches, and as unguessable as the run's random id."""
    return uuid.uuid5(uuid.UUID(hex=run), path).hex


def _digest(session_id: str) -> None:
    """What the whole-history pages read of the result just stored (``workers.digests``). A
    digest that cannot be written is logged, never the verification's failure: ``fupan
    digest`` fills what is missing."""
    try:
        digests.fill(sessions=[session_id])
    except Exception:  # noqa: BLE001 - the result is stored; its digest can be filled later
        log.exception("digest of session %s not written", session_id)


@app.task(name="fupan.reverify_all", **RETRY)
def reverify_all() -> int:
    """Enqueue verification of every session whose head has no result from this engine version
    (all of them after an upgrade; older results are kept). Returns how many were enqueued."""
    pending = verifications.unverified_sessions(engine_version=engine_version())
    for session_id in pending:
        enqueue(verify_session, session_id)
    return len(pending)


@app.task(name="fupan.sweep", **RETRY)
def sweep() -> int:
    """Queue verification of the sessions whose head has had no result for ``sweep_grace()``:
    their message was lost (popped by a worker that died before recording it as
    unacknowledged, or lost with the broker). Skipped while the queue has a backlog, where
    such a session's message may simply be waiting; a session is queued again at most every
    ten grace periods (its message may be waiting for a retry). Then the same for the reviews
    of verified heads (``_sweep_reviews``). Returns how many tasks were queued."""
    if broker.backlog() > 0:
        return 0
    grace = sweep_grace()
    queued = 0
    for session_id in verifications.stranded_sessions(older_than=timedelta(seconds=grace)):
        if _claim_sweep(f"fupan:swept:{session_id}", 10 * grace):
            log.warning("sweep: session %s has no result; queueing its verification", session_id)
            enqueue(verify_session, session_id)
            queued += 1
    queued += _sweep_reviews(grace)
    fill_digests(SWEEP_DIGESTS)
    return queued


def _sweep_reviews(grace: float) -> int:
    """Queue the review of the heads this engine version verified more than ``grace`` ago and
    has no review of (its message lost); not while reviews wait (the message may be among
    them), a session at most every ten grace periods, and not for a day after its review
    failed (the engine raised: it would again)."""
    if broker.later_backlog() > 0:
        return 0
    queued = 0
    for session_id in review.unreviewed(engine_version(), timedelta(seconds=grace)):
        if _claim_sweep(f"{SWEPT_REVIEW}{session_id}", 10 * grace):
            log.warning("sweep: session %s is verified with no review; queueing it", session_id)
            review_soon(session_id)
            queued += 1
    return queued


def _claim_sweep(key: str, seconds: float) -> bool:
    """True unless ``key`` is held (then the sweeper leaves its session alone); holds it for
    ``seconds``. Always True on the embedded queue, which sweeps only when it starts."""
    if settings().embedded_queue:
        return True
    return bool(broker.client().set(key, 1, nx=True, ex=max(1, int(seconds))))


@app.task(name="fupan.review_missing", **RETRY)
def review_missing() -> int:
    """The embedded queue's sweep of reviews, when it starts: queue the review of every head
    this engine version verified and has no review of (the process that should have run it
    ended first). Returns how many were queued."""
    pending = review.unreviewed(engine_version(), limit=None)
    for session_id in pending:
        review_soon(session_id)
    return len(pending)


@app.task(name="fupan.fill_digests", **RETRY)
def fill_digests(limit: int | None = None) -> int:
    """Digest the oldest ``limit`` (None: all) results that have none: those stored before the
    workers wrote digests or before a migration emptied them (``workers.digests``). The sweeper
    runs it in batches, an embedded worker once when it starts. How many were digested."""
    done = digests.fill(limit=limit)
    if done:
        log.warning("digested %d result(s) stored without a digest", done)
    return done


@app.task(name="fupan.ingest_batch", bind=True, ignore_result=False, **RETRY)
def ingest_batch(self, paths: list[str], run: str | None = None) -> dict:
    """Store the log files (paths the worker can read) and verify them in this task. The files
    that parse are stored together (``store.ingest_many``: one transaction and one transparency
    checkpoint for ``STORED_TOGETHER`` files; a file that does not parse is rejected alone,
    naming its line and field). A new
    session is audited from the records just parsed, which are what was stored (the chain
    was made from their canonical lines), sparing a read back and a task a session, and the
    new sessions' results are stored together at the end (one transaction, not one a
    session); a repeated one goes through verify_session, which does nothing if it is
    verified. So a
    redelivered batch (its worker died) verifies what was stored but not verified, and
    nothing twice. ``run``: the sending run's id (hex), from which each file's session id is
    made, so that a file this run stored in an earlier try of the batch counts as stored (and
    as ``stored_earlier``), not as a duplicate of someone else's."""
    if _attempt(self) > ATTEMPTS:
        raise Poisoned(f"{ATTEMPTS} runs died")
    summary = {"stored": 0, "stored_earlier": 0, "duplicates": 0, "rejected": {}}
    audited: list[Audited] = []  # the new sessions' results, stored together at the end
    for i in range(0, len(paths), STORED_TOGETHER):
        _ingest_files(paths[i : i + STORED_TOGETHER], run, summary, audited)
    _store(audited)
    return summary


def _ingest_files(paths: list[str], run: str | None, summary: dict, audited: list[Audited]) -> None:
    """Parse the files, store those that parse in one transaction, and audit the new sessions
    (into ``audited``) or verify the repeated ones; counted in ``summary``."""
    parsed, own_ids = [], []
    for path in paths:
        try:
            with Path(path).open("rb") as f:
                parsed.append(parse_log(f))
        except (OSError, LogFormatError) as e:
            log.warning("ingest_batch: rejected %s: %s", path, e)
            summary["rejected"][path] = str(e)
            continue
        own_ids.append(run and run_session_id(run, path))
    outcomes = store.ingest_many(parsed=parsed, session_ids=own_ids)
    for log_, own_id, stored in zip(parsed, own_ids, outcomes, strict=True):
        if stored.created:
            summary["stored"] += 1
            audited.append(_audit(stored.session_id, stored.head_seq, log_.records))
            continue
        if stored.session_id == own_id:
            summary["stored"] += 1
            summary["stored_earlier"] += 1
        else:
            summary["duplicates"] += 1
        _verify_stored(stored.session_id)
