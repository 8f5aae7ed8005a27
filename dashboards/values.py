"""The distribution of hand values (points a winner scored), one histogram per ruleset: each
ruleset counts in its own unit (温岭 分, 黄岩 胡, 台 for zhoushan and xizhou), so they never
share an axis. The bins are counted here and drawn as bars: plotly.js's basic bundle, which the
pages load (a fifth lighter than the cartesian one), has bars but no histogram trace."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from dashboards.labels import Labels
from dashboards.style import TOP, styled

ROW_HEIGHT = 220  # px per ruleset's histogram
# The first histogram's own title sits just over its plot, where the figure's title would: the
# figure's title goes up by one line of it (px), the top margin grows to match.
SUBTITLE = 26
BINS = 20  # at most, a ruleset's histogram


def bin_width(values: Sequence[int], bins: int = BINS) -> int:
    """The smallest width of 1, 2 or 5 × 10ⁿ points that puts ``values`` into at most ``bins``
    bins starting at multiples of it."""
    low, high = min(values, default=0), max(values, default=0)
    scale = 1
    while True:
        for step in (scale, 2 * scale, 5 * scale):
            if high // step - low // step + 1 <= bins:
                return step
        scale *= 10


def binned(values: Sequence[int], width: int) -> list[tuple[int, int]]:
    """(bin start, hands in it) for every bin from the lowest value's to the highest's, empty
    ones included, each bin the whole points ``start … start + width − 1``."""
    counts = Counter(v // width for v in values)
    if not counts:
        return []
    return [(k * width, counts[k]) for k in range(min(counts), max(counts) + 1)]


def centre(start: int, width: int) -> float:
    """Where a bin's bar stands: points are whole numbers, so a bin of ``width`` holds
    ``start … start + width − 1`` and its bar (``width`` wide) spans half a point either side
    of them: a bin of one value stands over that value's tick."""
    return start + (width - 1) / 2


def hand_value_histogram(
    values: Mapping[str, Sequence[int]],
    labels: Labels,
    units: Mapping[str, str] | None = None,
    titles: Mapping[str, str] | None = None,
) -> go.Figure:
    """``values``: ruleset name -> the points of each winning hand; ``units``: ruleset name ->
    the unit its points are in (the x axis title); ``titles``: ruleset name -> its name for
    people (a histogram's title; default the name)."""
    names = sorted(values)
    units, titles = units or {}, titles or {}
    shown = [titles.get(name, name) for name in names]
    fig = make_subplots(rows=max(len(names), 1), cols=1, subplot_titles=shown or None,
                        vertical_spacing=0.5 / max(len(names), 1))  # fmt: skip
    for row, name in enumerate(names, start=1):
        width = bin_width(values[name])
        bins = binned(values[name], width)
        ranges = [str(start) if width == 1 else f"{start}–{start + width - 1}" for start, _ in bins]
        fig.add_trace(
            go.Bar(x=[centre(start, width) for start, _ in bins], y=[n for _, n in bins],
                   width=width, customdata=ranges, name=shown[row - 1], showlegend=False,
                   hovertemplate="%{customdata}: %{y}<extra></extra>"),
            row=row, col=1,
        )  # fmt: skip
        fig.update_xaxes(title_text=units.get(name, labels.points_axis), row=row, col=1)
        fig.update_yaxes(title_text=labels.hands_axis, row=row, col=1, rangemode="tozero")
    styled(fig, labels.values)
    fig.update_layout(height=90 + SUBTITLE + ROW_HEIGHT * max(len(names), 1),
                      title_pad_b=12 + SUBTITLE, margin_t=TOP + SUBTITLE)  # fmt: skip
    return fig
