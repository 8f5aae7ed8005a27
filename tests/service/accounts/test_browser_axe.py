"""axe-core on the account pages the demo walk (tests/service/app/test_browser_pages.py) does not
open (issue 27, 5): the members page showing a new invitation, the invitation a newcomer opens,
the password change and an error page, each with no violation."""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest

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
