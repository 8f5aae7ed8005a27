"""Marking cash, undoing a mark and resolving a dispute under retries and races (docs/api.md,
"Retries and two treasurers"): a request sent again with its Idempotency-Key answers what it
answered first and records nothing more; two treasurers marking one transfer at once record it
once, the other is told why (409); two undos of one mark append one reversal; a resolution
and its reopening sent at once with one key append one correction each. The races are real: threads sending
at once, through a barrier, to the app served on a port (SQLite here, PostgreSQL in
tests/service/app/test_web_postgres.py)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
from sqlalchemy import text

from events import store
from service.accounts import auth
from service.db import db, engine
from service.models import User
from tests.service.conftest import CLUB, csrf_token, fixture_log, verified

NIGHT = "2026-11-28"
PAID = f"/api/v1/clubs/{CLUB}/ledger/paid"
MARK = {"night": NIGHT, "from": "老王", "to": "阿强", "amount": 30, "basis": "recorded"}
RACERS = 8


def _rows(app) -> list[tuple]:
    with app.app_context(), engine().connect() as c:
        sql = "SELECT id, amount, reverses, by FROM web_ledger_payment ORDER BY id"
        return [tuple(r) for r in c.execute(text(sql)).all()]


def _api(alice, path: str, body: dict, key: str | None = None):
    headers = {"X-CSRFToken": csrf_token(alice, "/")}
    if key:
        headers["Idempotency-Key"] = key
    return alice.post(path, json=body, headers=headers)


@pytest.fixture
def tokens(app) -> dict[str, str]:
    """Bearer tokens of alice (admin) and carol (auditor): the club's two treasurers."""
    with app.app_context(), db() as session:
        users = {u.username: u for u in session.exec(auth.select(User)).all()}
    with app.app_context():
        return {name: auth.issue_token(users[name]) for name in ("alice", "carol")}


def _race(live: str, sends: list[tuple[str, str, dict, str | None]]) -> list[requests.Response]:
    """Send each (token, path, body, key) from its own thread, all released at once."""
    start = threading.Barrier(len(sends))

    def send(token: str, path: str, body: dict, key: str | None) -> requests.Response:
        headers = {"Authorization": f"Bearer {token}"} | ({"Idempotency-Key": key} if key else {})
        start.wait(timeout=30)
        return requests.post(live + path, json=body, headers=headers, timeout=60)

    with ThreadPoolExecutor(len(sends)) as pool:
        return list(pool.map(lambda s: send(*s), sends))


def test_a_repeated_key_answers_as_the_first_time_and_records_once(app, alice):
    first = _api(alice, PAID, MARK, key="phone-retry-0001")
    again = _api(alice, PAID, MARK, key="phone-retry-0001")
    assert first.status_code == again.status_code == 201
    assert again.get_json() == first.get_json()
    assert "Idempotent-Replayed" not in first.headers
    assert again.headers["Idempotent-Replayed"] == "true"
    assert len(_rows(app)) == 1
    other = _api(alice, PAID, {**MARK, "amount": 40}, key="phone-retry-0001")
    assert other.status_code == 422  # the key of another request: refused, nothing recorded
    assert f"第 {first.get_json()['id']} 条" in other.get_json()["message"]
    assert len(_rows(app)) == 1
    assert (
        _api(alice, PAID, MARK, key="phone-retry-0002").status_code == 201
    )  # a new key: a new mark
    assert len(_rows(app)) == 2


def test_an_undo_sent_again_answers_as_the_first_time_and_reverses_once(app, alice):
    mark = _api(alice, PAID, MARK).get_json()["id"]
    undo = f"{PAID}/{mark}/reversal"
    first = _api(alice, undo, {}, key="undo-tap-0001")
    again = _api(alice, undo, {}, key="undo-tap-0001")
    assert first.status_code == again.status_code == 201 and again.get_json() == first.get_json()
    assert first.get_json()["reverses"] == mark and first.get_json()["amount"] == -30
    assert _api(alice, undo, {}).status_code == 409  # without the key: already undone
    assert _api(alice, undo, {}, key="undo-tap-0002").status_code == 409  # another tap: the same
    assert [(a, r) for _, a, r, _ in _rows(app)] == [(30, None), (-30, mark)]


@pytest.mark.parametrize("key", ["short", "x" * 65, "has space 123", "中文的键中文的键中文"])
def test_a_malformed_key_is_refused_naming_the_header(app, alice, key):
    answer = _api(alice, PAID, MARK, key=key)
    assert answer.status_code == 400 and "Idempotency-Key" in answer.get_json()["message"]
    assert _rows(app) == []


def test_a_mark_that_saw_another_paid_amount_is_refused_naming_the_mark(app, alice):
    first = _api(alice, PAID, {**MARK, "paid_before": 0}).get_json()
    stale = _api(alice, PAID, {**MARK, "paid_before": 0})
    assert stale.status_code == 409
    message = stale.get_json()["message"]
    assert f"第 {first['id']} 条" in message and "alice" in message and "30" in message
    assert _api(alice, PAID, {**MARK, "paid_before": "thirty"}).status_code == 400
    assert _api(alice, PAID, {**MARK, "amount": 5, "paid_before": 30}).status_code == 201
    assert [a for _, a, _, _ in _rows(app)] == [30, 5]


def test_one_phone_retrying_at_once_records_one_mark(app, live, tokens):
    answers = _race(live, [(tokens["alice"], PAID, MARK, "slow-phone-0001")] * RACERS)
    assert {a.status_code for a in answers} == {201}
    assert len({a.json()["id"] for a in answers}) == 1
    assert len(_rows(app)) == 1


def test_two_treasurers_marking_one_transfer_at_once_record_it_once(app, live, tokens):
    body = {**MARK, "paid_before": 0}
    sends = [(tokens[("alice", "carol")[i % 2]], PAID, body, f"treasurer-tap-{i:04}")
             for i in range(RACERS)]  # fmt: skip
    answers = _race(live, sends)
    codes = sorted(a.status_code for a in answers)
    assert codes == [201] + [409] * (RACERS - 1), [a.text for a in answers]
    refused = [a.json()["message"] for a in answers if a.status_code == 409]
    assert all("changed meanwhile" in m or "已有变动" in m for m in refused), refused
    ((_, amount, _, _),) = _rows(app)
    assert amount == 30


def test_two_treasurers_undoing_one_mark_at_once_append_one_reversal(app, live, tokens, alice):
    mark = _api(alice, PAID, MARK).get_json()["id"]
    undo = f"{PAID}/{mark}/reversal"
    sends = [
        (tokens[("alice", "carol")[i % 2]], undo, {}, f"undo-race-{i:04}") for i in range(RACERS)
    ]
    answers = _race(live, sends)
    assert sorted(a.status_code for a in answers) == [201] + [409] * (RACERS - 1)
    assert [(a, r) for _, a, r, _ in _rows(app)] == [(30, None), (-30, mark)]
    again = _race(live, sends)  # every phone sends its own tap again
    assert [a.status_code for a in again] == [a.status_code for a in answers]
    assert [a.json() for a in again if a.status_code == 201] == [
        a.json() for a in answers if a.status_code == 201
    ]
    assert len(_rows(app)) == 2


def test_a_confirm_form_sent_twice_records_once_and_a_stale_one_is_told(app, alice):
    page = f"/clubs/{CLUB}/ledger?date={NIGHT}"
    token = csrf_token(alice, page)
    form = {"csrf_token": token, **MARK, "paid_before": "0", "next": page}
    asked = alice.post(f"/clubs/{CLUB}/ledger/paid", data=form).get_data(as_text=True)
    key = asked.split('name="idempotency_key" value="')[1].split('"')[0]
    confirmed = {**form, "confirmed": "1", "idempotency_key": key}
    for _ in range(2):  # a double tap, or the phone resending
        sent = alice.post(f"/clubs/{CLUB}/ledger/paid", data=confirmed)
        assert sent.status_code == 302
        assert "已记下" in alice.get(sent.headers["Location"]).get_data(as_text=True)
    assert len(_rows(app)) == 1
    stale = alice.post(f"/clubs/{CLUB}/ledger/paid",
                       data={**confirmed, "idempotency_key": "another-treasurer-1"})  # fmt: skip
    assert stale.status_code == 302
    shown = alice.get(stale.headers["Location"]).get_data(as_text=True)
    assert "已有变动" in shown and len(_rows(app)) == 1


@pytest.fixture
def disputed(alice) -> str:
    return verified(alice, fixture_log("audit/fan_missed.jsonl"))


def _corrections(app, session_id: str) -> list[dict]:
    with app.app_context():
        records = store.read_records(session_id=session_id, engine=engine())
    return [r for r in records if r["type"] == "correction"]


def test_a_resolution_sent_again_answers_as_the_first_time(app, alice, disputed):
    """A dispute resolved from a slow phone: the retry with its key is the first answer, not
    the 409 of a hand no longer open."""
    path = f"/api/v1/sessions/{disputed}/hands/1/resolution"
    body = {"action": "keep_recorded", "reason": "牌桌同意"}
    first = _api(alice, path, body, key="resolve-tap-0001")
    again = _api(alice, path, body, key="resolve-tap-0001")
    assert first.status_code == again.status_code == 201, first.get_json()
    assert again.get_json() == first.get_json()
    assert first.get_json()["correction"]["client_id"] == "resolve-tap-0001"
    assert _api(alice, path, body).status_code == 409  # without the key: no open dispute
    other = _api(alice, path, {**body, "reason": "另一个原因"}, key="resolve-tap-0001")
    assert other.status_code == 422
    assert len(_corrections(app, disputed)) == 1


def test_one_phone_resolving_at_once_appends_one_correction(app, live, tokens, disputed):
    path = f"/api/v1/sessions/{disputed}/hands/1/resolution"
    body = {"action": "accept_expected", "reason": "补齐"}
    answers = _race(live, [(tokens["alice"], path, body, "resolve-race-0001")] * 6)
    assert {a.status_code for a in answers} == {201}, [a.text for a in answers]
    assert len({a.text for a in answers}) == 1
    assert len(_corrections(app, disputed)) == 1


def test_one_phone_reopening_at_once_appends_one_correction(app, live, tokens, disputed):
    """A reopening sent six times at once with one key (a slow phone's retries while the first
    was under way): one correction, every answer the first one's."""
    from workers.celery_app import wait_embedded

    resolved = _api_token(live, tokens["alice"], f"/api/v1/sessions/{disputed}/hands/1/resolution",
                          {"action": "keep_recorded", "reason": "牌桌同意"})  # fmt: skip
    assert resolved.status_code == 201, resolved.text
    assert wait_embedded()  # verified again: the resolution is in the report
    path = f"/api/v1/sessions/{disputed}/hands/1/reopening"
    answers = _race(live, [(tokens["alice"], path, {"reason": "点错了"}, "reopen-race-0001")] * 6)
    assert {a.status_code for a in answers} == {201}, [a.text for a in answers]
    assert len({a.text for a in answers}) == 1
    assert [c["reason"] for c in _corrections(app, disputed)] == [
        "keep_recorded: 牌桌同意",
        "reopen: 点错了",
    ]


def _api_token(live: str, token: str, path: str, body: dict) -> requests.Response:
    return requests.post(live + path, json=body, headers={"Authorization": f"Bearer {token}"},
                         timeout=60)  # fmt: skip
