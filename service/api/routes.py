"""The JSON API under /api/v1 (documented in docs/api.md and docs/openapi.json).

Callers authenticate with ``Authorization: Bearer <token>`` or, from the browser, with their
login session; a session-authenticated write must carry the CSRF token (X-CSRFToken header).
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Blueprint, Response, abort, flash, g, jsonify, request
from flask_babel import gettext as _

from service.accounts import auth, members
from service.club import charts
from service.club import views as club_views
from service.ledger import paid
from service.ledger import views as ledger_views
from service.ledger.money import money_setting, set_money
from service.review import views as review_views
from service.sessions import disputes as disputes_queue
from service.sessions import replays, resolutions, views
from service.uploads import uploads

bp = auth.json_api(Blueprint("api", __name__, url_prefix="/api/v1"))

JSONL_TYPES = frozenset(
    {"application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/json",
     "text/plain", "application/octet-stream"}
)


@bp.get("/me")
@auth.api_auth
def me():
    return jsonify(username=g.user.username, clubs=members.clubs_view(g.user))


@bp.get("/sessions")
@auth.api_auth
def list_sessions():
    return jsonify(views.sessions_view(g.user, request.args))


@bp.post("/sessions")
@auth.api_auth
def upload_sessions():
    """A JSON Lines body (one file) or multipart with one or more ``file`` parts."""
    if request.mimetype == "multipart/form-data":
        files = request.files.getlist("file")
        if not files:
            abort(400, _("multipart upload without a 'file' part"))
        outcomes = [uploads.take(g.user, f.filename or "upload.jsonl", f.read()) for f in files]
    elif request.mimetype in JSONL_TYPES:
        outcomes = [uploads.take(g.user, "body", request.get_data())]
    else:
        abort(415, _("send the log as application/x-ndjson (JSON Lines) or multipart/form-data"))
    accepted = [o.as_json() for o in outcomes if o.session_id]
    rejected = [o.as_json() for o in outcomes if not o.session_id]
    status = 201 if not rejected else 422 if not accepted else 207
    return jsonify(accepted=accepted, rejected=rejected), status


@bp.get("/sessions/<session_id>")
@auth.api_auth
def session(session_id: str):
    return jsonify(views.session_view(g.user, session_id))


@bp.get("/sessions/<session_id>/status")
@auth.api_auth
def session_status(session_id: str):
    return jsonify(views.status_view(g.user, session_id))


@bp.get("/sessions/<session_id>/verifications")
@auth.api_auth
def session_verifications(session_id: str):
    return jsonify(views.verifications_view(g.user, session_id))


@bp.get("/sessions/<session_id>/review")
@auth.api_auth
def session_review(session_id: str):
    return jsonify(review_views.review_view(g.user, session_id))


@bp.get("/sessions/<session_id>/hands/<int:index>")
@auth.api_auth
def hand(session_id: str, index: int):
    view = views.hand_view(g.user, session_id, index)
    return jsonify(view | {"money": money_setting(view["session"]["club"])})


@bp.get("/sessions/<session_id>/hands/<int:index>/steps/<int:step>")
@auth.api_auth
def replay_step(session_id: str, index: int, step: int):
    s = views.load_session(g.user, session_id)
    state = replays.step_json(s, index, step, views.report(s))
    if state is None:
        abort(404, _("no such hand or step in this session"))
    return jsonify(state)


@bp.post("/sessions/<session_id>/hands/<int:index>/resolution")
@auth.api_auth
def resolve_dispute(session_id: str, index: int):
    """An auditor resolves a dispute: a correction of the hand's settlement is appended."""
    body = request.get_json(silent=True) if request.is_json else request.form
    if not isinstance(body, Mapping):
        abort(400, _("send a JSON object or a form"))
    result = resolutions.resolve(
        g.user, session_id, index, str(body.get("action", "")), str(body.get("reason", ""))
    )
    if not request.is_json:  # the disputes page's form: the page it returns to says so
        flash(resolutions.said(result))
    return jsonify(result), 201


@bp.get("/sessions/<session_id>/charts/flow")
@auth.api_auth
def session_flow(session_id: str):
    return Response(charts.session_flow(g.user, session_id).to_json(), mimetype="application/json")


@bp.get("/clubs/<club>/members")
@auth.api_auth
def list_members(club: str):
    """A club's members, for its admins."""
    auth.require_club(g.user, club, roles=("admin",))
    return jsonify(club=club, members=members.members_view(club))


@bp.post("/clubs/<club>/members")
@auth.api_auth
def add_member(club: str):
    """A club admin adds an existing user, or changes their role or player name."""
    auth.require_club(g.user, club, roles=("admin",))
    body = request.get_json(silent=True) if request.is_json else request.form
    if not isinstance(body, Mapping):
        abort(400, _("send a JSON object or a form"))
    try:
        members.add_member(club, str(body.get("username", "")), str(body.get("role", "member")),
                              str(body.get("player", "")))
    except auth.AccountError as e:
        abort(400, str(e))
    return jsonify(club=club, members=members.members_view(club)), 201


@bp.get("/clubs/<club>/ledger")
@auth.api_auth
def ledger(club: str):
    return jsonify(ledger_views.ledger_view(g.user, club, request.args))


@bp.post("/clubs/<club>/ledger/paid")
@auth.api_auth
def ledger_paid(club: str):
    """An auditor or admin marks a transfer paid: a row appended, never an update."""
    return jsonify(paid.mark_paid(g.user, club, _body())), 201


@bp.post("/clubs/<club>/ledger/paid/<int:mark_id>/reversal")
@auth.api_auth
def ledger_reversal(club: str, mark_id: int):
    """An auditor or admin undoes a mark: its reversal appended (the opposite amount)."""
    return jsonify(paid.reverse(g.user, club, mark_id)), 201


@bp.post("/clubs/<club>/ledger/money")
@auth.api_auth
def ledger_money(club: str):
    """A club admin sets (or clears, with an empty ``point_value``) what one point is worth."""
    auth.require_club(g.user, club, roles=("admin",))
    body = _body()
    try:
        money = set_money(club, str(body.get("point_value", "")), str(body.get("money_unit", "")))
    except auth.AccountError as e:
        abort(400, str(e))
    return jsonify(club=club, money=money)


def _body() -> Mapping:
    """A write's JSON object or form; anything else is a 400."""
    body = request.get_json(silent=True) if request.is_json else request.form
    if not isinstance(body, Mapping):
        abort(400, _("send a JSON object or a form"))
    return body


@bp.get("/clubs/<club>/disputes")
@auth.api_auth
def disputes(club: str):
    return jsonify(disputes_queue.disputes_view(g.user, club, request.args))


@bp.get("/clubs/<club>/charts/<name>")
@auth.api_auth
def club_chart(club: str, name: str):
    return Response(charts.club_chart_json(g.user, club, name, request.args),
                    mimetype="application/json")  # fmt: skip


@bp.get("/players/<name>")
@auth.api_auth
def player(name: str):
    return jsonify(club_views.player_view(g.user, name))


@bp.get("/players/<name>/charts/balance")
@auth.api_auth
def player_chart(name: str):
    return Response(charts.player_chart_json(g.user, name), mimetype="application/json")
