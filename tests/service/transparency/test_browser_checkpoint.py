"""The checkpoint page in headless Chromium on a desktop and a phone: the whole signed note is on
screen without sideways scrolling, and one tap selects exactly the note (what a club pastes).

Screenshots go to ``$FUPAN_SCREENSHOTS`` when set (``docs/screenshots`` for the docs).
"""

from __future__ import annotations

import pytest

from events import store
from tests.service.conftest import PHONE, fixture_log, phone_login

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_checkpoint_is_on_screen_and_selected_whole(app, live, browser, shots, device):
    with app.app_context():
        store.ingest(data=fixture_log("huangyan/seed_examples.jsonl"))
        note = store.latest_checkpoint()
    _, page, errors = phone_login(browser, live, device)
    page.goto(f"{live}/checkpoint")
    width = device["viewport"]["width"]
    box = page.locator("#checkpoint-note").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#checkpoint-note").click()
    selected = page.evaluate("window.getSelection().toString()")
    assert selected.strip() == note.strip()
    name = "desktop" if device is DESKTOP else "phone"
    page.screenshot(path=str(shots / f"checkpoint-{name}.png"), full_page=True)
    assert errors == []
