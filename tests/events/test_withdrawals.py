"""Withdrawing a session and restoring it (``events.withdrawals``), on SQLite and PostgreSQL:
each is a new row and the rows are never edited; the session's stream, chain and checkpoint
proofs are untouched; ``counted`` leaves out exactly the sessions with an open withdrawal."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError, IntegrityError

from events import db, store, transparency, withdrawals
from events.models import TableSession, Withdrawal
from tests.events.test_tamper import fupan


def _counted_ids() -> set[str]:
    with db.db_session() as s:
        return set(s.scalars(select(TableSession.id).where(withdrawals.counted())))


def test_withdraw_and_restore_are_appended_and_counted_follows(database_url, sample_log):
    a = store.ingest(data=sample_log).session.id
    assert _counted_ids() == {a}
    links = store.read_events(session_id=a)
    w = withdrawals.withdraw(a, "alice", "传错了俱乐部")
    assert _counted_ids() == set()
    assert withdrawals.withdrawn(a).reason == "传错了俱乐部"
    with pytest.raises(withdrawals.WithdrawalRefused) as twice:
        withdrawals.withdraw(a, "alice", "again")
    assert twice.value.kind == "already_withdrawn"
    r = withdrawals.restore(a, "bob", "其实没错")
    assert r.restores == w.id and _counted_ids() == {a} and withdrawals.withdrawn(a) is None
    with pytest.raises(withdrawals.WithdrawalRefused):
        withdrawals.restore(a, "bob", "again")
    again = withdrawals.withdraw(
        a, "alice", "还是错了"
    )  # a restored session can be withdrawn again
    assert _counted_ids() == set() and withdrawals.withdrawn(a).id == again.id
    assert [(h.by, h.restores) for h in withdrawals.history(a)] == [
        ("alice", None), ("bob", w.id), ("alice", None)]  # fmt: skip
    # the session's own records, chain and head are as they were
    assert store.read_events(session_id=a) == links


def test_rows_are_never_edited_nor_deleted(database_url, sample_log):
    a = store.ingest(data=sample_log).session.id
    withdrawals.withdraw(a, "alice", "test upload")
    engine = db.get_engine()
    for sql in ("UPDATE session_withdrawals SET reason = 'x'", "DELETE FROM session_withdrawals"):
        with pytest.raises(DBAPIError), engine.begin() as c:
            c.execute(text(sql))
    assert withdrawals.withdrawn(a).reason == "test upload"


def test_a_withdrawal_leaves_the_checkpoint_and_the_store_check_alone(database_url, sample_log):
    a = store.ingest(data=sample_log).session.id
    before = transparency.latest(db.get_engine())
    withdrawals.withdraw(a, "alice", "duplicate")
    assert transparency.latest(db.get_engine()) == before
    result = fupan("store", "check")
    assert result.exit_code == 0 and ", 0 broken" in result.output, result.output


def _at_once(write, session_id: str, n: int = 4) -> list[str]:
    """``write`` sent by ``n`` treasurers at the same moment: what each was told."""
    start = threading.Barrier(n)
    said: list[str] = []

    def one(k: int) -> None:
        start.wait()
        try:
            write(session_id, f"t{k}", "duplicate")
            said.append("stored")
        except withdrawals.WithdrawalRefused as refused:
            said.append(refused.kind)

    threads = [threading.Thread(target=one, args=(k,)) for k in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sorted(said)


def test_withdrawals_sent_at_once_store_one(database_url, sample_log):
    """Four treasurers withdraw the same session at the same moment, then four restore it:
    one row each time, the others refused (their check, or their turn, lost the race)."""
    a = store.ingest(data=sample_log).session.id
    assert _at_once(withdrawals.withdraw, a) == ["already_withdrawn"] * 3 + ["stored"]
    assert _at_once(withdrawals.restore, a) == ["not_withdrawn"] * 3 + ["stored"]
    assert [h.turn for h in withdrawals.history(a)] == [0, 1]
    assert withdrawals.withdrawn(a) is None


def test_a_turn_is_taken_once(database_url, sample_log):
    a = store.ingest(data=sample_log).session.id
    withdrawals.withdraw(a, "alice", "duplicate")
    with pytest.raises(IntegrityError), db.db_session() as s:
        s.add(Withdrawal(session_id=a, reason="again", by="bob", turn=0))
        s.commit()
