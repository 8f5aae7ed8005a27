"""The review panel loads whatever order the replay's first step and review.js arrive in. The
replay draws its first step when its fetch answers, which can be while the parser still waits
for review.js (the event loop runs meanwhile): review.js then missed the first ``replay:step``,
never watched its panel, and the review never loaded (test_browser_review's missed-win test
failed so under load). Here review.js is held back until the table is drawn."""

from __future__ import annotations

import pytest

from engine.simulate.session import generate_session
from events.codec import canonical_json
from tests.service.conftest import CLUB, login, phone_login, verified

pytestmark = pytest.mark.browser
DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def test_the_review_loads_when_review_js_comes_after_the_first_step(app, client, live, browser):
    records, _ = generate_session("zhoushan", 1, seed=31, club=CLUB)
    login(client)
    session_id = verified(client, "".join(canonical_json(r) + "\n" for r in records).encode())
    context, page, errors = phone_login(browser, live, DESKTOP)
    held: list = []
    page.route("**/review.js*", lambda route: held.append(route))  # answered once drawn
    page.goto(f"{live}/sessions/{session_id}/replay?hand=1&step=8", wait_until="commit")
    page.wait_for_selector("#seat-E .tile")
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_function("document.getElementById('review').dataset.state === 'waiting'")
    page.locator("#review").scroll_into_view_if_needed()
    page.wait_for_selector("#review table.review-hand", timeout=30_000)  # the hand's figures
    assert page.locator("#review").get_attribute("data-state") == "loaded"
    assert not errors
    context.close()


def test_a_review_the_server_could_not_make_says_so_on_every_step(app, client, live, browser):
    """The API answers a review it could not make with an ``error`` (no session record, a
    ruleset it does not know): the panel said nothing at all (it was emptied); now it says it
    could not load, and stepping on keeps the message."""
    records, _ = generate_session("zhoushan", 1, seed=31, club=CLUB)
    login(client)
    session_id = verified(client, "".join(canonical_json(r) + "\n" for r in records).encode())
    context, page, errors = phone_login(browser, live, DESKTOP)
    page.route(
        f"**/api/v1/sessions/{session_id}/review",
        lambda route: route.fulfill(json={"id": session_id, "error": "no session record"}),
    )
    page.goto(f"{live}/sessions/{session_id}/replay?hand=1&step=8")
    page.wait_for_selector("#seat-E .tile")
    page.locator("#review").scroll_into_view_if_needed()
    page.wait_for_function("document.getElementById('review').dataset.state === 'failed'")
    assert page.text_content("#review-body") == "复盘加载失败"
    page.keyboard.press("ArrowRight")
    page.wait_for_function("location.href.endsWith('step=9')")
    assert page.text_content("#review-body") == "复盘加载失败"
    assert not errors
    context.close()
