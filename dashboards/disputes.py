"""How often hands are disputed, by table and by the ruleset item behind the dispute."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping

import plotly.graph_objects as go

from dashboards.style import styled


def dispute_rate_by_table(rows: Iterable[Mapping]) -> go.Figure:
    """``rows``: ``{"table": str, "hands": int, "disputed": int}``; bars are percentages."""
    rows = sorted(rows, key=lambda r: str(r["table"]))
    tables = [str(r["table"]) for r in rows]
    rates = [100.0 * r["disputed"] / r["hands"] if r["hands"] else 0.0 for r in rows]
    text = [f"{r['disputed']}/{r['hands']}" for r in rows]
    fig = go.Figure(go.Bar(x=tables, y=rates, text=text, textposition="auto"))
    fig.update_xaxes(type="category", title_text="table 桌")
    fig.update_yaxes(title_text="% of hands disputed", rangemode="tozero")
    return styled(fig, "Dispute rate by table 各桌争议率")


def dispute_rate_by_item(items: Iterable[str], hands: int) -> go.Figure:
    """``items``: one label per disputed item (e.g. a mistake code or score line); ``hands``:
    how many hands were audited. Bars are the share of hands, most frequent item on top."""
    counts = Counter(items).most_common()
    labels = [label for label, _ in reversed(counts)]
    rates = [100.0 * n / hands if hands else 0.0 for _, n in reversed(counts)]
    fig = go.Figure(
        go.Bar(x=rates, y=labels, orientation="h", text=[n for _, n in reversed(counts)])
    )
    fig.update_xaxes(title_text="% of hands", rangemode="tozero")
    return styled(fig, "Disputes by rule item 按规则项")
