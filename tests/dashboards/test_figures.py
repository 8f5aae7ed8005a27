"""The figure builders: the numbers in the traces are the data given, summed as documented."""

from __future__ import annotations

import dataclasses
import json
import re

import plotly.graph_objects as go

from dashboards import (
    PLOT_CONFIG,
    Labels,
    dispute_rate_by_item,
    dispute_rate_by_table,
    efficiency_by_player,
    hand_value_histogram,
    payment_sankey,
    running_balance,
)
from dashboards.values import bin_width, binned

# Every word a figure shows comes from here (or is data): each label is its own field's name.
LABELS = Labels(**{f.name: f"<{f.name}>" for f in dataclasses.fields(Labels)})
LABELS = dataclasses.replace(LABELS, pays="{name} <pays>", gets="{name} <gets>")

SESSIONS = [
    {"label": "11-27 · 1", "net": {"阿强": 30, "小李": -10, "老王": -20}},
    {"label": "11-28 · 2", "net": {"阿强": -5, "阿芳": 5}},
]


def test_running_balance_accumulates_and_keeps_absent_players_flat():
    fig = running_balance(SESSIONS, LABELS)
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
        ],
        LABELS,
    )
    sankey = fig.data[0]
    assert isinstance(sankey, go.Sankey)
    labels = list(sankey.node.label)
    flows = {
        (labels[s], labels[t]): v
        for s, t, v in zip(sankey.link.source, sankey.link.target, sankey.link.value, strict=True)
    }
    assert flows == {("E <pays>", "N <gets>"): 14, ("S <pays>", "N <gets>"): 7}


def test_dispute_rate_by_table_is_a_percentage():
    fig = dispute_rate_by_table(
        [{"table": "2", "hands": 8, "disputed": 2}, {"table": "1", "hands": 0, "disputed": 0}],
        LABELS,
    )
    bar = fig.data[0]
    assert list(bar.x) == ["1", "2"]
    assert list(bar.y) == [0.0, 25.0]
    assert list(bar.text) == ["0/0", "2/8"]


def test_dispute_rate_by_item_puts_the_most_frequent_on_top():
    fig = dispute_rate_by_item(["漏番", "包三家", "漏番"], 10, LABELS)
    bar = fig.data[0]
    assert list(bar.y) == ["包三家", "漏番"]  # plotly draws the last category on top
    assert list(bar.x) == [10.0, 20.0]


def test_hand_values_one_histogram_per_ruleset():
    fig = hand_value_histogram({"wenling": [8, 16, 16], "huangyan": [44]}, LABELS)
    assert [t.name for t in fig.data] == ["huangyan", "wenling"]
    assert {t.type for t in fig.data} == {"bar"}  # drawn by plotly.js's basic bundle
    huangyan, wenling = fig.data
    assert (list(huangyan.x), list(huangyan.y), huangyan.width) == ([44], [1], 1)
    # one bin a point from 8 to 16 (9 bins, at most 20), the empty ones drawn too
    assert list(wenling.y) == [1, 0, 0, 0, 0, 0, 0, 0, 2]
    assert list(wenling.x) == list(range(8, 17))  # a bar of one value over its tick
    assert list(wenling.customdata) == [str(v) for v in range(8, 17)]
    named = hand_value_histogram({"wenling": [8]}, LABELS, titles={"wenling": "温岭麻将"})
    assert named.data[0].name == "温岭麻将"
    assert [a.text for a in named.layout.annotations] == ["温岭麻将"]
    assert named.layout.xaxis.title.text == "<points_axis>"  # no unit given


def test_hand_values_binned_by_a_round_width_into_at_most_twenty_bins():
    assert bin_width(list(range(0, 101))) == 10  # 1, 2 and 5 give 101, 51 and 21 bins
    assert bin_width([500, 2000]) == 100  # 16 bins of 100: 500–599 … 2000–2099
    assert bin_width([3, 3]) == 1 and bin_width([]) == 1
    values = [0, 4, 5, 9, 10, 19, 100]
    bins = binned(values, bin_width(values))  # 101 points: bins of 10
    assert bins[:3] == [(0, 4), (10, 2), (20, 0)] and bins[-1] == (100, 1) and len(bins) == 11
    assert sum(n for _, n in bins) == len(values)
    bar = hand_value_histogram({"wenling": values}, LABELS).data[0]
    assert bar.width == 10 and bar.x[0] == 4.5 and bar.customdata[0] == "0–9"  # spans −0.5…9.5


def test_hand_values_each_ruleset_on_its_own_axis_in_its_own_unit():
    fig = hand_value_histogram(
        {"wenling": [80], "zhoushan": [3]}, LABELS, {"wenling": "分", "zhoushan": "台"}
    )
    axes = [t.xaxis for t in fig.data]
    assert len(set(axes)) == 2  # two units never share an axis
    titles = {
        t.name: fig.layout[a.replace("x", "xaxis")].title.text
        for t, a in zip(fig.data, axes, strict=True)
    }
    assert titles == {"wenling": "分", "zhoushan": "台"}


def test_every_figure_leaves_the_modebar_a_band_and_fits_its_tick_labels():
    for fig in (running_balance(SESSIONS, LABELS), dispute_rate_by_item(["漏番"], 1, LABELS),
                hand_value_histogram({"wenling": [80]}, LABELS)):  # fmt: skip
        assert fig.layout.margin.t >= 80  # the modebar is ~30 px tall, the title under it
        assert fig.layout.title.yref == "paper" and fig.layout.title.yanchor == "bottom"
        assert fig.layout.xaxis.automargin is True and fig.layout.yaxis.automargin is True


def test_the_histograms_title_stands_above_the_first_histograms_own():
    """Both sit over the first plot's top edge (paper y = 1, anchored at their bottom): the
    figure's title is lifted by more than a line of the subplot title, and the band above it
    for the modebar stays as wide as on the other figures."""
    fig = hand_value_histogram({"wenling": [80], "zhoushan": [3]}, LABELS)
    first = fig.layout.annotations[0]
    assert first.y == 1 and first.yanchor == "bottom"
    line = 1.3 * first.font.size
    assert fig.layout.title.pad.b >= 12 + line
    balance = running_balance(SESSIONS, LABELS).layout
    band = balance.margin.t - balance.title.pad.b
    assert fig.layout.margin.t - fig.layout.title.pad.b >= band


def test_png_export_stays_in_the_modebar():
    assert PLOT_CONFIG["displayModeBar"] is True
    assert PLOT_CONFIG["toImageButtonOptions"]["format"] == "png"
    assert "modeBarButtonsToRemove" not in PLOT_CONFIG


def test_empty_data_gives_an_empty_figure_not_an_error():
    assert running_balance([], LABELS).data == ()
    assert payment_sankey([], LABELS).data[0].link.value in (None, ())
    assert dispute_rate_by_item([], 0, LABELS).data[0].x in (None, ())


def shown_words(fig) -> list[str]:
    """The words a figure shows: titles, axis titles, subplot titles, trace names, sankey nodes
    and the fixed text of hover templates (their %{…} values are data, <br> a line break)."""
    layout = fig.layout.to_plotly_json()
    out = [layout.get("title", {}).get("text", "")]
    out += [v.get("title", {}).get("text", "") for k, v in layout.items() if "axis" in k]
    out += [a.get("text", "") for a in layout.get("annotations", ())]
    for trace in fig.to_plotly_json()["data"]:
        out.append(trace.get("name") or "")
        out += list(trace.get("node", {}).get("label") or ())
        for part in (trace, trace.get("node", {}), trace.get("link", {})):
            template = part.get("hovertemplate") or ""  # (a line break is markup, not a word)
            out.append(re.sub(r"%\{[^}]*\}|<extra></extra>|<br>", " ", template))
    return [w for w in out if w]


def test_every_word_of_a_figure_is_a_label_given_or_data():
    figures = [
        running_balance(SESSIONS, LABELS),
        payment_sankey([{"from": "阿强", "to": "老王", "amount": 5}], LABELS),
        dispute_rate_by_table([{"table": "2", "hands": 8, "disputed": 2}], LABELS),
        dispute_rate_by_item(["漏番"], 10, LABELS),
        hand_value_histogram({"wenling": [8]}, LABELS, {"wenling": "分"}, {"wenling": "温岭"}),
        efficiency_by_player(
            [
                {
                    "player": "阿强",
                    "decisions": 4,
                    "best": 3,
                    "lost": 2,
                    "missed_wins": 1,
                    "avoidable_deal_ins": 0,
                }
            ],
            "<title>",
            "<axis>",
            ("<lost>", "<missed>", "<dealt>"),
        ),  # fmt: skip
    ]
    data = {"阿强", "小李", "老王", "阿芳", "漏番", "分", "温岭"}
    for fig in figures:
        words = " ".join(shown_words(fig))
        for name in data:
            words = words.replace(name, " ")
        assert re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", re.sub(r"<\w+>", " ", words)) == [], words
    assert "<balance>" in json.dumps(figures[0].to_plotly_json()["layout"])


def test_efficiency_by_player_shares_and_numbers():
    rows = [
        {
            "player": "乙",
            "decisions": 20,
            "best": 15,
            "lost": 10,
            "missed_wins": 1,
            "avoidable_deal_ins": 0,
        },
        {
            "player": "甲",
            "decisions": 0,
            "best": 0,
            "lost": 0,
            "missed_wins": 0,
            "avoidable_deal_ins": 0,
        },
    ]
    fig = efficiency_by_player(rows, "效率", "占比 (%)", ("少进张", "漏胡", "可避放炮"))
    bar = fig.data[0]
    assert list(bar.x) == ["乙", "甲"] and list(bar.y) == [75.0, 0.0]
    assert list(bar.text) == ["15/20", "0/0"]
    assert bar.customdata[0][0] == 0.5 and fig.layout.yaxis.range == (0, 100)
    # every number of the hover is named, in the words given
    assert [w in bar.hovertemplate for w in ("少进张: ", "漏胡: ", "可避放炮: ")] == [True] * 3
