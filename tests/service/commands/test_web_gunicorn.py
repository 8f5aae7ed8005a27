"""The web app under gunicorn with its settings module (docs/web.md, "Production")."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time

import pytest
import requests

from service import gunicorn_conf
from tests.service.commands.test_web_cli import _free_port

pytestmark = pytest.mark.slow  # scripts/test --fast leaves it out (README, docs/performance.md)


def test_a_gunicorn_worker_tunes_its_collector():
    threshold = gc.get_threshold()
    try:
        gunicorn_conf.post_worker_init(None)
        assert gc.get_threshold() == (20_000, 50, 50)
        assert gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
        gc.set_threshold(*threshold)


def test_gunicorn_serves_the_app_with_the_settings_module(tmp_path):
    port = _free_port()
    env = {**os.environ, "FUPAN_DATA_DIR": str(tmp_path), "FUPAN_SECRET_KEY": "test"}
    env.pop("FUPAN_DATABASE_URL", None)
    env.pop("FUPAN_BROKER_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "python:service.gunicorn_conf", "-w", "1",
         "-b", f"127.0.0.1:{port}", "service.app:create_app()"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                response = requests.get(f"http://127.0.0.1:{port}/login", timeout=5)
                break
            except requests.ConnectionError:
                assert server.poll() is None, server.stdout.read()
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.2)
        assert response.status_code == 200
        assert "fupan" in response.text.lower()
    finally:
        server.terminate()
        server.wait(30)
