"""Who may see what: password and token login, club memberships, and the access checks.

A member sees only the sessions of their clubs; anything else answers 404 (not 403), so the
existence of another club's session does not leak.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import UTC, datetime
from functools import wraps

from flask import Blueprint, Flask, abort, g, jsonify, request
from flask_babel import gettext as _
from flask_login import LoginManager, current_user, login_required
from flask_wtf.csrf import CSRFProtect
from sqlmodel import select
from werkzeug.security import check_password_hash, generate_password_hash

from service.db import db
from service.models import ROLES, ApiToken, Club, Membership, User

login_manager = LoginManager()
login_manager.login_view = "accounts.login"
login_manager.session_protection = "basic"  # "strong" logs phones out on every new IP
csrf = CSRFProtect()


class AccountError(ValueError):
    """A refused account change (duplicate name, unknown club or role, empty password)."""


def init_app(app: Flask) -> None:
    login_manager.init_app(app)
    csrf.init_app(app)


@login_manager.user_loader
def _load_user(user_id: str) -> User | None:
    if not user_id.isdigit():
        return None
    with db() as session:
        return session.get(User, int(user_id))


# -- accounts ------------------------------------------------------------------------------------
def create_user(username: str, password: str, *, display_name: str = "") -> User:
    username = username.strip()
    if not username or len(password) < 8:
        raise AccountError(_("a user needs a name and a password of at least 8 characters"))
    with db() as session:
        if session.exec(select(User).where(User.username == username)).first():
            raise AccountError(_("user %(name)r already exists", name=username))
        user = User(
            username=username,
            password_hash=generate_password_hash(password),
            display_name=display_name or username,
        )
        session.add(user)
        session.commit()
    return user


def set_password(username: str, password: str, *, create: bool = False) -> User:
    """Set a user's password (creating the user when ``create``)."""
    with db() as session:
        user = session.exec(select(User).where(User.username == username)).first()
        if user is not None:
            user.password_hash = generate_password_hash(password)
            session.add(user)
            session.commit()
            return user
    if not create:
        raise AccountError(_("no user named %(name)r", name=username))
    return create_user(username, password)


def authenticate(username: str, password: str) -> User | None:
    with db() as session:
        user = session.exec(select(User).where(User.username == username.strip())).first()
    if user is None or not check_password_hash(user.password_hash, password):
        return None
    return user


def get_or_create_club(name: str) -> Club:
    name = name.strip()
    if not name:
        raise AccountError(_("a club needs a name"))
    with db() as session:
        club = session.exec(select(Club).where(Club.name == name)).first()
        if club is None:
            club = Club(name=name)
            session.add(club)
            session.commit()
    return club


def add_member(user: User, club: Club, role: str = "member", player: str = "") -> Membership:
    if role not in ROLES:
        raise AccountError(_("unknown role %(role)r; valid roles: %(roles)s", role=role, roles=", ".join(ROLES)))
    with db() as session:
        found = session.exec(
            select(Membership).where(Membership.user_id == user.id, Membership.club_id == club.id)
        ).first()
        membership = found or Membership(user_id=user.id, club_id=club.id)
        membership.role, membership.player = role, player or membership.player
        session.add(membership)
        session.commit()
    g.pop("fupan_memberships", None)
    return membership


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
def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def issue_token(user: User, label: str = "") -> str:
    """A new token for ``user``; returned once, only its hash is stored."""
    token = "fp_" + secrets.token_urlsafe(32)
    with db() as session:
        session.add(ApiToken(user_id=user.id, token_hash=_digest(token), label=label.strip()[:200]))
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
        row = session.exec(select(ApiToken).where(ApiToken.token_hash == _digest(token))).first()
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
            response = jsonify(error="unauthorized", message=_("send 'Authorization: Bearer <token>'"))
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


def pages(bp: Blueprint) -> Blueprint:
    """Make ``bp`` a blueprint of pages that all need a login (Flask-Login redirects to it,
    then back)."""
    bp.before_request(login_required(lambda: None))
    return bp


def require_club(user: User, club: str, roles: tuple[str, ...] = ROLES) -> Membership:
    """The user's membership in ``club`` with one of ``roles``; 404 when not a member, 403 when
    a member without the role."""
    membership = memberships(user).get(club)
    if membership is None:
        abort(404)
    if membership.role not in roles:
        abort(403)
    return membership
