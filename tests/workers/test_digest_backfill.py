"""Results stored without a digest (before the workers wrote digests, or emptied by a migration
such as 0012_digest_reset) are digested by the workers, nobody running ``fupan digest``: the
sweeper a batch at a time while the queue is idle, an embedded worker all of them when it
starts. What they write is what the worker wrote with each result."""

from __future__ import annotations

import pytest
from sqlalchemy import text

from events import store
from events.db import get_engine
from tests.conftest import BACKGROUND_BUDGET, run_sql, variant
from workers import broker, dispatch, tasks


def digest_rows() -> tuple[list, list]:
    with get_engine().connect() as c:
        digests = c.execute(text("SELECT * FROM web_digest ORDER BY verification_id")).all()
        players = c.execute(
            text("SELECT * FROM web_digest_player ORDER BY verification_id, position")
        ).all()
    return [tuple(r) for r in digests], [tuple(r) for r in players]


def verified_then_emptied(sample_log: str, n: int) -> tuple[list, list]:
    """``n`` sessions verified as a worker does (each with its digest), then their digests
    deleted as 0012_digest_reset did; the rows the worker had written."""
    for i in range(n):
        session = store.ingest(data=variant(sample_log, i).encode()).session
        assert tasks.verify_session.apply(args=[session.id]).get() == "ok"
    written = digest_rows()
    assert len(written[0]) == n and len(written[1]) >= 4 * n
    run_sql("DELETE FROM web_digest_player")
    run_sql("DELETE FROM web_digest")
    return written


@pytest.mark.redis
def test_the_sweeper_digests_results_stored_without_one_in_batches(
    data_dir, redis_url, sample_log, monkeypatch
):
    monkeypatch.setenv("FUPAN_BROKER_URL", redis_url)
    monkeypatch.setattr(tasks, "SWEEP_DIGESTS", 2)
    written = verified_then_emptied(sample_log, 3)

    broker.client().lpush(broker.QUEUE, "waiting")  # a backlog: the sweep leaves everything
    assert tasks.sweep() == 0 and digest_rows() == ([], [])
    broker.client().delete(broker.QUEUE)

    assert tasks.sweep() == 0  # nothing stranded to queue; the two oldest digested
    assert [r[0] for r in digest_rows()[0]] == [r[0] for r in written[0][:2]]
    tasks.sweep()
    assert digest_rows() == written
    assert tasks.fill_digests(None) == 0


def test_an_embedded_worker_digests_them_when_it_starts(data_dir, sample_log):
    written = verified_then_emptied(sample_log, 2)
    dispatch.start_embedded_worker().result(BACKGROUND_BUDGET)
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    assert digest_rows() == written
