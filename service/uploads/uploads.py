"""Taking in uploaded logs: check the file, parse it (line-numbered errors), check the club is
the uploader's, store it and queue its verification. A rejected file stores nothing."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import PurePath

from flask import current_app, g, url_for

from events import store
from events.codec import LogError, LogFormatError, parse_log
from service.accounts import auth
from service.db import engine
from service.i18n import problems
from service.models import User
from workers.dispatch import enqueue_verify

ALLOWED_SUFFIXES = frozenset({".jsonl", ".ndjson", ".json", ".txt", ".log", ""})


@dataclass(frozen=True)
class Outcome:
    """One file's fate: ``session_id`` when stored (``created`` False for a repeat upload),
    ``errors`` when rejected."""

    name: str
    session_id: str | None = None
    created: bool = False
    errors: tuple[LogError, ...] = ()

    def as_json(self) -> dict:
        if self.session_id is None:
            return {"file": self.name, "errors": [problems.as_json(e) for e in self.errors]}
        return {
            "file": self.name,
            "session_id": self.session_id,
            "created": self.created,
            "status_url": url_for("api.session_status", session_id=self.session_id),
            "page_url": url_for("sessions.session", session_id=self.session_id),
        }


def _reject(name: str, code: str, line: int = 0, field: str | None = None, **params) -> Outcome:
    """A file refused before or after parsing: ``code`` one of events/messages.py's."""
    error = LogError(line, "session" if field else None, field, code, params)
    return Outcome(name, errors=(error,))


def _deadline() -> float:
    """When this request's parsing must end: every file of one request shares the budget of
    ``UPLOAD_SECONDS`` (``FUPAN_UPLOAD_SECONDS``), so junk cannot hold a web worker for long."""
    if "upload_deadline" not in g:
        g.upload_deadline = time.monotonic() + current_app.config["UPLOAD_SECONDS"]
    return g.upload_deadline


def take(user: User, name: str, data: bytes) -> Outcome:
    """Parse, authorise, store and queue one file."""
    if PurePath(name).suffix.lower() not in ALLOWED_SUFFIXES:
        return _reject(name, "file_type")
    try:
        parsed = parse_log(data, deadline=_deadline())
    except LogFormatError as e:
        return Outcome(name, errors=tuple(e.errors))
    club = parsed.session.get("club") or ""
    if not club:
        return _reject(name, "no_club", line=parsed.lines[0], field="club")
    if club not in auth.memberships(user):
        return _reject(name, "not_member", line=parsed.lines[0], field="club", club=repr(club))
    stored = store.ingest_parsed(parsed=parsed, engine=engine())
    if stored.created:
        enqueue_verify(stored.session.id)
    return Outcome(name, session_id=stored.session.id, created=stored.created)
