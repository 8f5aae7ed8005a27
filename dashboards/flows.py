"""A session's payments as a sankey: payers on the left, payees on the right."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

import plotly.graph_objects as go

from dashboards.style import styled


def payment_sankey(payments: Iterable[Mapping]) -> go.Figure:
    """``payments``: ``{"from": player, "to": player, "amount": int}`` (summed per pair)."""
    flows: dict[tuple[str, str], int] = defaultdict(int)
    for p in payments:
        if p["amount"] > 0 and p["from"] != p["to"]:
            flows[(p["from"], p["to"])] += p["amount"]
    payers = sorted({a for a, _ in flows})
    payees = sorted({b for _, b in flows})
    labels = [f"{name} pays 付" for name in payers] + [f"{name} gets 收" for name in payees]
    source = [payers.index(a) for a, _ in flows]
    target = [len(payers) + payees.index(b) for _, b in flows]
    fig = go.Figure(
        go.Sankey(
            node={"label": labels, "pad": 18, "thickness": 16},
            link={"source": source, "target": target, "value": list(flows.values())},
        )
    )
    return styled(fig, "Payment flow 付款流向")
