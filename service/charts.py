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
    reports = [
        (summary, report)
        for summary, report in club_views.club_reports(user, club, views.parse_filter(args))
        if report is not None
    ]
    return _BUILDERS[name](reports)


def _balance(reports) -> go.Figure:
    return dashboards.running_balance(
        [{"label": f"{(s['started_at'] or s['uploaded_at'])[:10]} · {s['table']}",
          "net": r["recorded_totals"]}
         for s, r in reports]
    )


def _by_table(reports) -> go.Figure:
    rows: dict[str, dict] = defaultdict(lambda: {"hands": 0, "disputed": 0})
    for s, r in reports:
        row = rows[s["table"]]
        row["hands"] += len(r["hands"])
        row["disputed"] += sum(1 for h in r["hands"] if h["disputes"])
    return dashboards.dispute_rate_by_table([{"table": t, **v} for t, v in rows.items()])


def _by_item(reports) -> go.Figure:
    items, hands = [], 0
    for _, r in reports:
        hands += len(r["hands"])
        for h in r["hands"]:
            if h["disputes"]:
                e = h["disputes"][0]["explanation"]
                items.append(f"{e['zh']} {e['en']}" if e else "unexplained 未解释")
    return dashboards.dispute_rate_by_item(items, hands)


def _values(reports) -> go.Figure:
    values: dict[str, list[int]] = defaultdict(list)
    for s, r in reports:
        for h in r["hands"]:
            values[s["ruleset"]].extend(h["points"][w] for w in h["winners"] if w in h["points"])
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
