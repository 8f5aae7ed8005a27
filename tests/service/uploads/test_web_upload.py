"""Uploads: the browser form's API call and scripts with a token; bad files store nothing."""

from __future__ import annotations

import io
import re

from sqlmodel import func, select

from events.models import TableSession
from service.db import db
from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import EN, OTHER_CLUB, csrf_token, fixture_log, upload, verified
from workers.celery_app import wait_embedded

CLEAN = "replay/clean.jsonl"


def _stored(app) -> int:
    with app.app_context():
        with db() as session:
            return session.exec(select(func.count()).select_from(TableSession)).one()


def test_valid_upload_is_stored_queued_and_verified(app, alice):
    response = upload(alice, fixture_log(CLEAN))
    assert response.status_code == 201
    accepted = response.get_json()["accepted"][0]
    assert accepted["created"] is True and accepted["file"] == "night.jsonl"
    assert wait_embedded(BACKGROUND_BUDGET)
    status = alice.get(accepted["status_url"]).get_json()
    assert status["status"] == "ok"
    assert status["disputes"] == 0 and status["verified_seq"] == status["head_seq"]
    assert _stored(app) == 1


def test_repeated_upload_returns_the_same_session(app, alice):
    first = upload(alice, fixture_log(CLEAN)).get_json()["accepted"][0]
    again = upload(alice, fixture_log(CLEAN)).get_json()["accepted"][0]
    assert again["session_id"] == first["session_id"] and again["created"] is False
    assert _stored(app) == 1


def test_malformed_line_is_reported_with_its_number_and_nothing_stored(app, alice):
    lines = fixture_log(CLEAN).decode().splitlines()
    lines[4] = '{"type":"deal","seat":"E","tiles":"123x"}'
    lines[6] = "{not json"
    response = upload(alice, "\n".join(lines).encode(), name="bad.jsonl")
    assert response.status_code == 422
    rejected = response.get_json()["rejected"][0]
    assert rejected["file"] == "bad.jsonl"
    assert {e["line"] for e in rejected["errors"]} == {5, 7}
    assert any(e["field"] == "tiles" for e in rejected["errors"])
    assert _stored(app) == 0


def test_wrong_file_type_is_refused(app, alice):
    png = b"\x89PNG\r\n\x1a\n" + bytes(40)
    response = upload(alice, png, name="photo.png")
    assert response.status_code == 422
    error = response.get_json()["rejected"][0]["errors"][0]
    assert error["code"] == "file_type" and "文件类型不对" in error["message"]
    wrong_body = alice.post(
        "/api/v1/sessions",
        data=png,
        content_type="image/png",
        headers={"X-CSRFToken": csrf_token(alice, "/upload")},
    )
    assert wrong_body.status_code == 415
    assert _stored(app) == 0


def test_too_large_upload_is_refused(app, alice):
    app.config["MAX_CONTENT_LENGTH"] = 2000
    alice.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    big = fixture_log(CLEAN) + b"\n" * 5000
    response = upload(alice, big)
    assert response.status_code == 413
    assert "larger" in response.get_json()["message"]
    assert _stored(app) == 0


def test_log_of_another_club_is_refused(app, alice):
    response = upload(alice, fixture_log(CLEAN, club=OTHER_CLUB))
    assert response.status_code == 422
    error = response.get_json()["rejected"][0]["errors"][0]
    assert error["line"] == 1 and error["field"] == "club" and OTHER_CLUB in error["message"]
    assert _stored(app) == 0


def test_several_files_in_one_request(app, alice):
    bad = b'{"type":"session"}\n'
    response = alice.post(
        "/api/v1/sessions",
        data={"file": [(io.BytesIO(fixture_log(CLEAN)), "a.jsonl"), (io.BytesIO(bad), "b.jsonl")]},
        content_type="multipart/form-data",
        headers={"X-CSRFToken": csrf_token(alice, "/upload")},
    )
    assert response.status_code == 207
    body = response.get_json()
    assert [a["file"] for a in body["accepted"]] == ["a.jsonl"]
    assert [r["file"] for r in body["rejected"]] == ["b.jsonl"]
    wait_embedded(BACKGROUND_BUDGET)


def test_browser_upload_without_csrf_token_is_refused(app, alice):
    response = alice.post(
        "/api/v1/sessions",
        data={"file": (io.BytesIO(fixture_log(CLEAN)), "a.jsonl")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400
    assert _stored(app) == 0


def test_script_upload_with_token_needs_no_csrf(app, client, alice):
    html = alice.post("/account", data={"csrf_token": csrf_token(alice, "/account")})
    token = html.get_data(as_text=True).split('id="new-token">')[1].split("<")[0]
    script = app.test_client()
    response = script.post(
        "/api/v1/sessions",
        data=fixture_log(CLEAN),
        content_type="application/x-ndjson",
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 201
    wait_embedded(BACKGROUND_BUDGET)
    assert (
        script.post(
            "/api/v1/sessions", data=fixture_log(CLEAN), content_type="application/x-ndjson"
        ).status_code
        == 401
    )


def test_upload_page_has_a_drop_zone(alice):
    html = alice.get("/upload").get_data(as_text=True)
    assert 'id="dropzone"' in html and "multiple" in html


def test_verified_helper_waits_for_the_worker(alice):
    session_id = verified(alice, fixture_log(CLEAN))
    assert alice.get(f"/api/v1/sessions/{session_id}/status").get_json()["status"] == "ok"


def test_log_without_a_club_is_refused(app, alice):
    import json

    lines = fixture_log(CLEAN).decode().splitlines()
    first = json.loads(lines[0])
    del first["club"]
    response = upload(alice, "\n".join([json.dumps(first), *lines[1:]]).encode())
    assert response.status_code == 422
    error = response.get_json()["rejected"][0]["errors"][0]
    assert error["line"] == 1 and error["field"] == "club"
    assert _stored(app) == 0


CJK = re.compile(r"[\u3400-\u9fff]")


def _broken(name: str = "bad.jsonl") -> bytes:
    """The clean log with a bad tile on line 5 and a wrong seat on line 7."""
    lines = fixture_log(CLEAN).decode().splitlines()
    lines[4] = '{"type":"deal","seat":"E","tiles":"123x"}'
    lines[6] = '{"type":"discard","seat":"X","tile":"1m"}'
    return "\n".join(lines).encode()


def _errors(response) -> dict[int, dict]:
    assert response.status_code == 422
    return {e["line"]: e for e in response.get_json()["rejected"][0]["errors"]}


def test_a_broken_log_is_explained_in_chinese_by_default(alice):
    errors = _errors(upload(alice, _broken()))
    tile, seat = errors[5], errors[7]
    assert (tile["code"], tile["field"], tile["params"]) == ("not_tile", "tiles", {"token": "123x"})
    assert tile["message"] == '"123x" 不是一张牌'
    assert tile["text"] == '第 5 行，字段 tiles："123x" 不是一张牌'
    assert seat["code"] == "one_of" and seat["text"].startswith("第 7 行，字段 seat：必须是 ")
    for error in errors.values():  # the file's own words aside (field, quoted values), no English
        words = re.sub(r'"[^"]*"|\'[^\']*\'|\b(tiles|seat)\b', "", error["text"])
        assert not re.search(r"[A-Za-z]{3,}", words), error["text"]


def test_a_broken_log_is_explained_in_english_when_asked(alice):
    for ask in ({"headers": EN}, {"cookie": "en"}):
        if "cookie" in ask:
            alice.set_cookie("fupan_lang", "en")
        errors = _errors(upload(alice, _broken(), **ask.get("headers", {})))
        assert errors[5]["text"] == 'line 5, field tiles: "123x" is not a tile'
        assert errors[7]["text"] == (
            "line 7, field seat: must be one of 'E', 'S', 'W', 'N' (got \"X\")"
        )
        assert not any(CJK.search(e["text"]) for e in errors.values())
        assert {e["code"] for e in errors.values()} == {"not_tile", "one_of"}


def test_the_club_and_the_parse_budget_are_explained_in_the_readers_language(app, alice):
    error = _errors(upload(alice, fixture_log(CLEAN, club=OTHER_CLUB)))[1]
    assert error["code"] == "not_member"
    assert error["text"] == f"第 1 行，字段 club：你不是俱乐部 '{OTHER_CLUB}' 的成员"
    app.config["UPLOAD_SECONDS"] = -1  # no time at all: reading stops at line 256
    long_log = fixture_log(CLEAN) + b'\n{"type":"exhausted"}' * 300
    (late,) = _errors(upload(alice, long_log, **EN)).values()
    assert late["code"] == "deadline" and late["text"].startswith("line 256: reading stopped here")
    (late,) = _errors(upload(alice, long_log)).values()
    assert late["text"] == "第 256 行：在此停止读取：检查这份记录所用的时间超过了一次上传的限额"
