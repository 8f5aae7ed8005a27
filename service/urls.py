"""Where a page may send the browser back to after a form (log in, switch language)."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import url_for


def safe_next(target: str | None) -> str:
    """Only same-site paths: an open redirect would let a link log people into a phishing page."""
    if target and target.startswith("/") and not urlsplit(target).netloc and "\\" not in target:
        return target
    return url_for("sessions.sessions")
