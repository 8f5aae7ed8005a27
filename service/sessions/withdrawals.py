"""Withdrawing a session uploaded by mistake, and restoring it (``events.withdrawals``): an
auditor or admin of its club, with a reason; each appends a row, nothing is deleted. The
session page shows who withdrew it, when and why, with the way back."""

from __future__ import annotations

from flask import abort
from flask_babel import gettext as _

from events import withdrawals
from service.accounts import auth
from service.db import engine
from service.models import User
from service.sessions import views

REFUSED = {
    "already_withdrawn": lambda: _("this session is already withdrawn"),
    "not_withdrawn": lambda: _("this session is not withdrawn"),
}


def withdraw(user: User, session_id: str, reason: str) -> dict:
    """Withdraw ``session_id``: it leaves its club's counts; 409 when it is already."""
    return _append(withdrawals.withdraw, user, session_id, reason)


def restore(user: User, session_id: str, reason: str) -> dict:
    """Take the session's withdrawal back: it counts again; 409 when it is not withdrawn."""
    return _append(withdrawals.restore, user, session_id, reason)


def _append(write, user: User, session_id: str, reason: str) -> dict:
    s = views.load_session(user, session_id)
    auth.require_club(user, s.club, roles=views.RESOLVERS)
    reason = reason.strip()
    if not reason:
        abort(400, _("say why (reason)"))
    if len(reason) > withdrawals.REASON_LIMIT:
        abort(400, _("%(what)s must have at most %(limit)s characters", what=_("reason"),
                     limit=withdrawals.REASON_LIMIT))  # fmt: skip
    try:
        row = write(s.id, user.username, reason, engine())
    except withdrawals.WithdrawalRefused as refused:
        abort(409, REFUSED[refused.kind]())
    return {"id": row.id, "session": s.id, "restores": row.restores, "by": row.by,
            "at": row.at.isoformat(), "reason": row.reason, "withdrawn": views.withdrawal(s.id)}  # fmt: skip
