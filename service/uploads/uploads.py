"""Taking in uploaded logs: check the file, parse it (line-numbered errors), check the club is
the uploader's, store it and queue its verification. A rejected file stores nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from flask import url_for

from events import store
from events.codec import LogError, LogFormatError, parse_log
from service.accounts import auth
from service.db import engine
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
            return {"file": self.name, "errors": [_error_json(e) for e in self.errors]}
        return {
            "file": self.name,
            "session_id": self.session_id,
            "created": self.created,
            "status_url": url_for("api.session_status", session_id=self.session_id),
            "page_url": url_for("sessions.session", session_id=self.session_id),
        }


def _error_json(e: LogError) -> dict:
    return {"line": e.line, "record_type": e.record_type, "field": e.field, "message": e.message}


def _reject(name: str, message: str, line: int = 0, field: str | None = None) -> Outcome:
    return Outcome(name, errors=(LogError(line, "session" if field else None, field, message),))


def take(user: User, name: str, data: bytes) -> Outcome:
    """Parse, authorise, store and queue one file."""
    if PurePath(name).suffix.lower() not in ALLOWED_SUFFIXES:
        return _reject(name, "wrong file type: upload a JSON Lines table log (.jsonl)")
    try:
        parsed = parse_log(data)
    except LogFormatError as e:
        omitted = (LogError(0, None, None, f"... and {e.omitted} more problems"),) if e.omitted else ()
        return Outcome(name, errors=tuple(e.errors) + omitted)
    club = parsed.session.get("club") or ""
    if not club:
        return _reject(name, "the session record names no club; add \"club\"", line=parsed.lines[0],
                       field="club")
    if club not in auth.memberships(user):
        return _reject(name, f"you are not a member of club {club!r}", line=parsed.lines[0],
                       field="club")
    stored = store.ingest_parsed(parsed=parsed, engine=engine())
    if stored.created:
        enqueue_verify(stored.session.id)
    return Outcome(name, session_id=stored.session.id, created=stored.created)
