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

# The widest value of the store's integer columns (row ids, marked amounts): PostgreSQL's
# ``integer``. A number past it fails in the database, not where it came in.
MAX_INT = 2**31 - 1


def init_app(app: Flask) -> None:
    app.extensions["fupan_db"] = get_engine(app.config["DATABASE_URL"])


def engine() -> Engine:
    return current_app.extensions["fupan_db"]


@contextmanager
def db() -> Iterator[Session]:
    """A session whose objects stay readable after it closes (expire_on_commit off)."""
    with Session(engine(), expire_on_commit=False) as session:
        yield session


def whole_number(text: str, low: int = 0, high: int = MAX_INT) -> int | None:
    """``text`` as a whole number of ASCII digits (with a leading ``-`` when ``low`` < 0) from
    ``low`` to ``high``, else None. Not ``str.isdigit``: it passes ``²``, which ``int`` refuses."""
    text = text.strip()
    digits = text.removeprefix("-") if low < 0 else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > len(str(max(high, -low))):
        return None
    number = int(text)
    return number if low <= number <= high else None
