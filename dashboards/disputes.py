"""How often hands are disputed, by table and by the ruleset item behind the dispute."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

import plotly.graph_objects as go

from dashboards.labels import Labels
from dashboards.style import styled


def dispute_rate_by_table(rows: Iterable[Mapping], labels: Labels) -> go.Figure:
    """``rows``: ``{"table": str, "hands": int, "disputed": int}``; bars are percentages."""
    rows = sorted(rows, key=lambda r: str(r["table"]))
    tables = [str(r["table"]) for r in rows]
    rates = [100.0 * r["disputed"] / r["hands"] if r["hands"] else 0.0 for r in rows]
    text = [f"{r['disputed']}/{r['hands']}" for r in rows]
    fig = go.Figure(
        go.Bar(
            x=tables,
            y=rates,
            text=text,
            textposition="auto",
            hovertemplate="%{x}" + labels.colon + "%{y:.1f}% (%{text})<extra></extra>",
        )
    )
    fig.update_xaxes(type="category", title_text=labels.table_axis)
    fig.update_yaxes(title_text=labels.disputed_axis, rangemode="tozero")
    return styled(fig, labels.by_table)


def dispute_rate_by_item(items: Iterable[str], hands: int, labels: Labels) -> go.Figure:
    """``items``: one name per disputed hand, its rule item (in the labels' language);
    ``hands``: how many hands were audited. Bars are the share of hands, most frequent item on
    top."""
    counts = Counter(items).most_common()
    names = [name for name, _ in reversed(counts)]
    rates = [100.0 * n / hands if hands else 0.0 for _, n in reversed(counts)]
    fig = go.Figure(
        go.Bar(
            x=rates,
            y=names,
            orientation="h",
            text=[n for _, n in reversed(counts)],
            hovertemplate="%{y}" + labels.colon + "%{x:.1f}% (%{text})<extra></extra>",
        )  # fmt: skip
    )
    fig.update_xaxes(title_text=labels.share_axis, rangemode="tozero")
    return styled(fig, labels.by_item)
