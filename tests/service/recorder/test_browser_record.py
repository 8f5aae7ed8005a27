"""The recorder on a phone in headless Chromium: open a wenling session, enter a hand with two 得
and a 门风 pung, watch the live total and payments, override payments and see the dispute
explained, save, find the hand on the session page; then lose the network mid-entry and see the
hand saved once when it comes back. A second phone sees the same session.

Screenshots go to ``$FUPAN_SCREENSHOTS`` when set (``docs/screenshots`` for the docs).
"""

from __future__ import annotations

import pytest

from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import phone_at_table, phone_login, stored_records
from tests.service.conftest import tap_tiles as _keys
from workers.celery_app import wait_embedded

pytestmark = pytest.mark.browser


def test_record_a_hand_override_save_and_survive_a_lost_connection(app, live, browser, shots):
    def shoot_the_form(page):
        page.wait_for_selector("#options input[data-option=multiplier]", state="attached")
        # the options by their labels, a choice by its values' labels, in the page's language
        shown = page.text_content("#options")
        assert "哪一组花是红花" in shown and "red_flowers" not in shown and "spring" not in shown
        assert page.eval_on_selector(
            "#options select[data-option=red_flowers]",
            "s => Array.from(s.options).map(o => [o.value, o.textContent])",
        ) == [["spring", "春夏秋冬"], ["plum", "梅兰竹菊"]]
        page.screenshot(path=shots / "recorder-open.png", full_page=True)

    context, page, errors, session_id = phone_at_table(
        browser, live, "wenling", "3", before_submit=shoot_the_form
    )

    # S (门风 南) wins on W's 5p with a concealed 南 pung and two 得 (indicator 9s)
    page.click("#winner button[data-seat=S]")
    page.click("#from button[data-seat=W]")
    page.click(".tgt[data-target=indicator]")
    _keys(page, "9s")
    _keys(page, "123m456m234p68p222z9s9s")
    assert page.text_content("#keyboard .key[data-t='9s'] small") == "1"  # indicator + two 得
    _keys(page, "2z")  # the fourth 南 goes in; then the key is spent (no fifth copy)
    assert page.is_disabled("#keyboard .key[data-t='2z']")
    page.click("#concealed .tile[data-t='2z'] >> nth=3")  # take it out again
    assert page.text_content("#keyboard .key[data-t='2z'] small") == "1"
    page.click(".tgt[data-target=win]")
    _keys(page, "5p")
    page.wait_for_function("document.getElementById('verdict').classList.contains('ok')")
    assert "得" in page.text_content("#verdict .reading")
    items = page.text_content("#items")
    assert "门风刻、杠" in items and "2张得" in items
    page.wait_for_function("document.getElementById('total').textContent.includes('南 +36')")
    amounts = page.eval_on_selector_all("#payments .amount", "els => els.map(e => +e.value)")
    assert amounts == [12, 12, 12]
    page.screenshot(path=shots / "recorder-entry.png", full_page=True)

    # the table paid otherwise: one payment, then the amounts of a forgotten 2张得
    page.fill("#payments .amount >> nth=0", "10")
    page.dispatch_event("#payments .amount >> nth=0", "change")
    page.wait_for_selector("#disputes .dispute-line")
    assert "应付 12，实付 10" in page.text_content("#disputes")
    for i in range(3):
        page.fill(f"#payments .amount >> nth={i}", "6")
        page.dispatch_event(f"#payments .amount >> nth={i}", "change")
    page.wait_for_function("document.getElementById('disputes').textContent.includes('2张得')")
    page.screenshot(path=shots / "recorder-dispute.png", full_page=True)
    page.click("#save")
    page.wait_for_function("document.getElementById('outbox').textContent.includes('已全部保存')")
    page.wait_for_selector("#saved li[data-no='1'] .badge.dispute")
    records = stored_records(app, session_id)
    assert [r["type"] for r in records] == [
        "session",
        "hand",
        "wildcard",
        "showdown",
        "win",
        "settlement",
    ]
    assert [p["amount"] for p in records[-1]["payments"]] == [6, 6, 6]

    # the session page shows the hand (verified in the background: waited for, not timed)
    # with its dispute
    assert wait_embedded(BACKGROUND_BUDGET)
    page.goto(f"{live}/sessions/{session_id}")
    page.wait_for_selector("#hand-1 .badge.dispute")
    page.click("#flow .chart-tap")  # the payment flow loads when asked (the full plotly bundle)
    page.wait_for_selector("#flow .main-svg", timeout=30_000)  # the payment flow chart
    page.screenshot(path=shots / "recorder-session.png", full_page=True)

    # a second phone at the table sees the same session
    context2, other, errors2 = phone_login(browser, live)
    other.goto(f"{live}/record/{session_id}")
    other.wait_for_selector("#saved li[data-no='1']")
    assert "小李" in other.text_content("#seats .dealer")  # S won: the deal passes to 小李

    # hand 2, the connection drops mid-entry: the hand waits in the outbox and is saved once
    page.goto(f"{live}/record/{session_id}")
    page.wait_for_selector("#winner button[data-seat=N]")
    page.click("#winner button[data-seat=N]")
    page.click("#how button[data-how=self_draw]")
    page.click(".tgt[data-target=indicator]")
    _keys(page, "1s")
    _keys(page, "123m456m789m123p")
    context.set_offline(True)
    _keys(page, "456p77z2s")
    page.click(".tgt[data-target=win]")
    _keys(page, "2s")
    page.wait_for_function("document.getElementById('verdict').textContent.includes('离线')")
    page.click("#save")
    page.wait_for_function("document.getElementById('outbox').textContent.includes('待上传')")
    page.screenshot(path=shots / "recorder-offline.png", full_page=True)
    assert len(stored_records(app, session_id)) == 6
    context.set_offline(False)
    page.wait_for_function(
        "document.getElementById('outbox').textContent.includes('已全部保存')", timeout=20_000
    )
    other.wait_for_selector("#saved li[data-no='2']", timeout=20_000)
    records = stored_records(app, session_id)
    hands = [r for r in records if r["type"] == "hand"]
    assert [h["no"] for h in hands] == [1, 2] and len({h["client_id"] for h in hands}) == 2
    assert hands[1]["seats"]["E"] == "小李"

    # the second phone corrects hand 1: W did not discard the 5p, N did
    other.once("dialog", lambda d: d.accept("N discarded the 5p"))
    other.click("#saved li[data-no='1'] button")
    other.wait_for_selector("#from button[data-seat=W].on")
    other.click("#from button[data-seat=N]")
    other.wait_for_function("document.getElementById('verdict').classList.contains('ok')")
    other.click("#save")
    other.wait_for_function("document.getElementById('verdict').textContent.includes('更正已暂存')")
    other.wait_for_function("document.getElementById('outbox').textContent.includes('已全部保存')")
    records = stored_records(app, session_id)
    assert records[-1]["type"] == "correction"
    assert records[-1]["target"] == 4 and records[-1]["replacement"]["from"] == "N"
    assert records[-1]["by"] == "alice" and records[4]["from"] == "W"  # the original stays

    # phone B starts hand 3 while phone A records it as drawn (黄牌, confirmed): B is warned
    other.click("#winner button[data-seat=W]")
    page.click("#drawn")
    page.click("#drawn-save")
    page.wait_for_function("document.getElementById('outbox').textContent.includes('已全部保存')")
    other.wait_for_selector("#stale:not([hidden])", timeout=20_000)
    assert "第 3 局刚被保存" in other.text_content("#stale")
    other.once("dialog", lambda d: d.accept())
    other.click("#clear")
    other.wait_for_selector("#stale", state="hidden")
    hands = [r for r in stored_records(app, session_id) if r["type"] in ("hand", "exhausted")]
    assert [r.get("no", "exhausted") for r in hands] == [1, 2, 3, "exhausted"]

    # 换位 before hand 4: the players reseat; the hand is recorded with its own seating
    page.click("#seat-change")
    current = {seat: page.input_value(f"#reseat select[data-seat={seat}]") for seat in "ESWN"}
    swapped = {**current, "E": current["S"], "S": current["E"]}
    page.select_option("#reseat select[data-seat=E]", swapped["E"])
    page.select_option("#reseat select[data-seat=S]", swapped["S"])
    page.click("#drawn")
    page.click("#drawn-save")
    page.wait_for_function("document.getElementById('outbox').textContent.includes('已全部保存')")
    hand4 = [r for r in stored_records(app, session_id) if r["type"] == "hand"][-1]
    assert hand4["no"] == 4 and hand4["seat_change"] is True and hand4["seats"] == swapped
    assert not errors and not errors2, errors + errors2
    context2.close()
    context.close()


def test_two_winners_on_one_discard_in_zhoushan(app, live, browser):
    context, page, errors, session_id = phone_at_table(browser, live, "zhoushan", "7")
    assert page.is_hidden(".tgt[data-target=indicator]")  # zhoushan has no 得
    page.click("#winner button[data-seat=E]")
    page.click("#from button[data-seat=W]")
    page.click("#also button[data-seat=S]")
    _keys(page, "123m456m789m234p5s")
    page.click(".tgt[data-target=win]")
    _keys(page, "5s")
    page.click("#show-seat button[data-seat=S]")
    _keys(page, "123p456p789p111z5s")
    assert page.text_content("#keyboard .key[data-t='5s'] small") == "1"  # the shared 5s once
    page.wait_for_function("document.querySelectorAll('#items table').length === 2")
    page.click("#save")
    page.wait_for_function("document.getElementById('outbox').textContent.includes('已全部保存')")
    wins = [r for r in stored_records(app, session_id) if r["type"] == "win"]
    assert [(w["seat"], w["from"]) for w in wins] == [("E", "W"), ("S", "W")]
    assert not errors, errors
    context.close()
