"""The club's JSON endpoints (docs/api.md): a player's record, and the charts' figures."""

from __future__ import annotations

from flask import Response, g, jsonify, request

from service.accounts import auth
from service.club import charts, views
from service.sessions.views import parse_period

routes = auth.ApiRoutes()


@routes.get("/sessions/<session_id>/charts/flow")
def session_flow(session_id: str):
    return Response(charts.session_flow(g.user, session_id).to_json(), mimetype="application/json")


@routes.get("/clubs/<club>/charts/<name>")
def club_chart(club: str, name: str):
    return Response(charts.club_chart_json(g.user, club, name, request.args),
                    mimetype="application/json")  # fmt: skip


@routes.get("/players/<name>")
def player(name: str):
    return jsonify(views.player_view(g.user, name, period=parse_period(request.args)))


@routes.get("/players/<name>/charts/balance")
def player_chart(name: str):
    chart = charts.player_chart_json(g.user, name, parse_period(request.args))
    return Response(chart, mimetype="application/json")
