"""Feeds the Plotly builders (``dashboards``) with a club's or a session's audited data."""

from __future__ import annotations

from collections import defaultdict
from importlib import resources

import plotly.graph_objects as go
from flask import abort, send_from_directory

import dashboards
from service import club_views, views
from service.models import User

CLUB_CHARTS = ("balance", "disputes_by_table", "disputes_by_item", "hand_values")


def club_figure(user: User, club: str, name: str, args) -> go.Figure:
    if name not in CLUB_CHARTS:
        abort(404)
    rows = [
        (summary, d)
        for summary, d in club_views.club_digests(user, club, views.parse_filter(args))
        if d is not None
    ]
    return _BUILDERS[name](rows)


def _balance(rows) -> go.Figure:
    return dashboards.running_balance(
        [{"label": f"{(s['started_at'] or s['uploaded_at'])[:10]} · {s['table']}",
          "net": d.recorded_totals}
         for s, d in rows]
    )  # fmt: skip


def _by_table(rows) -> go.Figure:
    tables: dict[str, dict] = defaultdict(lambda: {"hands": 0, "disputed": 0})
    for s, d in rows:
        tables[s["table"]]["hands"] += d.hands
        tables[s["table"]]["disputed"] += d.disputed_hands
    return dashboards.dispute_rate_by_table([{"table": t, **v} for t, v in tables.items()])


def _by_item(rows) -> go.Figure:
    items = [e for _, d in rows for e in d.explanations]
    return dashboards.dispute_rate_by_item(items, sum(d.hands for _, d in rows))


def _values(rows) -> go.Figure:
    values: dict[str, list[int]] = defaultdict(list)
    for s, d in rows:
        values[s["ruleset"]].extend(d.winner_points)
    return dashboards.hand_value_histogram(values)


_BUILDERS = {
    "balance": _balance,
    "disputes_by_table": _by_table,
    "disputes_by_item": _by_item,
    "hand_values": _values,
}


def player_balance(user: User, name: str) -> go.Figure:
    """One player's running balance across their sessions (recorded payments)."""
    view = club_views.player_view(user, name)
    return dashboards.running_balance([
        {"label": f"{(s['started_at'] or s['uploaded_at'])[:10]} · {s['club']} {s['table']}",
         "net": {name: s["net"] or 0}}
        for s in view["sessions"]
    ])


def session_flow(user: User, session_id: str) -> go.Figure:
    """The session's recorded payments between players as a sankey."""
    view = views.session_view(user, session_id)
    payments = [
        {"from": p["from_player"], "to": p["to_player"], "amount": p["amount"]}
        for h in view["hands"]
        for p in (h["recorded_payments"] or [])
    ]
    return dashboards.payment_sankey(payments)


def plotly_js_response():
    """Serve plotly.min.js straight from the plotly package's data (cached a day by browsers)."""
    directory = resources.files("plotly") / "package_data"
    return send_from_directory(str(directory), "plotly.min.js", max_age=86400)
