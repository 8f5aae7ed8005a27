"""Web latency over HTTP: ``python benchmarks/bench_web.py [HANDS] [--requests N] [--workers W]
[--keep | --database NAME]``.

Stores HANDS hands (default 5,000, sessions of ~16 hands built by ``bench_pipeline.build_logs``,
ten tables a night on consecutive dates) in a temporary PostgreSQL database, verifies them,
starts gunicorn with W workers (default 2) on the app, and from this process (a second process,
over HTTP, logged in with a cookie) times N requests (default 200) of: the session list, a
session page, a hand page, a replay step (JSON), the ledger (newest night), the disputes queue;
and a few requests of the pages that read every report of a player or club (player page, a club
chart). Prints median and p95 per page; asserts nothing.

Storing and verifying 100,000 hands takes a quarter of an hour: ``--keep`` leaves the database
in place (its name is printed) and ``--database NAME`` runs against such a database (migrated
to the working copy's head first), so two versions of the app can be timed on the same data.
The first request of a whole-history page is timed on its own: it pays what is not yet
digested (every report of the store on a fresh database).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

import requests
from sqlalchemy import create_engine, text

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_pipeline import PG, build_logs  # noqa: E402

CLUB = "bench club"
PASSWORD = "bench password"
TABLES_A_NIGHT = 10


def populate(hands: int) -> list[str]:
    """Store and verify the sessions; their ids."""
    from events import db, store
    from events.codec import parse_log
    from workers import tasks

    ids = []
    for n, (data, _) in enumerate(build_logs(hands)):
        session = store.ingest_parsed(parsed=parse_log(on_night(data, n)), club=CLUB).session
        tasks.verify_session.apply(args=[session.id]).get()
        ids.append(session.id)
    db.dispose_all()
    return ids


def stored_ids() -> list[str]:
    """The bench club's stored sessions' ids in the order they were stored (a store built by
    ``bench_season.py`` holds other clubs too, whose pages the bench user may not open)."""
    from events import db

    with db.get_engine().connect() as c:
        query = text("SELECT id FROM sessions WHERE club = :club ORDER BY created_at, id")
        return list(c.execute(query, {"club": CLUB}).scalars())


def on_night(data: bytes, n: int) -> bytes:
    """The log moved to night ``n // TABLES_A_NIGHT`` (consecutive dates from 2026-01-01)."""
    from datetime import date, timedelta

    first, rest = data.split(b"\n", 1)
    session = json.loads(first)
    night = date(2026, 1, 1) + timedelta(days=n // TABLES_A_NIGHT)
    session["started_at"] = f"{night.isoformat()}T19:30:00+08:00"
    return json.dumps(session, ensure_ascii=False).encode() + b"\n" + rest


def add_user() -> None:
    from service.accounts import auth
    from service.app import create_app

    with create_app().app_context():
        user = auth.create_user("bench", PASSWORD)
        auth.add_member(user, auth.get_or_create_club(CLUB), "admin")


def login(base: str) -> requests.Session:
    http = requests.Session()
    page = http.get(f"{base}/login").text
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    http.post(
        f"{base}/login", data={"username": "bench", "password": PASSWORD, "csrf_token": token}
    )
    return http


def wait_up(base: str, server: subprocess.Popen) -> None:
    for _ in range(120):
        if server.poll() is not None:
            raise SystemExit("gunicorn exited")
        try:
            requests.get(f"{base}/login", timeout=10)
            return
        except requests.RequestException:
            time.sleep(0.5)
    raise SystemExit("gunicorn did not start")


def timed(http: requests.Session, urls: list[str]) -> list[float]:
    out = []
    for url in urls:
        t0 = time.perf_counter()
        response = http.get(url)
        out.append(time.perf_counter() - t0)
        if response.status_code != 200:
            raise SystemExit(f"{url}: {response.status_code}")
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("hands", type=int, nargs="?", default=5000)
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--few", type=int, default=5, help="requests of the whole-history pages")
    parser.add_argument("--keep", action="store_true", help="do not drop the database at the end")
    parser.add_argument("--database", help="an existing database (from --keep) to time again")
    args = parser.parse_args()

    name = args.database or f"fupan_bench_web_{uuid.uuid4().hex[:8]}"
    admin = create_engine(f"{PG}/test", isolation_level="AUTOCOMMIT")
    if not args.database:
        with admin.connect() as c:
            c.execute(text(f'CREATE DATABASE "{name}"'))
    os.environ.update(FUPAN_DATABASE_URL=f"{PG}/{name}", FUPAN_SECRET_KEY=uuid.uuid4().hex,
                      FUPAN_DATA_DIR=f"/tmp/{name}")  # fmt: skip
    server = None
    try:
        from events import db

        db.upgrade(db.get_engine())
        if args.database:
            ids = stored_ids()
            print(f"database {name}: {len(ids)} sessions")
        else:
            t0 = time.perf_counter()
            ids = populate(args.hands)
            print(
                f"stored and verified {args.hands} hands in {len(ids)} sessions: "
                f"{time.perf_counter() - t0:.1f} s"
            )
            add_user()
        port = 8700 + os.getpid() % 200
        base = f"http://127.0.0.1:{port}"
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "-c",
                "python:service.gunicorn_conf",
                "-w",
                str(args.workers),
                "-b",
                f"127.0.0.1:{port}",
                "--log-level",
                "warning",
                "service.app:create_app()",
            ],
            cwd=ROOT,
        )
        wait_up(base, server)
        http = login(base)
        n = args.requests
        steps = http.get(f"{base}/api/v1/sessions/{ids[0]}/hands/1/steps/0").json()["steps"] + 1
        pick = [ids[i * 7919 % len(ids)] for i in range(n)]
        pages = {
            "session list (/)": [f"{base}/"] * n,
            "session page": [f"{base}/sessions/{sid}" for sid in pick],
            "hand page": [f"{base}/sessions/{sid}/hands/{1 + i % 4}" for i, sid in enumerate(pick)],
            "replay step, first of a session (JSON)": [
                f"{base}/api/v1/sessions/{sid}/hands/1/steps/{i % 3}" for i, sid in enumerate(pick)
            ],
            "replay step, stepping on (JSON)": [
                f"{base}/api/v1/sessions/{ids[0]}/hands/1/steps/{i % steps}" for i in range(n)
            ],
        }
        club = requests.utils.quote(CLUB)
        pages["ledger, newest night"] = [f"{base}/clubs/{club}/ledger"] * n
        pages["disputes queue, first page"] = [f"{base}/clubs/{club}/disputes"] * n
        few = min(n, args.few)
        pages[f"player page (newest 200 of all their sessions; {few} requests)"] = [
            f"{base}/players/阿强"] * few  # fmt: skip
        pages[f"club chart, running balance (every report; {few} requests)"] = [
            f"{base}/api/v1/clubs/{club}/charts/balance"] * few  # fmt: skip
        timed(http, [f"{base}/sessions/{ids[0]}"] * 5)  # warm up the workers
        for label, urls in list(pages.items())[-2:]:
            first = timed(http, urls[:1])[0] * 1000
            print(f"first request, {label.split(' (')[0]}: {first:.1f} ms")
        print(f"{n} requests each, gunicorn -w {args.workers}, PostgreSQL, one client:")
        print("| page | median ms | p95 ms |\n|---|---|---|")
        for label, urls in pages.items():
            times = sorted(timed(http, urls))
            p95 = times[int(0.95 * (len(times) - 1))]
            print(f"| {label} | {statistics.median(times) * 1000:.1f} | {p95 * 1000:.1f} |",
                  flush=True)  # fmt: skip
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
        from events import db

        db.dispose_all()
        if args.keep or args.database:
            print(f"kept database {name}")
        else:
            with admin.connect() as c:
                c.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


if __name__ == "__main__":
    main()
