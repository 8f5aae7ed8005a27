"""The figure builders: the numbers in the traces are the data given, summed as documented."""

from __future__ import annotations

import plotly.graph_objects as go

from dashboards import (
    PLOT_CONFIG,
    dispute_rate_by_item,
    dispute_rate_by_table,
    hand_value_histogram,
    payment_sankey,
    running_balance,
)

SESSIONS = [
    {"label": "11-27 · 1", "net": {"阿强": 30, "小李": -10, "老王": -20}},
    {"label": "11-28 · 2", "net": {"阿强": -5, "阿芳": 5}},
]


def test_running_balance_accumulates_and_keeps_absent_players_flat():
    fig = running_balance(SESSIONS)
    traces = {t.name: list(t.y) for t in fig.data}
    assert traces == {"阿强": [30, 25], "小李": [-10, -10], "老王": [-20, -20], "阿芳": [0, 5]}
    assert list(fig.data[0].x) == ["11-27 · 1", "11-28 · 2"]


def test_sankey_sums_payments_per_pair_and_skips_nothing_paid():
    fig = payment_sankey(
        [
            {"from": "E", "to": "N", "amount": 10},
            {"from": "E", "to": "N", "amount": 4},
            {"from": "S", "to": "N", "amount": 7},
            {"from": "W", "to": "W", "amount": 9},
            {"from": "W", "to": "N", "amount": 0},
        ]
    )
    sankey = fig.data[0]
    assert isinstance(sankey, go.Sankey)
    labels = list(sankey.node.label)
    flows = {
        (labels[s], labels[t]): v
        for s, t, v in zip(sankey.link.source, sankey.link.target, sankey.link.value, strict=True)
    }
    assert flows == {("E pays 付", "N gets 收"): 14, ("S pays 付", "N gets 收"): 7}


def test_dispute_rate_by_table_is_a_percentage():
    fig = dispute_rate_by_table(
        [{"table": "2", "hands": 8, "disputed": 2}, {"table": "1", "hands": 0, "disputed": 0}]
    )
    bar = fig.data[0]
    assert list(bar.x) == ["1", "2"]
    assert list(bar.y) == [0.0, 25.0]
    assert list(bar.text) == ["0/0", "2/8"]


def test_dispute_rate_by_item_puts_the_most_frequent_on_top():
    fig = dispute_rate_by_item(["漏番", "包三家", "漏番"], hands=10)
    bar = fig.data[0]
    assert list(bar.y) == ["包三家", "漏番"]  # plotly draws the last category on top
    assert list(bar.x) == [10.0, 20.0]


def test_hand_values_one_histogram_per_ruleset():
    fig = hand_value_histogram({"wenling": [8, 16], "huangyan": [44]})
    assert [(t.name, list(t.x)) for t in fig.data] == [("huangyan", [44]), ("wenling", [8, 16])]


def test_hand_values_each_ruleset_on_its_own_axis_in_its_own_unit():
    fig = hand_value_histogram(
        {"wenling": [80], "zhoushan": [3]}, {"wenling": "分", "zhoushan": "台"}
    )
    axes = [t.xaxis for t in fig.data]
    assert len(set(axes)) == 2  # two units never share an axis
    titles = {
        t.name: fig.layout[a.replace("x", "xaxis")].title.text
        for t, a in zip(fig.data, axes, strict=True)
    }
    assert titles == {"wenling": "分", "zhoushan": "台"}


def test_every_figure_leaves_the_modebar_a_band_and_fits_its_tick_labels():
    for fig in (running_balance(SESSIONS), dispute_rate_by_item(["漏番"], 1),
                hand_value_histogram({"wenling": [80]})):  # fmt: skip
        assert fig.layout.margin.t >= 80  # the modebar is ~30 px tall, the title under it
        assert fig.layout.title.yref == "paper" and fig.layout.title.yanchor == "bottom"
        assert fig.layout.xaxis.automargin is True and fig.layout.yaxis.automargin is True


def test_png_export_stays_in_the_modebar():
    assert PLOT_CONFIG["displayModeBar"] is True
    assert PLOT_CONFIG["toImageButtonOptions"]["format"] == "png"
    assert "modeBarButtonsToRemove" not in PLOT_CONFIG


def test_empty_data_gives_an_empty_figure_not_an_error():
    assert running_balance([]).data == ()
    assert payment_sankey([]).data[0].link.value in (None, ())
    assert dispute_rate_by_item([], hands=0).data[0].x in (None, ())
