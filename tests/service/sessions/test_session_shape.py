"""``GET /api/v1/sessions/<id>`` has the same keys before its first report as after it
(docs/api.md, Reading): a session recorded at the table with no hand yet has no report, and its
answer lacked ``anomalies``, ``corrections`` and ``options`` (a client reading them failed)."""

from __future__ import annotations

from tests.service.conftest import CLUB, csrf_token

KEYS = {"session", "report_ok", "hands", "totals", "anomalies", "corrections", "options",
        "verifications", "withdrawn", "can_withdraw"}  # fmt: skip


def test_a_session_without_a_report_has_every_documented_key(alice) -> None:
    made = alice.post(
        "/api/v1/record/sessions",
        json={
            "club": CLUB,
            "table": "1",
            "ruleset": "zhoushan",
            "options": {},
            "players": ["甲", "乙", "丙", "丁"],
        },  # fmt: skip
        headers={"X-CSRFToken": csrf_token(alice, "/upload")},
    )
    assert made.status_code == 201, made.get_json()
    answer = alice.get(f"/api/v1/sessions/{made.get_json()['session']['id']}").get_json()
    assert set(answer) == KEYS
    assert (answer["report_ok"], answer["hands"], answer["totals"]) == (None, [], None)
    assert (answer["anomalies"], answer["corrections"], answer["options"]) == ([], [], None)
    assert (answer["withdrawn"], answer["can_withdraw"]) == (None, True)
