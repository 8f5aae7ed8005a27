"""The night's ledger of a club: the page, marking a transfer paid, the club's money value of a
point, and the CSV (cells a spreadsheet would run as a formula escaped: ``security.csv_cell``)."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask_login import current_user

from service.accounts import auth
from service.ledger import paid
from service.ledger.money import money_amount, set_money
from service.ledger.views import hand_rows, ledger_view
from service.security import csv_cell

bp = auth.pages(Blueprint("ledger", __name__, template_folder="templates"))


@bp.get("/clubs/<club>/ledger")
def ledger(club: str):
    return render_template("ledger/ledger.html", v=ledger_view(current_user, club, request.args))


@bp.post("/clubs/<club>/ledger/paid")
def mark_paid(club: str):
    paid.mark_paid(current_user, club, request.form)
    return redirect(_back(club))


@bp.post("/clubs/<club>/ledger/money")
def money(club: str):
    auth.require_club(current_user, club, roles=("admin",))
    try:
        set_money(
            club, request.form.get("point_value", ""), request.form.get("money_unit", "")
        )
    except auth.AccountError as e:
        flash(str(e))
    return redirect(_back(club))


def _back(club: str) -> str:
    """Where a ledger form returns: the ledger it was sent from (never another site)."""
    target = request.form.get("next", "")
    return target if target.startswith("/clubs/") else url_for("ledger.ledger", club=club)


@bp.get("/clubs/<club>/ledger.csv")
def ledger_csv(club: str):
    """One row per player per hand of the ledger's sessions: date, table, session, hand, and
    the recorded and owed amounts (and their money, when the club set a point's value)."""
    v = ledger_view(current_user, club, request.args)
    m = v["money"]
    out = io.StringIO()
    writer = csv.writer(out)
    head = ["date", "table", "session", "hand", "player", "recorded", "owed"]
    writer.writerow(head + ([f"recorded {m['unit']}", f"owed {m['unit']}"] if m else []))
    for row in hand_rows(current_user, club, request.args):
        money = [money_amount(row[k], m) for k in ("recorded", "owed")] if m else []
        writer.writerow([csv_cell(row[k]) for k in head] + money)
    name = f"ledger-{v['date'] or 'all'}.csv"
    return Response(
        "\ufeff" + out.getvalue(),  # the BOM makes spreadsheet programs read the Chinese names
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
