"""The integrity page of a club (admins only) and its charts."""

from __future__ import annotations

from flask import Blueprint, Response, render_template, request
from flask_babel import gettext as _
from flask_login import current_user

from dashboards import PLOT_CONFIG
from dashboards.integrity import observed_vs_expected
from service.accounts import auth
from service.i18n import colon
from service.integrity import signals_view

bp = auth.pages(Blueprint("integrity", __name__, template_folder="templates"))


@bp.get("/clubs/<club>/integrity")
def integrity(club: str):
    return render_template("integrity/integrity.html",
                           v=signals_view.page_view(current_user, club, request.args),
                           plot_config=PLOT_CONFIG)  # fmt: skip


@bp.get("/clubs/<club>/integrity/signals/<int:index>.json")
def chart(club: str, index: int):
    s = signals_view.signal_of(current_user, club, index, request.args)
    axis = _("points") if s.kind == "money_flow" else _("times")
    fig = observed_vs_expected(
        s.observed,
        s.expected,
        signals_view.kind_label(s.kind),
        _("seen"),
        _("expected by chance"),
        axis,
        str(colon("")),
    )
    return Response(fig.to_json(), mimetype="application/json")
