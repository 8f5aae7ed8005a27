"""Club members from the browser (issue 19): one-time invitation links, members created with a
temporary password that must be changed at the first login, password resets, removal, roles
per club, a member's own password change (other sessions end), and the first-run page."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from urllib.parse import quote

from sqlmodel import select

from events import db as events_db
from service.accounts import auth
from service.app import create_app
from service.db import db
from service.models import Invite, User
from tests.service.conftest import CLUB, OTHER_CLUB, PASSWORD, csrf_token, login

MEMBERS = f"/clubs/{CLUB}/members"
NEW_PASSWORD = "a brand new secret 7"


def manage(client, club: str = CLUB, **form):
    """POST a form of the club's members page (with its CSRF token)."""
    return client.post(f"/clubs/{club}/members",
                       data={"csrf_token": csrf_token(client, "/account"), **form})  # fmt: skip


def shown_secret(html: str, element: str) -> str:
    return re.search(rf'id="{element}"[^>]*>([^<]+)<', html).group(1).strip()


def invite_link(alice, **form) -> str:
    response = manage(alice, action="invite", **{"role": "member", "player": "", **form})
    assert response.status_code == 200
    return shown_secret(response.get_data(as_text=True), "invite-link")


def join(client, link: str, username: str = "dave", password: str = NEW_PASSWORD):
    path = link[link.index("/invite/") :]
    return client.post(path, data={"csrf_token": csrf_token(client, path), "username": username,
                                   "password": password, "password2": password})  # fmt: skip


def clubs_of(client) -> dict[str, str]:
    return {c["name"]: c["role"] for c in client.get("/api/v1/me").get_json()["clubs"]}


def test_an_invitation_link_makes_a_member_once_and_is_stored_hashed(app, alice):
    link = invite_link(alice, role="auditor", player="老王")
    token = link.rsplit("/", 1)[1]
    with app.app_context(), db() as session:
        (stored,) = session.exec(select(Invite)).all()
    assert token not in stored.token_hash and len(stored.token_hash) == 64
    newcomer = app.test_client()
    taken = join(newcomer, link, username="bob")  # a name in use: refused, the link still works
    assert taken.status_code == 400
    page = newcomer.get(link[link.index("/invite/") :])
    assert page.status_code == 200 and CLUB in page.get_data(as_text=True)
    assert join(newcomer, link).status_code == 302
    assert clubs_of(newcomer) == {CLUB: "auditor"}
    members = {
        m["username"]: m for m in alice.get(f"/api/v1/clubs/{CLUB}/members").get_json()["members"]
    }
    assert members["dave"]["player"] == "老王"
    again = join(app.test_client(), link, username="eve")
    assert again.status_code == 410 and "已经用过" in again.get_data(as_text=True)
    assert login(app.test_client(), "eve", NEW_PASSWORD).status_code == 401


def test_an_expired_invitation_is_refused(app, alice):
    link = invite_link(alice)
    with app.app_context(), db() as session:
        invite = session.exec(select(Invite)).one()
        invite.expires_at = datetime.now(UTC) - timedelta(minutes=1)
        session.add(invite)
        session.commit()
    response = join(app.test_client(), link)
    assert response.status_code == 410 and "过期" in response.get_data(as_text=True)
    assert app.test_client().get("/invite/not-a-token").status_code == 404


def test_a_logged_in_user_accepts_an_invitation_with_their_account(app, client):
    alice = app.test_client()
    login(alice)
    link = invite_link(alice, role="member")
    assert login(client, "bob").status_code == 302
    path = link[link.index("/invite/") :]
    assert client.post(path, data={"csrf_token": csrf_token(client, path)}).status_code == 302
    assert clubs_of(client) == {CLUB: "member", OTHER_CLUB: "member"}


def test_a_member_created_with_a_temporary_password_must_change_it(app, alice):
    response = manage(alice, action="create", username="erin", role="member", player="阿芳")
    assert response.status_code == 200
    temporary = shown_secret(response.get_data(as_text=True), "temporary-password")
    erin = app.test_client()
    assert login(erin, "erin", temporary).status_code == 302
    assert erin.get("/").headers["Location"].startswith("/account/password")
    assert erin.get("/api/v1/sessions").status_code == 403  # the API too, until it is changed
    form = {"csrf_token": csrf_token(erin, "/account/password"), "current": temporary,
            "password": NEW_PASSWORD, "password2": NEW_PASSWORD}  # fmt: skip
    assert erin.post("/account/password", data=form).status_code == 302
    assert erin.get("/").status_code == 200
    assert clubs_of(erin) == {CLUB: "member"}
    assert login(app.test_client(), "erin", temporary).status_code == 401


def test_a_reset_ends_the_members_sessions_and_asks_for_a_new_password(app, alice):
    carol = app.test_client()
    assert login(carol, "carol").status_code == 302
    response = manage(alice, action="reset", username="carol")
    temporary = shown_secret(response.get_data(as_text=True), "temporary-password")
    assert carol.get("/").status_code == 302 and "/login" in carol.get("/").headers["Location"]
    assert login(app.test_client(), "carol", PASSWORD).status_code == 401
    again = app.test_client()
    assert login(again, "carol", temporary).status_code == 302
    assert again.get("/").headers["Location"].startswith("/account/password")


def test_a_reset_is_refused_for_someone_who_administers_another_club(app, alice):
    """Else an admin could reset another club's admin and log in as them."""
    with app.app_context():
        bob = auth.authenticate("bob", PASSWORD)
        auth.add_member(bob, auth.get_or_create_club(CLUB), "member")
        auth.add_member(bob, auth.get_or_create_club(OTHER_CLUB), "admin")
    response = manage(alice, action="reset", username="bob")
    assert response.status_code == 403
    assert login(app.test_client(), "bob", PASSWORD).status_code == 302


def test_roles_change_and_members_are_removed_but_not_the_last_admin(app, alice):
    carol = app.test_client()
    login(carol, "carol")
    assert manage(alice, action="role", username="carol", role="admin").status_code == 302
    assert clubs_of(carol) == {CLUB: "admin"}
    assert manage(alice, action="remove", username="carol").status_code == 302
    assert clubs_of(carol) == {}
    assert carol.get(f"/clubs/{CLUB}/ledger").status_code == 404
    refused = manage(alice, action="remove", username="alice")
    assert refused.status_code == 409 and "最后一个管理员" in refused.get_data(as_text=True)
    refused = manage(alice, action="role", username="alice", role="member")
    assert refused.status_code == 409
    assert clubs_of(alice) == {CLUB: "admin"}


def test_only_a_clubs_admins_manage_it(app, client):
    assert login(client, "carol").status_code == 302  # an auditor of the club
    assert client.get(MEMBERS).status_code == 403
    assert manage(client, action="invite", role="admin").status_code == 403
    other = app.test_client()
    login(other, "bob")
    assert other.get(MEMBERS).status_code == 404  # not a member: the club is not shown
    assert manage(other, action="remove", username="alice").status_code == 404


def test_a_member_changes_their_password_and_other_sessions_end(app, alice):
    phone = app.test_client()
    login(phone)
    form = {"csrf_token": csrf_token(alice, "/account/password"), "current": "wrong one 123",
            "password": NEW_PASSWORD, "password2": NEW_PASSWORD}  # fmt: skip
    wrong = alice.post("/account/password", data=form)
    assert wrong.status_code == 400 and "当前密码不对" in wrong.get_data(as_text=True)
    short = alice.post("/account/password", data={**form, "current": PASSWORD, "password": "short",
                                                  "password2": "short"})  # fmt: skip
    assert short.status_code == 400 and "至少要 8" in short.get_data(as_text=True)
    assert alice.post("/account/password", data={**form, "current": PASSWORD}).status_code == 302
    assert alice.get("/").status_code == 200  # this browser stays logged in
    assert phone.get("/").status_code == 302  # the other one is logged out
    assert login(app.test_client(), "alice", NEW_PASSWORD).status_code == 302


def test_the_first_run_page_makes_the_first_admin_and_then_is_gone(web_database_url, monkeypatch):
    monkeypatch.setenv("FUPAN_SECRET_KEY", "test-secret")
    events_db.dispose_all()
    app = create_app({"TESTING": True})
    client = app.test_client()
    assert client.get("/login").headers.get("Location", "").endswith("/setup")
    form = {"csrf_token": csrf_token(client, "/setup"), "username": "founder",
            "password": NEW_PASSWORD, "password2": NEW_PASSWORD, "club": "新俱乐部"}  # fmt: skip
    assert client.post("/setup", data=form).status_code == 302
    assert clubs_of(client) == {"新俱乐部": "admin"}
    assert app.test_client().get("/setup").status_code == 404
    with app.app_context(), db() as session:
        assert [u.username for u in session.exec(select(User)).all()] == ["founder"]
    events_db.dispose_all()


def test_the_clubs_page_sends_an_admin_to_invitations_not_the_command_line(alice):
    """Issue 27, 3: /clubs says how someone joins (an invitation from the members page) in the
    page's language; no command (``fupan users create``) on a page."""
    said = {"zh": "邀请链接", "en": "invitation link"}
    for lang, words in said.items():
        alice.set_cookie("fupan_lang", lang)
        page = alice.get("/clubs").get_data(as_text=True)
        assert "fupan users" not in page and words in page
        assert f'href="{quote(MEMBERS)}"' in page
