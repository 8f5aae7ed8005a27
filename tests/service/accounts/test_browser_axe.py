"""axe-core on the account pages the demo walk (tests/service/app/test_browser_pages.py) does not
open (issue 27, 5): the members page showing a new invitation, the invitation a newcomer opens,
the password change, an error page and the first run's page, each with no violation."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from sqlalchemy import text

from service.db import engine
from tests.service.app.test_browser_pages import AXE, AXE_RUN
from tests.service.conftest import CLUB, phone_login

pytestmark = pytest.mark.browser

DESKTOP = {"viewport": {"width": 1280, "height": 900}}


def _violations(page) -> list[str]:
    page.wait_for_load_state("networkidle")
    page.add_script_tag(path=AXE)
    return page.evaluate(AXE_RUN)


def test_account_pages_have_no_accessibility_violation(browser, live, alice):
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing (`bash scripts/test` installs it)")
    found: dict[str, list[str]] = {}
    context, page, errors = phone_login(browser, live, DESKTOP)
    page.goto(f"{live}/clubs/{quote(CLUB)}/members")
    page.click("#invite-form button[type=submit]")
    page.wait_for_selector("#invite-link")
    link = page.inner_text("#invite-link")
    found["members, a new invitation shown"] = _violations(page)
    page.goto(f"{live}/account/password")
    found["password change"] = _violations(page)
    page.goto(f"{live}/sessions/{'0' * 32}")
    found["not found"] = _violations(page)
    newcomer = browser.new_context(locale="zh-CN", **DESKTOP).new_page()
    newcomer.goto(link)
    newcomer.wait_for_selector("input[name=password2]")
    found["invitation"] = _violations(newcomer)
    newcomer.context.close()
    context.close()
    assert errors == []
    assert not {k: v for k, v in found.items() if v}, json.dumps(
        found, ensure_ascii=False, indent=1
    )


def test_the_first_run_page_has_no_accessibility_violation(app, browser, live):
    if not AXE.exists():
        pytest.skip(f"{AXE} is missing (`bash scripts/test` installs it)")
    with app.app_context(), engine().begin() as c:  # no user yet: the first run
        for table in ("web_invite", "web_api_token", "web_membership", "web_user"):
            c.execute(text(f"DELETE FROM {table}"))
    page = browser.new_context(locale="zh-CN", **DESKTOP).new_page()
    page.goto(f"{live}/setup")
    page.wait_for_selector("input[name=club]")
    found = _violations(page)
    page.context.close()
    assert found == [], json.dumps(found, ensure_ascii=False, indent=1)
