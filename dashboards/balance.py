"""Running balance per player across sessions: where each player stands after each session."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from dashboards.labels import Labels
from dashboards.style import styled


def running_balance(sessions: Sequence[Mapping], labels: Labels) -> go.Figure:
    """``sessions``: in time order, each ``{"label": str, "net": {player: amount}}``.

    A player absent from a session keeps their balance there (a flat step, no gap).
    """
    players = sorted({p for s in sessions for p in s["net"]})
    xs = [str(s["label"]) for s in sessions]
    fig = go.Figure()
    for player in players:
        total, ys = 0, []
        for s in sessions:
            total += s["net"].get(player, 0)
            ys.append(total)
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines+markers", name=player))
    fig.add_hline(y=0, line_width=1, line_color="#999")
    fig.update_xaxes(type="category")
    fig.update_yaxes(title_text=labels.balance_axis)
    return styled(fig, labels.balance)
