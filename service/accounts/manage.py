"""What a club admin does from the browser (issue 19): invite by a one-time link, create a member
with a temporary password, reset a password, change a role, remove a member; and what every
user does: change their own password. The first admin comes from ``fupan users create`` or the
first-run page (``first_admin``), which exists only while there is no user at all.

Secrets (an invitation token, a temporary password) are returned once and never stored in
clear: an invitation keeps the SHA-256 of its token, a user the hash of the password. Every
password change rotates the user's ``session_token`` (``auth.set_password``), which ends the
user's other logged-in sessions.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime, timedelta

from flask_babel import gettext as _
from flask_babel import lazy_gettext
from sqlalchemy import update
from sqlmodel import select
from werkzeug.security import check_password_hash

from service.accounts import auth, changes
from service.db import db
from service.i18n import list_sep
from service.models import ROLES, Club, Invite, Membership, User

INVITE_DAYS = 7
USED = lazy_gettext("this invitation has already been used; ask the club admin for a new one")


class Refused(auth.AccountError):
    """A change the rules forbid, with the HTTP status the page answers (403, 404, 409, 410)."""

    def __init__(self, message: str, status: int = 409):
        super().__init__(message)
        self.status = status


def temporary_password() -> str:
    return secrets.token_urlsafe(9)


# -- invitations ---------------------------------------------------------------------------------
def invite(admin: User, club: str, role: str, player: str, days: int = INVITE_DAYS) -> str:
    """A new invitation to ``club`` with ``role``; the token of its link (shown once)."""
    _role(role)
    token = secrets.token_urlsafe(24)
    with db() as session:
        session.add(Invite(
            token_hash=auth.digest(token), club_id=_club(club).id, role=role,
            player=auth.fits(player.strip(), auth.MAX_NAME, _("player")), created_by=admin.id,
            expires_at=datetime.now(UTC) + timedelta(days=days),
        ))  # fmt: skip
        session.commit()
    return token


def pending_invites(club: str) -> list[Invite]:
    now = datetime.now(UTC)
    with db() as session:
        rows = session.exec(
            select(Invite).where(Invite.club_id == _club(club).id, Invite.used_at.is_(None))
            .order_by(Invite.created_at)
        ).all()  # fmt: skip
    return [i for i in rows if i.expires_at > now]


def revoke_invite(club: str, invite_id: int) -> None:
    with db() as session:
        row = session.get(Invite, invite_id)
        if row is None or row.club_id != _club(club).id:
            raise Refused(_("no such invitation"), 404)
        session.delete(row)
        session.commit()


def open_invite(token: str) -> tuple[Invite, str]:
    """The invitation of a link and its club's name; ``Refused`` when unknown (404), used or
    expired (410)."""
    with db() as session:
        row = session.exec(select(Invite).where(Invite.token_hash == auth.digest(token))).first()
        club = session.get(Club, row.club_id) if row else None
    if row is None or club is None:
        raise Refused(_("there is no such invitation; check the link"), 404)
    if row.used_at is not None:
        raise Refused(str(USED), 410)
    if row.expires_at <= datetime.now(UTC):
        raise Refused(_("this invitation has expired; ask the club admin for a new one"), 410)
    return row, club.name


def accept_invite(
    token: str, user: User | None, username: str = "", password: str = "", again: str = ""
) -> User:
    """Join the invitation's club: with ``user``'s account, or a new one (``username``,
    ``password`` twice). The invitation is claimed with one conditional UPDATE, so two people
    opening the same link at once cannot both use it."""
    row, club = open_invite(token)
    if user is None:
        _new_password(password, again)
    with db() as session:
        claimed = session.exec(
            update(Invite)
            .where(Invite.id == row.id, Invite.used_at.is_(None))
            .values(used_at=datetime.now(UTC), used_by=user.id if user else None)
        ).rowcount
        session.commit()
    if claimed != 1:
        raise Refused(str(USED), 410)
    if user is None:
        try:
            user = auth.create_user(username, password)
        except auth.AccountError:
            _update(row.id, used_at=None)  # the name was taken: the link works with another
            raise
        _update(row.id, used_by=user.id)
    auth.add_member(user, auth.get_or_create_club(club), row.role, row.player)
    return user


def _update(invite_id: int, **values) -> None:
    with db() as session:
        session.exec(update(Invite).where(Invite.id == invite_id).values(**values))
        session.commit()


# -- members -------------------------------------------------------------------------------------
def create_member(club: str, username: str, role: str, player: str, by: str = "") -> str:
    """A new user in ``club`` with a temporary password (returned once), to be changed at the
    first login; the club's history keeps the addition (put back: they leave the club)."""
    _role(role)
    player = auth.fits(player.strip(), auth.MAX_NAME, _("player"))  # before the account is made
    password = temporary_password()
    user = auth.create_user(username, password, must_change=True)
    auth.add_member(user, _club(club), role, player)
    changes.remember(club, by, username, None)
    return password


def reset_password(admin: User, club: str, username: str) -> str:
    """A temporary password for a member (returned once); their sessions end. Only for someone
    all of whose clubs ``admin`` administers: else an admin could take over another club's
    account (and that club's data)."""
    user, _membership = _member(club, username)
    mine = {name for name, m in auth.memberships(admin).items() if m.role == "admin"}
    theirs = set(_clubs_of(user))
    if not theirs <= mine:
        raise Refused(
            _(
                "%(user)s is also in clubs you do not administer (%(clubs)s); an admin of those clubs, "
                "or the server's `fupan users` command, resets the password",
                user=username,
                clubs=list_sep().join(sorted(theirs - mine)),
            ),
            403,
        )
    password = temporary_password()
    auth.set_password(user.username, password, must_change=True)
    return password


def set_role(club: str, username: str, role: str, player: str | None = None, by: str = "") -> None:
    """A member's role (and player name), the change kept in the club's history (``changes``)."""
    _role(role)
    user, membership = _member(club, username)
    if membership.role == "admin" and role != "admin":
        _not_last_admin(club)
    before = {"role": membership.role, "player": membership.player}
    auth.add_member(user, _club(club), role, membership.player if player is None else player)
    changes.remember(club, by, username, before)


def remove_member(club: str, username: str, by: str = "", reverts: int | None = None) -> None:
    """Take a member out of the club (the account stays: it may be in other clubs); the club's
    history keeps their role and player name, so the removal can be put back."""
    _user, membership = _member(club, username)
    if membership.role == "admin":
        _not_last_admin(club)
    before = {"role": membership.role, "player": membership.player}
    with db() as session:
        session.delete(session.get(Membership, membership.id))
        session.commit()
    auth.forget_memberships()
    changes.remember(club, by, username, before, reverts)


def put_back(club: str, change_id: int, by: str) -> dict:
    """Reverse the membership change ``change_id`` (a slip on the members page): the member
    gets back the role and player name they had, or leaves again if the change added them; one
    more change naming it. Refused (409) when the membership changed since, as for an admin
    who would leave the club without one."""
    try:
        done = changes.change(club, change_id)
    except LookupError as e:
        raise Refused(str(e), 404) from None
    username, before = done["user"], done["before"]
    if changes.standing(club, username) != done["after"]:
        raise Refused(_("%(user)s's membership has changed since; reload the page",
                        user=username), 409)  # fmt: skip
    if before is None:
        remove_member(club, username, by, reverts=change_id)
        return done
    if done["after"] and done["after"]["role"] == "admin" and before["role"] != "admin":
        _not_last_admin(club)
    club_id = _club(club).id
    with db() as session:  # exactly as before (``auth.add_member`` keeps a player name for "")
        user = session.exec(select(User).where(User.username == username)).one()
        row = session.exec(select(Membership).where(Membership.user_id == user.id,
                                                    Membership.club_id == club_id)).first()  # fmt: skip
        row = row or Membership(user_id=user.id, club_id=club_id)
        row.role, row.player = before["role"], before["player"]
        session.add(row)
        session.commit()
    auth.forget_memberships()
    changes.remember(club, by, username, done["after"], reverts=change_id)
    return done


def change_own_password(user: User, current: str, password: str, again: str) -> User:
    """The user's new password; their other sessions end (the caller logs this one in again)."""
    if not check_password_hash(user.password_hash, current):
        raise Refused(_("the current password is wrong"), 400)
    _new_password(password, again)
    if password == current:
        raise Refused(_("choose a password different from the current one"), 400)
    return auth.set_password(user.username, password)


# -- the first run -------------------------------------------------------------------------------
def no_users() -> bool:
    with db() as session:
        return session.exec(select(User.id).limit(1)).first() is None


def first_admin(username: str, password: str, again: str, club: str) -> User:
    """The first user, admin of ``club``; refused once any user exists."""
    if not no_users():
        raise Refused(_("the first admin exists already"), 404)
    _new_password(password, again)
    user = auth.create_user(username, password)
    auth.add_member(user, auth.get_or_create_club(club), "admin")
    return user


# -- helpers -------------------------------------------------------------------------------------
def _role(role: str) -> None:
    if role not in ROLES:
        raise Refused(
            _("unknown role %(role)r; valid roles: %(roles)s", role=role, roles=", ".join(ROLES)),
            400,
        )


def _new_password(password: str, again: str) -> None:
    if len(password) < auth.MIN_PASSWORD:
        raise Refused(_("a password needs at least %(num)d characters", num=auth.MIN_PASSWORD), 400)
    if password != again:
        raise Refused(_("the two passwords differ"), 400)


def _club(name: str) -> Club:
    with db() as session:
        club = session.exec(select(Club).where(Club.name == name)).first()
    if club is None:
        raise Refused(_("no club named %(name)r", name=name), 404)
    return club


def _member(club: str, username: str) -> tuple[User, Membership]:
    with db() as session:
        row = session.exec(
            select(User, Membership).where(
                User.username == username.strip(), Membership.user_id == User.id,
                Membership.club_id == Club.id, Club.name == club,
            )
        ).first()  # fmt: skip
    if row is None:
        raise Refused(_("%(user)r is not a member of %(club)s", user=username, club=club), 404)
    return row


def _clubs_of(user: User) -> list[str]:
    with db() as session:
        return list(session.exec(
            select(Club.name).where(Membership.club_id == Club.id, Membership.user_id == user.id)
        ).all())  # fmt: skip


def _not_last_admin(club: str) -> None:
    with db() as session:
        admins = session.exec(
            select(Membership.id).where(
                Membership.club_id == Club.id, Club.name == club, Membership.role == "admin"
            )
        ).all()
    if len(admins) <= 1:
        raise Refused(
            _(
                "%(club)s needs an admin: make someone else admin first (the last admin stays)",
                club=club,
            )
        )
