"""``fupan serve --demo``: a demo admin and a demo club with sessions to look at.

The sessions are the project's own test fixture logs (full play-by-play and summary logs, some
with disputes and anomalies), stored under one demo club; a repeated start stores nothing twice.
The demo password is new at every start and printed, so no fixed password ships.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from events import store
from events.codec import parse_log
from service import auth
from service.db import engine
from workers.dispatch import enqueue_verify

DEMO_USER = "demo"
DEMO_CLUB = "演示俱乐部"
FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"
DEMO_LOGS = (
    "huangyan/play_session.jsonl",
    "huangyan/disputes.jsonl",
    "replay/claims_and_kongs.jsonl",
    "replay/robbed_kong.jsonl",
    "replay/tile_overcount.jsonl",
    "audit/fan_missed.jsonl",
    "audit/corrections.jsonl",
    "zhoushan/items.jsonl",
    "xizhou/items.jsonl",
    "wenling/settlement.jsonl",
)


def load_demo() -> tuple[str, str, int]:
    """(user name, password, sessions stored now); needs an app context."""
    password = secrets.token_urlsafe(9)
    user = auth.set_password(DEMO_USER, password, create=True)
    auth.add_member(user, auth.get_or_create_club(DEMO_CLUB), "admin", player="阿强")
    loaded = 0
    for name in DEMO_LOGS:
        path = FIXTURES / name
        if not path.exists():  # an installation without the source tree's tests
            continue
        stored = store.ingest_parsed(parsed=parse_log(path.read_bytes()), club=DEMO_CLUB,
                                     engine=engine())
        if stored.created:
            enqueue_verify(stored.session.id)
            loaded += 1
    return DEMO_USER, password, loaded
