"""``fupan serve --demo``'s data: a demo admin who can log in and see verified demo sessions,
some disputed; a second start stores nothing twice and keeps the password (kept in the data dir)."""

from __future__ import annotations

from service.demo import DEMO_CLUB, NIGHTS, load_demo
from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import login
from workers.celery_app import wait_embedded


def test_demo_admin_sees_verified_demo_sessions(app, data_dir):
    with app.app_context():
        user, password, loaded = load_demo()
    assert loaded == len(NIGHTS) * 4
    assert wait_embedded(BACKGROUND_BUDGET)
    client = app.test_client()
    assert login(client, user, password).status_code == 302
    sessions = client.get("/api/v1/sessions").get_json()["sessions"]
    assert len(sessions) == loaded and {s["club"] for s in sessions} == {DEMO_CLUB}
    assert {s["status"] for s in sessions} == {"ok"}
    assert any(s["disputes"] for s in sessions)
    assert client.get(f"/api/v1/clubs/{DEMO_CLUB}/disputes").get_json()["can_resolve"]

    with app.app_context():
        again_user, again_password, again_loaded = load_demo()
    assert (again_user, again_loaded, again_password) == (user, 0, password)
    assert client.get("/api/v1/sessions").status_code == 200  # the first login still works
    assert (data_dir / "demo-password").read_text().strip() == password
    assert (data_dir / "demo-password").stat().st_mode & 0o077 == 0
