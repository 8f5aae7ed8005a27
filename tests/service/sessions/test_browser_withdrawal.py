"""Withdrawing a session and restoring it in headless Chromium, on a desktop and a 390 px phone,
in Chinese and in English: the control asks first (the dialog names the session and the
reason), the page comes back with the banner (who, when, why) and the way back, which asks too;
nothing needs scrolling sideways.

Screenshots go to ``$FUPAN_SCREENSHOTS`` when set (``docs/screenshots`` for the docs).
"""

from __future__ import annotations

import pytest

from tests.service.conftest import PHONE, fixture_log, no_sideways_scroll, phone_login, verified

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
WORDS = {
    "zh-CN": {"badge": "已撤回", "restore": "恢复"},
    "en-US": {"badge": "withdrawn", "restore": "Restore"},
}


@pytest.mark.parametrize("locale", ["zh-CN", "en-US"], ids=["zh", "en"])
@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_withdraw_asks_first_then_the_banner_offers_the_way_back(
    live, browser, shots, alice, device, locale
):
    sid = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    context, page, errors = phone_login(browser, live, {**device, "locale": locale})
    page.goto(f"{live}/sessions/{sid}")
    page.locator("#withdraw summary").click()
    page.fill("#withdraw input[name=reason]", "传错了俱乐部" if locale == "zh-CN" else "wrong club")
    page.locator("#withdraw button[type=submit]").click()
    dialog = page.locator("#withdraw-dialog")
    assert dialog.is_visible() and "·" in dialog.locator(".what").inner_text()
    no_sideways_scroll(page)
    lang = "" if locale == "zh-CN" else "-en"
    suffix = "-desktop" if device is DESKTOP else "-phone"
    page.screenshot(path=shots / f"session-withdraw{lang}{suffix}.png")
    page.locator("#withdraw-yes").click()
    banner = page.locator("#withdrawn")
    banner.wait_for()
    words = WORDS[locale]
    assert words["badge"] in banner.inner_text() and "alice" in banner.inner_text()
    assert (
        page.locator("#withdrawn form.withdrawal button[type=submit]").inner_text()
        == words["restore"]
    )
    no_sideways_scroll(page)
    page.screenshot(path=shots / f"session-withdrawn{lang}{suffix}.png")
    page.fill("#withdrawn input[name=reason]", "没传错")
    page.locator("#withdrawn form.withdrawal button[type=submit]").click()
    assert page.locator("#restore-dialog").is_visible()
    page.locator("#restore-yes").click()
    page.locator("#withdraw summary").wait_for()
    assert page.locator("#withdrawn").count() == 0
    assert errors == []
    context.close()
