"""The HTML pages. Each renders a dict from ``service.views`` (the API serves the same dicts)."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required

from dashboards import PLOT_CONFIG
from service import auth, charts, club_views, replays, views

bp = Blueprint("pages", __name__)
PLAYER_PAGE = 200  # sessions the player page lists (the newest; the API lists them all)


@bp.before_request
@login_required
def _logged_in():
    """Every page needs a login (Flask-Login redirects to it, then back)."""


@bp.get("/")
def sessions():
    return render_template("sessions.html", **views.sessions_view(current_user, request.args))


@bp.get("/upload")
def upload():
    return render_template("upload.html", clubs=sorted(auth.memberships(current_user)))


@bp.get("/sessions/<session_id>")
def session(session_id: str):
    view = views.session_view(current_user, session_id)
    return render_template("session.html", v=view, plot_config=PLOT_CONFIG)


@bp.get("/sessions/<session_id>/hands/<int:index>")
def hand(session_id: str, index: int):
    return render_template("hand.html", v=views.hand_view(current_user, session_id, index))


@bp.get("/sessions/<session_id>/replay")
def replay(session_id: str):
    s = views.load_session(current_user, session_id)
    hand_no = request.args.get("hand", 1, type=int)
    step = request.args.get("step", 0, type=int)
    if replays.step_json(s, hand_no, step, None) is None:
        abort(404, "no such hand or step in this session")
    return render_template("replay.html", s=views.session_summary(s, None), hand=hand_no, step=step)


@bp.get("/players/<name>")
def player(name: str):
    return render_template(
        "player.html", v=club_views.player_view(current_user, name, newest=PLAYER_PAGE),
        plot_config=PLOT_CONFIG,
    )


@bp.route("/clubs", methods=["GET", "POST"])
def clubs():
    if request.method == "POST":
        _add_member(request.form)
        return redirect(url_for("pages.clubs"))
    clubs = club_views.clubs_view(current_user)
    members = {c["name"]: club_views.members_view(c["name"]) for c in clubs if c["role"] == "admin"}
    return render_template("clubs.html", clubs=clubs, members=members)


def _add_member(form) -> None:
    """A club admin adds (or changes the role of) an existing user."""
    auth.require_club(current_user, form.get("club", ""), roles=("admin",))
    try:
        club_views.add_member(form.get("club", ""), form.get("username", ""),
                         form.get("role", "member"), form.get("player", ""))
    except auth.AccountError as e:
        flash(str(e))


@bp.get("/clubs/<club>/ledger")
def ledger(club: str):
    return render_template("ledger.html", v=club_views.ledger_view(current_user, club, request.args))


@bp.get("/clubs/<club>/ledger.csv")
def ledger_csv(club: str):
    v = club_views.ledger_view(current_user, club, request.args)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "table", "player", "amount", "to"])
    for row in v["tables"]:
        for player, amount in row["net"].items():
            writer.writerow(["net", row["table"], player, amount, ""])
    for player, amount in v["totals"].items():
        writer.writerow(["total", "", player, amount, ""])
    for t in v["transfers"]:
        writer.writerow(["transfer", "", t["from"], t["amount"], t["to"]])
    name = f"ledger-{v['date'] or 'all'}.csv"
    return Response(
        "\ufeff" + out.getvalue(),  # the BOM makes spreadsheet programs read the Chinese names
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


@bp.get("/clubs/<club>/disputes")
def disputes(club: str):
    return render_template("disputes.html", v=club_views.disputes_view(current_user, club, request.args))


@bp.get("/clubs/<club>/dashboards")
def dashboards(club: str):
    auth.require_club(current_user, club)
    views.parse_filter(request.args)  # a bad date is a 400 here, not four broken charts
    return render_template(
        "dashboards.html", club=club, charts=charts.CLUB_CHARTS, plot_config=PLOT_CONFIG
    )


@bp.get("/plotly.min.js")
def plotly_js():
    """plotly.js from the installed plotly package (no CDN: the service may have no internet)."""
    return charts.plotly_js_response()
