"""The look shared by every figure, and the client config that keeps PNG export in the modebar."""

from __future__ import annotations

import plotly.graph_objects as go

# Passed to Plotly.newPlot: the modebar always shows, its camera button saves a PNG.
PLOT_CONFIG = {
    "displayModeBar": True,
    "displaylogo": False,
    "responsive": True,
    "toImageButtonOptions": {"format": "png", "filename": "fupan", "scale": 2},
}


def styled(fig: go.Figure, title: str) -> go.Figure:
    fig.update_layout(
        title={"text": title, "x": 0.01},
        template="plotly_white",
        margin={"l": 50, "r": 20, "t": 50, "b": 40},
        font={"family": "system-ui, 'Noto Sans CJK SC', sans-serif", "size": 13},
        legend={"orientation": "h", "y": -0.15},
    )
    return fig
