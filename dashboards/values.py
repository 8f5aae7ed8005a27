"""The distribution of hand values (points a winner scored), one histogram per ruleset."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from dashboards.style import styled


def hand_value_histogram(values: Mapping[str, Sequence[int]]) -> go.Figure:
    """``values``: ruleset name -> the points of each winning hand."""
    fig = go.Figure()
    for name in sorted(values):
        fig.add_trace(go.Histogram(x=list(values[name]), name=name, opacity=0.75))
    fig.update_layout(barmode="overlay")
    fig.update_xaxes(title_text="points 分")
    fig.update_yaxes(title_text="hands 局数")
    return styled(fig, "Hand values 牌值分布")
