"""Reopening a resolved dispute (撤销处理): a resolution made by a slip is taken back by another
correction of the same settlement line, never an edit; the hand is disputed again everywhere
(the session, the queue, the ledger, what is owed) and the history shows it; the same guards as
resolving (role, reason, CSRF, ``Idempotency-Key``)."""

from __future__ import annotations

import pytest

from tests.service.conftest import CLUB, EN, csrf_token, fixture_log, stored_records, verified
from workers.celery_app import wait_embedded

NIGHT = "2026-11-28"
# audit/fan_missed.jsonl's settlement line (seq 23, its last), as the table recorded it:
# E→W 10, S→W 5, N→W 5, S→E 12, N→E 12
PAID = [("E", "W", 10), ("S", "W", 5), ("N", "W", 5), ("S", "E", 12), ("N", "E", 12)]
RECORDED_NET = {"阿强": 14, "小李": -17, "老王": 20, "阿芳": -17}


@pytest.fixture
def disputed(alice):
    return verified(alice, fixture_log("audit/fan_missed.jsonl"))


def _post(client, path: str, key: str | None = None, **body):
    headers = {"X-CSRFToken": csrf_token(client, "/")}
    if key is not None:
        headers["Idempotency-Key"] = key
    return client.post(path, json=body, headers=headers)


def _resolve(client, sid: str, action: str):
    done = _post(client, f"/api/v1/sessions/{sid}/hands/1/resolution", action=action,
                 reason="大家同意")  # fmt: skip
    assert done.status_code == 201, done.get_json()
    assert wait_embedded()
    return done.get_json()


def _reopen(client, sid: str, key: str | None = None, reason: str = "点错了"):
    return _post(client, f"/api/v1/sessions/{sid}/hands/1/reopening", key=key, reason=reason)


def _triples(payments) -> list[tuple]:
    return [(p["from"], p["to"], p["amount"]) for p in payments]


def _ledger(client, basis: str) -> dict:
    return client.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}&basis={basis}").get_json()


def test_reopening_an_accepted_resolution_puts_back_what_the_table_recorded(app, alice, disputed):
    resolution = _resolve(alice, disputed, "accept_expected")
    assert _ledger(alice, "recorded")["totals"] != RECORDED_NET  # now the expected amounts
    reopened = _reopen(alice, disputed)
    assert reopened.status_code == 201, reopened.get_json()
    correction = reopened.get_json()["correction"]
    # the same settlement line corrected again, back to the log's own line, naming the resolution
    assert correction["target"] == resolution["correction"]["target"] == 23
    assert correction["reopens"] == resolution["seq"] == 24
    assert _triples(correction["replacement"]["payments"]) == PAID
    assert correction["reason"] == "reopen: 点错了" and correction["by"] == "alice"
    assert wait_embedded()
    records = stored_records(app, disputed)
    assert [r["type"] for r in records[23:]] == ["settlement", "correction", "correction"]
    hand = alice.get(f"/api/v1/sessions/{disputed}/hands/1").get_json()
    assert hand["resolution"] is None and hand["disputes"]
    assert _triples(hand["recorded_payments"]) == PAID
    listed = alice.get("/api/v1/sessions").get_json()["sessions"]
    assert [s["disputes"] for s in listed if s["id"] == disputed] == [1]
    queue = alice.get(f"/api/v1/clubs/{CLUB}/disputes").get_json()["disputes"]
    assert [(d["session"]["id"], d["hand"]) for d in queue] == [(disputed, 1)]
    ledger = _ledger(alice, "recorded")
    assert ledger["totals"] == RECORDED_NET and ledger["open_disputes"] == 1


def test_reopening_a_kept_difference_puts_back_what_is_owed(alice, disputed):
    expected = alice.get(f"/api/v1/sessions/{disputed}/hands/1").get_json()
    owed_by_audit = {expected["seats"][s]: n for s, n in expected["expected_net"].items()}
    assert _ledger(alice, "owed")["totals"] == owed_by_audit
    _resolve(alice, disputed, "keep_recorded")
    assert _ledger(alice, "owed")["totals"] == RECORDED_NET  # the table's amounts were kept
    assert _reopen(alice, disputed).status_code == 201
    assert wait_embedded()
    assert _ledger(alice, "owed")["totals"] == owed_by_audit  # owed goes back to the audit's
    csv = alice.get(f"/clubs/{CLUB}/ledger.csv?date={NIGHT}").get_data(as_text=True)
    assert "未处理" in csv and "已处理" not in csv


def test_the_history_and_the_pages_show_the_reopening(alice, disputed):
    _resolve(alice, disputed, "keep_recorded")
    assert _reopen(alice, disputed).status_code == 201
    assert wait_embedded()
    history = alice.get(f"/api/v1/sessions/{disputed}/verifications").get_json()["verifications"]
    [cause] = [c for c in history[-1]["causes"] if c["code"] == "head"]
    assert [(k["seq"], k["reason"], k["target"]) for k in cause["corrections"]] == [
        (25, "reopen: 点错了", 23)
    ]
    page = alice.get(f"/sessions/{disputed}").get_data(as_text=True)
    assert "撤销处理：点错了" in page and "reopen:" not in page
    english = alice.get(f"/sessions/{disputed}", headers=EN).get_data(as_text=True)
    assert "resolution reopened: 点错了" in english
    # the open queue lists it again, with Resolve; the resolved queue no longer does
    assert 'class="filters resolve"' in alice.get(f"/clubs/{CLUB}/disputes").get_data(as_text=True)
    assert "第 1 局" not in alice.get(f"/clubs/{CLUB}/disputes?state=resolved").get_data(
        as_text=True
    )
    # resolved again after the reopening: closed once more
    _resolve(alice, disputed, "accept_expected")
    assert alice.get(f"/api/v1/sessions/{disputed}/hands/1").get_json()["resolution"]["action"] == (
        "accept_expected"
    )


def test_the_resolved_queue_offers_reopen_and_moves_the_hand_at_once(alice, disputed):
    _resolve(alice, disputed, "accept_expected")
    queue = f"/clubs/{CLUB}/disputes?state=resolved"
    page = alice.get(queue).get_data(as_text=True)
    assert 'class="filters reopen"' in page and 'id="reopen-dialog"' in page
    assert "按应付补足：大家同意（处理人 alice）" in page  # what would be taken back, and whose
    assert "撤销处理" in page
    token = csrf_token(alice, queue)
    sent = alice.post(
        f"/api/v1/sessions/{disputed}/hands/1/reopening",
        data={"csrf_token": token, "reason": "点错了"},
    )  # fmt: skip  (the form)
    assert sent.status_code == 201
    page = alice.get(queue).get_data(as_text=True)  # before the worker verified it again
    assert "已撤销处理：1 桌第 1 局" in page  # the flash
    assert 'class="filters reopen"' not in page  # no longer resolved
    assert wait_embedded()
    english = alice.get(f"/clubs/{CLUB}/disputes", headers=EN).get_data(as_text=True)
    assert "Resolve" in english and "hand 1" in english


def test_reopening_is_refused_without_a_resolution_a_reason_the_role_or_csrf(app, alice, disputed):
    from service.accounts import auth
    from tests.service.conftest import login

    path = f"/api/v1/sessions/{disputed}/hands/1/reopening"
    assert _reopen(alice, disputed).status_code == 409  # nothing resolved yet
    _resolve(alice, disputed, "keep_recorded")
    assert _reopen(alice, disputed, reason="  ").status_code == 400
    assert alice.post(path, json={"reason": "点错了"}).status_code == 400  # no CSRF token
    with app.app_context():
        auth.add_member(auth.create_user("dave", "correct horse 42"),
                        auth.get_or_create_club(CLUB), "member")  # fmt: skip
    dave = app.test_client()
    login(dave, "dave")
    assert _reopen(dave, disputed).status_code == 403
    assert _post(alice, f"/api/v1/sessions/{disputed}/hands/9/reopening",
                 reason="x").status_code == 404  # fmt: skip
    corrections = [r for r in stored_records(app, disputed) if r["type"] == "correction"]
    assert len(corrections) == 1  # only the resolution


def test_a_reopening_sent_again_answers_as_the_first_time(app, alice, disputed):
    _resolve(alice, disputed, "accept_expected")
    first = _reopen(alice, disputed, key="reopen-tap-0001")
    again = _reopen(alice, disputed, key="reopen-tap-0001")
    assert first.status_code == again.status_code == 201, first.get_json()
    assert again.get_json() == first.get_json()
    assert first.get_json()["correction"]["client_id"] == "reopen-tap-0001"
    assert _reopen(alice, disputed).status_code == 409  # without the key: nothing to reopen
    assert _reopen(alice, disputed, key="reopen-tap-0001", reason="别的").status_code == 422
    resolve_with_it = _post(alice, f"/api/v1/sessions/{disputed}/hands/1/resolution",
                            key="reopen-tap-0001", action="keep_recorded", reason="点错了")  # fmt: skip
    assert resolve_with_it.status_code == 422  # the key named a reopening, not a resolution
    corrections = [r for r in stored_records(app, disputed) if r["type"] == "correction"]
    assert len(corrections) == 2


@pytest.mark.parametrize("action", ["accept_expected", "keep_recorded"])
def test_the_open_queue_lists_a_reopened_hand_at_once(alice, disputed, monkeypatch, action):
    """Before the worker has verified the session again (held here) the open queue already
    lists the reopened hand, saying it is being checked again, with no Resolve yet (it would be
    refused while the session is verified); once verified, its dispute and Resolve are back."""
    from service.sessions import resolutions
    from workers.dispatch import enqueue_verify

    _resolve(alice, disputed, action)
    assert alice.get(f"/api/v1/clubs/{CLUB}/disputes").get_json()["disputes"] == []
    monkeypatch.setattr(resolutions, "enqueue_verify", lambda sid: None)  # the worker is slow
    assert _reopen(alice, disputed).status_code == 201
    queue = alice.get(f"/api/v1/clubs/{CLUB}/disputes").get_json()["disputes"]
    assert [(d["session"]["id"], d["hand"], d["reopened"], d["resolution"]) for d in queue] == [
        (disputed, 1, True, None)
    ]
    page = alice.get(f"/clubs/{CLUB}/disputes").get_data(as_text=True)
    assert "处理已撤销，这一局正在重新核对" in page and "第 1 局" in page
    assert 'class="filters resolve"' not in page
    hand = alice.get(f"/sessions/{disputed}/hands/1").get_data(as_text=True)
    assert "处理已撤销" in hand and 'class="filters reopen"' not in hand  # reopened once only
    english = alice.get(f"/clubs/{CLUB}/disputes", headers=EN).get_data(as_text=True)
    assert "Its resolution was taken back" in english
    enqueue_verify(disputed)
    assert wait_embedded()
    [listed] = alice.get(f"/api/v1/clubs/{CLUB}/disputes").get_json()["disputes"]
    assert listed["disputes"] and not listed["reopened"]
    assert 'class="filters resolve"' in alice.get(f"/clubs/{CLUB}/disputes").get_data(as_text=True)


def test_the_hand_page_offers_reopen_to_those_who_resolve(app, alice, disputed):
    from service.accounts import auth
    from tests.service.conftest import login

    path = f"/sessions/{disputed}/hands/1"
    before = alice.get(path).get_data(as_text=True)
    assert 'class="filters reopen"' not in before  # not resolved
    assert "page.js" not in before  # nothing to ask: one request less on a phone
    _resolve(alice, disputed, "accept_expected")
    page = alice.get(path).get_data(as_text=True)
    form = page[page.index('class="filters reopen"') :]
    assert f'action="/api/v1/sessions/{disputed}/hands/1/reopening"' in page
    assert 'data-confirm="reopen-dialog"' in form and 'name="csrf_token"' in form
    assert 'id="reopen-dialog"' in page and "page.js" in page
    assert "1 桌 · 第 1 局：按应付补足：大家同意（处理人 alice）" in page  # what the dialog names
    english = alice.get(path, headers=EN).get_data(as_text=True)
    assert "Reopen this dispute?" in english
    with app.app_context():
        auth.add_member(auth.create_user("dave", "correct horse 42"),
                        auth.get_or_create_club(CLUB), "member")  # fmt: skip
    dave = app.test_client()
    login(dave, "dave")
    assert 'class="filters reopen"' not in dave.get(path).get_data(as_text=True)
