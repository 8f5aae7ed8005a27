"""``fupan users create`` and ``fupan serve --demo`` as a user runs them."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time

import pytest
import requests
from typer.testing import CliRunner

from service.cli import app as cli


def test_users_create_then_log_in(app, client):
    runner = CliRunner()
    result = runner.invoke(
        cli,
        [
            "users",
            "create",
            "erin",
            "--password",
            "long enough 1",
            "--club",
            "新俱乐部",
            "--role",
            "auditor",
            "--player",
            "小王",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "created user erin in 新俱乐部 as auditor" in result.output
    from tests.service.conftest import login

    assert login(client, "erin", "long enough 1").status_code == 302
    assert client.get("/api/v1/me").get_json()["clubs"] == [
        {"name": "新俱乐部", "role": "auditor", "player": "小王"}
    ]


def test_users_create_refuses_clearly(app):
    runner = CliRunner()
    duplicate = runner.invoke(cli, ["users", "create", "alice", "--password", "long enough 1"])
    assert duplicate.exit_code == 2 and "already exists" in duplicate.output
    short = runner.invoke(cli, ["users", "create", "frank", "--password", "short"])
    assert short.exit_code == 2 and "at least 8" in short.output
    role = runner.invoke(
        cli,
        ["users", "create", "gina", "--password", "long enough 1", "--club", "x", "--role", "boss"],
    )
    assert role.exit_code == 2 and "valid roles" in role.output
    assert "Traceback" not in duplicate.output + short.output + role.output


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
def test_serve_demo_prints_a_login_that_works(tmp_path):
    port = _free_port()
    env = {**os.environ, "FUPAN_DATA_DIR": str(tmp_path), "COLUMNS": "200"}
    env.pop("FUPAN_DATABASE_URL", None)
    env.pop("FUPAN_BROKER_URL", None)
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "from service.cli import main; main()",
            "serve",
            "--demo",
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        banner = ""
        deadline = time.monotonic() + 120
        while "fupan on" not in banner and time.monotonic() < deadline:
            line = server.stdout.readline()
            if not line:
                break
            banner += line
        found = re.search(r"user (\S+) password (\S+)", banner)
        assert found, banner
        base = f"http://127.0.0.1:{port}"
        http = requests.Session()
        for _ in range(50):
            try:
                page = http.get(f"{base}/login", timeout=5).text
                break
            except requests.ConnectionError:
                time.sleep(0.2)
        token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
        response = http.post(
            f"{base}/login", data={"username": found[1], "password": found[2], "csrf_token": token}
        )
        assert response.status_code == 200 and "演示俱乐部" in response.text
    finally:
        server.terminate()
        server.wait(20)


@pytest.mark.slow
def test_serve_on_a_busy_port_says_so(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        env = {**os.environ, "FUPAN_DATA_DIR": str(tmp_path)}
        env.pop("FUPAN_DATABASE_URL", None)
        result = subprocess.run(
            [
                sys.executable,
                "-c",
                "from service.cli import main; main()",
                "serve",
                "--port",
                str(port),
            ],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert result.returncode != 0
    assert "in use" in result.stderr and "Traceback" not in result.stdout + result.stderr


def test_users_create_with_the_database_down(monkeypatch, data_dir):
    monkeypatch.setenv("FUPAN_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:1/none")
    result = CliRunner().invoke(cli, ["users", "create", "x", "--password", "long enough 1"])
    assert result.exit_code == 2 and "cannot reach the database" in result.output


def test_digest_fills_the_digest_tables_once(app, alice):
    from sqlalchemy import func, select

    from events.models import Digest, DigestPlayer
    from service.db import engine
    from tests.service.conftest import fixture_log, verified

    verified(alice, fixture_log("audit/summary.jsonl"))
    with app.app_context(), engine().begin() as c:  # a result stored before workers digested
        c.execute(DigestPlayer.__table__.delete())
        c.execute(Digest.__table__.delete())
    runner = CliRunner()
    first, again = runner.invoke(cli, ["digest"]), runner.invoke(cli, ["digest"])
    assert (first.exit_code, again.exit_code) == (0, 0), first.output + again.output
    assert "digested 1 result(s)" in first.output
    assert "digested 0 result(s)" in again.output
    with app.app_context(), engine().connect() as c:
        assert c.execute(select(func.count()).select_from(Digest)).scalar_one() == 1
