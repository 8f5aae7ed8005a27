"""A club admin runs the club from a phone (issue 19): invites a new member by a one-time link,
who opens it in another browser, makes an account and lands in the club; creates a member with
a temporary password, who must choose their own at the first login; removes a member."""

from __future__ import annotations

import pytest

from tests.service.conftest import CLUB, PHONE, phone_login

pytestmark = pytest.mark.browser
NEW = "my own secret 99"


def test_invite_create_and_remove_members_on_a_phone(app, live, browser, shots):
    context, page, errors = phone_login(browser, live)
    page.goto(f"{live}/clubs")
    page.click("a.manage")
    page.wait_for_url(f"{live}/clubs/*/members")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"] + 1
    page.select_option("#invite-form select[name=role]", "auditor")
    page.fill("#invite-form input[name=player]", "老王")
    page.click("#invite-form button[type=submit]")
    link = page.text_content("#invite-link").strip()
    assert "/invite/" in link
    assert page.locator("#invites tr").count() == 2  # the header and the pending invitation
    page.screenshot(path=shots / "members-invite-phone.png", full_page=True)

    guest = browser.new_context(**PHONE)
    newcomer = guest.new_page()
    newcomer.goto(link)
    assert CLUB in newcomer.text_content("h1")
    newcomer.fill("#join-form input[name=username]", "dave")
    newcomer.fill("#join-form input[name=password]", NEW)
    newcomer.fill("#join-form input[name=password2]", NEW)
    newcomer.screenshot(path=shots / "invite-phone.png", full_page=True)
    newcomer.click("#join-form button[type=submit]")
    newcomer.wait_for_url(f"{live}/clubs")
    assert CLUB in newcomer.text_content("main")
    newcomer.goto(link)  # a used link is refused
    assert "already been used" in newcomer.text_content("#error-message")
    guest.close()

    page.goto(page.url)
    page.fill("#create-form input[name=username]", "erin")
    page.click("#create-form button[type=submit]")
    temporary = page.text_content("#temporary-password").strip()
    first = browser.new_context(**PHONE)
    erin = first.new_page()
    erin.goto(f"{live}/login")
    erin.fill("input[name=username]", "erin")
    erin.fill("input[name=password]", temporary)
    erin.click("main button[type=submit]")
    erin.wait_for_url(f"{live}/account/password")
    assert erin.is_visible("#forced")
    erin.screenshot(path=shots / "password-phone.png", full_page=True)
    erin.fill("#password-form input[name=current]", temporary)
    erin.fill("#password-form input[name=password]", NEW)
    erin.fill("#password-form input[name=password2]", NEW)
    erin.click("#password-form button[type=submit]")
    erin.wait_for_url(f"{live}/")
    first.close()

    page.goto(page.url)
    row = page.locator("#members tr[data-user=carol]")
    row.locator("button.danger").click()  # asks first, naming whom and which club
    assert page.is_visible("#remove-dialog")
    assert page.text_content("#remove-dialog .what") == f"把 carol 移出 {CLUB}"
    page.click("#remove-dialog button[value=no]")  # Cancel keeps carol
    assert not page.is_visible("#remove-dialog") and row.count() == 1
    row.locator("button.danger").click()
    page.click("#remove-yes")
    page.wait_for_selector("#members tr[data-user=carol]", state="detached")  # the form reloads
    page.wait_for_load_state()
    assert page.locator("#members tr[data-user=carol]").count() == 0
    assert {"alice", "dave", "erin"} <= set(page.eval_on_selector_all(
        "#members tr[data-user]", "rows => rows.map(r => r.dataset.user)"))  # fmt: skip
    page.screenshot(path=shots / "members-phone.png", full_page=True)
    assert errors == []
    cookies = context.cookies()
    context.close()

    desk = browser.new_page(viewport={"width": 1280, "height": 900})
    desk.context.add_cookies(cookies)
    desk.goto(f"{live}/clubs/{CLUB}/members")
    desk.screenshot(path=shots / "members.png", full_page=True)
