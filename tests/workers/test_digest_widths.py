"""The widest amounts the codec accepts reach the digests (what the ledger and player pages
read), on SQLite and PostgreSQL: three payments of ``MAX_AMOUNT`` to one seat sum past
PostgreSQL's ``integer``, where the digest could not be written and the session stayed out of
the ledger for good (migration 0018 widened the totals)."""

from __future__ import annotations

from sqlalchemy import select

from events import db
from events.models import DigestPlayer, Verification
from events.records import MAX_AMOUNT
from tests.conftest import BACKGROUND_BUDGET, FIXTURES
from workers import dispatch, tasks


def test_a_session_of_the_widest_amounts_is_digested(database_url, tmp_path):
    text = (FIXTURES / "audit" / "paid_right.jsonl").read_text(encoding="utf-8")
    path = tmp_path / "wide.jsonl"
    path.write_text(text.replace('"amount":72', f'"amount":{MAX_AMOUNT}'), encoding="utf-8")
    assert tasks.ingest_batch.apply(args=[[str(path)]]).get()["stored"] == 1
    assert dispatch.wait_embedded(BACKGROUND_BUDGET)
    with db.get_engine().connect() as c:
        assert list(c.execute(select(Verification.status))) == [("ok",)]
        nets = dict(c.execute(select(DigestPlayer.player, DigestPlayer.net)).all())
        owed = dict(c.execute(select(DigestPlayer.player, DigestPlayer.owed)).all())
    assert nets == {"阿强": 3 * MAX_AMOUNT, "小李": -MAX_AMOUNT - 2, "老王": 4 - MAX_AMOUNT,
                    "阿芳": -MAX_AMOUNT - 2}  # fmt: skip
    assert owed["阿强"] == 216  # what the audit says was owed: the rules' amounts
