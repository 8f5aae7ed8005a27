"""Resolving a dispute: an auditor's decision becomes a ``correction`` of the hand's settlement
appended to the session's stream (never an edit), and the session is verified again.

``accept_expected`` replaces the settlement by the audit's expected payments (the table pays the
difference); ``keep_recorded`` restates the recorded payments (the table stands by what it paid),
so the audit still shows the difference but the queue shows who accepted it and why.
"""

from __future__ import annotations

from flask import abort
from flask_babel import gettext as _

from events import store
from service.accounts import auth
from service.db import engine
from service.models import User
from service.sessions import queries, replays, views
from workers.dispatch import enqueue_verify

ACTIONS = ("accept_expected", "keep_recorded")


def resolve(user: User, session_id: str, index: int, action: str, reason: str) -> dict:
    s = views.load_session(user, session_id)
    auth.require_club(user, s.club, roles=("auditor", "admin"))
    if action not in ACTIONS:
        abort(400, _("action must be one of %(actions)s", actions=", ".join(ACTIONS)))
    if not reason.strip():
        abort(400, _("say why (reason)"))
    v = queries.latest_verifications([s.id]).get(s.id)
    report = queries.report_of(v)
    if report is None or v.head_seq != s.head_seq:
        abort(409, _("the session is being verified; try again in a moment"))
    if not 1 <= index <= len(report.hands):
        abort(404)
    hand = report.hands[index - 1]
    if not hand.disputes:
        abort(409, _("this hand has no open dispute"))
    settlement_seq = _settlement_seq(s, index)
    payments = hand.expected_payments if action == "accept_expected" else hand.recorded_payments
    correction = {
        "type": "correction",
        "target": settlement_seq,
        "replacement": {"type": "settlement", "payments": [
            {"from": p.payer, "to": p.payee, "amount": p.amount} for p in payments or ()
        ]},
        "reason": f"{action}: {reason.strip()}",
        "by": user.username,
    }
    try:
        stored = store.append_corrections(
            session_id=s.id, corrections=[correction], expected_seq=s.head_seq, engine=engine()
        )
    except store.ConcurrencyConflict:
        abort(409, _("the session changed meanwhile; reload and try again"))
    except store.CorrectionInvalid as e:
        abort(400, str(e))
    enqueue_verify(s.id)
    return {"session_id": s.id, "seq": stored.session.head_seq, "correction": correction}


def _settlement_seq(s, index: int) -> int:
    """The seq of the hand's settlement line in force (the one the audit compared)."""
    hand = replays.session_replay(s).hands[index - 1]
    seqs = [seq for seq, rec in hand.records if rec["type"] == "settlement"]
    return seqs[-1]
