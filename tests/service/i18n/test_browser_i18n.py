"""The language switch in headless Chromium, on a desktop and on a phone: a Chinese browser gets
Chinese pages, one tap on "English" turns the pages English (no script needed: a form) and the
replay's script texts follow; the user's setting then holds on the next visit. Screenshots of the
session, hand and replay pages in both languages go to ``$FUPAN_SCREENSHOTS`` when set.
"""

from __future__ import annotations

import re

import pytest

from tests.service.conftest import PHONE, fixture_log, phone_login, verified

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_switching_to_english_and_back(app, alice, live, browser, shots, device):
    sid = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    context, page, errors = phone_login(browser, live, device)
    kind = "desktop" if device is DESKTOP else "phone"
    page.goto(f"{live}/sessions/{sid}/hands/1")
    assert page.get_attribute("html", "lang") == "zh-CN"
    assert page.inner_text("h1").endswith("第 1 局")
    page.screenshot(path=shots / f"i18n-hand-zh-{kind}.png", full_page=True)

    page.click("#lang-switch button[value=en]")
    page.wait_for_url(f"{live}/sessions/{sid}/hands/1")
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("h1").endswith("Hand 1") and not CJK.search(
        page.inner_text("nav").replace("阿强", "")
    )  # her display name
    page.screenshot(path=shots / f"i18n-hand-en-{kind}.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= device["viewport"]["width"]

    page.goto(f"{live}/sessions/{sid}/replay?hand=1&step=3")
    page.wait_for_function("document.getElementById('step-no').textContent.startsWith('3')")
    seat = page.inner_text("#seat-E h3")
    assert seat.startswith("East · ") and not CJK.search(page.inner_text("#record"))
    page.screenshot(path=shots / f"i18n-replay-en-{kind}.png", full_page=True)

    # the setting is the user's: a new browser (its Accept-Language Chinese) logs in to English
    context.close()
    _, again, _ = phone_login(browser, live, device)
    assert again.get_attribute("html", "lang") == "en"
    again.goto(f"{live}/sessions/{sid}")
    again.screenshot(path=shots / f"i18n-session-en-{kind}.png", full_page=True)
    again.click("#lang-switch button[value=zh]")
    again.wait_for_url(f"{live}/sessions/{sid}")
    assert again.get_attribute("html", "lang") == "zh-CN"
    again.screenshot(path=shots / f"i18n-session-zh-{kind}.png", full_page=True)
    assert errors == []
