"""Malformed requests get a 4xx naming what is wrong, never a 500, on SQLite and PostgreSQL:
numbers the service parses from text (``²`` passes ``str.isdigit`` and fails ``int``; a number
past the store's 32-bit integer columns fails in PostgreSQL, past 64 bits in SQLite) and names
longer than their columns. Found by feeding odd values to every endpoint (docs/web.md#security)."""

from __future__ import annotations

import pytest
from sqlmodel import select

from service.db import MAX_INT, db
from service.models import LedgerPayment
from tests.service.conftest import CLUB, csrf_token

PAID = f"/api/v1/clubs/{CLUB}/ledger/paid"
MARK = {"night": "2026-11-28", "from": "阿强", "to": "小李", "amount": "5", "basis": "recorded"}
# Texts that are no whole number of a column's width: a superscript and Arabic-Indic digits
# (str.isdigit passes both), a sign alone, past 32 and 64 bits.
NOT_WHOLE = ["²", "١٢", "-", "+5", "1_000", str(MAX_INT + 1), "9" * 30]


@pytest.fixture
def web_database_url(database_url) -> str:
    """SQLite and PostgreSQL (the root fixture's parameters)."""
    return database_url


def _post(client, url: str, body: dict | None = None, **form):
    headers = {"X-CSRFToken": csrf_token(client, "/")}
    if body is None:
        return client.post(url, data={"csrf_token": headers["X-CSRFToken"], **form})
    return client.post(url, json=body, headers=headers)


def _marks(app) -> list[tuple]:
    with app.app_context(), db() as session:
        rows = session.exec(select(LedgerPayment)).all()
    return [(r.night, r.payer, r.payee, r.amount) for r in rows]


@pytest.mark.parametrize("amount", [*NOT_WHOLE, str(-MAX_INT - 1), 10**40, 1.5, "0"])
def test_a_marked_amount_that_is_no_whole_number_in_range_is_a_400_naming_it(app, alice, amount):
    answer = _post(alice, PAID, {**MARK, "amount": amount})
    assert answer.status_code == 400, answer.get_data(as_text=True)
    assert "amount" in answer.get_json()["message"]
    assert _marks(app) == []


def test_the_widest_amount_either_way_is_marked(app, alice):
    for amount in (MAX_INT, -MAX_INT):
        assert _post(alice, PAID, {**MARK, "amount": str(amount)}).status_code == 201
    assert [m[3] for m in _marks(app)] == [MAX_INT, -MAX_INT]


def test_a_name_longer_than_its_column_is_a_400_and_a_compact_night_is_stored_as_a_date(app, alice):
    answer = _post(alice, PAID, {**MARK, "from": "名" * 201})
    message = answer.get_json()["message"]  # in the page's language: it names the fields either way
    assert answer.status_code == 400 and "from" in message and "to" in message and "200" in message
    assert _post(alice, PAID, {**MARK, "from": "名" * 200, "night": "20261128"}).status_code == 201
    assert _marks(app) == [("2026-11-28", "名" * 200, "小李", 5)]


@pytest.mark.parametrize("mark_id", [MAX_INT + 1, 2**63, 10**30])
def test_undoing_a_mark_past_the_id_column_is_a_404(alice, mark_id):
    api = _post(alice, f"{PAID}/{mark_id}/reversal", {})
    page = _post(alice, f"/clubs/{CLUB}/ledger/paid/{mark_id}/undo")
    assert (api.status_code, page.status_code) == (404, 404)


@pytest.mark.parametrize("value", NOT_WHOLE)
def test_a_page_number_that_is_no_whole_number_in_range_is_a_400(alice, value):
    for name in ("limit", "offset"):
        answer = alice.get("/api/v1/sessions", query_string={name: value})
        assert answer.status_code == 400, (name, value)
        assert name in answer.get_json()["message"]
        assert alice.get("/", query_string={name: value}).status_code == 400


@pytest.mark.parametrize("value", NOT_WHOLE)
def test_revoking_a_token_or_an_invitation_by_an_odd_id_is_refused_not_a_500(alice, value):
    assert _post(alice, "/account", action="revoke", token_id=value).status_code == 200
    members = _post(alice, f"/clubs/{CLUB}/members", action="revoke", invite_id=value)
    assert members.status_code == 400
    # in the page's words, not the field's code (the page said "invite_id")
    assert "邀请" in members.get_data(as_text=True)
    assert "invite_id" not in members.get_data(as_text=True)


def _members(app) -> set[str]:
    from service.models import User

    with app.app_context(), db() as session:
        return {u.username for u in session.exec(select(User)).all()}


@pytest.mark.parametrize(
    ("username", "player", "says"),
    [("u" * 81, "", "用户名 最多 80 个字符"), ("dave", "名" * 201, "玩家 最多 200 个字符")],
)
def test_a_member_name_longer_than_its_column_is_a_400_and_no_account(
    app, alice, username, player, says
):
    # PostgreSQL answered 500; SQLite kept a login name the login form cuts to 80 characters.
    before = _members(app)
    form = {"action": "create", "username": username, "role": "member", "player": player}
    page = _post(alice, f"/clubs/{CLUB}/members", **form)
    assert page.status_code == 400 and says in page.get_data(as_text=True)
    assert _members(app) == before


def test_a_player_name_longer_than_its_column_is_refused_on_a_role_change_and_an_invite(alice):
    form = {"username": "carol", "role": "member", "player": "名" * 201}
    assert _post(alice, f"/clubs/{CLUB}/members", action="role", **form).status_code == 400
    api = _post(alice, f"/api/v1/clubs/{CLUB}/members", {"action": "role", **form})
    assert api.status_code == 400 and api.get_json()["message"] == "玩家 最多 200 个字符"
    invite = _post(
        alice, f"/clubs/{CLUB}/members", action="invite", role="member", player="名" * 201
    )
    assert invite.status_code == 400


@pytest.mark.parametrize("endpoint", ["evaluate", "play"])
def test_the_recorder_asked_about_hand_0_says_there_is_none(alice, endpoint):
    # "no": 0 was read as "no number": the next hand was evaluated instead of a 404 naming it.
    from tests.service.recorder.test_record import PLAYERS, win_entry

    opened = _post(alice, "/api/v1/record/sessions", {"club": CLUB, "table": "3",
                   "ruleset": "wenling", "options": {}, "players": PLAYERS})  # fmt: skip
    sid = opened.get_json()["session"]["id"]
    entry = win_entry() if endpoint == "evaluate" else {"play": {"deal": {}, "taps": []}}
    answer = _post(
        alice, f"/api/v1/record/{endpoint}", {"session_id": sid, "entry": entry, "no": 0}
    )
    assert answer.status_code == 404 and answer.get_json()["field"] == "no"
