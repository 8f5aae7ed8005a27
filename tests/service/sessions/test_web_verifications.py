"""The verification history on the session page and at /api/v1/sessions/<id>/verifications:
an older engine's result that differs, then the current one (the change and the engine as its
cause); a correction appended and verified again (the correction, who and why, as the cause)."""

from __future__ import annotations

import copy
import json
import re

import pytest

from engine.audit import audit_records
from events import store, verifications
from service.db import engine
from tests.service.conftest import EN, fixture_log, login
from workers import tasks

DISPUTED = "audit/fan_missed.jsonl"  # one huangyan hand, the table forgot 硬碰硬
SETTLEMENT_SEQ = 23  # the hand's settlement line


def _stored(app) -> str:
    with app.app_context():
        return store.ingest(data=fixture_log(DISPUTED), engine=engine()).session.id


def _record_old(
    app, sid: str, report: dict | None, version: str = "0.0.1", options=None, **fields
) -> None:
    with app.app_context():
        head = store.get_session(session_id=sid, engine=engine()).head_seq
        disputes = sum(len(h["disputes"]) for h in report["hands"]) if report else 0
        stored = verifications.record_verification(
            session_id=sid, head_seq=head, engine_version=version, options=options,
            report=report, disputes=disputes, engine=engine(), **fields,
        )  # fmt: skip
        assert stored


def _history(client, sid: str) -> list[dict]:
    response = client.get(f"/api/v1/sessions/{sid}/verifications")
    assert response.status_code == 200, response.get_json()
    return response.get_json()["verifications"]


@pytest.fixture
def upgraded(app, alice):
    """A session verified by engine 0.0.1, whose report had the first dispute's recorded
    amount 3 higher and no explanation, then by the current engine."""
    sid = _stored(app)
    with app.app_context():
        current = audit_records(store.read_records(session_id=sid, engine=engine()))
    old = copy.deepcopy(current)
    for d in old["hands"][0]["disputes"]:
        d["explanation"] = None
    old["hands"][0]["disputes"][0]["recorded"] += 3
    _record_old(app, sid, old, status="ok")
    assert tasks.verify_session(sid) == "ok"
    return sid, current


def test_an_engine_upgrade_that_changed_a_dispute(alice, upgraded):
    sid, current = upgraded
    first, second = _history(alice, sid)
    dispute = current["hands"][0]["disputes"][0]
    seats = current["hands"][0]["seats"]
    assert (first["engine_version"], first["causes"], first["changes"]) == ("0.0.1", [], None)
    assert second["engine_version"] == tasks.engine_version() != "0.0.1"
    assert second["causes"] == [{"code": "engine", "zh": "引擎升级后重新核对",
                                 "en": "re-verified by another engine version",
                                 "before": "0.0.1", "after": tasks.engine_version()}]  # fmt: skip
    assert [(c["hand"], c["code"]) for c in second["changes"]] == [
        (1, "dispute_amount"), (1, "explanation")]  # fmt: skip
    amount = second["changes"][0]
    names = f"{seats[dispute['from']]} → {seats[dispute['to']]}"
    assert amount["what"] == {"seats": [dispute["from"], dispute["to"]], "zh": names, "en": names}
    assert amount["before"]["recorded"] == dispute["recorded"] + 3
    assert amount["after"] == {"expected": dispute["expected"], "recorded": dispute["recorded"]}
    assert second["changes"][1]["after"] == dispute["explanation"]

    html = alice.get(f"/sessions/{sid}", headers=EN).get_data(as_text=True)
    section = html[html.index('id="verifications"') :]
    assert section.count('<tr id="verification-') == 2
    assert "verdict changed" in section and "same verdict" not in section
    assert f"0.0.1 → {tasks.engine_version()}" in section
    assert "dispute amount changed" in section and names in section
    assert f"({dispute['from']})" not in section  # no seat letter
    assert f"recorded {dispute['recorded'] + 3} → expected {dispute['expected']}" \
        in " ".join(section.split())  # fmt: skip
    assert dispute["explanation"]["en"] in section and dispute["explanation"]["zh"] not in section


def test_the_session_api_carries_the_same_history(alice, upgraded):
    sid, _ = upgraded
    assert alice.get(f"/api/v1/sessions/{sid}").get_json()["verifications"] == _history(alice, sid)


def test_same_verdict_and_a_failed_audit(app, alice):
    sid = _stored(app)
    _record_old(app, sid, None, version="0.0.1", status="failed", error="KeyError: 'x'")
    with app.app_context():
        report = audit_records(store.read_records(session_id=sid, engine=engine()))
    _record_old(app, sid, report, version="0.0.2", status="ok")
    assert tasks.verify_session(sid) == "ok"
    failed, fixed, same = _history(alice, sid)
    assert (failed["status"], failed["error"], failed["ok"]) == ("failed", "KeyError: 'x'", None)
    assert fixed["changes"] is None and fixed["causes"][0]["before"] == "0.0.1"
    assert same["changes"] == [] and same["causes"][0]["before"] == "0.0.2"
    html = alice.get(f"/sessions/{sid}", headers=EN).get_data(as_text=True)
    assert "KeyError: &#39;x&#39;" in html and "nothing to compare" in html  # the detail
    assert "same verdict" in html and "verdict changed" not in html


def test_a_failed_audit_reads_as_a_sentence_in_the_pages_language(app, alice):
    """A failed verification is worded for a club member in the page's language; the stored
    error (a Python exception, English) is a detail on English pages only. Both kinds: the
    engine raised, and the audit killed its worker every time (workers.tasks._give_up)."""
    from tests.service.i18n.one_language import internal_codes, other_language, visible_text

    sid = _stored(app)
    _record_old(app, sid, None, version="0.0.1", status="failed", error="KeyError: 'hand_no'")
    _record_old(app, sid, None, version="0.0.2", status="failed",
                error=f"{verifications.WORKER_DIED} 3 times")  # fmt: skip
    engine_failed, died = _history(alice, sid)
    assert (engine_failed["failure"], died["failure"]) == ("engine_failed", "worker_died")
    pages = {lang: alice.get(f"/sessions/{sid}", headers={"Accept-Language": lang}).get_data(as_text=True)
             for lang in ("zh", "en")}  # fmt: skip
    failures = {lang: re.findall(r'<span class="error failure"[^>]*>(.*?)</span>', page, re.S)
                for lang, page in pages.items()}  # fmt: skip
    assert len(failures["zh"]) == len(failures["en"]) == 2
    for lang, texts in failures.items():
        assert len(set(texts)) == 2  # the two kinds read differently
        for text in texts:
            assert other_language(text, lang) == [] and internal_codes(text) == [], text
    assert "KeyError" not in pages["zh"] and "worker process" not in pages["zh"]
    assert "technical detail" in pages["en"] and "KeyError: &#39;hand_no&#39;" in pages["en"]
    assert "KeyError" not in visible_text(pages["en"])  # behind <details>, as <code>
    assert "核对未能完成" in failures["zh"][0]


def test_a_correction_is_the_cause(app, alice):
    sid = _stored(app)
    assert tasks.verify_session(sid) == "ok"
    (before,) = _history(alice, sid)
    assert before["ok"] is False
    with app.app_context():
        records = store.read_records(session_id=sid, engine=engine())
        expected = audit_records(records)["hands"][0]["expected_payments"]
        store.append_corrections(
            session_id=sid, expected_seq=len(records) - 1, engine=engine(),
            corrections=[{"type": "correction", "target": SETTLEMENT_SEQ, "by": "阿强",
                          "reason": "paid 硬碰硬 after all",
                          "replacement": {"type": "settlement", "payments": [
                              {k: p[k] for k in ("from", "to", "amount")} for p in expected]}}],
        )  # fmt: skip
    assert tasks.verify_session(sid) == "ok"
    _, after = _history(alice, sid)
    (cause,) = after["causes"]
    head = len(records) - 1
    assert (cause["code"], cause["before"], cause["after"], cause["appended"]) == (
        "head", head, head + 1, 0)  # fmt: skip
    assert cause["corrections"] == [{"seq": head + 1, "by": "阿强", "reason": "paid 硬碰硬 after all",
                                     "target": SETTLEMENT_SEQ, "target_type": "settlement",
                                     "void": False, "hand": 1}]  # fmt: skip
    codes = [c["code"] for c in after["changes"]]
    assert codes[0] == "verdict" and set(codes[1:]) == {"dispute_removed"}
    assert after["changes"][0]["after"] is True

    html = " ".join(alice.get(f"/sessions/{sid}", headers=EN).get_data(as_text=True).split())
    assert "the log was corrected or extended" in html
    assert "by <b>阿强</b>, “paid 硬碰硬 after all”" in html
    assert f"replaces the settlement at step {SETTLEMENT_SEQ} (hand 1)" in html
    assert "session verdict changed: not ok → ok" in html


def test_other_options_read_as_labels_in_the_pages_language(app, alice):
    """A result made with other options: each changed option by its label, old value → new
    value in words, in one language; never the options' JSON or their codes."""
    sid = _stored(app)
    overrides = {"half_rounding": "down", "pengpenghu": True, "cap": 300}
    with app.app_context():
        old = audit_records(store.read_records(session_id=sid, engine=engine()), overrides)
    _record_old(app, sid, old, version=tasks.engine_version(), options=overrides, status="ok")
    assert tasks.verify_session(sid) == "ok"
    _, now = _history(alice, sid)
    (cause,) = now["causes"]
    assert cause["code"] == "options"
    changed = {o["code"]: (o["before"]["en"], o["after"]["en"]) for o in cause["options"]}
    assert changed == {
        "pengpenghu": ("yes", "no"),
        "cap": ("300", "no cap"),
        "half_rounding": ("rounded down (the half chip is dropped)",
                          "rounded up (the payer pays the half chip)"),
    }  # fmt: skip
    for headers, shown, hidden in (
        (EN, "rounded down (the half chip is dropped) → rounded up", "向下取整"),
        ({"Accept-Language": "zh-CN"}, "向下取整（舍去半粒） → 向上取整", "rounded"),
    ):
        html = alice.get(f"/sessions/{sid}", headers=headers).get_data(as_text=True)
        section = " ".join(html[html.index('id="verifications"') :].split())
        causes = section[section.index('data-cause="options"') : section.index("</ul>")]
        text = re.sub(r"<[^>]+>", " ", causes.split(">", 1)[1])  # what a reader sees
        assert shown in text and hidden not in text
        for code in ("half_rounding", "pengpenghu", "True", "true", "{", '"'):
            assert code not in text, code
    assert "不封顶" in text and "是 → 否" in text


def test_history_follows_the_session_access_rules(app, upgraded):
    sid, _ = upgraded
    bob = app.test_client()
    login(bob, "bob")
    assert bob.get(f"/api/v1/sessions/{sid}/verifications").status_code == 404
    anonymous = app.test_client().get(f"/api/v1/sessions/{sid}/verifications")
    assert anonymous.status_code == 401
    assert json.loads(anonymous.get_data())["error"] == "unauthorized"
