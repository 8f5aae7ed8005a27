"""A batch of results is stored in one statement: each result once, and the indexes of those
stored (with their row ids) reported back in the batch's order, whatever order the database
returns them in."""

from __future__ import annotations

import pytest
from sqlmodel import select

from events import store, verifications
from events.db import db_session
from events.models import Verification


def result(session_id: str, head_seq: int, version: str = "1.0") -> verifications.Result:
    return verifications.Result(session_id, head_seq, version, None, "ok", {"hands": []})


@pytest.mark.usefixtures("database_url")
def test_a_batch_stores_each_new_result_once_and_names_those_stored(sample_log):
    session = store.ingest(data=sample_log.encode()).session
    head = session.head_seq
    assert verifications.record_verifications([result(session.id, head - 1)]) == [0]
    batch = [
        result(session.id, head),  # new
        result(session.id, head - 1),  # stored before
        result(session.id, head, "2.0"),  # new: another engine version
        result(session.id, head),  # the first one again
    ]
    seen = []
    stored = verifications.record_verifications(batch, then=lambda _c, ids: seen.extend(ids))
    assert stored == [0, 2]
    with db_session() as db:
        rows = {(v.head_seq, v.engine_version): v.id for v in db.exec(select(Verification))}
    assert seen == [(0, rows[(head, "1.0")]), (2, rows[(head, "2.0")])]
    assert len(rows) == 3
    assert verifications.record_verifications(batch) == []
