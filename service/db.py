"""The store's engine (``events.db``) for the app, and one SQLModel session per request."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlalchemy.engine import Engine
from sqlmodel import Session

from events.db import get_engine


def init_app(app: Flask) -> None:
    app.extensions["fupan_db"] = get_engine(app.config["DATABASE_URL"])
    app.teardown_appcontext(_close)


def engine() -> Engine:
    return current_app.extensions["fupan_db"]


def db() -> Session:
    """The request's session (expire_on_commit off: views read objects after committing)."""
    if "fupan_db_session" not in g:
        g.fupan_db_session = Session(engine(), expire_on_commit=False)
    return g.fupan_db_session


def _close(_exc: BaseException | None) -> None:
    session = g.pop("fupan_db_session", None)
    if session is not None:
        session.close()
