"""An admin's slips on the members page can be taken back or are asked first: a role change, a
removal, an addition are each kept in the club's history (before and after) and put back by one
more change naming it, never by an edit; a password reset and a withdrawn invitation, which
cannot be taken back, ask first; the last admin stays one whichever form is used."""

from __future__ import annotations

import json

from sqlmodel import select

from service.db import db
from service.models import ClubHistory
from tests.service.conftest import CLUB, EN, csrf_token, login

MEMBERS = f"/clubs/{CLUB}/members"


def manage(client, **form):
    return client.post(MEMBERS, data={"csrf_token": csrf_token(client, "/account"), **form})


def roles(client) -> dict[str, tuple[str, str]]:
    members = client.get(f"/api/v1/clubs/{CLUB}/members").get_json()["members"]
    return {m["username"]: (m["role"], m["player"]) for m in members}


def history(app) -> list[dict]:
    with app.app_context(), db() as session:
        rows = session.exec(select(ClubHistory).where(ClubHistory.kind == "member_set")
                            .order_by(ClubHistory.id)).all()  # fmt: skip
    return [{"id": r.id, "by": r.by, **json.loads(r.detail)} for r in rows]


def test_a_role_chosen_wrong_is_put_back_by_one_more_change(app, alice):
    assert roles(alice)["carol"] == ("auditor", "")  # the fixture's
    done = manage(alice, action="role", username="carol", role="member", player="老王")
    assert done.status_code == 302
    assert "改错了？在下面的“上次修改”里改回。" in alice.get(MEMBERS).get_data(as_text=True)
    assert roles(alice)["carol"] == ("member", "老王")
    [change] = history(app)
    assert change == {"id": change["id"], "by": "alice", "user": "carol",
                      "before": {"role": "auditor", "player": ""},
                      "after": {"role": "member", "player": "老王"}}  # fmt: skip
    page = alice.get(MEMBERS).get_data(as_text=True)
    assert "上次修改：" in page and "把 carol 从 审核员 改为 成员 · 老王" in page
    assert 'id="member-back"' in page and 'data-confirm="put-back-dialog"' in page
    assert "改回：审核员" in page
    assert manage(alice, action="put_back", change_id=change["id"]).status_code == 302
    assert roles(alice)["carol"] == ("auditor", "")
    first, back = history(app)
    assert first == change  # the change itself stays as it was
    assert back["reverts"] == change["id"] and back["before"] == change["after"]
    assert back["after"] == change["before"]
    # the same putting back again: the membership is no longer what that change made it
    again = manage(alice, action="put_back", change_id=change["id"])
    assert again.status_code == 409 and "之后又变过了" in again.get_data(as_text=True)
    assert manage(alice, action="put_back", change_id=999).status_code == 404
    assert manage(alice, action="put_back", change_id="x").status_code == 400


def test_a_removal_is_put_back_with_the_role_and_player_name(app, alice):
    manage(alice, action="role", username="carol", role="auditor", player="小李")
    assert manage(alice, action="remove", username="carol").status_code == 302
    assert "carol" not in roles(alice)
    removal = history(app)[-1]
    assert removal["before"] == {"role": "auditor", "player": "小李"} and removal["after"] is None
    assert "不是成员" in alice.get(MEMBERS).get_data(as_text=True)
    assert manage(alice, action="put_back", change_id=removal["id"]).status_code == 302
    assert roles(alice)["carol"] == ("auditor", "小李")
    carol = app.test_client()
    login(carol, "carol")
    assert carol.get(f"/clubs/{CLUB}/ledger").status_code == 200  # back in the club


def test_a_member_created_by_a_slip_leaves_again(app, alice):
    made = manage(alice, action="create", username="erin", role="member", player="")
    assert made.status_code == 200
    added = history(app)[-1]
    assert added["user"] == "erin" and added["before"] is None
    assert manage(alice, action="put_back", change_id=added["id"]).status_code == 302
    assert "erin" not in roles(alice)


def test_the_last_admin_stays_one_on_every_form(app, alice):
    """The clubs page's form and the API change an existing member's role too: they keep the
    last admin as the members page does (a club left without one is a slip nobody can undo)."""
    token = csrf_token(alice, "/clubs")
    refused = alice.post("/clubs", data={"csrf_token": token, "club": CLUB, "username": "alice",
                                         "role": "member", "player": ""})  # fmt: skip
    assert refused.status_code == 302
    api = alice.post(f"/api/v1/clubs/{CLUB}/members", json={"username": "alice", "role": "member"},
                     headers={"X-CSRFToken": csrf_token(alice, "/")})  # fmt: skip
    assert api.status_code == 400 and "管理员" in api.get_json()["message"]
    assert roles(alice)["alice"][0] == "admin"
    # a change made there is kept too, and put back from the members page
    alice.post("/clubs", data={"csrf_token": token, "club": CLUB, "username": "carol",
                               "role": "admin", "player": ""})  # fmt: skip
    assert roles(alice)["carol"][0] == "admin"
    change = history(app)[-1]
    assert change["before"]["role"] == "auditor" and change["by"] == "alice"
    assert manage(alice, action="put_back", change_id=change["id"]).status_code == 302
    assert roles(alice)["carol"][0] == "auditor"


def test_a_reset_and_a_withdrawal_ask_first(alice):
    manage(alice, action="invite", role="member", player="阿芳")
    page = alice.get(MEMBERS).get_data(as_text=True)
    reset = page[page.index('value="reset"') - 400 : page.index('value="reset"')]
    assert 'data-confirm="reset-dialog"' in reset and 'data-what="carol"' in page
    assert 'id="reset-dialog"' in page and "这一步无法撤销" in page
    assert 'data-confirm="withdraw-dialog"' in page and 'data-what="成员 · 阿芳"' in page
    assert 'id="withdraw-dialog"' in page and "page.js" in page
    english = alice.get(MEMBERS, headers=EN).get_data(as_text=True)
    assert "Reset this password?" in english and "Withdraw this invitation?" in english


def test_revoking_an_api_token_asks_first(alice):
    assert "page.js" not in alice.get("/account").get_data(as_text=True)  # no token to revoke
    token = csrf_token(alice, "/account")
    alice.post("/account", data={"csrf_token": token, "label": "3 号桌平板"})
    page = alice.get("/account").get_data(as_text=True)
    form = page[page.index('value="revoke"') - 400 : page.index('value="revoke"')]
    assert 'data-confirm="revoke-dialog"' in form and 'data-what="3 号桌平板"' in form
    assert 'id="revoke-dialog"' in page and "page.js" in page
