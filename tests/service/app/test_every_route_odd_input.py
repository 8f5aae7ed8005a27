"""Every route of the app (pages and API, schemathesis reads only the documented API) with odd
path values, query strings and bodies, logged in and not: a 4xx or an answer, never a 5xx.
Odd means what clients we never see send: 0, negatives, 5,000 digits (int() refuses past
4,300), text where a number goes, percent-escapes of bad UTF-8, and JSON bodies of the wrong
shape, with numbers written as 5,000-digit text in every field a form or body names (the
recorder's options answered 500 so before 976491e)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import CLUB, csrf_token, fixture_log, upload
from workers.celery_app import wait_embedded

HUGE = "9" * 5000
ODD_VALUES = ["0", "-1", HUGE, "x", "%C3%28", "..", "甲", "1.5"]
QUERIES = ["limit", "offset", "page", "date", "step", "hand", "since", "club", "state", "basis"]
FIELDS = ["amount", "night", "from", "to", "basis", "paid_before", "point_value", "reason",
          "action", "username", "role", "player", "club", "table", "ruleset", "no", "seat",
          "invite_id", "change_id", "token_id"]  # fmt: skip
BODIES = [
    {"json": []},
    {"json": {f: HUGE for f in FIELDS}},
    {
        "json": {
            "club": CLUB,
            "table": "1",
            "ruleset": "huangyan",
            "options": {"cap": HUGE},
            "players": ["甲", "乙", "丙", "丁"],
        }
    },  # fmt: skip
    {"data": b"{", "content_type": "application/json"},
    {"data": {f: HUGE for f in FIELDS}},
]
PARAM = re.compile(r"<(?:[^:>]+:)?(\w+)>")


def _urls(rule, good: dict[str, str]) -> list[str]:
    """The rule with good values, each parameter odd in turn, and odd query strings."""

    def made(odd_name: str | None = None, odd: str = "") -> str:
        return PARAM.sub(lambda m: odd if m[1] == odd_name else good.get(m[1], "1"), rule.rule)

    urls = {made()} | {made(a, v) for a in rule.arguments for v in ODD_VALUES}
    return sorted(urls | {f"{made()}?{q}={v}" for q in QUERIES for v in (HUGE, "x", "-1")})


@pytest.mark.slow
def test_every_route_answers_odd_input_without_a_server_error(app, alice):
    answer = upload(alice, fixture_log("audit/fan_missed.jsonl"))
    good = {"session_id": answer.get_json()["accepted"][0]["session_id"], "club": CLUB,
            "name": "阿强", "ruleset": "wenling"}  # fmt: skip
    assert wait_embedded(BACKGROUND_BUDGET)
    token = csrf_token(alice, "/upload")
    stranger = app.test_client()
    failed = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or "logout" in rule.rule:
            continue
        for url in _urls(rule, good):
            for client in (alice, stranger):
                if "GET" in rule.methods and client.get(url).status_code >= 500:
                    failed.append(("GET", url[:120]))
                for body in BODIES if "POST" in rule.methods else ():
                    sent = client.post(url, headers={"X-CSRFToken": token}, **body)
                    if sent.status_code >= 500:
                        failed.append(("POST", url[:120], str(body)[:80]))
    assert failed == []
