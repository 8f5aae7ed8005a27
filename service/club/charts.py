"""Feeds the Plotly builders (``dashboards``) with a club's or a session's audited data."""

from __future__ import annotations

import dataclasses
import re
import threading
from collections import OrderedDict, defaultdict
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any, TypeVar

import plotly.graph_objects as go
from flask import Response, abort
from flask_babel import gettext as _

import dashboards
from engine.review import PlayerSummary, player_summary
from engine.rulesets import get_ruleset
from service.accounts import auth
from service.club import aggregates, digests
from service.club import views as club_views
from service.db import engine
from service.i18n import colon, language, ruleset_title
from service.models import User
from service.sessions import queries, views
from workers import review as stored_reviews
from workers.tasks import engine_version

T = TypeVar("T")
CLUB_CHARTS = ("balance", "disputes_by_table", "disputes_by_item", "hand_values", "efficiency")


def labels() -> dashboards.Labels:
    """The figures' words in the page's language (English outside a request)."""
    return dashboards.Labels(
        balance=_("Running balance"),
        balance_axis=_("balance"),
        by_table=_("Dispute rate by table"),
        table_axis=_("table"),
        disputed_axis=_("hands disputed (%)"),
        by_item=_("Disputes by rule item"),
        share_axis=_("share of hands (%)"),
        flow=_("Payment flow"),
        pays=_("{name} pays"),
        gets=_("{name} gets"),
        values=_("Hand values per ruleset"),
        hands_axis=_("hands"),
        points_axis=_("points"),
        colon=str(colon("")),
    )


def club_chart_titles() -> dict[str, str]:
    """Each club chart's title in the page's language: its placeholder until it is drawn."""
    words = labels()
    return {"balance": words.balance, "disputes_by_table": words.by_table,
            "disputes_by_item": words.by_item, "hand_values": words.values,
            "efficiency": _("Discards at best efficiency")}  # fmt: skip


def club_chart_json(user: User, club: str, name: str, args) -> str:
    """A club chart as Plotly JSON, kept per process by a fingerprint of the results it shows
    (``aggregates.audited_version``) and built again only when they change: at 100,000 hands
    the running balance has ~5,000 points a player, and Plotly's building and encoding cost
    more than reading the data."""
    if name not in CLUB_CHARTS:
        abort(404)
    flt = _club_filter(user, club, args)
    if name == "efficiency":
        rows, reviewed = efficiency(user, club, args)
        return _efficiency(rows, reviewed).to_json()
    version = aggregates.audited_version([club], flt)
    return _cached(("club", name, flt, version), lambda: _club_figure(user, club, name, flt))


def standings(user: User, club: str, args) -> dict:
    """Where each player of the club stands over its audited sessions (where the running
    balance ends): ``{"players": [{"player", "net", "sessions"}], "sessions": n}``, the best
    first; kept per process like the charts. The dashboards show it above the charts."""
    flt = _club_filter(user, club, args)
    version = aggregates.audited_version([club], flt)
    return kept(("standings", flt, version), lambda: _standings(aggregates.club_nets([club], flt)))


def _standings(rows: list[tuple[str, str, dict[str, int]]]) -> dict:
    totals: dict[str, tuple[int, int]] = {}
    for _when, _table, nets in rows:
        for player, net in nets.items():
            total, played = totals.get(player, (0, 0))
            totals[player] = (total + net, played + 1)
    players = [{"player": p, "net": n, "sessions": k} for p, (n, k) in totals.items()]
    return {"players": sorted(players, key=lambda r: (-r["net"], r["player"])),
            "sessions": len(rows)}  # fmt: skip


def _club_filter(user: User, club: str, args) -> queries.SessionFilter:
    flt = views.parse_filter(args)
    auth.require_club(user, club)
    return dataclasses.replace(flt, club=club)


def _cached(key: tuple, build: Callable[[], go.Figure]) -> str:
    """The JSON of the figure ``build`` makes, kept per process under ``key``."""
    return kept(key, lambda: build().to_json())


def kept(key: tuple, build: Callable[[], T]) -> T:
    """What ``build`` makes, kept per process under ``key`` (and database and language: a
    figure's words are in the page's language)."""
    key = (engine().url.render_as_string(), language(), *key)
    with _lock:
        found = _figures.get(key)
    if found is None:
        found = build()
        with _lock:
            _figures[key] = found
            while len(_figures) > FIGURES:
                _figures.popitem(last=False)
    return found


def _club_figure(user: User, club: str, name: str, flt: queries.SessionFilter) -> go.Figure:
    if name == "balance":  # needs only the nets: reads just those
        return _balance(aggregates.club_nets([club], flt))
    rows = [(s, d) for s, d in club_views.club_digests(user, club, flt) if d is not None]
    return _BUILDERS[name](rows)


FIGURES = 32  # club charts kept per process (a running balance of 5,000 sessions: ~0.6 MB)
_figures: OrderedDict[tuple, Any] = OrderedDict()
_lock = threading.Lock()


def _balance(rows) -> go.Figure:
    return dashboards.running_balance(
        [{"label": f"{when[:10]} · {table}", "net": net} for when, table, net in rows], labels()
    )


def _by_table(rows) -> go.Figure:
    tables: dict[str, dict] = defaultdict(lambda: {"hands": 0, "disputed": 0})
    for s, d in rows:
        tables[s["table"]]["hands"] += d.hands
        tables[s["table"]]["disputed"] += d.disputed_hands
    return dashboards.dispute_rate_by_table([{"table": t, **v} for t, v in tables.items()],
                                            labels())  # fmt: skip


def _by_item(rows) -> go.Figure:
    items = [digests.item_label(e) for _, d in rows for e in d.explanations]
    return dashboards.dispute_rate_by_item(items, sum(d.hands for _, d in rows), labels())


def _values(rows) -> go.Figure:
    values: dict[str, list[int]] = defaultdict(list)
    for s, d in rows:
        values[s["ruleset"]].extend(d.winner_points)
    which = 0 if language() == "zh" else 1  # points_unit is (zh, en)
    units = {name: get_ruleset(name).points_unit[which] for name in values}
    titles = {name: ruleset_title(name) for name in values}
    return dashboards.hand_value_histogram(values, labels(), units, titles)


def efficiency(user: User, club: str, args) -> tuple[list[dict], int]:
    """Each player's efficiency-review figures summed over the period's sessions that have a
    stored review (``PlayerSummary.to_dict`` and ``player``, by name), and how many sessions
    that is: the dashboards' table and chart. Kept per process by the ids of the stored reviews
    it reads (written once: a new review, a new head or engine version is a new id)."""
    flt = _club_filter(user, club, args)
    ids = [s["id"] for s, _ in club_views.club_digests(user, club, flt)]
    rows = stored_reviews.stored_ids(ids, engine_version(), engine())
    return kept(("efficiency", tuple(rows)), lambda: _efficiency_rows(ids))


def _efficiency_rows(session_ids: list[str]) -> tuple[list[dict], int]:
    totals: dict[str, PlayerSummary] = {}
    reviews = stored_reviews.stored_for(session_ids, engine_version(), engine())
    for review in reviews.values():
        for player, figures in player_summary(review).items():
            totals[player] = totals.get(player, PlayerSummary()).add(figures)
    rows = [{"player": p, **f.to_dict()} for p, f in sorted(totals.items())]
    return rows, len(reviews)


def _efficiency(rows: list[dict], reviewed: int) -> go.Figure:
    """Per player over the period's sessions that have a stored efficiency review."""
    title = _("Discards at best efficiency (%(n)s reviewed sessions)", n=reviewed)
    hover = (_("useful tiles given up per discard"), _("missed wins"), _("avoidable deal-ins"))
    return dashboards.efficiency_by_player(
        rows, title, _("share of discards (%)"), hover, str(colon(""))
    )


_BUILDERS = {
    "disputes_by_table": _by_table,
    "disputes_by_item": _by_item,
    "hand_values": _values,
}


def player_chart_json(user: User, name: str, period: aggregates.Period = aggregates.ALWAYS) -> str:
    """One player's running balance across their sessions played in ``period`` (recorded
    payments) as Plotly JSON, kept per process like the club charts (by the ids of the results
    it shows)."""
    version = aggregates.player_version(auth.memberships(user), name, period)
    return _cached(("player", name, version), lambda: _player_balance(user, name, period))


def _player_balance(user: User, name: str, period: aggregates.Period) -> go.Figure:
    view = club_views.player_view(user, name, period=period)
    return dashboards.running_balance(
        [
            {
                "label": f"{(s['started_at'] or s['uploaded_at'])[:10]} · {s['club']} {s['table']}",
                "net": {name: s["net"] or 0},
            }
            for s in view["sessions"]
        ],
        labels(),
    )


def session_flow(user: User, session_id: str) -> go.Figure:
    """The session's recorded payments between players as a sankey."""
    view = views.session_view(user, session_id)
    payments = [
        {"from": p["from_player"], "to": p["to_player"], "amount": p["amount"]}
        for h in view["hands"]
        for p in (h["recorded_payments"] or [])
    ]
    return dashboards.payment_sankey(payments, labels())


_PLOTLY_DATA = resources.files("plotly") / "package_data"
# plotly.js's own CSS rules ("plotcss"), an object literal it adds rule by rule to a <style> it
# creates, which a CSP without inline style refuses. It skips that when the page has an element
# #plotly.js-style-global.no-inline-styles: the pages link this stylesheet under that id.
_PLOTCSS = re.compile(r'[\w$]+=(\{"X,X div":.*?\});for\(')
_RULE = re.compile(r'"((?:[^"\\]|\\.)*)":(?:"((?:[^"\\]|\\.)*)"|\'((?:[^\'\\]|\\.)*)\')')


@cache
def plotly_css() -> str:
    """plotly.js's plotcss rules as a stylesheet, read from the installed plotly.min.js (so an
    upgrade of plotly brings its rules). Plotly inserts each rule first, so the last wins a tie:
    written here in reverse."""
    source = (_PLOTLY_DATA / "plotly.min.js").read_text(encoding="utf-8")
    found = _PLOTCSS.search(source)
    if found is None:
        raise RuntimeError("plotly.min.js has no plotcss rules where fupan looks for them")
    rules = []
    for selector, double, single in _RULE.findall(found.group(1)):
        selector = re.sub("^,", " ,", selector).replace("X", ".js-plotly-plot .plotly")
        rules.append(f"{selector.replace('Y', '.plotly-notifier')}{{{double or single}}}")
    return "\n".join(reversed(rules)) + "\n"


@cache
def plotly_style_ids() -> tuple[str, ...]:
    """The ids of the <style> elements plotly.js's bundled map library injects unless an element
    with that id exists: the pages put an empty one there (fupan draws no maps)."""
    source = (_PLOTLY_DATA / "plotly.min.js").read_text(encoding="utf-8")
    return tuple(
        re.findall(
            r'if\(!document\.getElementById\("(\w+)"\)\)\{var \w+=document\.createElement\("style"\)',
            source,
        )
    )


def plotly_css_response():
    response = Response(plotly_css(), mimetype="text/css")
    response.cache_control.max_age = 86400
    return response
