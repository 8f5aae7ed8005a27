"""A report stored by an older engine (version 1, before reports carried a version) is read
through the upcaster: the session page, the hand page, the disputes queue and the history all
show it, with the explanations the old report gave on its disputes."""

from __future__ import annotations

import json
from pathlib import Path

from events import store, verifications
from tests.service.conftest import CLUB, fixture_log, verified

OLD = (
    Path(__file__).resolve().parents[2] / "fixtures" / "reports" / "v1_2026-12-01a_fan_missed.json"
)


def test_a_version_1_report_is_shown_as_the_current_version(app, alice):
    sid = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    stored = json.loads(OLD.read_text())  # the same log, audited by the engine of 1 Dec
    with app.app_context():
        from service.db import engine

        head = store.get_session(session_id=sid, engine=engine()).head_seq
        assert verifications.record_verification(
            session_id=sid, head_seq=head, engine_version="0.0.1-old", options=None,
            status="ok", report=stored, disputes=1, anomalies=0, engine=engine(),
        )  # fmt: skip
    session = alice.get(f"/api/v1/sessions/{sid}").get_json()
    assert session["verifications"][-1]["engine_version"] == "0.0.1-old"
    (hand,) = session["hands"]
    why = {"code": "fan_missed", "zh": "漏算无得（硬碰硬）", "en": "no 得 in hand not counted"}
    assert hand["explanations"] == [why]  # from its disputes: the report had no list of them
    assert hand["top_ups"] == [] and [d["explanation"] for d in hand["disputes"]] == [why] * 3
    page = alice.get(f"/api/v1/sessions/{sid}/hands/1").get_json()
    assert page["steps"] == stored["hands"][0]["steps"] and page["explanations"] == [why]
    assert all(w["stands"] for w in page["wins"])
    queue = alice.get(f"/api/v1/clubs/{CLUB}/disputes").get_json()
    assert [(d["session"]["id"], d["explanations"]) for d in queue["disputes"]] == [(sid, [why])]
    for path in (f"/sessions/{sid}", f"/sessions/{sid}/hands/1", f"/clubs/{CLUB}/disputes"):
        assert alice.get(path).status_code == 200, path
