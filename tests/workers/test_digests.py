"""The digest a worker writes with each result, from the report in hand and in the result's
transaction, is the one ``workers.digests.fill`` makes from the stored report (what the pages
read: docs/workers.md), on SQLite and PostgreSQL: audits with disputes, a failed audit, and a
digest that cannot be written with its result (the result is kept, the digest filled after)."""

from __future__ import annotations

import pytest
from sqlalchemy import delete, select

from engine import audit
from engine.simulate import generate_session
from events import db
from events.codec import canonical_json
from events.models import Digest as DigestRow
from events.models import DigestPlayer, Verification
from tests.conftest import BACKGROUND_BUDGET
from tests.workers.poison import poisoned_audit
from workers import digests, dispatch, tasks


@pytest.fixture
def batch(database_url, tmp_path, monkeypatch) -> list[str]:
    """Five logs: one simulated session of each ruleset with faults (disputes, anomalies), and
    one whose audit crashes (a failed result). The audit is the poisoned one."""
    monkeypatch.setattr(audit, "audit", poisoned_audit)
    paths = []
    for n, ruleset in enumerate(["wenling", "huangyan", "zhoushan", "xizhou", "wenling"]):
        records, _ = generate_session(ruleset, 3, seed=900 + n, faults=0.5)
        if n == 4:
            records[0]["table"] = "poison"
        paths.append(tmp_path / f"{n}.jsonl")
        paths[-1].write_text("".join(canonical_json(r) + "\n" for r in records), encoding="utf-8")
    yield [str(p) for p in paths]
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)  # the integrity updates it queued


def _rows() -> tuple[list[tuple], list[tuple]]:
    with db.get_engine().connect() as c:
        digest_rows = sorted(tuple(r) for r in c.execute(select(DigestRow.__table__)))
        player_rows = sorted(tuple(r) for r in c.execute(select(DigestPlayer.__table__)))
    return digest_rows, player_rows


def _filled_again() -> tuple[list[tuple], list[tuple]]:
    """The digest rows as ``fill`` makes them from the stored reports."""
    with db.get_engine().begin() as c:
        c.execute(delete(DigestPlayer.__table__))
        c.execute(delete(DigestRow.__table__))
    assert digests.fill() == 5
    return _rows()


def _statuses() -> list[str]:
    with db.get_engine().connect() as c:
        return sorted(c.execute(select(Verification.status)).scalars())


def test_the_digest_written_with_the_result_is_the_one_fill_makes(batch):
    assert tasks.ingest_batch.apply(args=[batch]).get()["stored"] == 5
    assert _statuses() == ["failed"] + ["ok"] * 4
    written = _rows()
    digest_rows, player_rows = written
    assert len(digest_rows) == 5 and sum(row[6] for row in digest_rows) == 4  # ok: a report
    assert any(row[8] for row in digest_rows)  # disputed hands: the explanations are compared
    assert len(player_rows) == 5 * 4  # the failed audit's seated players too
    assert _filled_again() == written


def test_a_digest_that_cannot_be_written_keeps_its_result(batch, monkeypatch):
    real_write = digests.write

    def refuse(connection, written):
        real_write(connection, written)  # written, then the transaction fails
        raise RuntimeError("the database refuses a name")

    monkeypatch.setattr(digests, "write", refuse)
    assert tasks.ingest_batch.apply(args=[batch]).get()["stored"] == 5
    assert _statuses() == ["failed"] + ["ok"] * 4  # each result stored once
    written = _rows()
    assert len(written[0]) == 5  # filled from the stored reports instead
    assert _filled_again() == written


def test_a_batch_stores_its_new_results_in_one_transaction(batch, monkeypatch):
    calls = []
    real_record = tasks.verifications.record_verifications

    def spy(results, **kwargs):
        calls.append(len(results))
        return real_record(results, **kwargs)

    monkeypatch.setattr(tasks.verifications, "record_verifications", spy)
    assert tasks.ingest_batch.apply(args=[batch]).get()["stored"] == 5
    assert calls == [5]
    assert _statuses() == ["failed"] + ["ok"] * 4


def test_a_batch_whose_digests_fail_together_stores_each_with_its_own(batch, monkeypatch):
    real_write = digests.write

    def refuse_many(connection, written):
        written = list(written)
        if len(written) > 1:  # one bad row among them: the batch's transaction fails
            raise RuntimeError("the database refuses a name")
        real_write(connection, written)

    monkeypatch.setattr(digests, "write", refuse_many)
    assert tasks.ingest_batch.apply(args=[batch]).get()["stored"] == 5
    assert _statuses() == ["failed"] + ["ok"] * 4  # each result stored once
    written = _rows()
    assert len(written[0]) == 5  # each written with its result, one session at a time
    assert _filled_again() == written
