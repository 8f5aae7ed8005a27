"""The store's engine (``events.db``) for the app, and short-lived database sessions.

Sessions are opened per query, not per request: on SQLite every transaction takes the write
lock (``events.db``), so a request must not hold one open while the store appends.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app
from sqlalchemy.engine import Engine
from sqlmodel import Session

from events.db import get_engine


def init_app(app: Flask) -> None:
    app.extensions["fupan_db"] = get_engine(app.config["DATABASE_URL"])


def engine() -> Engine:
    return current_app.extensions["fupan_db"]


@contextmanager
def db() -> Iterator[Session]:
    """A session whose objects stay readable after it closes (expire_on_commit off)."""
    with Session(engine(), expire_on_commit=False) as session:
        yield session
