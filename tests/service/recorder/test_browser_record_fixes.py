"""Recording slips on a phone (issue 19): 黄牌 saves only after a confirmation, and a saved hand's
result is corrected (drawn -> win) offline, then stored once as appended corrections when the
connection comes back; a correction that changes nothing says so."""

from __future__ import annotations

import json

import pytest

from tests.service.conftest import phone_at_table, stored_records
from tests.service.conftest import tap_tiles as _keys

pytestmark = pytest.mark.browser


def _outbox(page, session_id: str) -> list:
    return json.loads(
        page.evaluate(f"localStorage.getItem('fupan-rec-outbox-{session_id}')") or "[]"
    )


def test_drawn_hand_confirmed_then_corrected_to_a_win_offline(app, live, browser, shots):
    context, page, errors, session_id = phone_at_table(browser, live, "wenling", "5")

    # 黄牌 asks first: nothing is saved, and going back restores the win form
    page.click("#drawn")
    assert page.is_visible("#drawn-confirm") and not page.is_visible("#keyboard")
    assert "第 1 局黄牌" in page.text_content("#drawn-text")  # the browser reads Chinese
    page.screenshot(path=shots / "recorder-drawn-confirm.png", full_page=True)
    assert _outbox(page, session_id) == [] and len(stored_records(app, session_id)) == 1
    page.click("#drawn-back")
    assert page.is_visible("#keyboard") and not page.is_visible("#drawn-confirm")
    page.click("#drawn")
    page.click("#drawn-save")
    page.wait_for_function("document.getElementById('outbox').className === 'muted'")
    page.wait_for_selector("#saved li[data-no='1']")
    state = page.request.get(f"{live}/api/v1/record/sessions/{session_id}").json()
    assert [h["result"] for h in state["hands"]] == ["exhausted"]
    assert [r["type"] for r in stored_records(app, session_id)] == [
        "session",
        "hand",
        "exhausted",
        "settlement",
    ]

    # it was a win: corrected on the phone while offline, stored once back online
    context.set_offline(True)
    page.click("#saved li[data-no='1'] button.link")
    assert "1" in page.text_content("#hand-no")
    page.click("[data-result=win]")
    page.click("#winner button[data-seat=S]")
    page.click("#from button[data-seat=W]")
    page.click(".tgt[data-target=indicator]")
    _keys(page, "9s")
    _keys(page, "123m456m234p68p222z9s9s")
    page.click(".tgt[data-target=win]")
    _keys(page, "5p")
    page.once("dialog", lambda d: d.accept("S won on W's 5p"))
    page.click("#save")
    page.wait_for_function("document.getElementById('outbox').className === 'warn'")
    assert len(stored_records(app, session_id)) == 4
    context.set_offline(False)
    page.wait_for_function(
        "document.getElementById('notice').textContent.includes('第 1 局已更正')", timeout=20_000
    )
    records = stored_records(app, session_id)
    assert records[:4][-1]["type"] == "settlement"
    assert [(r["type"], r["target"]) for r in records[4:]] == [("correction", 2), ("correction", 3)]
    assert {r["by"] for r in records[4:]} == {"alice"}
    state = page.request.get(f"{live}/api/v1/record/sessions/{session_id}").json()
    assert state["hands"][0]["result"] == "win"
    assert [p["amount"] for p in state["hands"][0]["recorded_payments"]] == [12, 12, 12]
    page.screenshot(path=shots / "recorder-corrected.png", full_page=True)

    # the same entry again: nothing to correct, and the page says so
    page.click("#saved li[data-no='1'] button.link")
    page.once("dialog", lambda d: d.accept("checking"))
    page.click("#save")
    page.wait_for_function(
        "document.getElementById('notice').textContent.includes('没有改动')", timeout=20_000
    )
    assert len(stored_records(app, session_id)) == 6
    assert errors == []
    context.close()
