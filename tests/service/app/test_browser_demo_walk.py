"""The whole demo, once in Chinese and once in English, as a reader of only that language does it
(issue 17, "Done when"): the browser asks for the other language and the reader taps the switch on
the login page; then log in (a wrong password first), the sessions, a disputed session and its
explanation, the club's disputes, the hand page, its ruleset's rules reached from an item name,
the replay stepped to the hand's result, the ledger (a point's value set, a transfer marked paid)
and, at 390 px, a hand recorded on the phone recorder through to its payments and its save.

On every page and after every step, the live page (after its scripts ran) is read as a reader
sees it (``one_language.visible_text``: text, title, aria-label, placeholder, alt; and every
alert/confirm/prompt text) for a word of the other language and for internal codes (identifiers,
ruleset code names, tile codes, raw JSON, seat letters).
"""

from __future__ import annotations

import json
import re

import pytest

from engine.rulesets import SHIPPED
from tests.service.conftest import CLUB, PASSWORD, PHONE, fixture_log, open_table, verified
from tests.service.i18n.one_language import ELSEWHERE, Reader

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
BROWSER_ASKS = {"zh": "en-US", "en": "zh-CN"}  # the browser asks for the other language
NIGHT = "2026-11-28"
DISPUTED, WENLING = "audit/fan_missed.jsonl", "wenling/settlement.jsonl"
RECORDED = {"zh": ["阿强", "小李", "老王", "阿芳"], "en": ["Ann", "Ben", "Cat", "Dan"]}
DATA = {CLUB, "阿强", "小李", "老王", "阿芳", "甲", "乙", "丙", "丁", "alice", *RECORDED["en"]}


def _step(page, n: int) -> None:
    page.wait_for_function(
        f"document.getElementById('step-no').textContent.trim().startsWith('{n} ')"
    )


def _keys(page, tiles: str) -> None:
    from engine.tiles import parse_tiles

    for t in parse_tiles(tiles):
        page.click(f"#keyboard .key[data-t='{t}']")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_demo_in_one_language(app, alice, live, browser, lang):
    disputed = verified(alice, fixture_log(DISPUTED))
    verified(alice, fixture_log(WENLING))
    alice.post("/logout")
    context = browser.new_context(locale=BROWSER_ASKS[lang], **DESKTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    walk = Reader(page, lang, DATA)

    # the reader switches the language on the login page, then logs in (a typo first)
    page.goto(f"{live}/login")
    page.click(f"#lang-switch button[value={lang}]")
    page.wait_for_url(f"{live}/login*")
    assert page.get_attribute("html", "lang") == {"zh": "zh-CN", "en": "en"}[lang]
    walk.look("login")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", "wrong")
    page.click("main button[type=submit]")
    page.wait_for_load_state("load")
    walk.look("login, wrong password")
    page.fill("input[name=username]", "alice")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live}/")
    walk.look("sessions")

    # a disputed session: the hand's dispute explained inline, then the club's disputes
    page.click(f"a[href='/sessions/{disputed}']")
    page.wait_for_selector("#hand-1-why .explanation")
    page.click("#flow .chart-tap")  # the payment flow loads when asked (the full plotly bundle)
    page.wait_for_selector("#flow .main-svg", timeout=30_000)
    walk.look("session")
    page.goto(f"{live}/clubs/{CLUB}/disputes")
    assert page.locator("section.dispute-item").count() >= 1
    walk.look("disputes")

    # the hand, and the rules of its ruleset from an item's name
    page.goto(f"{live}/sessions/{disputed}")
    page.click("#hand-1 td a")
    page.wait_for_selector("#disputes")
    walk.look("hand")
    link = page.locator("table.scoring a[href*='#item-']").first
    code = link.get_attribute("href").split("#item-")[1]
    link.click()
    page.wait_for_url(re.compile(r".*/rules/huangyan\?session=.*#item-" + re.escape(code)))
    assert page.evaluate(f"document.getElementById('item-{code}').matches(':target')")
    walk.look("rules")
    for name in [n for n in SHIPPED if n != "huangyan"]:  # the club's other games
        page.click(f".rulesets a[href='/rules/{name}']")
        page.wait_for_url(f"{live}/rules/{name}")
        walk.look(f"rules of {name}")

    # the replay, stepped, then its last step with the hand's result
    page.goto(f"{live}/sessions/{disputed}/replay?hand=1&step=0")
    page.wait_for_selector("#seat-E h3")
    _step(page, 0)
    walk.look("replay step 0")
    for n in range(1, 7):
        page.keyboard.press("ArrowRight")
        _step(page, n)
        walk.look(f"replay step {n}")
    page.keyboard.press("End")
    page.wait_for_selector("#result:not([hidden]) .win-line, #result:not([hidden]) table")
    walk.look("replay result")

    # settle up: a point's value, then a transfer marked paid
    page.goto(f"{live}/clubs/{CLUB}/ledger?date={NIGHT}")
    walk.look("ledger")
    page.fill("#money-form input[name=point_value]", "0.5")
    page.locator("#money-form").get_by_role("button").click()
    page.wait_for_load_state("load")
    walk.look("ledger with money")
    first = page.locator(f"#night-{NIGHT} ol.transfers li").first
    first.locator("form.mark-paid button").click()
    page.wait_for_selector("#confirm-form")
    walk.look("ledger, confirm the cash")
    page.locator("#confirm-form button").click()
    page.wait_for_load_state("load")
    assert "paid" in page.locator(f"#night-{NIGHT} ol.transfers li").first.get_attribute("class")
    walk.look("ledger, marked paid")

    # the phone recorder at 390 px: open a table, enter a hand, see the payments, save it
    page.set_viewport_size(PHONE["viewport"])
    page.goto(f"{live}/record")
    walk.look("recorder start")

    def look_at_options(page):
        page.click("#open-form summary")
        page.wait_for_selector("#options input[data-option=multiplier]")
        walk.look("recorder start, options")

    open_table(page, live, "wenling", "3", RECORDED[lang], before_submit=look_at_options)
    walk.look("recorder, empty hand")
    page.click("#winner button[data-seat=S]")
    page.click("#from button[data-seat=W]")
    page.click(".tgt[data-target=indicator]")
    _keys(page, "9s")
    walk.look("recorder, indicator")
    _keys(page, "123m456m234p68p222z9s9s")
    walk.look("recorder, tiles")
    page.click(".tgt[data-target=win]")
    _keys(page, "5p")
    page.wait_for_function("document.getElementById('verdict').classList.contains('ok')")
    page.wait_for_selector("#payments .amount")
    assert page.eval_on_selector_all("#payments .amount", "els => els.map(e => +e.value)") == [
        12,
        12,
        12,
    ]
    walk.look("recorder, payments")
    page.fill("#payments .amount >> nth=0", "10")
    page.dispatch_event("#payments .amount >> nth=0", "change")
    page.wait_for_selector("#disputes .dispute-line")
    walk.look("recorder, paid otherwise")
    walk.dismiss = True  # "clear" asks first; the reader keeps the entry
    page.click("#clear")
    walk.dismiss = False
    assert len(walk.dialogs) == 1 and page.locator("#payments .amount").count() == 3
    walk.look("recorder, clear not confirmed")
    page.click("#save")
    page.wait_for_selector("#saved li[data-no='1']")
    walk.look("recorder, saved")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    assert not walk.leaks, json.dumps(walk.leaks, ensure_ascii=False, indent=1)
    gone = set(ELSEWHERE) - walk.elsewhere
    assert not gone, f"the leaks left to {gone} are gone: delete their ELSEWHERE entries"
    assert errors == []
    context.close()
