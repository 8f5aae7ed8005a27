"""A 413 names the limit it crossed (docs/api.md, Upload): a club splitting its night's file
needs the number, which the message did not give."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "the upload is larger than this server accepts (1000 bytes)"),
        ("zh", "上传的文件超过了服务器的上限（1000 字节）"),
    ],
)
def test_the_413_names_the_limit(app, alice, language: str, expected: str) -> None:
    app.config["MAX_CONTENT_LENGTH"] = 1000
    answer = alice.post(
        "/api/v1/sessions",
        data=b"x" * 2000,
        content_type="application/x-ndjson",
        headers={"Accept-Language": language},
    )
    assert answer.status_code == 413
    assert answer.get_json() == {"error": "request_entity_too_large", "message": expected}
