"""Who may see what: password and token login, club memberships, and the access checks.

A member sees only the sessions of their clubs; anything else answers 404 (not 403), so the
existence of another club's session does not leak.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import uuid
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from functools import cache, wraps

from flask import Blueprint, Flask, abort, current_app, g, jsonify, request
from flask_babel import gettext as _
from flask_limiter import Limiter
from flask_login import LoginManager, current_user, login_required
from flask_wtf.csrf import CSRFProtect
from sqlmodel import select
from werkzeug.security import check_password_hash, generate_password_hash

from service.accounts import devices
from service.db import db
from service.models import ROLES, ApiToken, Club, Membership, User, new_session_token

login_manager = LoginManager()
login_manager.login_view = "accounts.login"
login_manager.session_protection = "basic"  # "strong" logs phones out on every new IP
csrf = CSRFProtect()
# Failed logins allowed per account from one address, per address (whatever the account), and
# per account from anywhere: the last is slower and does not apply to a browser that has logged
# in as the account before (service.accounts.devices), so a stranger's wrong passwords never
# lock a member out of their own browser. Past a limit the login answers 429 with Retry-After.
# Counted by Flask-Limiter in the storage of RATELIMIT_STORAGE_URI (service.app: memory, or
# Redis to share between processes).
LOGIN_LIMIT_ACCOUNT_ADDRESS = "5 per minute; 30 per hour"
LOGIN_LIMIT_ADDRESS = "20 per minute; 200 per hour"
LOGIN_LIMIT_ACCOUNT = "20 per hour; 100 per day"
limiter = Limiter(key_func=lambda: "address:" + (request.remote_addr or ""))
# werkzeug's password hash method and cost, from the app's PASSWORD_HASH_METHOD: the tests set a
# cheap one (each scrypt hash or check costs ~0.16 s of CPU), production keeps this default.
PASSWORD_HASH_METHOD = "scrypt"


class AccountError(ValueError):
    """A refused account change (duplicate name, unknown club or role, empty password)."""


def init_app(app: Flask) -> None:
    login_manager.init_app(app)
    csrf.init_app(app)
    limiter.init_app(app)


def limit_logins(view: Callable) -> Callable:
    """Rate-limit a login view's failed POSTs (answered 401) per (account, address), per
    address, and, for browsers that have not logged in as the account before, per account."""
    failed = dict(methods=["POST"], deduct_when=lambda response: response.status_code == 401)
    message = lambda: _("too many failed logins; wait a little and try again")  # noqa: E731
    limits = (
        limiter.limit(LOGIN_LIMIT_ADDRESS, error_message=message, **failed),
        limiter.limit(
            LOGIN_LIMIT_ACCOUNT_ADDRESS,
            key_func=lambda: _login_account() + "@" + (request.remote_addr or ""),
            error_message=message,
            **failed,
        ),
        limiter.limit(
            LOGIN_LIMIT_ACCOUNT,
            key_func=_login_account,
            exempt_when=lambda: devices.is_known(_login_name()),
            error_message=message,
            **failed,
        ),
    )
    for limit in limits:
        view = limit(view)
    return view


def _login_name() -> str:
    return request.form.get("username", "").strip()[:80]


def _login_account() -> str:
    return "account:" + _login_name()


@login_manager.user_loader
def _load_user(login_id: str) -> User | None:
    """The user of a session cookie's "<id>.<session token>" (``User.get_id``), if that token
    is still the user's: ``end_sessions`` draws a new one, and every older cookie stops here."""
    user_id, _, token = login_id.partition(".")
    if not user_id.isdigit() or not token:
        return None
    with db() as session:
        user = session.get(User, int(user_id))
    if user is None or not secrets.compare_digest(user.session_token, token):
        return None
    return user


def end_sessions(user_id: int) -> None:
    """Log the user out everywhere: a new session token makes every copy of every session
    cookie of theirs invalid (logout; ``set_password`` does the same). To stay logged in after
    changing one's own password, call ``login_user`` again with the user ``set_password``
    returns."""
    with db() as session:
        user = session.get(User, user_id)
        if user is not None:
            user.session_token = new_session_token()
            session.add(user)
            session.commit()


# -- accounts ------------------------------------------------------------------------------------
MIN_PASSWORD = 8
# The widths of the columns these names are stored in (service/models.py): a longer one failed
# in PostgreSQL (a 500), and SQLite kept a login name the login form cuts to 80 characters.
MAX_USERNAME, MAX_NAME = 80, 200


def fits(value: str, limit: int, what: str) -> str:
    """``value`` if it has at most ``limit`` characters, else an AccountError naming it."""
    if len(value) > limit:
        raise AccountError(
            _("%(what)s must have at most %(limit)s characters", what=what, limit=limit)
        )
    return value


def create_user(
    username: str, password: str, *, display_name: str = "", must_change: bool = False
) -> User:
    username = fits(username.strip(), MAX_USERNAME, _("user name"))
    if not username or len(password) < MIN_PASSWORD:
        raise AccountError(_("a user needs a name and a password of at least 8 characters"))
    with db() as session:
        if session.exec(select(User).where(User.username == username)).first():
            raise AccountError(_("user %(name)r already exists", name=username))
        user = User(
            username=username,
            password_hash=_hash(password),
            display_name=display_name or username,
            must_change_password=must_change,
        )
        session.add(user)
        session.commit()
    return user


def set_password(
    username: str, password: str, *, create: bool = False, must_change: bool = False
) -> User:
    """Set a user's password (creating the user when ``create``). The user's session token is
    rotated, so every session logged in before ends; ``must_change``: a temporary password,
    to be replaced at the next login."""
    with db() as session:
        user = session.exec(select(User).where(User.username == username)).first()
        if user is not None:
            user.password_hash = _hash(password)
            user.session_token = new_session_token()  # every session of the old password ends
            user.must_change_password = must_change
            session.add(user)
            session.commit()
            session.refresh(user)
            return user
    if not create:
        raise AccountError(_("no user named %(name)r", name=username))
    return create_user(username, password, must_change=must_change)


def authenticate(username: str, password: str) -> User | None:
    """The user, if the password is theirs. An unknown name costs the same password check as a
    known one (against a hash of nothing), so timing does not tell which names exist."""
    with db() as session:
        user = session.exec(select(User).where(User.username == username.strip())).first()
    if user is None:
        check_password_hash(_dummy_hash(_hash_method()), password)
        return None
    return user if check_password_hash(user.password_hash, password) else None


def _hash_method() -> str:
    return current_app.config.get("PASSWORD_HASH_METHOD", PASSWORD_HASH_METHOD)


def _hash(password: str) -> str:
    return generate_password_hash(password, method=_hash_method())


@cache
def _dummy_hash(method: str) -> str:
    """A hash made like every user's (the same method and cost) of a random password."""
    return generate_password_hash(secrets.token_hex(16), method=method)


def get_or_create_club(name: str) -> Club:
    name = fits(name.strip(), MAX_NAME, _("club"))
    if not name:
        raise AccountError(_("a club needs a name"))
    with db() as session:
        club = session.exec(select(Club).where(Club.name == name)).first()
        if club is None:
            club = Club(name=name)
            session.add(club)
            session.commit()
    return club


def check_membership(role: str, player: str) -> None:
    """AccountError unless ``role`` is a role and ``player`` fits its column (checked before
    an account is made for it, so a refusal leaves nothing half made)."""
    if role not in ROLES:
        raise AccountError(
            _("unknown role %(role)r; valid roles: %(roles)s", role=role, roles=", ".join(ROLES))
        )
    fits(player, MAX_NAME, _("player"))


def add_member(user: User, club: Club, role: str = "member", player: str = "") -> Membership:
    check_membership(role, player)
    with db() as session:
        found = session.exec(
            select(Membership).where(Membership.user_id == user.id, Membership.club_id == club.id)
        ).first()
        membership = found or Membership(user_id=user.id, club_id=club.id)
        membership.role, membership.player = role, player or membership.player
        session.add(membership)
        session.commit()
    forget_memberships()
    return membership


def forget_memberships() -> None:
    """Drop this request's cached memberships (after a change)."""
    g.pop("fupan_memberships", None)


def memberships(user: User) -> dict[str, Membership]:
    """The user's clubs by name, with the membership (role, player name); asked several times
    per request, so kept for the request."""
    cached = g.get("fupan_memberships")
    if cached is not None and cached[0] == user.id:
        return cached[1]
    with db() as session:
        rows = session.exec(
            select(Club, Membership).where(
                Membership.club_id == Club.id, Membership.user_id == user.id
            )
        ).all()
    g.fupan_memberships = (user.id, {club.name: m for club, m in rows})
    return g.fupan_memberships[1]


# -- API tokens ----------------------------------------------------------------------------------
def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(user: User, label: str = "") -> str:
    """A new token for ``user``; returned once, only its hash is stored."""
    token = "fp_" + secrets.token_urlsafe(32)
    with db() as session:
        session.add(ApiToken(user_id=user.id, token_hash=digest(token), label=label.strip()[:200]))
        session.commit()
    return token


def revoke_token(user: User, token_id: int) -> bool:
    with db() as session:
        row = session.get(ApiToken, token_id)
        if row is None or row.user_id != user.id:
            return False
        session.delete(row)
        session.commit()
    return True


def user_for_token(token: str) -> User | None:
    with db() as session:
        row = session.exec(select(ApiToken).where(ApiToken.token_hash == digest(token))).first()
        if row is None:
            return None
        row.last_used_at = datetime.now(UTC)
        session.add(row)
        session.commit()
        return session.get(User, row.user_id)


# -- request guards ------------------------------------------------------------------------------
def api_user() -> User | None:
    """The caller of an API request: a bearer token, else the logged-in browser session."""
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return user_for_token(header[7:].strip())
    return current_user if current_user.is_authenticated else None


def api_auth(view: Callable) -> Callable:
    """401 JSON for an API call without a valid token or session; sets ``g.user``."""

    @wraps(view)
    def wrapped(*args, **kwargs):
        user = api_user()
        if user is None:
            response = jsonify(
                error="unauthorized", message=_("send 'Authorization: Bearer <token>'")
            )
            response.status_code = 401
            response.headers["WWW-Authenticate"] = 'Bearer realm="fupan"'
            return response
        g.user = user
        return view(*args, **kwargs)

    return wrapped


def csrf_for_browser_writes() -> None:
    """Token callers are not browsers: CSRF applies only to cookie-authenticated writes (the
    others get their 401 from ``api_auth``)."""
    bearer = request.headers.get("Authorization", "").lower().startswith("bearer ")
    unsafe = request.method not in ("GET", "HEAD", "OPTIONS")
    if unsafe and not bearer and current_user.is_authenticated:
        csrf.protect()


def json_api(bp: Blueprint) -> Blueprint:
    """Make ``bp`` a JSON API blueprint: exempt from the form CSRF check, which
    ``csrf_for_browser_writes`` replaces for its browser callers."""
    csrf.exempt(bp)
    bp.before_request(csrf_for_browser_writes)
    return bp


class ApiRoutes:
    """A feature's JSON endpoints, kept in its own package and registered by ``service.api`` on
    the one API blueprint (/api/v1, one documented surface), so that no feature imports the
    API back. Each endpoint needs a token or login (``api_auth``); its name is the function's
    (``url_for("api.<name>")``)."""

    def __init__(self) -> None:
        self.rules: list[tuple[str, str, Callable]] = []

    def get(self, rule: str) -> Callable:
        return self._route(rule, "GET")

    def post(self, rule: str) -> Callable:
        return self._route(rule, "POST")

    def _route(self, rule: str, method: str) -> Callable:
        def add(view: Callable) -> Callable:
            self.rules.append((rule, method, view))
            return view

        return add

    def register(self, bp: Blueprint) -> None:
        for rule, method, view in self.rules:
            bp.add_url_rule(rule, view.__name__, api_auth(view), methods=[method])


def json_body() -> Mapping:
    """A write's JSON object or form; anything else is a 400."""
    body = request.get_json(silent=True) if request.is_json else request.form
    if not isinstance(body, Mapping):
        abort(400, _("send a JSON object or a form"))
    return body


IDEMPOTENCY_KEY = re.compile(r"[A-Za-z0-9_.:-]{8,64}")


def idempotency_key(text: str | None) -> str | None:
    """A write's key (the ``Idempotency-Key`` header, or a page form's ``idempotency_key``):
    the same key again answers as the first time (docs/api.md); None without one, a 400 for a
    malformed one."""
    if not text:
        return None
    if not IDEMPOTENCY_KEY.fullmatch(text):
        abort(400, _("Idempotency-Key must be 8 to 64 letters, digits or - _ . :"))
    return text


def new_idempotency_key() -> str:
    """A key for a page's form, drawn with the page, so that sending it twice records once."""
    return uuid.uuid4().hex


def pages(bp: Blueprint) -> Blueprint:
    """Make ``bp`` a blueprint of pages that all need a login (Flask-Login redirects to it,
    then back)."""
    bp.before_request(login_required(lambda: None))
    return bp


# What only some roles of a club may do, each a permission of its own, so that a page asks for
# what it needs rather than naming roles (docs/web.md).
PERMISSIONS: dict[str, tuple[str, ...]] = {
    "see_integrity": ("admin",),  # a club's integrity signals (docs/integrity.md)
}


def require_permission(user: User, club: str, permission: str) -> Membership:
    """``require_club`` with the roles that hold ``permission``: 404 not a member, 403 without."""
    return require_club(user, club, roles=PERMISSIONS[permission])


def require_club(user: User, club: str, roles: tuple[str, ...] = ROLES) -> Membership:
    """The user's membership in ``club`` with one of ``roles``; 404 when not a member, 403 when
    a member without the role."""
    membership = memberships(user).get(club)
    if membership is None:
        abort(404)
    if membership.role not in roles:
        abort(403)
    return membership
