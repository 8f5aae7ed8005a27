"""A club's membership changes, appended to its history (``member_set``: who, before and after,
by whom), so an admin's slip on the members page — a role chosen wrong, someone removed — can be
put back: the putting back is one more change naming the one it reverses (``reverts``); no
change is ever edited or deleted."""

from __future__ import annotations

import json

from flask_babel import gettext as _
from sqlmodel import select

from service.db import db
from service.models import Club, ClubHistory, Membership, User

KIND = "member_set"


def standing(club: str, username: str) -> dict | None:
    """``{"role", "player"}`` of ``username`` in ``club`` now, None when not a member."""
    with db() as session:
        row = session.exec(
            select(Membership.role, Membership.player).where(
                Membership.user_id == User.id, User.username == username.strip(),
                Membership.club_id == Club.id, Club.name == club,
            )
        ).first()  # fmt: skip
    return None if row is None else {"role": row[0], "player": row[1]}


def remember(club: str, by: str, username: str, before: dict | None,
             reverts: int | None = None) -> None:  # fmt: skip
    """Append the change of ``username``'s membership from ``before`` to what it is now (nothing
    when it did not change)."""
    after = standing(club, username)
    if after == before:
        return
    detail = {"user": username.strip(), "before": before, "after": after}
    if reverts is not None:
        detail["reverts"] = reverts
    with db() as session:
        session.add(ClubHistory(club=club, kind=KIND, by=by,
                                detail=json.dumps(detail, ensure_ascii=False)))  # fmt: skip
        session.commit()


def last_change(club: str) -> dict | None:
    """The club's newest membership change: ``{id, by, at, user, before, after}`` (and
    ``reverts``), or None."""
    with db() as session:
        row = session.exec(select(ClubHistory).where(ClubHistory.club == club,
                                                     ClubHistory.kind == KIND)
                           .order_by(ClubHistory.id.desc())).first()  # fmt: skip
    if row is None:
        return None
    return {"id": row.id, "by": row.by, "at": row.at.isoformat(), **json.loads(row.detail)}


def change(club: str, change_id: int) -> dict:
    """One membership change of ``club`` by its id; a ``LookupError`` naming it otherwise."""
    with db() as session:
        row = session.get(ClubHistory, change_id)
    if row is None or row.club != club or row.kind != KIND:
        raise LookupError(_("there is no membership change %(id)s in %(club)s", id=change_id,
                            club=club))  # fmt: skip
    return {"id": row.id, **json.loads(row.detail)}
