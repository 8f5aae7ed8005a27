"""A club's dashboards and a player's page, and plotly.js for their charts."""

from __future__ import annotations

from flask import Blueprint, render_template, request
from flask_login import current_user
from werkzeug.exceptions import BadRequest

from dashboards import PLOT_CONFIG
from service.accounts import auth
from service.club import assets, charts, player_efficiency
from service.club import views as club_views
from service.sessions import views

bp = auth.pages(
    Blueprint(
        "club",
        __name__,
        template_folder="templates",
        static_folder="static",
        static_url_path="/static/club",
    )
)
PLAYER_PAGE = 200  # sessions the player page lists (the newest; the API lists them all)


@bp.get("/players/<name>")
def player(name: str):
    """A player's sessions, balance and efficiency review, all over the period chosen (every
    session by default)."""
    try:
        since, until = views.parse_period(request.args)
    except BadRequest as exc:  # said on the page, by the period's form, as the dashboards do
        club_views.player_view(current_user, name, newest=1)  # a 404 for an unknown name
        return render_template("club/player.html", v={"player": name}, error=exc.description,
                               plot_config=PLOT_CONFIG), 400  # fmt: skip
    return render_template(
        "club/player.html",
        v=club_views.player_view(current_user, name, newest=PLAYER_PAGE, period=(since, until)),
        since=since,
        until=until,
        efficiency=player_efficiency.player_efficiency(current_user, name, since, until),
        plot_config=PLOT_CONFIG,
    )


@bp.get("/clubs/<club>/dashboards")
def dashboards(club: str):
    auth.require_club(current_user, club)
    try:
        views.parse_filter(request.args)
    except BadRequest as exc:  # said above the form, not four broken charts
        return render_template("club/dashboards.html", club=club, error=exc.description), 400
    return render_template(
        "club/dashboards.html",
        club=club,
        charts=charts.club_chart_titles(),
        standings=charts.standings(current_user, club, request.args),
        efficiency=charts.efficiency(current_user, club, request.args),
        plot_config=PLOT_CONFIG,
    )


@bp.get("/plotly.css")
def plotly_css():
    """plotly.js's own CSS as a stylesheet, so the CSP needs no inline style (charts.plotly_css)."""
    return charts.plotly_css_response()


@bp.get("/plotly-<version>.min.js")
def plotly_js(version: str):
    """plotly.js from the installed plotly package (no CDN: the service may have no internet),
    compressed, under its content hash (see ``service.club.assets``)."""
    return assets.plotly_response(version)
