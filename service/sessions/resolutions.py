"""Resolving a dispute: an auditor's decision becomes a ``correction`` of the hand's settlement
appended to the session's stream (never an edit), and the session is verified again.

``accept_expected`` replaces the settlement by the audit's expected payments (the table pays the
difference); ``keep_recorded`` restates the recorded payments (the table stands by what it paid),
so the audit still shows the difference but the queue shows who accepted it and why.

A resolution made by a slip is taken back by ``reopen``: another correction of the same line,
restating the settlement the resolution replaced (the log is never edited).

A request may carry a key (``Idempotency-Key``, docs/api.md): it is kept in the correction
(``client_id``, as the recorder keeps its hands'), and the same key again answers with that
correction instead of a 409 for a hand no longer open (or no longer resolved).
"""

from __future__ import annotations

from flask import abort
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.exceptions import Conflict

from engine.audit import REOPEN
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
                "keep_recorded": _l("what the table paid kept"),
                REOPEN: _l("resolution reopened")}  # fmt: skip


def reason_words(reason: str) -> str:
    """A stored resolution reason in the page's language: ``accept_expected: they agreed`` ->
    "the expected amounts paid: they agreed" (a reason without a code is shown as is)."""
    code, sep, said = reason.partition(":")
    if not sep or code not in ACTION_WORDS:
        return reason
    return _("%(how)s: %(why)s", how=ACTION_WORDS[code], why=said.strip())


def resolve(
    user: User, session_id: str, index: int, action: str, reason: str, key: str | None = None
) -> dict:
    if action not in ACTIONS:
        abort(400, _("action must be one of %(actions)s", actions=", ".join(ACTIONS)))
    return _decide(user, session_id, index, action, reason, key)


def reopen(user: User, session_id: str, index: int, reason: str, key: str | None = None) -> dict:
    """Take a resolution back (a slip of the thumb): a correction of the same settlement line
    restating the settlement the resolution replaced, ``reopens`` naming the resolution's seq;
    the hand's dispute is open again (``engine.audit.resolutions``) and what is owed goes back."""
    return _decide(user, session_id, index, REOPEN, reason, key)


def _decide(user: User, session_id: str, index: int, code: str, reason: str, key: str | None):
    """Append the correction ``code`` (an action or ``reopen``) says, once per key."""
    s = views.load_session(user, session_id)
    auth.require_club(user, s.club, roles=views.RESOLVERS)
    if not reason.strip():
        abort(400, _("say why (reason)"))
    said_reason = f"{code}: {reason.strip()}"
    if key is not None and (first := _keyed(s, user, key, index, said_reason)) is not None:
        return first
    try:
        return _append(s, user, index, code, said_reason, key)
    except Conflict:
        # the same request sent twice at once: the other one appended it meanwhile
        if key is not None and (first := _keyed(s, user, key, index, said_reason)) is not None:
            return first
        raise


def _append(s, user: User, index: int, code: str, said_reason: str, key: str | None) -> dict:
    """Append the correction of hand ``index``'s settlement that ``code`` says; a 409 if
    the session moved, or the hand has no open dispute (to resolve) or no resolution (to
    reopen)."""
    v = queries.latest_verifications([s.id]).get(s.id)
    report = queries.report_of(v)
    if report is None or v.head_seq != s.head_seq:
        abort(409, _("the session is being verified; try again in a moment"))
    if not 1 <= index <= len(report.hands):
        abort(404)
    hand = report.hands[index - 1]
    resolution = report_resolutions(report).get(hand.seq)
    if code == REOPEN:
        if resolution is None:
            abort(409, _("this hand has no resolution to reopen"))
        resolving = next(c for c in report.corrections if c.seq == resolution["seq"])
        target, replacement = resolving.target, resolving.original
        pointer = {"reopens": resolving.seq}
    else:
        if not hand.disputes or resolution is not None:
            abort(409, _("this hand has no open dispute"))  # a kept difference is resolved once
        accept = code == "accept_expected"
        payments = hand.expected_payments if accept else hand.recorded_payments
        target, pointer = _settlement_seq(s, index), {}
        replacement = {
            "type": "settlement",
            "payments": [
                {"from": p.payer, "to": p.payee, "amount": p.amount} for p in payments or ()
            ],
        }
    correction = {
        "type": "correction",
        "target": target,
        "replacement": replacement,
        "reason": said_reason,
        "by": user.username,
        **pointer,
        **({"client_id": key} if key is not None else {}),
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
    return _answer(s, stored.session.head_seq, correction, hand.no)


def _answer(s, seq: int, correction: dict, no: int) -> dict:
    return {"session_id": s.id, "seq": seq, "correction": correction, "table": s.table_name,
            "hand": no}  # fmt: skip


def _keyed(s, user: User, key: str, index: int, reason: str) -> dict | None:
    """The answer to the request that appended the correction with ``key`` (by ``user``), or
    None; the key of a request about another hand or with other words is a 422."""
    records = store.read_records(session_id=s.id, engine=engine())
    for seq, record in enumerate(records):
        if (record.get("type") == "correction" and record.get("client_id") == key
                and record.get("by") == user.username):  # fmt: skip
            hands = replays.session_replay(s).hands
            hand = hands[index - 1] if 1 <= index <= len(hands) else None
            if (
                hand is None
                or record.get("reason") != reason
                or not any(q == record.get("target") for q, _ in hand.records)
            ):
                abort(422, _("this Idempotency-Key was already used for another request"))
            return _answer(s, seq, record, hand.no)
    return None


def said(result: dict) -> str:
    """What the page says once a dispute is resolved or reopened (flashed on the page the form
    returns to)."""
    code = result["correction"]["reason"].partition(":")[0]
    if code == REOPEN:
        return _("Reopened: table %(table)s, hand %(no)s. Its dispute is open again and it is "
                 "being verified again.", table=result["table"], no=result["hand"])  # fmt: skip
    return _("Resolved: table %(table)s, hand %(no)s (%(how)s). It has left the open disputes and "
             "is being verified again.", table=result["table"], no=result["hand"],
             how=ACTION_WORDS[code])  # fmt: skip


def _settlement_seq(s, index: int) -> int:
    """The seq of the hand's settlement line in force (the one the audit compared)."""
    hand = replays.session_replay(s).hands[index - 1]
    seqs = [seq for seq, rec in hand.records if rec["type"] == "settlement"]
    return seqs[-1]
