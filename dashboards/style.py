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

# The modebar sits in the figure's top-right corner: the top margin gives it a band of its
# own above the title, which sits just over the plot area; axes and the legend (below the
# plot) grow the margins to fit their labels instead of being cut.
TOP = 84


def styled(fig: go.Figure, title: str) -> go.Figure:
    fig.update_layout(
        title={"text": title, "x": 0, "xanchor": "left", "xref": "paper",
               "y": 1, "yanchor": "bottom", "yref": "paper", "pad": {"b": 12}},
        template="plotly_white",
        margin={"l": 10, "r": 10, "t": TOP, "b": 10},
        font={"family": "system-ui, 'Noto Sans CJK SC', sans-serif", "size": 13},
        legend={"orientation": "h", "y": -0.2, "yanchor": "top", "x": 0, "xanchor": "left"},
    )  # fmt: skip
    fig.update_xaxes(automargin=True)
    fig.update_yaxes(automargin=True)
    return fig
