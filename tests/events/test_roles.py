"""Least privilege on PostgreSQL: the tables' owner migrates, the app role (web and workers) can
upload and verify but cannot alter, drop, disable triggers, or update and delete evidence."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError
from typer.testing import CliRunner

from events import db, store, verifications
from service.cli import app
from tests.conftest import PG_SERVER

runner = CliRunner()


def fupan(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


@pytest.fixture
def roles(data_dir, monkeypatch):
    """Two fresh login roles and a database the owner role owns; dropped afterwards."""
    suffix = uuid.uuid4().hex[:8]
    owner, app_role, name = f"fupan_owner_{suffix}", f"fupan_app_{suffix}", f"fupan_roles_{suffix}"
    admin = create_engine(f"{PG_SERVER}/postgres", isolation_level="AUTOCOMMIT")
    with admin.connect() as c:
        c.execute(text(f"CREATE ROLE {owner} LOGIN"))
        c.execute(text(f"CREATE ROLE {app_role} LOGIN"))
        c.execute(text(f'CREATE DATABASE "{name}" OWNER {owner}'))
    server = make_url(PG_SERVER)
    urls = {
        role: server.set(username=role, database=name).render_as_string(hide_password=False)
        for role in (owner, app_role)
    }
    monkeypatch.setenv("FUPAN_MIGRATE_DATABASE_URL", urls[owner])
    monkeypatch.setenv("FUPAN_DATABASE_URL", urls[app_role])
    yield owner, app_role, urls
    db.dispose_all()
    with admin.connect() as c:
        c.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        c.execute(text(f"DROP ROLE {owner}"))
        c.execute(text(f"DROP ROLE {app_role}"))
    admin.dispose()


REFUSED = [
    "ALTER TABLE event_chunks DISABLE TRIGGER USER",
    "ALTER TABLE sessions DISABLE TRIGGER sessions_head_only",
    "ALTER TABLE event_chunks ADD COLUMN forged text",
    "DROP TABLE log_leaves",
    "DROP TRIGGER event_chunks_append_only ON event_chunks",
    "UPDATE event_chunks SET data = data",
    "DELETE FROM event_chunks",
    "TRUNCATE event_chunks",
    "UPDATE receipts SET document = document",
    "DELETE FROM log_checkpoints",
    "UPDATE sessions SET club = club",
    "DELETE FROM sessions",
    "CREATE TABLE shadow (x int)",
]


@pytest.mark.postgres
def test_the_app_role_uploads_and_verifies_but_cannot_rewrite(roles, sample_log, tmp_path):
    owner, app_role, urls = roles
    upgraded = fupan("db", "upgrade")
    assert upgraded.exit_code == 0, upgraded.output
    assert f"{app_role} on event_chunks: SELECT, INSERT" in upgraded.output

    log = tmp_path / "t.jsonl"
    log.write_text(sample_log, encoding="utf-8")
    ingested = fupan("ingest", str(log))  # as the app role; the embedded queue verifies
    assert ingested.exit_code == 0, ingested.output
    [session] = store.list_sessions()
    assert store.get_engine().url.username == app_role
    [result] = verifications.verifications_of(session_id=session.id)
    assert result.status == "ok"
    fixed = store.append_corrections(
        session_id=session.id,
        corrections=[{"type": "correction", "target": 2, "void": True, "reason": "r", "by": "b"}],
        expected_seq=session.head_seq,
    )
    assert fixed.session.head_seq == session.head_seq + 1
    assert fupan("store", "check").exit_code == 0
    by_club = fupan("store", "check", "--club", session.club, "--since", "2000-01-01")
    assert by_club.exit_code == 0, by_club.output  # SELECT is all a club's check needs

    app_engine = create_engine(urls[app_role])
    for sql in REFUSED:
        with pytest.raises(DBAPIError, match="permission denied|must be owner") as refused:
            with app_engine.begin() as c:
                c.execute(text(sql))
        assert "fupan:" not in str(refused.value)  # the privilege refused it, not a trigger
    app_engine.dispose()
    owner_engine = create_engine(urls[owner])
    with owner_engine.begin() as c:  # the owner still can: it is the migrations' role
        c.execute(text("ALTER TABLE event_chunks DISABLE TRIGGER USER"))
        c.execute(text("ALTER TABLE event_chunks ENABLE TRIGGER USER"))
    owner_engine.dispose()


@pytest.mark.postgres
def test_the_grant_is_refused_to_the_owner_and_for_undecided_tables(roles):
    owner, app_role, urls = roles
    engine = db.make_engine(urls[owner])
    db.upgrade(engine)
    with pytest.raises(db.GrantRefused, match=f"role {owner} owns"):
        db.grant_app_role(engine, owner)
    with engine.begin() as c:
        c.execute(text("CREATE TABLE scratch (x int)"))
    with pytest.raises(db.GrantRefused, match="no privileges decided for table scratch"):
        db.grant_app_role(engine, app_role)
    engine.dispose()
