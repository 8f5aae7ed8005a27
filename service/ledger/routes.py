"""The night's ledger of a club, as a page and as CSV."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, render_template, request
from flask_login import current_user

from service.accounts import auth
from service.ledger.views import ledger_view

bp = auth.pages(Blueprint("ledger", __name__, template_folder="templates"))


@bp.get("/clubs/<club>/ledger")
def ledger(club: str):
    return render_template("ledger/ledger.html", v=ledger_view(current_user, club, request.args))


@bp.get("/clubs/<club>/ledger.csv")
def ledger_csv(club: str):
    v = ledger_view(current_user, club, request.args)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["section", "table", "player", "amount", "to"])
    for row in v["tables"]:
        for player, amount in row["net"].items():
            writer.writerow(["net", row["table"], player, amount, ""])
    for player, amount in v["totals"].items():
        writer.writerow(["total", "", player, amount, ""])
    for t in v["transfers"]:
        writer.writerow(["transfer", "", t["from"], t["amount"], t["to"]])
    name = f"ledger-{v['date'] or 'all'}.csv"
    return Response(
        "\ufeff" + out.getvalue(),  # the BOM makes spreadsheet programs read the Chinese names
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
