"""The night's ledger of a club, as a page and as CSV (cells a spreadsheet would run as a
formula escaped: ``security.csv_cell``)."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, render_template, request
from flask_login import current_user

from service.accounts import auth
from service.ledger.views import ledger_view
from service.security import csv_cell

bp = auth.pages(Blueprint("ledger", __name__, template_folder="templates"))


@bp.get("/clubs/<club>/ledger")
def ledger(club: str):
    return render_template("ledger/ledger.html", v=ledger_view(current_user, club, request.args))


@bp.get("/clubs/<club>/ledger.csv")
def ledger_csv(club: str):
    v = ledger_view(current_user, club, request.args)
    rows = [["section", "table", "player", "amount", "to"]]
    for row in v["tables"]:
        rows += [["net", row["table"], player, amount, ""] for player, amount in row["net"].items()]
    rows += [["total", "", player, amount, ""] for player, amount in v["totals"].items()]
    rows += [["transfer", "", t["from"], t["amount"], t["to"]] for t in v["transfers"]]
    out = io.StringIO()
    csv.writer(out).writerows([csv_cell(cell) for cell in row] for row in rows)
    name = f"ledger-{v['date'] or 'all'}.csv"
    return Response(
        "\ufeff" + out.getvalue(),  # the BOM makes spreadsheet programs read the Chinese names
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
