"""An integrity signal's chart: what was seen beside what chance gives, in events (deal-ins,
hands, payments)."""

from __future__ import annotations

import plotly.graph_objects as go

from dashboards.style import styled


def observed_vs_expected(
    observed: float,
    expected: float,
    title: str,
    seen: str,
    chance: str,
    axis: str,
    colon: str = ": ",
) -> go.Figure:
    """Two bars: ``observed`` (labelled ``seen``) and ``expected`` (``chance``); ``colon`` ends
    a bar's name in its hover, in the page's language (``Labels.colon``)."""
    fig = go.Figure(go.Bar(
        x=[seen, chance], y=[observed, expected], text=[f"{observed:g}", f"{expected:.1f}"],
        textposition="auto", marker_color=["#b5472f", "#8a9bb0"],
        hovertemplate="%{x}" + colon + "%{y:.1f}<extra></extra>",
    ))  # fmt: skip
    fig.update_xaxes(type="category")
    fig.update_yaxes(title_text=axis, rangemode="tozero")
    return styled(fig, title)
