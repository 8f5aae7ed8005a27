"""Fixtures for the web tests: an app on a fresh SQLite file, users in two clubs, log-in helpers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from events import db as events_db
from service import auth
from service.app import create_app

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CLUB, OTHER_CLUB = "东门俱乐部", "西门俱乐部"
PASSWORD = "correct horse 42"


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("FUPAN_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("FUPAN_DATABASE_URL", f"sqlite:///{tmp_path / 'fupan.sqlite3'}")
    monkeypatch.setenv("FUPAN_SECRET_KEY", "test-secret")
    events_db.dispose_all()
    app = create_app({"TESTING": True})
    with app.app_context():
        alice = auth.create_user("alice", PASSWORD, display_name="阿强")
        bob = auth.create_user("bob", PASSWORD)
        carol = auth.create_user("carol", PASSWORD)
        club, other = auth.get_or_create_club(CLUB), auth.get_or_create_club(OTHER_CLUB)
        auth.add_member(alice, club, "admin", player="阿强")
        auth.add_member(bob, other, "member")
        auth.add_member(carol, club, "auditor")
    yield app
    events_db.dispose_all()


@pytest.fixture
def client(app):
    return app.test_client()


def csrf_token(client, path: str = "/login") -> str:
    html = client.get(path).get_data(as_text=True)
    return re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)


def login(client, username: str = "alice", password: str = PASSWORD):
    return client.post(
        "/login",
        data={"username": username, "password": password, "csrf_token": csrf_token(client)},
    )


@pytest.fixture
def alice(client):
    assert login(client).status_code == 302
    return client
