"""The rules pages in headless Chromium, on a desktop and a 390 px phone, in Chinese and in
English: from a hand page, a tap on an item opens its entry on the rules page of the hand's
ruleset (highlighted); no sideways scroll on the phone; the glossary.

Screenshots go to ``$FUPAN_SCREENSHOTS`` when set (``docs/screenshots`` for the docs).
"""

from __future__ import annotations

import pytest

from tests.service.conftest import PHONE, fixture_log, phone_login, verified

pytestmark = pytest.mark.browser
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def test_hand_item_opens_its_rules_entry_on_desktop_and_phone(alice, live, browser, shots):
    sid = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    for device, suffix in ((DESKTOP, ""), (PHONE, "-phone")):
        context, page, errors = phone_login(browser, live, device)
        page.goto(f"{live}/sessions/{sid}/hands/1")
        link = page.locator("table.scoring a[href*='#item-']").first
        code = link.get_attribute("href").split("#item-")[1]
        link.click()
        page.wait_for_url(f"{live}/rules/huangyan?session={sid}#item-{code}")
        assert page.evaluate(f"document.getElementById('item-{code}').matches(':target')")
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
        page.screenshot(path=shots / f"rules{suffix}.png", full_page=True)
        page.goto(f"{live}/rules/xizhou?lang=en")
        assert page.text_content("h1").startswith("Xizhou mahjong")
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
        page.screenshot(path=shots / f"rules-en{suffix}.png", full_page=True)
        page.goto(f"{live}/rules/glossary")
        assert page.is_visible("#g-闹闹")
        assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
        page.screenshot(path=shots / f"glossary{suffix}.png", full_page=True)
        assert errors == []
        context.close()
