"""The session pages: the list, a session, a hand, its replay, and a club's disputes queue.
Each renders a dict from ``service.sessions.views`` (the API serves the same dicts)."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _
from flask_login import current_user

from dashboards import PLOT_CONFIG
from service.accounts import auth
from service.sessions import disputes as disputes_queue
from service.sessions import replays, views

bp = auth.pages(
    Blueprint(
        "sessions",
        __name__,
        template_folder="templates",
        static_folder="static",
        static_url_path="/static/sessions",
    )
)


@bp.get("/")
def sessions():
    return render_template(
        "sessions/sessions.html", **views.sessions_view(current_user, request.args)
    )


@bp.get("/sessions/<session_id>")
def session(session_id: str):
    view = views.session_view(current_user, session_id)
    return render_template("sessions/session.html", v=view, plot_config=PLOT_CONFIG)


@bp.get("/sessions/<session_id>/hands/<int:index>")
def hand(session_id: str, index: int):
    return render_template("sessions/hand.html", v=views.hand_view(current_user, session_id, index))


@bp.get("/sessions/<session_id>/replay")
def replay(session_id: str):
    s = views.load_session(current_user, session_id)
    hand_no = request.args.get("hand", 1, type=int)
    step = request.args.get("step", 0, type=int)
    if replays.step_json(s, hand_no, step, None) is None:
        abort(404, _("no such hand or step in this session"))
    return render_template(
        "sessions/replay.html", s=views.session_summary(s, None), hand=hand_no, step=step
    )


@bp.get("/clubs/<club>/disputes")
def disputes(club: str):
    return render_template(
        "sessions/disputes.html", v=disputes_queue.disputes_view(current_user, club, request.args)
    )
