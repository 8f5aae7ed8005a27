"""Resolving a dispute: an auditor's decision becomes a ``correction`` of the hand's settlement
appended to the session's stream (never an edit), and the session is verified again.

``accept_expected`` replaces the settlement by the audit's expected payments (the table pays the
difference); ``keep_recorded`` restates the recorded payments (the table stands by what it paid),
so the audit still shows the difference but the queue shows who accepted it and why.
"""

from __future__ import annotations

from flask import abort
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from engine.audit import resolutions as report_resolutions
from events import store
from service.accounts import auth
from service.db import engine
from service.models import User
from service.sessions import queries, replays, views
from workers.dispatch import enqueue_verify

ACTIONS = ("accept_expected", "keep_recorded")
# What each action did, as a page says it: the stored reason keeps the action's code before
# the auditor's words (``engine.audit.resolutions`` reads it), which no page shows as is.
ACTION_WORDS = {"accept_expected": _l("the expected amounts paid"),
                "keep_recorded": _l("what the table paid kept")}  # fmt: skip


def reason_words(reason: str) -> str:
    """A stored resolution reason in the page's language: ``accept_expected: they agreed`` ->
    "the expected amounts paid: they agreed" (a reason without a code is shown as is)."""
    code, sep, said = reason.partition(":")
    if not sep or code not in ACTION_WORDS:
        return reason
    return _("%(how)s: %(why)s", how=ACTION_WORDS[code], why=said.strip())


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
    if not hand.disputes or hand.seq in report_resolutions(report):
        abort(409, _("this hand has no open dispute"))  # a kept difference is resolved once
    settlement_seq = _settlement_seq(s, index)
    payments = hand.expected_payments if action == "accept_expected" else hand.recorded_payments
    correction = {
        "type": "correction",
        "target": settlement_seq,
        "replacement": {
            "type": "settlement",
            "payments": [
                {"from": p.payer, "to": p.payee, "amount": p.amount} for p in payments or ()
            ],
        },
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
    return {
        "session_id": s.id,
        "seq": stored.session.head_seq,
        "correction": correction,
        "table": s.table_name,
        "hand": hand.no,
    }


def said(result: dict) -> str:
    """What the page says once a dispute is resolved (flashed on the page the form returns to)."""
    code = result["correction"]["reason"].partition(":")[0]
    return _("Resolved: table %(table)s, hand %(no)s (%(how)s). It has left the open disputes and "
             "is being verified again.", table=result["table"], no=result["hand"],
             how=ACTION_WORDS[code])  # fmt: skip


def _settlement_seq(s, index: int) -> int:
    """The seq of the hand's settlement line in force (the one the audit compared)."""
    hand = replays.session_replay(s).hands[index - 1]
    seqs = [seq for seq, rec in hand.records if rec["type"] == "settlement"]
    return seqs[-1]
