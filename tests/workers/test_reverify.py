"""``fupan reverify`` (issue 20): which sessions it picks, what the history then shows, and
resuming after kill -9 of the command or of a worker with nothing verified twice or skipped."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine import audit
from events import store, verifications
from service.cli import app as cli
from service.sessions import history
from tests.conftest import variant, wait_for
from workers import tasks

ROOT = Path(__file__).resolve().parents[2]
OLD = "0.0.9"


def stored(sample_log: str, n: int, **changes) -> str:
    log = variant(sample_log, n)
    if changes:
        first, rest = log.split("\n", 1)
        log = json.dumps({**json.loads(first), **changes}, ensure_ascii=False) + "\n" + rest
    return store.ingest(data=log.encode()).session.id


def verified_by(session_id: str, version: str, report: dict | None = None) -> None:
    head = store.get_session(session_id=session_id).head_seq
    verifications.record_verification(
        session_id=session_id, head_seq=head, engine_version=version, options=None,
        status="ok", report=report or {"hands": [], "anomalies": []},
    )  # fmt: skip


def current(session_id: str) -> list:
    return [
        v
        for v in verifications.verifications_of(session_id=session_id)
        if v.engine_version == tasks.engine_version()
    ]


def test_the_sessions_reverify_picks(database_url, sample_log):
    old, newer, never, done = (stored(sample_log, n) for n in range(4))
    verified_by(old, OLD)
    verified_by(newer, "99.0")  # a newer engine's result: not "older", left alone by default
    verified_by(done, OLD)
    verified_by(done, tasks.engine_version())
    other_club = stored(sample_log, 10, club="另一个俱乐部")
    early = stored(sample_log, 11, started_at="2026-01-05T19:00:00+08:00")
    for session_id in (other_club, early):  # PEP 440: 0.0.10 is older than this version
        verified_by(session_id, "0.0.10")
    version = tasks.engine_version()
    pick = verifications.reverify_candidates
    assert set(pick(engine_version=version)) == {old, other_club, early}
    assert set(pick(engine_version=version, every=True)) == {old, newer, never, other_club, early}
    club = store.get_session(session_id=old).club
    assert set(pick(engine_version=version, club=club)) == {old, early}
    assert set(pick(engine_version=version, since=date(2026, 11, 1))) == {old, other_club}
    assert verifications.older_versions(version) == ["0.0.10", OLD]


def test_reverify_in_process_and_the_history_shows_what_changed(data_dir, sample_log):
    """The embedded queue: the command verifies in its own process."""
    session_id = stored(sample_log, 0)
    report = audit.audit_records(store.read_records(session_id=session_id))
    verified_by(session_id, OLD, {**report, "hands": report["hands"][1:]})  # one hand fewer
    result = CliRunner().invoke(cli, ["reverify"])
    assert result.exit_code == 0, result.output
    assert "1 session(s) to verify: 1 ok" in result.output
    rows = verifications.verifications_of(session_id=session_id)
    assert [r.engine_version for r in rows] == [OLD, tasks.engine_version()]
    reports = [verifications.report_of(r.report) for r in rows]
    _, entry = history.entries(store.get_session(session_id=session_id), rows, reports)
    assert [c["code"] for c in entry["causes"]] == ["engine"]
    [change] = entry["changes"]
    assert (change["hand"], change["code"]) == (report["hands"][0]["no"], "hand_added")
    again = CliRunner().invoke(cli, ["reverify"])
    assert "0 session(s) to verify: nothing to do" in again.output
    scripted = json.loads(CliRunner().invoke(cli, ["reverify", "--all", "--json"]).output)
    assert (scripted["sessions"], scripted["counts"], scripted["failed"]) == (0, {}, {})
    assert len(verifications.verifications_of(session_id=session_id)) == 2


AUDITS = (
    "import os, time; from engine import audit; real = audit.audit; "
    "audit.audit = lambda records, overrides=None: (open(os.environ['AUDIT_LOG'], 'a')"
    ".write(records[0]['table'] + chr(10)), time.sleep(0.05), real(records, overrides))[2]"
)
SESSIONS = 80


def start_reverify() -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", "from service.cli import main; main()", "reverify"],
        env={**os.environ, "PYTHONPATH": str(ROOT)}, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True, start_new_session=True,
    )  # fmt: skip


def old_sessions(sample_log: str) -> list[str]:
    ids = [stored(sample_log, n) for n in range(SESSIONS)]
    for session_id in ids:
        verified_by(session_id, OLD)
    return ids


def reverified(ids: list[str]) -> int:
    return sum(bool(current(i)) for i in ids)


def audited(log: Path) -> list[str]:
    return log.read_text().split() if log.exists() else []


@pytest.mark.redis
@pytest.mark.postgres
@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
@pytest.mark.parametrize("killed", ["command", "worker"])
def test_reverify_resumes_after_kill_9(
    database_url, celery_worker_factory, sample_log, tmp_path, monkeypatch, killed
):
    """Killed halfway, then run again: every session ends with exactly one result from this
    version. Killing the command costs no audit twice (the second run takes over the batches
    in flight); killing a worker costs at most the one audit it was in."""
    log = tmp_path / "audits.txt"
    monkeypatch.setenv("AUDIT_LOG", str(log))
    ids = old_sessions(sample_log)
    worker = celery_worker_factory("w", preload=AUDITS)
    first = start_reverify()
    wait_for(lambda: reverified(ids) >= 10, 30, interval=0.02, what="the first sessions")
    if killed == "command":
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(10)
        second = start_reverify()
    else:
        worker.kill()
        celery_worker_factory("rescuer", preload=AUDITS)
        second = first
    output = second.communicate(timeout=90)[0]
    assert second.returncode == 0, output
    assert all(len(current(i)) == 1 for i in ids), "a session skipped or verified twice"
    assert reverified(ids) == SESSIONS
    runs = audited(log)
    assert set(runs) == {f"variant-{n}" for n in range(SESSIONS)}
    extra = len(runs) - SESSIONS  # the audit the killed worker was in, if any
    assert extra == 0 if killed == "command" else extra <= 1
