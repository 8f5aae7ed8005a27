"""Fuzzing the upload API (issue 18, point 5): the codec fuzzer's hostile logs (NUL and
surrogates escaped, raw and in keys, huge lines, deep nesting, long names, other encodings),
random bytes and hostile file names go through POST /api/v1/sessions, on SQLite and on
PostgreSQL (where NUL once made pages fail). Every answer is a 201/207/422 (or 400/413/415 for
a broken request) with a JSON body whose errors name a line; never a 5xx or a traceback."""

from __future__ import annotations

import io
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.events.test_codec_fuzz import hostile_logs
from tests.service.conftest import CLUB, csrf_token

FUZZ = settings(
    max_examples=40,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)
NAMES = st.sampled_from(["night.jsonl", "a\x00.jsonl", "名.jsonl", "x" * 5000, "", "../../etc"])


@pytest.fixture
def web_database_url(database_url) -> str:
    """SQLite and PostgreSQL (the root fixture's parameters)."""
    return database_url


def _check(response) -> None:
    assert response.status_code < 500, response.get_data(as_text=True)
    body = response.get_data(as_text=True)
    assert "Traceback" not in body
    doc = response.get_json()
    assert doc is not None, body
    for rejected in doc.get("rejected", []):
        assert rejected["errors"] and all(isinstance(e["line"], int) for e in rejected["errors"])


def _club_log(data: bytes) -> bytes:
    """The fixtures name their own clubs: moved to alice's, so a valid log can be stored."""
    club = json.dumps(CLUB, ensure_ascii=False).encode()
    return re.sub(rb'"club": ?"[^"]*"', b'"club":' + club, data, count=1)


def test_hostile_uploads_never_fail_the_server(app, alice):
    token = csrf_token(alice, "/upload")

    @FUZZ
    @given(hostile_logs(), NAMES)
    def upload(data: bytes, name: str) -> None:
        response = alice.post(
            "/api/v1/sessions",
            data={"file": (io.BytesIO(_club_log(data)), name)},
            content_type="multipart/form-data",
            headers={"X-CSRFToken": token},
        )
        _check(response)

    upload()


def test_random_bodies_never_fail_the_server(app, alice):
    token = csrf_token(alice, "/upload")

    @FUZZ
    @given(st.binary(max_size=3000), st.sampled_from(["application/x-ndjson", "text/plain"]))
    def upload(data: bytes, mimetype: str) -> None:
        response = alice.post(
            "/api/v1/sessions", data=data, content_type=mimetype, headers={"X-CSRFToken": token}
        )
        _check(response)

    upload()
