"""Known browsers: a signed cookie naming the accounts that have logged in from this browser.

The slow per-account login limit (``auth.limit_logins``) does not apply to a browser that
carries it for the account it logs in as, so a stranger who spends that account's budget with
wrong passwords slows only browsers the member has never used, and never locks them out of their
own (the OWASP "device cookies" defence against lock-out by guessing).
"""

from __future__ import annotations

from flask import Response, current_app, request
from itsdangerous import BadSignature, URLSafeTimedSerializer

COOKIE = "fupan_device"
MAX_AGE = 400 * 24 * 3600  # the longest a browser keeps a cookie (RFC 6265bis)
MAX_ACCOUNTS = 8  # a shared club computer: a handful of members, not a list to grow for ever


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key, salt="fupan-device")


def known_accounts() -> list[str]:
    """The accounts this browser has logged in as (none when the cookie is missing, forged,
    made with another secret key or older than ``MAX_AGE``)."""
    raw = request.cookies.get(COOKIE)
    if not raw:
        return []
    try:
        names = _serializer().loads(raw, max_age=MAX_AGE)
    except BadSignature:
        return []
    return [n for n in names if isinstance(n, str)] if isinstance(names, list) else []


def is_known(username: str) -> bool:
    return username.strip() in known_accounts()


def remember(response: Response, username: str) -> Response:
    """Add ``username`` to this browser's cookie (most recent first), after a successful login."""
    name = username.strip()
    names = [name, *(n for n in known_accounts() if n != name)][:MAX_ACCOUNTS]
    response.set_cookie(
        COOKIE,
        _serializer().dumps(names),
        max_age=MAX_AGE,
        httponly=True,
        samesite="Lax",
        secure=current_app.config.get("SESSION_COOKIE_SECURE", False),
    )
    return response
