"""``fupan serve --demo``: a demo admin and a demo club with sessions to look at.

The sessions come from the simulator (``engine.simulate``): three nights, one table per
ruleset, with table mistakes injected into about a fifth of the hands, so the disputes queue,
the anomaly badges and the ledger have something to show. Deterministic, so a repeated start
stores nothing twice (same content hashes). The demo password is made once per data directory,
kept there (``demo-password``, readable by its owner only) and printed at every start, so a
demo login written down yesterday still works and a restart logs nobody out.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

from flask import current_app

from engine.rulesets import SHIPPED
from engine.simulate import generate_session
from events import store
from events.codec import parse_log
from service.accounts import auth
from service.db import engine
from workers.dispatch import enqueue_verify

DEMO_USER = "demo"
DEMO_CLUB = "演示俱乐部"
NIGHTS = ("2026-11-26", "2026-11-27", "2026-11-28")
HANDS = 8
FAULTS = 0.2


def demo_logs() -> list[bytes]:
    """One JSON Lines log per (night, ruleset), moved to the demo club."""
    logs = []
    for night_no, night in enumerate(NIGHTS):
        for table_no, ruleset in enumerate(SHIPPED, start=1):
            records, _ = generate_session(
                ruleset, HANDS, seed=night_no * 10 + table_no, faults=FAULTS, club=DEMO_CLUB
            )
            records[0] = {
                **records[0],
                "table": str(table_no),
                "started_at": f"{night}T19:30:00+08:00",
            }
            logs.append("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode())
    return logs


def demo_password(data_dir: Path) -> str:
    """The demo password of this data directory, made on the first start."""
    path = data_dir / "demo-password"
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(9) + "\n")
    return path.read_text().strip()


def load_demo() -> tuple[str, str, int]:
    """(user name, password, sessions stored now); needs an app context."""
    password = demo_password(Path(current_app.instance_path))
    user = auth.authenticate(DEMO_USER, password) or auth.set_password(
        DEMO_USER, password, create=True
    )
    club = auth.get_or_create_club(DEMO_CLUB)
    auth.add_member(user, club, "admin", player="")
    loaded = 0
    for data in demo_logs():
        stored = store.ingest_parsed(parsed=parse_log(data), engine=engine())
        if stored.created:
            enqueue_verify(stored.session.id)
            loaded += 1
    return DEMO_USER, password, loaded
