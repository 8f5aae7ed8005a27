"""The hand page and the replay's last step of a barred win, in a real browser on a desktop and a 390 px phone: the seat's
heading says 胡不成立, the dispute names a win the rules bar, nothing scrolls sideways; the same in English."""

from __future__ import annotations

import pytest

from tests.service.conftest import PHONE, fixture_log, no_sideways_scroll, phone_login, verified

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(
    ("device", "name"),
    [({"viewport": {"width": 1280, "height": 900}}, "desktop"), (PHONE, "phone")],
)
def test_a_barred_win_on_the_hand_page(alice, browser, live, shots, device, name):
    sid = verified(alice, fixture_log("zhoushan/passed_win.jsonl"))
    context, page, errors = phone_login(browser, live, device)
    page.goto(f"{live}/sessions/{sid}/hands/1")
    heading = page.locator("h2", has_text="小李")
    assert "胡不成立" in heading.inner_text() and "胡家" not in heading.inner_text()
    assert page.get_by_text("按规则不能胡，却照胡牌付了钱").count() >= 1
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"hand-void-win-{name}.png"), full_page=True)
    last = alice.get(f"/api/v1/sessions/{sid}/hands/1/steps/0").get_json()["steps"]
    page.goto(f"{live}/sessions/{sid}/replay?hand=1&step={last}")
    tag = page.locator("#seat-S .winner-tag")
    tag.wait_for()
    assert tag.inner_text() == "胡不成立"  # 小李 sits at S in hand 1
    assert "胡不成立" in page.locator(".win-line").first.inner_text()
    no_sideways_scroll(page)
    page.click("#lang-switch button[value=en]")
    page.wait_for_selector("html[lang=en]")
    page.goto(f"{live}/sessions/{sid}/hands/1")
    heading = page.locator("h2", has_text="小李")
    assert "declared win does not stand" in heading.inner_text()
    assert page.get_by_text("a win the rules bar, paid as a win").count() >= 1
    no_sideways_scroll(page)
    page.screenshot(path=str(shots / f"hand-void-win-en-{name}.png"), full_page=True)
    assert errors == []
    context.close()
