"""The documented API against real objects: the client logs of docs/log-format.md (the four
rulesets, full and summary, v1 and with the project's extensions, written by hand from the docs
in client_logs/, outside tests/fixtures: the audit fingerprint's set stays as it was) are
uploaded and verified, a ledger mark is made, and schemathesis calls every operation with path parameters that name them (a session, its hands and steps, the
club, a player, the mark), so its answers are the documented ones: no 5xx, a documented status,
content type and body (test_web_openapi.py calls them with generated ids, which only reach the
404s). Each store runs it: SQLite, and PostgreSQL (marked ``postgres``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from service.accounts import auth
from tests.conftest import BACKGROUND_BUDGET
from tests.service.api.test_web_openapi import DOC
from tests.service.conftest import CLUB, csrf_token, upload
from workers.celery_app import wait_embedded

HERE = Path(__file__).parent / "client_logs"
LOGS = sorted(p.name for p in HERE.glob("*.jsonl"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


def _in_club(path: Path) -> bytes:
    """The log with its session's club the test user's (the logs name the docs' 测试俱乐部)."""
    return path.read_bytes().replace("测试俱乐部".encode(), CLUB.encode())


@pytest.fixture
def web_database_url(database_url) -> str:
    """The store of the root ``database_url``: SQLite, and PostgreSQL (marked ``postgres``)."""
    return database_url


@pytest.fixture
def real(app, alice) -> dict[str, Any]:
    """Every client log uploaded and verified, one ledger mark; the values path parameters take."""
    sessions = []
    for name in LOGS:
        answer = upload(alice, _in_club(HERE / name), name=name)
        assert answer.status_code == 201, (name, answer.get_json())
        sessions.append(answer.get_json()["accepted"][0]["session_id"])
    assert wait_embedded(BACKGROUND_BUDGET)
    mark = alice.post(
        f"/api/v1/clubs/{CLUB}/ledger/paid",
        json={"night": "2026-12-01", "from": "乙", "to": "甲", "amount": 3, "basis": "recorded"},
        headers={"X-CSRFToken": csrf_token(alice, "/upload")},
    )
    assert mark.status_code == 201, mark.get_json()
    table = {"club": CLUB, "table": "9", "ruleset": "zhoushan", "options": {}}
    recorded = alice.post(
        "/api/v1/record/sessions",
        json={**table, "players": ["甲", "乙", "丙", "丁"]},
        headers={"X-CSRFToken": csrf_token(alice, "/upload")},
    )
    assert recorded.status_code == 201, recorded.get_json()
    sessions.append(recorded.get_json()["session"]["id"])
    with app.app_context():
        from service.db import db
        from service.models import User

        with db() as session:
            user = session.get(User, 1)
        token = auth.issue_token(user, "schemathesis")
    return {
        "token": token,
        "session_id": sessions,
        "index": [1, 2, 3],
        "hand": [1, 2],
        "step": [0, 1, 4, 9, 12, 30],
        "no": [1, 2],
        "club": [CLUB],
        "name": ["甲", "丁", "阿强"],
        "mark_id": [mark.get_json()["id"]],
    }


def test_the_client_logs_are_accepted_as_written() -> None:
    """Each is valid under docs/log-format.md: the four rulesets, both forms, both versions."""
    rulesets = {json.loads((HERE / n).read_text().split("\n")[0])["ruleset"] for n in LOGS}
    assert rulesets == {"wenling", "huangyan", "zhoushan", "xizhou"}
    for form in ("full-v1", "full-current", "summary-v1", "summary-current"):
        assert {n.split("-")[0] for n in LOGS if form in n} == rulesets, form


@pytest.mark.slow
def test_every_operation_on_real_objects_answers_as_documented(app, real) -> None:
    schema = schemathesis.openapi.from_dict(DOC)
    schema.app = app
    # identity: the app compresses (Flask-Compress), and the WSGI transport does not inflate
    headers = {"Authorization": f"Bearer {real['token']}", "Accept-Encoding": "identity"}
    for operation in (result.ok() for result in schema.get_all_operations()):
        _check(operation, real, headers)


def _check(operation, real: dict[str, Any], headers: dict[str, str]) -> None:
    """A few calls of one operation, each path parameter a real object's (one the document
    enumerates, a chart's name, is left to schemathesis)."""
    documented = DOC["paths"][operation.path][operation.method.lower()]
    enums = {p["name"] for p in documented.get("parameters", ()) if "enum" in p["schema"]}

    @given(case=operation.as_strategy(), data=st.data())
    @settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    def check(case, data):
        for name in case.path_parameters or {}:
            if name not in enums:
                case.path_parameters[name] = data.draw(st.sampled_from(real[name]), name)
        case.call_and_validate(headers=headers, checks=CHECKS)

    check()
