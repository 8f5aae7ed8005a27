"""The documented API (docs/openapi.json) against the app: schemathesis finds no 5xx, and every
documented path exists and every JSON route (main API and recorder) is documented."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from service.accounts import auth
from tests.service.conftest import fixture_log, upload

DOC = json.loads((Path(__file__).resolve().parents[3] / "docs" / "openapi.json").read_text())


@pytest.fixture
def token(app, alice):
    upload(alice, fixture_log("audit/fan_missed.jsonl"))
    with app.app_context():
        from service.db import db
        from service.models import User

        with db() as session:
            user = session.get(User, 1)
        return auth.issue_token(user, "schemathesis")


@pytest.mark.slow
def test_no_server_errors(app, token):
    """A few generated requests per operation (the pytest plugin is bypassed: it does not load
    under pytest 9); any 5xx fails."""
    schema = schemathesis.openapi.from_dict(DOC)
    schema.app = app
    headers = {"Authorization": f"Bearer {token}"}
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) == sum(len(item) for item in DOC["paths"].values())
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=6, deadline=None, suppress_health_check=list(HealthCheck), database=None
        )
        def check(case):
            case.call_and_validate(headers=headers, checks=[not_a_server_error])

        check()


def _path(rule) -> str:
    """The rule in OpenAPI's spelling: ``<int(max=9):mark_id>`` and ``<club>`` as ``{mark_id}``, ``{club}``."""
    return re.sub(r"<(?:\w+(?:\([^)]*\))?:)?(\w+)>", r"{\1}", rule.rule)


def test_every_documented_path_is_routed_and_every_api_route_documented(app):
    routes = {_path(r) for r in app.url_map.iter_rules()}
    assert set(DOC["paths"]) <= routes
    api_routes = {_path(r) for r in app.url_map.iter_rules() if r.rule.startswith("/api/")}
    assert {
        r.endpoint.split(".")[0] for r in app.url_map.iter_rules() if r.rule.startswith("/api/")
    } == {"api", "recorder"}
    assert api_routes <= set(DOC["paths"])
