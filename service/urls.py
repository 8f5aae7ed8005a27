"""Where a page may send the browser back to after a form (log in, switch language)."""

from __future__ import annotations

from flask import url_for


def safe_next(target: str | None) -> str:
    """``target`` if it is a path on this site, else the sessions list: an open redirect would let
    a link log people into a phishing page. Browsers read ``//host``, ``////host`` and ``/\\host``
    as another host, and drop tabs and newlines first (``/\t/host``): only a path that starts
    with one slash and holds no backslash nor control character passes."""
    if (
        target
        and target.startswith("/")
        and not target.startswith("//")
        and "\\" not in target
        and target.isprintable()
    ):
        return target
    return url_for("sessions.sessions")
