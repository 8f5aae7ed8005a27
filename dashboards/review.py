"""The efficiency review per player: the share of discards that matched the best efficiency."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import plotly.graph_objects as go

from dashboards.style import styled


def efficiency_by_player(
    rows: Iterable[Mapping], title: str, axis: str, hover: tuple[str, str, str], colon: str = ": "
) -> go.Figure:
    """``rows``: ``{"player", "decisions", "best", "lost", "missed_wins", "avoidable_deal_ins"}``
    (sums over the reviewed hands). A bar per player: the share of its discards among the best
    (%); the text says how many of how many; the hover adds the tiles given up per discard,
    the missed wins and the avoidable deal-ins, each named by ``hover`` (the page's words) and
    ``colon`` (the page's: "：" in Chinese)."""
    rows = sorted(rows, key=lambda r: str(r["player"]))
    players = [str(r["player"]) for r in rows]
    share = [100.0 * r["best"] / r["decisions"] if r["decisions"] else 0.0 for r in rows]
    text = [f"{r['best']}/{r['decisions']}" for r in rows]
    extra = [
        [
            r["lost"] / r["decisions"] if r["decisions"] else 0.0,
            r["missed_wins"],
            r["avoidable_deal_ins"],
        ]
        for r in rows
    ]
    fig = go.Figure(go.Bar(
        x=players, y=share, text=text, textposition="auto", customdata=extra, marker_color="#2e7d32",
        hovertemplate=f"%{{x}}{colon}%{{y:.1f}}% (%{{text}})<br>{hover[0]}{colon}%{{customdata[0]:.1f}}"
                      f"<br>{hover[1]}{colon}%{{customdata[1]}}<br>{hover[2]}{colon}%{{customdata[2]}}"
                      "<extra></extra>",
    ))  # fmt: skip
    fig.update_xaxes(type="category")
    fig.update_yaxes(title_text=axis, rangemode="tozero", range=[0, 100])
    return styled(fig, title)
