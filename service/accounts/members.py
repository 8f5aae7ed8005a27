"""A club's members: the clubs a user belongs to, and what a club admin sees and changes.
Plain dicts for both the pages and the API."""

from __future__ import annotations

from flask_babel import gettext as _
from sqlmodel import select

from service.accounts import auth, changes, manage
from service.db import db
from service.models import Club, Membership, User


def clubs_view(user: User) -> list[dict]:
    return [
        {"name": name, "role": m.role, "player": m.player}
        for name, m in sorted(auth.memberships(user).items())
    ]


def add_member(club: str, username: str, role: str, player: str, by: str = "") -> None:
    """Add an existing user to ``club``, or change the role and player name of a member (the
    last admin stays one); the change kept in the club's history (``changes``)."""
    with db() as session:
        member = session.exec(select(User).where(User.username == username.strip())).first()
    if member is None:
        raise auth.AccountError(_("no user named %(name)r", name=username))
    before = changes.standing(club, username)
    if before is not None:
        manage.set_role(club, username, role, player or None, by)
        return
    auth.add_member(member, auth.get_or_create_club(club), role, player)
    changes.remember(club, by, username, None)


def members_view(club: str) -> list[dict]:
    """The club's members (for its admins)."""
    with db() as session:
        rows = session.exec(
            select(User.username, Membership.role, Membership.player)
            .where(Membership.user_id == User.id, Membership.club_id == Club.id, Club.name == club)
            .order_by(User.username)
        ).all()
    return [{"username": u, "role": r, "player": p} for u, r, p in rows]
