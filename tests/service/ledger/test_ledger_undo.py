"""The treasurer's flow that cannot slip (issue 27, 4): marking cash handed over asks first, an
undo is an appended reversal (never an edit, once), a resolved dispute leaves the open queue at
once and the page says so, and the CSV reads in the page's language with the dispute and its
resolution beside each hand."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from sqlalchemy import text

from service.db import engine
from tests.service.conftest import CLUB, EN, csrf_token, fixture_log, verified
from workers.celery_app import wait_embedded

NIGHT = "2026-11-28"


@pytest.fixture
def disputed(alice):
    return verified(alice, fixture_log("audit/fan_missed.jsonl"))


def _first_transfer(client) -> dict:
    return client.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}").get_json()["nights"][0][
        "transfers"
    ][0]


def _form(client, t: dict, **more) -> dict:
    return {"csrf_token": csrf_token(client, f"/clubs/{CLUB}/ledger?date={NIGHT}"),
            "night": NIGHT, "from": t["from"], "to": t["to"], "amount": t["outstanding"],
            "basis": "recorded", **more}  # fmt: skip


def _rows(app) -> list[tuple]:
    with app.app_context(), engine().connect() as c:
        sql = "SELECT id, amount, reverses FROM web_ledger_payment ORDER BY id"
        return [tuple(r) for r in c.execute(text(sql)).all()]


def test_mark_paid_asks_before_it_appends_anything(app, alice, disputed):
    t = _first_transfer(alice)
    asked = alice.post(f"/clubs/{CLUB}/ledger/paid", data=_form(alice, t))
    page = asked.get_data(as_text=True)
    assert asked.status_code == 200 and 'id="confirm-form"' in page
    assert f"{t['from']} 把 {t['outstanding']} 分的现金交给了 {t['to']}" in page
    assert _rows(app) == []  # nothing recorded until confirmed
    done = alice.post(f"/clubs/{CLUB}/ledger/paid", data=_form(alice, t, confirmed="1"))
    assert done.status_code == 302
    assert [(a, r) for _, a, r in _rows(app)] == [(t["outstanding"], None)]
    page = alice.get(done.headers["Location"]).get_data(as_text=True)
    assert "已记下" in page and "撤销第 1 条" in page  # says so, and offers the undo


def test_undo_appends_a_reversal_once_and_the_transfer_is_outstanding_again(app, alice, disputed):
    t = _first_transfer(alice)
    alice.post(f"/clubs/{CLUB}/ledger/paid", data=_form(alice, t, confirmed="1"))
    assert _first_transfer(alice)["outstanding"] == 0
    ((mark, amount, _),) = _rows(app)
    token = csrf_token(alice, f"/clubs/{CLUB}/ledger?date={NIGHT}")
    undone = alice.post(f"/clubs/{CLUB}/ledger/paid/{mark}/undo", data={"csrf_token": token})
    assert undone.status_code == 302
    assert _rows(app) == [(mark, amount, None), (mark + 1, -amount, mark)]  # appended, not edited
    assert _first_transfer(alice)["outstanding"] == amount
    page = alice.get(undone.headers["Location"]).get_data(as_text=True)
    assert "已撤销" in page and f"撤销第 {mark} 条" in page
    view = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}").get_json()
    assert view["undone"] == [mark] and view["marks"][1]["reverses"] == mark
    api = f"/api/v1/clubs/{CLUB}/ledger/paid/{mark}/reversal"
    headers = {"X-CSRFToken": csrf_token(alice, "/")}
    assert alice.post(api, json={}, headers=headers).status_code == 409  # once only
    again = alice.post(f"/api/v1/clubs/{CLUB}/ledger/paid/{mark + 1}/reversal", json={},
                       headers=headers)  # fmt: skip
    assert again.status_code == 409  # a reversal is not undone: mark it paid again
    assert alice.post(f"/api/v1/clubs/{CLUB}/ledger/paid/999/reversal", json={},
                      headers=headers).status_code == 404  # fmt: skip
    assert len(_rows(app)) == 2


def test_undo_asks_on_the_page_first_naming_the_mark_in_the_pages_language(app, alice, disputed):
    """The undo button opens the ledger's own dialog (page.js), never the browser's confirm():
    the form carries what the dialog says, in the page's language."""
    t = _first_transfer(alice)
    alice.post(f"/clubs/{CLUB}/ledger/paid", data=_form(alice, t, confirmed="1"))
    ((mark, amount, _),) = _rows(app)
    ledger = f"/clubs/{CLUB}/ledger?date={NIGHT}"
    for headers, said, asks in (
        ({}, f"第 {mark} 条 · {t['from']} 把 {amount} 分的现金交给了 {t['to']}（{NIGHT} 那晚）。",
         "撤销这条现金记录？"),
        (EN, f"mark {mark} · {t['from']} handed {amount} points to {t['to']} (night of {NIGHT}).",
         "Undo this cash mark?"),
    ):  # fmt: skip
        page = alice.get(ledger, headers=headers).get_data(as_text=True)
        form = re.search(r'<form[^>]*class="inline undo"[^>]*>', page, re.S).group(0)
        assert 'data-confirm="undo-dialog"' in form and f'data-what="{said}"' in form, form
        dialog = re.search(r'<dialog class="confirm" id="undo-dialog".*?</dialog>', page, re.S)
        assert dialog and asks in dialog.group(0) and 'id="undo-yes"' in dialog.group(0)
        assert "/static/page.js" in page and "confirm(" not in page
    assert len(_rows(app)) == 1  # showing the question appended nothing


def test_a_member_can_neither_mark_nor_undo(app, alice, disputed):
    from service.accounts import auth
    from tests.service.conftest import login

    t = _first_transfer(alice)
    alice.post(f"/clubs/{CLUB}/ledger/paid", data=_form(alice, t, confirmed="1"))
    with app.app_context():
        auth.add_member(auth.create_user("dave", "correct horse 42"),
                        auth.get_or_create_club(CLUB), "member")  # fmt: skip
    dave = app.test_client()
    login(dave, "dave")
    assert dave.post(f"/clubs/{CLUB}/ledger/paid", data=_form(dave, t)).status_code == 403
    token = csrf_token(dave, f"/clubs/{CLUB}/ledger?date={NIGHT}")
    assert dave.post(f"/clubs/{CLUB}/ledger/paid/1/undo",
                     data={"csrf_token": token}).status_code == 403  # fmt: skip
    assert len(_rows(app)) == 1


def test_a_resolved_dispute_leaves_the_open_queue_at_once_and_the_page_says_so(alice, disputed):
    queue = f"/clubs/{CLUB}/disputes"
    assert "第 1 局" in alice.get(queue).get_data(as_text=True)
    token = csrf_token(alice, queue)
    resolved = alice.post(
        f"/api/v1/sessions/{disputed}/hands/1/resolution",
        data={"csrf_token": token, "action": "accept_expected", "reason": "大家同意补足"},
    )  # fmt: skip  (the page's form)
    assert resolved.status_code == 201
    page = alice.get(queue).get_data(as_text=True)  # before the worker has verified it again
    assert "已处理" in page and "按应付补足" in page  # the flash says so
    assert 'class="step-info dispute-item"' not in page  # no longer open
    done = alice.get(f"{queue}?state=resolved").get_data(as_text=True)
    assert "大家同意补足" in done and "accept_expected" not in done
    wait_embedded()
    for state in ("resolved", "all"):
        shown = alice.get(f"{queue}?state={state}").get_data(as_text=True)
        assert "按应付补足：大家同意补足" in shown and "accept_expected" not in shown
    english = alice.get(f"{queue}?state=resolved", headers=EN).get_data(as_text=True)
    assert "the expected amounts paid: 大家同意补足" in english
    assert "accept_expected" not in english


def test_ledger_csv_in_chinese_names_the_session_and_the_resolution(alice, disputed):
    alice.post(f"/api/v1/sessions/{disputed}/hands/1/resolution",
               json={"action": "keep_recorded", "reason": "桌上已经认了"},
               headers={"X-CSRFToken": csrf_token(alice, "/")})  # fmt: skip
    wait_embedded()
    body = alice.get(f"/clubs/{CLUB}/ledger.csv?date={NIGHT}").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(body.lstrip("\ufeff"))))
    assert list(rows[0]) == [
        "日期",
        "桌",
        "场次",
        "局",
        "玩家",
        "牌桌实付",
        "应付",
        "争议",
        "处理方式",
    ]
    s = alice.get(f"/api/v1/sessions/{disputed}").get_json()["session"]
    start = s["started_at"][:16].replace("T", " ")
    for r in rows:
        assert r["场次"] == f"{start} {s['table']} 桌"
        assert r["争议"] == "已处理"
        assert r["处理方式"] == "维持实付：桌上已经认了（处理人 alice）"


def test_a_table_named_with_words_is_not_numbered(alice):
    """第 N 桌 for a numbered table; a table with a name reads as its name (not 第 seed 0 桌)."""
    head, rest = fixture_log("audit/fan_missed.jsonl").decode().split("\n", 1)
    named = json.dumps(json.loads(head) | {"table": "seed 0"}, ensure_ascii=False)
    verified(alice, f"{named}\n{rest}".encode())
    verified(alice, fixture_log("audit/fan_missed.jsonl").replace(b"19:30", b"21:30"))
    page = alice.get(f"/clubs/{CLUB}/ledger?date={NIGHT}").get_data(as_text=True)
    assert ">seed 0 桌" in page and "第 seed 0 桌" not in page and ">第 1 桌" in page
    english = alice.get(f"/clubs/{CLUB}/ledger?date={NIGHT}", headers=EN).get_data(as_text=True)
    assert ">Table seed 0" in english and ">Table 1" in english


def test_a_point_value_change_is_kept_and_the_ledger_offers_to_put_it_back(app, alice):
    api = f"/api/v1/clubs/{CLUB}/ledger/money"
    headers = {"X-CSRFToken": csrf_token(alice, "/")}
    for value in ("0.5", "0.5", "5"):  # saving the same value again changes nothing
        assert alice.post(api, json={"point_value": value}, headers=headers).status_code == 200
    with app.app_context(), engine().connect() as c:
        sql = "SELECT by, detail FROM web_club_history WHERE kind = 'money_set' ORDER BY id"
        kept = [(by, json.loads(detail)) for by, detail in c.execute(text(sql)).all()]
    assert kept == [
        ("alice", {"before": None, "after": {"value": "0.5", "unit": "元"}}),
        (
            "alice",
            {"before": {"value": "0.5", "unit": "元"}, "after": {"value": "5", "unit": "元"}},
        ),
    ]
    page = alice.get(f"/clubs/{CLUB}/ledger").get_data(as_text=True)
    assert 'id="money-back"' in page and "改回：0.5 元" in page
    assert 'name="point_value" value="0.5"' in page.split('id="money-back"')[1]
    english = alice.get(f"/clubs/{CLUB}/ledger", headers=EN).get_data(as_text=True)
    assert "Put back: 0.5 yuan" in english
