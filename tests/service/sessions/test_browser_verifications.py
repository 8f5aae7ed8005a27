"""The session page's verification history in headless Chromium, on a desktop and on a phone:
an engine upgrade changed a dispute's recorded amount and added its explanation; the change and
its cause (old → new engine) are on screen, in lines wide enough to read, and nothing needs
scrolling sideways.

Screenshots go to ``$FUPAN_SCREENSHOTS`` when set (``docs/screenshots`` for the docs).
"""

from __future__ import annotations

import pytest

from tests.service.conftest import PHONE, phone_login
from tests.service.sessions.test_web_verifications import upgraded  # noqa: F401  (the fixture)
from workers import tasks

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}
READABLE = 250  # CSS px: about 30 characters a line


def _open(browser, live, sid: str, device: dict):
    """A page on ``device`` logged in as alice, at the session's history: (page, page errors)."""
    _, page, errors = phone_login(browser, live, device)
    page.goto(f"{live}/sessions/{sid}")
    page.locator("#verifications").scroll_into_view_if_needed()
    return page, errors


def _on_screen(locator, width: int, min_width: float = 0) -> None:
    """Visible, inside the viewport's width and at least ``min_width`` wide."""
    assert locator.is_visible()
    box = locator.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1, box
    assert box["width"] >= min_width, box


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_change_and_its_cause_are_readable(live, browser, shots, upgraded, device):  # noqa: F811
    sid, current = upgraded
    dispute = current["hands"][0]["disputes"][0]
    e, r = dispute["expected"], dispute["recorded"]
    page, errors = _open(browser, live, sid, device)
    width = device["viewport"]["width"]
    row = page.locator("#verifications tr[id^=verification-]").last
    cause = row.locator(".cause[data-cause=engine]")
    amount = row.locator("li[data-change=dispute_amount]")
    explanation = row.locator("li[data-change=explanation]")

    _on_screen(row.locator(".verdict-changed"), width)
    for line in (cause, amount, explanation):
        _on_screen(line, width, READABLE)
    assert f"0.0.1 → {tasks.engine_version()}" in cause.inner_text()
    assert f"应付 {e} · 实付 {r + 3} → 应付 {e} · 实付 {r}" \
        in " ".join(amount.inner_text().split())  # fmt: skip
    assert dispute["explanation"]["zh"] in explanation.inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    wrapper = "document.getElementById('verifications').parentElement"
    assert page.evaluate(f"{wrapper}.scrollWidth <= {wrapper}.clientWidth")  # no sideways scroll
    assert errors == []
    suffix = "" if device is DESKTOP else "-phone"
    page.locator("section.verifications").screenshot(path=shots / f"verifications{suffix}.png")
