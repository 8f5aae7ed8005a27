"""A session's payments as a sankey: payers on the left, payees on the right."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

import plotly.graph_objects as go

from dashboards.labels import Labels
from dashboards.style import styled


def payment_sankey(payments: Iterable[Mapping], labels: Labels) -> go.Figure:
    """``payments``: ``{"from": player, "to": player, "amount": int}`` (summed per pair)."""
    flows: dict[tuple[str, str], int] = defaultdict(int)
    for p in payments:
        if p["amount"] > 0 and p["from"] != p["to"]:
            flows[(p["from"], p["to"])] += p["amount"]
    payers = sorted({a for a, _ in flows})
    payees = sorted({b for _, b in flows})
    nodes = [labels.pays.format(name=name) for name in payers]
    nodes += [labels.gets.format(name=name) for name in payees]
    source = [payers.index(a) for a, _ in flows]
    target = [len(payers) + payees.index(b) for _, b in flows]
    fig = go.Figure(
        go.Sankey(
            node={
                "label": nodes,
                "pad": 18,
                "thickness": 16,
                "hovertemplate": "%{label}" + labels.colon + "%{value}<extra></extra>",
            },
            link={
                "source": source,
                "target": target,
                "value": list(flows.values()),
                "hovertemplate": "%{source.label} → %{target.label}"
                + labels.colon
                + "%{value}<extra></extra>",
            },
        )
    )
    return styled(fig, labels.flow)
