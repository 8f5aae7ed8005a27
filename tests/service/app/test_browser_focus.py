"""Keyboard use (issue 27, 5, part): the first Tab lands on a visible link that skips the top bar,
and whatever has the focus wears a visible ring."""

from __future__ import annotations

import pytest

from tests.service.conftest import phone_login

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def test_the_first_tab_offers_a_skip_link_and_focus_is_visible(browser, live, alice):
    context, page, errors = phone_login(browser, live, DESKTOP)
    page.goto(f"{live}/upload")
    page.keyboard.press("Tab")
    skip = page.locator("a.skip-link")
    assert page.evaluate("document.activeElement.className") == "skip-link"
    assert skip.inner_text() == "跳到正文"
    box = skip.bounding_box()
    assert box["y"] >= 0 and box["height"] > 0  # on screen once focused
    ring = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert ring != "none"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"
    page.keyboard.press("Tab")  # the next stop is inside the page, with its ring
    assert page.evaluate("document.activeElement.closest('main') !== null")
    assert page.evaluate("getComputedStyle(document.activeElement).outlineStyle") != "none"
    assert page.locator("label[for=files]").count() == 1  # the file input has a name
    assert errors == []
    context.close()
