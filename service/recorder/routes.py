"""The table recorder: the phone page (/record) and its JSON API (/api/v1/record/…).

Pages need a login; the API takes a bearer token or the browser session (then writes carry the
CSRF header, as in the main API). Sessions outside the caller's clubs answer 404.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Blueprint, abort, g, jsonify, render_template, request
from flask_babel import gettext as _
from flask_login import current_user, login_required

from engine.rulesets import all_rulesets
from service.accounts import auth
from service.recorder import play as recorder_play
from service.recorder import recorder
from service.sessions import queries, views
from workers.dispatch import enqueue_verify

# its pages only read, so the API's CSRF rule covers the whole blueprint
bp = auth.json_api(
    Blueprint(
        "recorder",
        __name__,
        template_folder="templates",
        static_folder="static",
        static_url_path="/static/recorder",
    )
)

API = "/api/v1/record"


@bp.errorhandler(recorder.EntryError)
def _entry_error(e: recorder.EntryError):
    return jsonify(error="invalid_entry", message=str(e), field=e.field), e.status


def _body() -> Mapping:
    body = request.get_json(silent=True)
    if not isinstance(body, Mapping):
        abort(400, _("send a JSON object"))
    return body


def _recorded(session_id: str, user=None):
    """The caller's session if the recorder opened it (an uploaded log is not recorded into);
    ``user``: the API's caller unless a page names its own."""
    s = views.load_session(user or g.user, session_id)
    if not recorder.is_recorded(s.id):
        abort(409, _("this session was uploaded as a file; record a new session at the table"))
    return s


# -- pages ---------------------------------------------------------------------------------------
@bp.get("/record")
@login_required
def start():
    rulesets = [(rs.name, rs.title_zh) for rs in all_rulesets()]
    return render_template(
        "recorder/record_start.html",
        clubs=sorted(auth.memberships(current_user)),
        rulesets=rulesets,
    )


@bp.get("/record/<session_id>")
@login_required
def table(session_id: str):
    s = _recorded(session_id, current_user)
    opts = recorder.Table.load(s).rp.opts
    return render_template("recorder/record.html", s=s, info=recorder.ruleset_info(s.ruleset, opts))


# -- API -----------------------------------------------------------------------------------------
@bp.get(f"{API}/rulesets")
@auth.api_auth
def rulesets():
    return jsonify(recorder.all_rulesets())


@bp.get(f"{API}/sessions")
@auth.api_auth
def sessions():
    """The caller's recorded sessions, newest first (to continue one)."""
    rows = queries.list_sessions(auth.memberships(g.user), limit=50)
    live = recorder.recorded_ids([s.id for s, _ in rows])
    return jsonify(sessions=[views.session_summary(s, v) for s, v in rows if s.id in live])


@bp.post(f"{API}/sessions")
@auth.api_auth
def open_session():
    s = recorder.open_session(g.user, dict(_body()), list(auth.memberships(g.user)))
    return jsonify(recorder.Table.load(s).state()), 201


@bp.get(f"{API}/sessions/<session_id>")
@auth.api_auth
def session_state(session_id: str):
    return jsonify(recorder.Table.load(_recorded(session_id)).state())


@bp.post(f"{API}/evaluate")
@auth.api_auth
def evaluate():
    """The live result of an entry: the next hand's, or saved hand ``no``'s (a correction)."""
    body = _body()
    table = recorder.Table.load(_recorded(str(body.get("session_id", ""))))
    entry = body.get("entry")
    if not isinstance(entry, Mapping):
        abort(400, _("send the hand as entry: {…}"))
    no = _saved_no(body)
    hand, at = table.saved_hand(no) if no is not None else (None, None)
    return jsonify(recorder.evaluate(table, dict(entry), hand, at))


@bp.post(f"{API}/play")
@auth.api_auth
def play():
    """Play by play: the table after the taps so far, and their anomalies (nothing is stored)."""
    body = _body()
    table = recorder.Table.load(_recorded(str(body.get("session_id", ""))))
    entry = body.get("entry")
    if not isinstance(entry, Mapping) or not isinstance(entry.get("play"), Mapping):
        abort(400, _("send the hand as entry: {play: {deal, indicator, taps}}"))
    no = _saved_no(body)
    hand = table.saved_hand(no)[0] if no is not None else None
    return jsonify(recorder_play.live(table, dict(entry), hand))


def _saved_no(body: Mapping) -> int | None:
    """The body's ``no``, the number of a saved hand to correct (None: the next hand)."""
    no = body.get("no")
    if no is not None and (not isinstance(no, int) or isinstance(no, bool)):
        abort(400, _("no: the number of a saved hand"))
    return no


@bp.post(f"{API}/sessions/<session_id>/hands")
@auth.api_auth
def save_hand(session_id: str):
    s = _recorded(session_id)
    answer, created = recorder.save_hand(g.user, s, dict(_body()))
    if created:
        enqueue_verify(s.id)
    return jsonify(answer), 201 if created else 200


@bp.post(f"{API}/sessions/<session_id>/hands/<int:no>/correction")
@auth.api_auth
def correct_hand(session_id: str, no: int):
    body = _body()
    s = _recorded(session_id)
    entry = body.get("entry")
    if not isinstance(entry, Mapping):
        abort(400, _("send the hand as entry: {…}"))
    answer = recorder.correct_hand(g.user, s, no, dict(entry), str(body.get("reason", "")))
    if answer["corrections"]:
        enqueue_verify(s.id)
    return jsonify(answer), 201 if answer["corrections"] else 200
