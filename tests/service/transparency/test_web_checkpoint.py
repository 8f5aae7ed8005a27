"""The checkpoint page: the newest signed checkpoint for a club to copy, the same text as
`fupan store checkpoint`, checkable with the public key the page offers."""

from __future__ import annotations

import html

from events import receipts, store, transparency
from tests.service.conftest import EN, fixture_log


def test_the_page_shows_the_newest_signed_checkpoint(alice):
    empty = alice.get("/checkpoint", headers=EN).get_data(as_text=True)
    assert "Nothing is logged yet" in empty
    assert alice.get("/checkpoint.txt").status_code == 404

    store.ingest(data=fixture_log("huangyan/seed_examples.jsonl"))
    note = store.latest_checkpoint()
    page = alice.get("/checkpoint", headers=EN).get_data(as_text=True)
    assert html.escape(note, quote=False) in page
    assert "A log of 1 session head, signed" in page
    chinese = alice.get("/checkpoint").get_data(as_text=True)  # the default language
    assert "存证" in chinese and "日志共 1 场的状态" in chinese
    assert html.escape(note, quote=False) in chinese
    text = alice.get("/checkpoint.txt")
    assert (text.mimetype, text.get_data(as_text=True)) == ("text/plain", note)
    pem = alice.get("/checkpoint/public-key.pem").get_data()
    checkpoint = transparency.open_checkpoint(note, receipts.load_public_key(pem))
    assert checkpoint.size == 1
    assert "/checkpoint" in alice.get("/clubs").get_data(as_text=True)


def test_the_page_needs_a_login(client):
    for path in ("/checkpoint", "/checkpoint.txt", "/checkpoint/public-key.pem"):
        response = client.get(path)
        assert response.status_code == 302 and "/login" in response.location
