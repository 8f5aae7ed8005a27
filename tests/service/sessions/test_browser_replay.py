"""The whole path in headless Chromium: log in, upload, watch it verify, open the disputed hand,
step through the replay with the keyboard (tiles checked against the engine), see a chart.

Screenshots go to ``$FUPAN_SCREENSHOTS`` when set (``docs/screenshots`` for the docs), else to a
temporary folder.
"""

from __future__ import annotations

import pytest

from engine.replay import replay
from events import store
from service.db import engine
from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import CLUB, PASSWORD, draw_every_chart, fixture_log
from workers.celery_app import wait_embedded

pytestmark = pytest.mark.browser


def _tiles(page, selector: str) -> list[str]:
    return page.eval_on_selector_all(f"{selector} .tile", "els => els.map(e => e.dataset.t)")


def test_upload_verify_open_dispute_step_replay_and_chart(app, live, browser, shots, tmp_path):
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    js_errors = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    page.goto(f"{live}/login")
    page.screenshot(path=shots / "login.png")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live}/")

    log = tmp_path / "table-1.jsonl"
    log.write_bytes(fixture_log("audit/fan_missed.jsonl"))
    bad = tmp_path / "broken.jsonl"
    bad.write_bytes(fixture_log("audit/fan_missed.jsonl").replace(b'"tiles":"', b'"tiles":"x', 1))
    page.goto(f"{live}/upload")
    page.set_input_files("#files", [str(log), str(bad)])
    page.click("#upload-form button[type=submit]")
    page.wait_for_selector("#results li.accepted")  # stored: its verification is queued
    assert wait_embedded(BACKGROUND_BUDGET)  # the verification, waited for (not timed)
    page.wait_for_selector("#results li.accepted[data-status=ok]")  # the page's next poll
    errors = page.text_content("#results li.rejected pre.errors")
    assert "第 4 行" in errors and "broken.jsonl" in page.text_content("#results li.rejected")
    page.screenshot(path=shots / "upload.png")

    page.click("#results li.accepted a")
    page.wait_for_selector("#hands")
    assert page.is_visible("#hand-1 .badge.dispute")
    page.click("#flow .chart-tap")  # the payment flow loads when asked (the full plotly bundle)
    page.wait_for_selector("#flow .main-svg", timeout=30_000)  # the payment sankey
    page.screenshot(path=shots / "session.png", full_page=True)
    page.click("#hand-1 td a")
    page.wait_for_selector("#disputes")
    why = page.text_content(".explained")
    assert "漏算" in why or "not counted" in why  # the likely mistake, in the page's language
    page.screenshot(path=shots / "hand.png", full_page=True)

    session_id = page.url.split("/sessions/")[1].split("/")[0]
    with app.app_context():
        hand = replay(store.read_records(session_id=session_id, engine=engine())).hands[0]
    page.goto(f"{live}/sessions/{session_id}/replay?hand=1&step=0")
    page.wait_for_selector("#seat-E h3")
    for step in range(1, 9):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(
            f"document.getElementById('step-no').textContent.startsWith('{step} ')"
        )
        state = hand.state_at(step)
        for seat in "ESWN":
            assert sorted(_tiles(page, f"#seat-{seat} .concealed")) == sorted(state.concealed[seat])
            assert _tiles(page, f"#seat-{seat} .discards") == [d.tile for d in state.discards[seat]]
    assert page.url.endswith("?hand=1&step=8")
    page.screenshot(path=shots / "replay.png", full_page=True)
    page.keyboard.press("End")
    page.wait_for_function(
        f"document.getElementById('step-no').textContent.startsWith('{hand.steps - 1} ')"
    )
    page.keyboard.press("Home")
    page.wait_for_function("document.getElementById('step-no').textContent.startsWith('0 ')")

    phone = browser.new_page(
        viewport={"width": 390, "height": 844}, device_scale_factor=2, locale="zh-CN"
    )
    phone.context.add_cookies(page.context.cookies())
    phone.goto(f"{live}/sessions/{session_id}/replay?hand=1&step=8")
    phone.wait_for_selector("#seat-E .tile")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390 + 1
    phone.screenshot(path=shots / "replay-phone.png", full_page=True)

    page.goto(f"{live}/clubs/{CLUB}/dashboards")
    page.wait_for_selector("#chart-balance .main-svg", timeout=30_000)
    page.wait_for_selector("#chart-balance .modebar-btn[data-title*='png' i]", state="attached")
    assert "结账（最少转账）" in page.goto(f"{live}/clubs/{CLUB}/ledger").text()
    assert js_errors == []


def test_demo_tour_jump_to_anomaly_resolve_and_dashboards(app, live, browser, shots):
    from service.demo import DEMO_CLUB, load_demo

    with app.app_context():
        user, password, _ = load_demo()
    assert wait_embedded(BACKGROUND_BUDGET)
    page = browser.new_page(viewport={"width": 1280, "height": 900}, locale="zh-CN")
    js_errors = []
    page.on("pageerror", lambda e: js_errors.append(str(e)))
    page.goto(f"{live}/login")
    page.fill("input[name=username]", user)
    page.fill("input[name=password]", password)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live}/")
    page.screenshot(path=shots / "sessions.png", full_page=True)

    sessions = page.request.get(f"{live}/api/v1/sessions").json()["sessions"]
    marked = None
    for s in sessions:
        for i, h in enumerate(
            page.request.get(f"{live}/api/v1/sessions/{s['id']}").json()["hands"], 1
        ):
            if any(a["seq"] is not None for a in h["anomalies"]):
                marked = (s["id"], i)
                break
        if marked:
            break
    assert marked, "the demo has a hand with an anomaly"
    session_id, hand_no = marked
    page.goto(f"{live}/sessions/{session_id}/replay?hand={hand_no}&step=0")
    page.wait_for_selector("#seat-E h3")
    page.keyboard.press("n")
    page.wait_for_selector("#anomalies li")
    step = int(page.text_content("#step-no").split()[0])
    state = page.request.get(
        f"{live}/api/v1/sessions/{session_id}/hands/{hand_no}/steps/{step}"
    ).json()
    assert state["anomalies"] and step in state["marks"]
    assert page.url.endswith(f"?hand={hand_no}&step={step}")
    page.screenshot(path=shots / "replay-anomaly.png", full_page=True)

    page.goto(f"{live}/clubs/{DEMO_CLUB}/disputes")
    before = page.locator("section.dispute-item").count()
    assert before > 0
    page.screenshot(path=shots / "disputes.png", full_page=True)
    form = page.locator("form.resolve").first
    form.locator("input[name=reason]").fill("牌桌同意 the table agreed")
    form.locator("button[type=submit]").click()
    asked = page.locator("#resolve-dialog").inner_text()
    with (
        page.expect_navigation(),
        page.expect_response(lambda r: r.url.endswith("/resolution")) as resolved,
    ):
        page.click("#resolve-yes")  # yes, resolve
    assert resolved.value.status == 201, (resolved.value.text(), asked)
    assert wait_embedded(BACKGROUND_BUDGET)
    page.goto(f"{live}/clubs/{DEMO_CLUB}/disputes?state=resolved")
    assert "the table agreed" in page.text_content("main")

    page.goto(f"{live}/clubs/{DEMO_CLUB}/dashboards")
    draw_every_chart(page)  # each draws when scrolled to
    for name in ("balance", "disputes_by_table", "disputes_by_item", "hand_values"):
        page.wait_for_selector(f"#chart-{name} .main-svg", timeout=30_000)
    page.screenshot(path=shots / "dashboards.png", full_page=True)
    page.goto(f"{live}/clubs/{DEMO_CLUB}/ledger?date=2026-11-28")
    assert page.locator("ol.transfers li").count() >= 1
    page.screenshot(path=shots / "ledger.png", full_page=True)
    assert js_errors == []
