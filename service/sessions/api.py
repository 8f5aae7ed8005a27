"""The sessions' JSON endpoints (docs/api.md): the list, a session, its status and history, a
replay step, resolving a dispute or reopening it, a club's disputes queue. (A hand, which also carries the
ledger's money setting, is joined in ``service.api.routes``: sessions never imports the ledger.)"""

from __future__ import annotations

from flask import abort, flash, g, jsonify, request
from flask_babel import gettext as _

from service.accounts import auth
from service.sessions import disputes as disputes_queue
from service.sessions import replays, resolutions, views, withdrawals

routes = auth.ApiRoutes()


@routes.get("/sessions")
def list_sessions():
    return jsonify(views.sessions_view(g.user, request.args))


@routes.get("/sessions/<session_id>")
def session(session_id: str):
    return jsonify(views.session_view(g.user, session_id))


@routes.get("/sessions/<session_id>/status")
def session_status(session_id: str):
    return jsonify(views.status_view(g.user, session_id))


@routes.get("/sessions/<session_id>/verifications")
def session_verifications(session_id: str):
    return jsonify(views.verifications_view(g.user, session_id))


@routes.get("/sessions/<session_id>/hands/<int:index>/steps/<int:step>")
def replay_step(session_id: str, index: int, step: int):
    s = views.load_session(g.user, session_id)
    state = replays.step_json(s, index, step, views.report(s))
    if state is None:
        abort(404, _("no such hand or step in this session"))
    return jsonify(state)


@routes.post("/sessions/<session_id>/hands/<int:index>/resolution")
def resolve_dispute(session_id: str, index: int):
    """An auditor resolves a dispute: a correction of the hand's settlement is appended."""
    body = auth.json_body()
    key = auth.idempotency_key(request.headers.get("Idempotency-Key"))
    result = resolutions.resolve(
        g.user, session_id, index, str(body.get("action", "")), str(body.get("reason", "")), key
    )
    if not request.is_json:  # the disputes page's form: the page it returns to says so
        flash(resolutions.said(result))
    return jsonify(result), 201


@routes.post("/sessions/<session_id>/hands/<int:index>/reopening")
def reopen_dispute(session_id: str, index: int):
    """An auditor takes a resolution back: a correction restating the settlement it replaced
    is appended and the hand's dispute is open again."""
    body = auth.json_body()
    key = auth.idempotency_key(request.headers.get("Idempotency-Key"))
    result = resolutions.reopen(g.user, session_id, index, str(body.get("reason", "")), key)
    if not request.is_json:  # the disputes page's form: the page it returns to says so
        flash(resolutions.said(result))
    return jsonify(result), 201


@routes.post("/sessions/<session_id>/withdrawal")
def withdraw_session(session_id: str):
    """An auditor or admin withdraws a session uploaded by mistake: a withdrawal is appended
    and the session leaves its club's counts (it stays, and can be restored)."""
    body = auth.json_body()
    return jsonify(withdrawals.withdraw(g.user, session_id, str(body.get("reason", "")))), 201


@routes.post("/sessions/<session_id>/restoration")
def restore_session(session_id: str):
    """Take a withdrawal back: a restoration naming it is appended; the session counts again."""
    body = auth.json_body()
    return jsonify(withdrawals.restore(g.user, session_id, str(body.get("reason", "")))), 201


@routes.get("/clubs/<club>/disputes")
def disputes(club: str):
    return jsonify(disputes_queue.disputes_view(g.user, club, request.args))
