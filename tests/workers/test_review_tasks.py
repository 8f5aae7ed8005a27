"""Issue 24, item 4: the efficiency review is computed in the workers after each verification,
as a task of its own behind the verifications, stored per session head and engine version, and
recomputed by ``fupan reverify``."""

from __future__ import annotations

import json
import threading

import pytest
from celery.signals import task_prerun
from typer.testing import CliRunner

from engine.review import REVIEW_VERSION, review_records
from engine.simulate.session import generate_session
from events import store, verifications
from events.codec import canonical_json
from events.db import get_engine
from events.models import ReviewRow, utcnow
from service.cli import app as cli
from tests.conftest import BACKGROUND_BUDGET, wait_for
from workers import broker, dispatch, integrity, review, tasks
from workers.celery_app import app, enqueue

OLD = "0.0.9"


def simulated(ruleset: str = "zhoushan", seed: int = 31, summary: bool = False) -> bytes:
    records, _ = generate_session(ruleset, 2, seed=seed, summary=summary)
    return "".join(canonical_json(r) + "\n" for r in records).encode()


def stored_review(session_id: str, version: str | None = None) -> dict | None:
    head = store.get_session(session_id=session_id).head_seq
    row = review.stored(session_id, head, version or tasks.engine_version())
    return None if row is None else json.loads(row.result)


def expected(session_id: str) -> dict:
    """The review computed here from the stored records, independently of the workers: each
    decision's figures, not its detail (computed on view)."""
    computed = review_records(store.read_records(session_id=session_id), detail=False).to_dict()
    return json.loads(json.dumps(computed, ensure_ascii=False))  # as stored


@pytest.fixture
def embedded(data_dir):
    yield data_dir
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)


def test_a_verified_session_gets_its_review_in_the_background(embedded):
    session = store.ingest(data=simulated()).session
    assert review.stored(session.id, session.head_seq, tasks.engine_version()) is None
    dispatch.enqueue_verify(session.id)
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    [verified] = verifications.verifications_of(session_id=session.id)
    assert verified.status == "ok"
    got = stored_review(session.id)
    assert got is not None and got == expected(session.id)
    assert got["hands"] and not got["hands"][0]["summary"]


def test_a_summary_log_stores_nothing_to_review_and_never_crashes(embedded):
    session = store.ingest(data=simulated(summary=True)).session
    dispatch.enqueue_verify(session.id)
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    got = stored_review(session.id)
    assert got is not None
    assert all(hand["summary"] for hand in got["hands"])
    assert review_records(store.read_records(session_id=session.id)).reviewable is False


def test_a_session_verified_earlier_without_a_review_gets_one_when_asked_again(embedded):
    session = store.ingest(data=simulated(seed=5)).session
    assert tasks._verify_stored(session.id) == "ok"  # noqa: SLF001 - verified, review queued
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    with get_engine().begin() as c:  # a head verified before reviews were queued
        c.execute(ReviewRow.__table__.delete())
    assert tasks.verify_session.apply(args=[session.id]).get() == "done"
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    assert stored_review(session.id) == expected(session.id)


def test_a_review_waits_behind_every_verification_queued_before_it_starts(embedded):
    """The embedded pool runs one task at a time: a review sent before a verification, while
    the pool was busy, steps back behind it."""
    first = store.ingest(data=simulated(seed=7)).session
    second = store.ingest(data=simulated(seed=8)).session
    tasks.verify_session.apply(args=[first.id])  # its review queued: let it run
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    with get_engine().begin() as c:
        c.execute(ReviewRow.__table__.delete())
    order: list[tuple[str, str]] = []

    def seen(task=None, args=(), **_):
        order.append((task.name, args[0] if args else ""))

    task_prerun.connect(seen, weak=False)
    gate = threading.Event()
    try:
        enqueue(hold, gate)  # the pool is busy
        tasks.review_soon(first.id)
        dispatch.enqueue_verify(second.id)
        gate.set()
        assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    finally:
        task_prerun.disconnect(seen)
    assert [name for name, _ in order[:1]] == ["tests.hold"]
    assert order[1:4] == [
        ("fupan.verify_session", second.id),
        ("fupan.review_session", first.id),
        ("fupan.review_session", second.id),
    ]
    assert [name for name, _ in order[4:]] == ["fupan.integrity"]  # after the reviews, once
    assert stored_review(first.id) == expected(first.id)


@app.task(name="tests.hold")
def hold(gate) -> None:
    gate.wait(BACKGROUND_BUDGET)


def test_reverify_recomputes_the_review_with_the_running_engine(embedded):
    session = store.ingest(data=simulated(seed=9)).session
    verifications.record_verification(
        session_id=session.id, head_seq=session.head_seq, engine_version=OLD, options=None,
        status="ok", report={"hands": [], "anomalies": []},
    )  # fmt: skip
    assert stored_review(session.id) is None
    result = CliRunner().invoke(cli, ["reverify"])
    assert result.exit_code == 0, result.output
    assert stored_review(session.id) == expected(session.id)  # stored when the command returns
    assert stored_review(session.id, OLD) is None


def test_an_engine_crash_in_the_review_is_logged_not_a_failed_task(embedded, monkeypatch):
    session = store.ingest(data=simulated(seed=10)).session

    def broken(_records):
        raise RuntimeError("review bug")

    monkeypatch.setattr(review, "review_records", broken)
    assert tasks.review_session.apply(args=[session.id]).get() == "failed"
    assert tasks.review_session.apply(args=["no-such-session"]).get() == "missing"
    assert stored_review(session.id) is None


@pytest.mark.redis
@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_workers_review_after_verifying_and_reviews_wait_behind_verifications(
    database_url, celery_worker_factory, redis_url, tmp_path
):
    tasks.review_soon("no-such-session")  # no worker yet: the message waits in the broker
    client = broker.client()
    assert client.llen(broker.LATER_QUEUE) == 1  # the transport's last list
    assert broker.backlog() == 0  # the sweeper's and the senders' view: no verification waits
    client.delete(broker.LATER_QUEUE)
    celery_worker_factory()
    paths = []
    for n, seed in enumerate((12, 13)):
        paths.append(tmp_path / f"log{n}.jsonl")
        paths[-1].write_bytes(simulated("wenling", seed))
    dispatch.enqueue_ingest([str(p) for p in paths])
    sessions = wait_for(
        lambda: len(s := store.list_sessions()) == 2 and s, BACKGROUND_BUDGET, what="stored"
    )
    ingested = [s.id for s in sessions]
    reviews = wait_for(
        lambda: all(r := [stored_review(i) for i in ingested]) and r,
        BACKGROUND_BUDGET,
        what="the reviews of the ingested sessions",
    )
    assert reviews == [expected(i) for i in ingested]


# -- a review whose message was lost is swept; the integrity update follows the review ----------
def verified_without_review(seed: int) -> str:
    """A session verified by this engine version whose review never ran (its message lost)."""
    session = store.ingest(data=simulated(seed=seed)).session
    verifications.record_verification(
        session_id=session.id, head_seq=session.head_seq, engine_version=tasks.engine_version(),
        options=None, status="ok", report={"hands": [], "anomalies": []},
    )  # fmt: skip
    return session.id


def test_the_embedded_queue_reviews_at_start_what_a_process_did_not_live_to(embedded):
    lost = verified_without_review(14)
    unverified = store.ingest(data=simulated(seed=15)).session.id
    failed = store.ingest(data=simulated(seed=16)).session
    verifications.record_verification(
        session_id=failed.id, head_seq=failed.head_seq, engine_version=tasks.engine_version(),
        options=None, status="failed", error="engine",
    )  # fmt: skip
    older = store.ingest(data=simulated(seed=17)).session
    verifications.record_verification(
        session_id=older.id, head_seq=older.head_seq, engine_version=OLD, options=None,
        status="ok", report={"hands": [], "anomalies": []},
    )  # fmt: skip
    assert review.unreviewed(tasks.engine_version()) == [lost]
    dispatch.start_embedded_worker()
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    assert stored_review(lost) == expected(lost)
    assert stored_review(unverified) == expected(unverified)  # verified now, then reviewed
    assert stored_review(failed.id) is None and stored_review(older.id, OLD) is None
    assert review.unreviewed(tasks.engine_version()) == []


def _with_version_1_review(seed: int) -> str:
    session_id = verified_without_review(seed)
    old = {**review_records(store.read_records(session_id=session_id)).to_dict(), "version": 1}
    head = store.get_session(session_id=session_id).head_seq
    with get_engine().begin() as c:
        c.execute(ReviewRow.__table__.insert().values(
            session_id=session_id, head_seq=head, engine_version=tasks.engine_version(),
            review_version=1, seconds=1.0, result=json.dumps(old), created_at=utcnow(),
        ))  # fmt: skip
    assert review.stored(session_id, head, tasks.engine_version()) is None
    assert review.unreviewed(tasks.engine_version()) == [session_id]
    return session_id


def _replaced(session_id: str) -> None:
    assert stored_review(session_id) == expected(session_id)
    with get_engine().connect() as c:
        rows = c.execute(ReviewRow.__table__.select()).all()
    assert [(r.session_id, r.review_version) for r in rows] == [(session_id, REVIEW_VERSION)]
    assert review.unreviewed(tasks.engine_version()) == []


def test_a_review_of_an_older_shape_is_swept_and_replaced(embedded):
    """A stored version-1 review (every option stored; 漏胡 checks of then) counts as none:
    the sweep queues the head again, and the new review takes the old row's place."""
    session_id = _with_version_1_review(18)
    dispatch.start_embedded_worker()
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    _replaced(session_id)


def test_reverify_replaces_a_review_of_an_older_shape(embedded):
    """Same engine version, nothing to verify again: ``fupan reverify`` still queues it."""
    session_id = _with_version_1_review(19)
    result = CliRunner().invoke(cli, ["reverify"])
    assert result.exit_code == 0, result.output
    _replaced(session_id)  # stored when the command returns


def integrity_is_current(club: str) -> bool:
    found = integrity.latest(club)
    names = integrity.last_names(club)
    return found is not None and integrity.is_current(club, None, None, names, found[1])


def test_the_integrity_update_runs_after_the_review_is_stored(embedded):
    """The signals read the stored reviews: the update a verification brings reads its review."""
    session = store.ingest(data=simulated(seed=18)).session
    order: list[str] = []

    def seen(task=None, **_):
        order.append(task.name)

    task_prerun.connect(seen, weak=False)
    try:
        dispatch.enqueue_verify(session.id)
        assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    finally:
        task_prerun.disconnect(seen)
    assert order == ["fupan.verify_session", "fupan.review_session", "fupan.integrity"]
    assert integrity_is_current(session.club)  # its source key counts the review stored


def test_a_batch_updates_the_integrity_signals_once_after_its_reviews(embedded):
    sessions = [store.ingest(data=simulated(seed=s)).session for s in (19, 20, 21)]
    order: list[str] = []

    def seen(task=None, **_):
        order.append(task.name)

    task_prerun.connect(seen, weak=False)
    gate = threading.Event()
    try:
        enqueue(hold, gate)  # the pool is busy while the uploads come in
        for s in sessions:
            dispatch.enqueue_verify(s.id)
        gate.set()
        assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    finally:
        task_prerun.disconnect(seen)
    assert order[1:] == ["fupan.verify_session"] * 3 + ["fupan.review_session"] * 3 + [
        "fupan.integrity"
    ]
    assert integrity_is_current(sessions[0].club)
    dispatch.enqueue_verify(store.ingest(data=simulated(seed=22)).session.id)  # one more later
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    assert integrity_is_current(sessions[0].club)


@pytest.mark.redis
@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_the_sweeper_reviews_a_verified_session_whose_review_message_was_lost(
    database_url, celery_worker_factory
):
    """Verified here; its review message is dropped from the broker. A worker's sweeper queues
    the review once the verification is older than the grace period, and the integrity update
    follows the stored review."""
    session = store.ingest(data=simulated(seed=23)).session
    assert tasks._verify_stored(session.id) == "ok"  # noqa: SLF001 - queues the review
    client = broker.client()
    assert client.llen(broker.LATER_QUEUE) == 1
    client.delete(broker.LATER_QUEUE)  # lost
    assert integrity.latest(session.club) is None
    celery_worker_factory()
    got = wait_for(
        lambda: stored_review(session.id), BACKGROUND_BUDGET, what="the sweeper to review it"
    )
    assert got == expected(session.id)
    wait_for(
        lambda: integrity_is_current(session.club),
        BACKGROUND_BUDGET,
        what="the integrity update after the review",
    )


@pytest.mark.redis
def test_the_sweeper_leaves_a_review_that_failed_to_its_reader(data_dir, redis_url, monkeypatch):
    monkeypatch.setenv("FUPAN_BROKER_URL", redis_url)
    session_id = verified_without_review(24)
    monkeypatch.setattr(review, "review_records", lambda _records: 1 / 0)
    assert tasks.review_session.apply(args=[session_id]).get() == "failed"
    assert review.unreviewed(tasks.engine_version()) == [session_id]
    client = broker.client()
    client.delete(broker.LATER_QUEUE)  # the integrity update the failed review queued
    assert tasks._sweep_reviews(0) == 0  # noqa: SLF001
    client.delete(f"{tasks.SWEPT_REVIEW}{session_id}")
    assert tasks._sweep_reviews(0) == 1  # noqa: SLF001
    assert client.llen(broker.LATER_QUEUE) == 1  # the review, behind the verifications
    assert tasks._sweep_reviews(0) == 0  # noqa: SLF001 - not while it waits
    client.delete(broker.LATER_QUEUE)
    assert tasks._sweep_reviews(0) == 0  # noqa: SLF001 - nor twice within ten grace periods


def test_an_ingest_batch_queues_its_sessions_reviews_in_one_message(embedded, tmp_path):
    """The reviews of a batch's new sessions go in one ``review_sessions`` message, after the
    batch, and the club's integrity update once after the last review."""
    paths = []
    for seed in (41, 42, 43):
        paths.append(tmp_path / f"{seed}.jsonl")
        paths[-1].write_bytes(simulated(seed=seed))
    order: list[tuple[str, tuple]] = []

    def seen(task=None, args=(), **_):
        order.append((task.name, tuple(args)))

    task_prerun.connect(seen, weak=False)
    try:
        dispatch.enqueue_ingest(paths)
        assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    finally:
        task_prerun.disconnect(seen)
    assert [name for name, _ in order] == [
        "fupan.ingest_batch", "fupan.review_sessions", "fupan.integrity"
    ]  # fmt: skip
    ids = order[1][1][0]
    assert len(ids) == 3
    for session_id in ids:
        assert stored_review(session_id) == expected(session_id)
    assert integrity_is_current(store.get_session(session_id=ids[0]).club)


def test_review_sessions_counts_each_session_and_holds_a_failed_one(embedded, monkeypatch):
    good = store.ingest(data=simulated(seed=44)).session
    bad = store.ingest(data=simulated(seed=45)).session
    real = review.review_at_head

    def broken_for_bad(session_id, version):
        if session_id == bad.id:
            raise RuntimeError("review bug")
        return real(session_id, version)

    monkeypatch.setattr(review, "review_at_head", broken_for_bad)
    got = tasks.review_sessions.apply(args=[[good.id, bad.id, "no-such-session"]]).get()
    assert got == {"reviewed": 1, "failed": 1, "missing": 1}
    assert stored_review(good.id) == expected(good.id)
    assert stored_review(bad.id) is None


def test_a_review_batch_that_killed_its_workers_is_queued_again_one_session_a_message(
    embedded, monkeypatch
):
    sent: list[tuple[str, tuple]] = []
    monkeypatch.setattr(tasks, "_attempt", lambda _task: tasks.ATTEMPTS + 1)
    monkeypatch.setattr(tasks, "enqueue_later", lambda task, *args: sent.append((task.name, args)))
    assert tasks.review_sessions.apply(args=[["a", "b"]]).get() == {}
    assert sent == [("fupan.review_session", ("a",)), ("fupan.review_session", ("b",))]


def test_a_review_batch_past_its_share_of_the_visibility_timeout_queues_the_rest(
    embedded, monkeypatch
):
    """A batch still running past the visibility timeout would be run by a second worker too:
    past its share the batch reviews no more and sends the rest as a message of their own."""
    first = store.ingest(data=simulated(seed=46)).session
    sent: list[tuple[str, tuple]] = []
    monkeypatch.setattr(tasks, "REVIEW_BATCH_SHARE", 0)
    monkeypatch.setattr(tasks, "enqueue_later", lambda task, *args: sent.append((task.name, args)))
    got = tasks.review_sessions.apply(args=[[first.id, "b", "c"]]).get()
    assert got == {"reviewed": 1, "queued": 2}
    assert stored_review(first.id) == expected(first.id)
    assert ("fupan.review_sessions", (["b", "c"],)) in sent


def test_the_stored_review_is_compact_json_any_reader_reads_and_old_rows_read_the_same():
    """The ``result`` column is written by msgspec: the values ``json.dumps`` wrote (names in
    Chinese kept as they are, not escaped), without its spaces; a row written with
    ``json.dumps`` before reads back as the same review."""
    records, _ = generate_session("wenling", 2, seed=7, players=["阿强", "小李", "老王", "阿芳"])
    computed = review_records(records, detail=False)
    spaced = json.dumps(computed.to_dict(), ensure_ascii=False)
    text = review.review_json(computed)
    assert json.loads(text) == json.loads(spaced)
    assert "阿强" in text and "\\u" not in text
    assert ", " not in text and len(text) < len(spaced)
    assert review.review_of(text) == review.review_of(spaced) == computed


def test_reviews_queue_their_clubs_integrity_update_once_a_club(data_dir, monkeypatch):
    """The integrity signals read the stored reviews: a batch of reviews queues the update of
    each club it touched once (an unknown session touches none)."""
    queued = []
    monkeypatch.setattr(tasks, "integrity_soon", queued.append)
    monkeypatch.setattr(tasks, "reviews_soon", lambda _ids: None)
    ids = [store.ingest(data=simulated(seed=s)).session.id for s in (41, 42)]
    [club] = {store.get_session(session_id=i).club for i in ids}
    assert club
    got = tasks.review_sessions.apply(args=[[*ids, "no-such-session"]]).get()
    assert got == {"reviewed": 2, "missing": 1}
    assert queued == [club]
    queued.clear()
    assert tasks.review_session.apply(args=["no-such-session"]).get() == "missing"
    assert tasks.review_session.apply(args=[ids[0]]).get() == "reviewed"
    assert queued == [club]
