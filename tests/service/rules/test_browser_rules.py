"""The rules pages in headless Chromium, on a desktop and a 390 px phone, in Chinese and in
English: from a hand page, a tap on an item opens its entry on the rules page of the hand's
ruleset (highlighted); no sideways scroll on the phone; the glossary.

Screenshots go to ``$FUPAN_SCREENSHOTS`` when set (``docs/screenshots`` for the docs).
"""

from __future__ import annotations

import pytest

from engine.rulesets import SHIPPED
from tests.service.conftest import PHONE, fixture_log, open_table, phone_login, verified

pytestmark = pytest.mark.browser
ZH = {"locale": "zh-CN"}  # the browser asks for Chinese (Accept-Language)
DESKTOP = {"viewport": {"width": 1280, "height": 900}, **ZH}


def test_hand_item_opens_its_rules_entry_on_desktop_and_phone(alice, live, browser, shots):
    sid = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    for device, suffix in ((DESKTOP, ""), ({**PHONE, **ZH}, "-phone")):
        context, page, errors = phone_login(browser, live, device)
        page.goto(f"{live}/sessions/{sid}/hands/1")
        link = page.locator("table.scoring a[href*='#item-']").first
        code = link.get_attribute("href").split("#item-")[1]
        link.click()
        page.wait_for_url(f"{live}/rules/huangyan?session={sid}#item-{code}")
        assert page.evaluate(f"document.getElementById('item-{code}').matches(':target')")
        assert (
            page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
        )
        page.screenshot(path=shots / f"rules{suffix}.png", full_page=True)
        context.add_cookies([{"name": "fupan_lang", "value": "en", "url": live}])
        page.goto(f"{live}/rules/xizhou")
        assert page.text_content("h1").startswith("Xizhou mahjong")
        assert (
            page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
        )
        page.screenshot(path=shots / f"rules-en{suffix}.png", full_page=True)
        context.add_cookies([{"name": "fupan_lang", "value": "zh", "url": live}])
        page.goto(f"{live}/rules/glossary")
        assert page.is_visible("#g-闹闹")
        assert (
            page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"] + 1
        )
        page.screenshot(path=shots / f"glossary{suffix}.png", full_page=True)
        assert errors == []
        context.close()


def test_recorder_links_to_the_rules_of_its_ruleset(app, live, browser):
    from engine.tiles import parse_tiles

    context, page, errors = phone_login(browser, live, {**PHONE, **ZH})
    page.goto(f"{live}/record")
    hrefs = page.eval_on_selector_all("#rules-links a", "as => as.map(a => a.getAttribute('href'))")
    assert hrefs == [f"/rules/{name}" for name in SHIPPED]
    sid = open_table(page, live, "wenling", "9", ["A", "B", "C", "D"])
    assert page.get_attribute("#rules-link", "href") == f"/rules/wenling?session={sid}"
    page.click("#winner button[data-seat=S]")
    page.click("#from button[data-seat=W]")
    page.click(".tgt[data-target=indicator]")
    for t in parse_tiles("9s123m456m234p68p222z9s9s"):
        page.click(f"#keyboard .key[data-t='{t}']")
    page.click(".tgt[data-target=win]")
    page.click("#keyboard .key[data-t='5p']")
    page.wait_for_function("document.getElementById('verdict').classList.contains('ok')")
    anchors = page.eval_on_selector_all("#items a", "as => as.map(a => a.getAttribute('href'))")
    assert anchors and all(a.startswith(f"/rules/wenling?session={sid}#item-") for a in anchors)
    rules = context.new_page()
    rules.goto(live + anchors[0])
    for a in anchors:
        assert rules.locator(f"#{a.split('#')[1]}").count() == 1, a
    assert errors == []
    context.close()
