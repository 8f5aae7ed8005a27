"""Withdrawing a session uploaded by mistake (撤回) and restoring it (恢复): an auditor or admin,
with a reason, asking first; each appends a row (nothing is deleted, the session's records stay
as they were); a withdrawn session leaves the ledger, the standings, a player's total, the
disputes queue and the integrity signals' sources, and stays on its own page under a banner
saying who withdrew it, when and why; restoring brings every count back."""

from __future__ import annotations

import pytest

from tests.service.conftest import (
    CLUB,
    EN,
    csrf_token,
    fixture_log,
    login,
    stored_records,
    verified,
)

NIGHT = "2026-11-28"
# audit/fan_missed.jsonl as the table recorded it (its settlement line, by hand: E→W 10, S→W 5,
# N→W 5, S→E 12, N→E 12, with E 阿强, S 小李, W 老王, N 阿芳)
RECORDED_NET = {"阿强": 14, "小李": -17, "老王": 20, "阿芳": -17}


@pytest.fixture
def sid(alice):
    return verified(alice, fixture_log("audit/fan_missed.jsonl"))


def _post(client, path: str, **body):
    return client.post(path, json=body, headers={"X-CSRFToken": csrf_token(client, "/")})


def _withdraw(client, sid: str, reason: str = "传错了俱乐部"):
    return _post(client, f"/api/v1/sessions/{sid}/withdrawal", reason=reason)


def _restore(client, sid: str, reason: str = "其实没传错"):
    return _post(client, f"/api/v1/sessions/{sid}/restoration", reason=reason)


def _counts(app, client, sid: str) -> dict:
    from service.db import engine
    from workers.integrity import sources

    ledger = client.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}").get_json()
    opens_on = client.get(f"/api/v1/clubs/{CLUB}/ledger").get_json()["date"]
    player = client.get("/api/v1/players/阿强")
    queue = client.get(f"/api/v1/clubs/{CLUB}/disputes").get_json()["disputes"]
    with app.app_context():
        integrity = [s.id for s, _v in sources(CLUB, None, None, engine())]
    return {
        "ledger": ledger["totals"],
        "opens_on": opens_on,  # the ledger without a date: the newest night that counts
        "player": player.get_json()["total"] if player.status_code == 200 else None,
        "queue": [d["session"]["id"] for d in queue],
        "integrity": integrity,
    }


def test_withdraw_leaves_every_count_and_restore_brings_it_back(app, alice, sid):
    counted = {"ledger": RECORDED_NET, "opens_on": NIGHT, "player": 14, "queue": [sid],
               "integrity": [sid]}  # fmt: skip
    assert _counts(app, alice, sid) == counted
    records = stored_records(app, sid)
    done = _withdraw(alice, sid)
    assert done.status_code == 201, done.get_json()
    body = done.get_json()
    assert (body["by"], body["reason"], body["restores"]) == ("alice", "传错了俱乐部", None)
    assert _counts(app, alice, sid) == {"ledger": {}, "opens_on": None, "player": None,
                                        "queue": [], "integrity": []}  # fmt: skip
    # still there: its records untouched, its page and the list (marked) show it
    assert stored_records(app, sid) == records
    page = alice.get(f"/api/v1/sessions/{sid}").get_json()
    assert page["withdrawn"]["by"] == "alice" and page["withdrawn"]["reason"] == "传错了俱乐部"
    listed = alice.get("/api/v1/sessions").get_json()["sessions"]
    assert [s["withdrawn"] for s in listed if s["id"] == sid] == [True]
    back = _restore(alice, sid)
    assert back.status_code == 201, back.get_json()
    assert back.get_json()["restores"] == body["id"]
    assert _counts(app, alice, sid) == counted
    assert alice.get(f"/api/v1/sessions/{sid}").get_json()["withdrawn"] is None
    assert stored_records(app, sid) == records


def _standings(client) -> str:
    page = client.get(f"/clubs/{CLUB}/dashboards", headers=EN).get_data(as_text=True)
    return page.split('id="standings"', 1)[1].split("</table>", 1)[0]


def test_the_standings_leave_a_withdrawn_session_out(alice, sid):
    assert "阿强" in _standings(alice)
    assert _withdraw(alice, sid).status_code == 201
    assert "阿强" not in _standings(alice)
    assert _restore(alice, sid).status_code == 201
    assert "阿强" in _standings(alice)


def test_the_session_page_shows_the_banner_and_asks_first(alice, sid):
    page = alice.get(f"/sessions/{sid}").get_data(as_text=True)
    assert 'data-confirm="withdraw-dialog"' in page and 'id="withdraw-dialog"' in page
    assert 'name="csrf_token"' in page and 'id="withdrawn"' not in page
    _withdraw(alice, sid, "测试上传")
    page = alice.get(f"/sessions/{sid}").get_data(as_text=True)
    banner = page.split('id="withdrawn"', 1)[1].split("</section>", 1)[0]
    assert "已撤回" in banner and "alice" in banner and "测试上传" in banner
    assert 'data-confirm="restore-dialog"' in banner and 'id="restore-dialog"' in banner
    english = alice.get(f"/sessions/{sid}", headers=EN).get_data(as_text=True)
    assert "Withdrawn by alice on " in english and "测试上传" in english
    assert "已撤回" in alice.get("/").get_data(as_text=True)  # the list marks it


def test_refused_without_the_role_a_reason_csrf_or_when_already_done(app, alice, sid):
    from service.accounts import auth

    assert _restore(alice, sid).status_code == 409  # not withdrawn
    assert _withdraw(alice, sid, reason="  ").status_code == 400
    assert _withdraw(alice, sid, reason="x" * 501).status_code == 400
    path = f"/api/v1/sessions/{sid}/withdrawal"
    assert alice.post(path, json={"reason": "传错了"}).status_code == 400  # no CSRF token
    with app.app_context():
        auth.add_member(auth.create_user("dave", "correct horse 42"),
                        auth.get_or_create_club(CLUB), "member")  # fmt: skip
        auth.add_member(auth.create_user("erin", "correct horse 42"),
                        auth.get_or_create_club(CLUB), "auditor")  # fmt: skip
        auth.add_member(auth.create_user("mallory", "correct horse 42"),
                        auth.get_or_create_club("西门俱乐部"), "admin")  # fmt: skip
    dave, erin, mallory = app.test_client(), app.test_client(), app.test_client()
    login(dave, "dave")
    login(erin, "erin")
    login(mallory, "mallory")
    assert _withdraw(dave, sid).status_code == 403
    assert 'data-confirm="withdraw-dialog"' not in dave.get(f"/sessions/{sid}").get_data(
        as_text=True
    )
    assert _withdraw(mallory, sid).status_code == 404  # not a member of the session's club
    assert _post(alice, "/api/v1/sessions/0123/withdrawal", reason="x").status_code == 404
    assert _withdraw(erin, sid).status_code == 201  # an auditor (the treasurer) may
    assert _withdraw(alice, sid).status_code == 409  # already withdrawn
    assert _restore(dave, sid).status_code == 403
    assert _restore(alice, sid).status_code == 201
    assert _withdraw(alice, sid).status_code == 201  # and again, after a restoration
