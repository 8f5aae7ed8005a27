"""Plotly figure builders: plain data in (lists, dicts), a ``plotly.graph_objects.Figure`` out.

They know nothing of Flask or the store, so the web pages, the API and notebooks share them.
"""

from dashboards.balance import running_balance
from dashboards.disputes import dispute_rate_by_item, dispute_rate_by_table
from dashboards.flows import payment_sankey
from dashboards.labels import Labels
from dashboards.review import efficiency_by_player
from dashboards.style import PLOT_CONFIG
from dashboards.values import hand_value_histogram

__all__ = [
    "Labels",
    "PLOT_CONFIG",
    "dispute_rate_by_item",
    "dispute_rate_by_table",
    "efficiency_by_player",
    "hand_value_histogram",
    "payment_sankey",
    "running_balance",
]
