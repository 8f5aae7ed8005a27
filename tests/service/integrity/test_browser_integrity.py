"""The integrity page in Chromium: Chinese at 1280 and 390 px, English at 1280 px; every signal's
chart drawn, no sideways scroll on a phone, links to the hands behind each signal."""

from __future__ import annotations

import pytest

from tests.service.conftest import (
    CLUB,
    PHONE,
    draw_every_chart,
    no_sideways_scroll,
    phone_login,
    verified,
)
from tests.service.integrity.test_integrity import log, page

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
SHOTS = {"zh-desktop": ("zh", DESKTOP, "integrity.png"), "zh-phone": ("zh", PHONE, "integrity-phone.png"),
         "en-desktop": ("en", DESKTOP, "integrity-en.png")}  # fmt: skip


@pytest.mark.browser
@pytest.mark.parametrize("shot", SHOTS)
def test_integrity_page(browser, live, alice, shots, shot):
    verified(alice, log(160, 21, strength=1.0))
    page(alice)  # computed by the workers before the browser comes
    lang, device, name = SHOTS[shot]
    context, tab, errors = phone_login(browser, live, device)
    if lang == "en":
        context.add_cookies([{"name": "fupan_lang", "value": "en", "url": live}])
    tab.goto(f"{live}/clubs/{CLUB}/integrity")
    assert tab.locator("section.signal.flagged").count() >= 1
    title = "Patterns across hands" if lang == "en" else "各局的规律"
    assert title in tab.locator("h1").inner_text()
    draw_every_chart(tab)  # each draws when scrolled to
    tab.wait_for_function(
        "[...document.querySelectorAll('section.signal')].every(s => s.querySelector('.main-svg'))",
        timeout=60_000,
    )
    assert tab.locator("section.signal.flagged p.hands a").count() > 0
    if device is PHONE:
        no_sideways_scroll(tab)
    tab.screenshot(path=str(shots / name), full_page=True)
    assert errors == []
    context.close()
