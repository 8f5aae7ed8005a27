"""Issue 24, item 4: the efficiency review is computed in the workers after each verification,
as a task of its own behind the verifications, stored per session head and engine version, and
recomputed by ``fupan reverify``."""

from __future__ import annotations

import json
import threading

import pytest
from celery.signals import task_prerun
from typer.testing import CliRunner

from engine.review import review_records
from engine.simulate.session import generate_session
from events import store, verifications
from events.codec import canonical_json
from events.db import get_engine
from events.models import ReviewRow
from service.cli import app as cli
from tests.conftest import BACKGROUND_BUDGET, wait_for
from workers import broker, dispatch, review, tasks
from workers.celery_app import LATER, app, enqueue

OLD = "0.0.9"


def simulated(ruleset: str = "zhoushan", seed: int = 31, summary: bool = False) -> bytes:
    records, _ = generate_session(ruleset, 2, seed=seed, summary=summary)
    return "".join(canonical_json(r) + "\n" for r in records).encode()


def stored_review(session_id: str, version: str | None = None) -> dict | None:
    head = store.get_session(session_id=session_id).head_seq
    row = review.stored(session_id, head, version or tasks.engine_version())
    return None if row is None else json.loads(row.result)


def expected(session_id: str) -> dict:
    """The review computed here from the stored records, independently of the workers."""
    computed = review_records(store.read_records(session_id=session_id)).to_dict()
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
    assert order[1:] == [
        ("fupan.verify_session", second.id),
        ("fupan.review_session", first.id),
        ("fupan.review_session", second.id),
    ]
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
    assert client.llen(f"{broker.QUEUE}\x06\x16{LATER}") == 1  # the transport's last list
    assert broker.backlog() == 0  # the sweeper's and the senders' view: no verification waits
    client.delete(f"{broker.QUEUE}\x06\x16{LATER}")
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
