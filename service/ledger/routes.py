"""The night's ledger of a club: the page, marking a transfer paid, the club's money value of a
point, and the CSV (cells a spreadsheet would run as a formula escaped: ``security.csv_cell``)."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user
from werkzeug.exceptions import Conflict

from service.accounts import auth
from service.db import MAX_INT
from service.ledger import paid
from service.ledger.money import last_change, money_amount, money_setting, set_money, unit_text
from service.ledger.views import hand_rows, ledger_view
from service.security import csv_cell

bp = auth.pages(Blueprint("ledger", __name__, template_folder="templates"))


@bp.get("/clubs/<club>/ledger")
def ledger(club: str):
    v = ledger_view(current_user, club, request.args)
    change = last_change(club) if v["is_admin"] else None
    return render_template("ledger/ledger.html", v=v, money_change=change)


@bp.post("/clubs/<club>/ledger/paid")
def mark_paid(club: str):
    """Marking cash handed over takes two steps: the ledger's button shows what will be
    recorded (``confirm.html``), and only its confirm button appends the mark."""
    if request.form.get("confirmed") != "1":
        auth.require_club(current_user, club, roles=("auditor", "admin"))
        return render_template("ledger/confirm.html", club=club, f=request.form,
                               setting=money_setting(club))  # fmt: skip
    try:
        mark = paid.mark_paid(current_user, club, request.form, _key()).mark
    except Conflict as e:
        flash(str(e.description))
        return redirect(_back(club))
    flash(_("Recorded: %(payer)s handed %(amount)s to %(payee)s. Wrong? Undo it under “Cash "
            "handed over” below.", payer=mark["from"], payee=mark["to"], amount=mark["amount"]))  # fmt: skip
    return redirect(_back(club))


@bp.post(f"/clubs/<club>/ledger/paid/<int(max={MAX_INT}):mark_id>/undo")
def undo_paid(club: str, mark_id: int):
    try:
        mark = paid.reverse(current_user, club, mark_id, _key()).mark
    except Conflict as e:
        flash(str(e.description))
        return redirect(_back(club))
    flash(_("Undone: %(payer)s handing %(amount)s to %(payee)s is no longer counted (a "
            "reversal was added; nothing was deleted). Undone by mistake? Record the cash again "
            "on its transfer.", payer=mark["from"], payee=mark["to"], amount=-mark["amount"]))  # fmt: skip
    return redirect(_back(club))


@bp.post("/clubs/<club>/ledger/money")
def money(club: str):
    auth.require_club(current_user, club, roles=("admin",))
    try:
        set_money(club, request.form.get("point_value", ""), request.form.get("money_unit", ""),
                  by=current_user.username)  # fmt: skip
    except auth.AccountError as e:
        flash(str(e))
    else:
        flash(_("Saved. Wrong? Put the previous value back under “Money” below."))
    return redirect(_back(club))


def _key() -> str | None:
    """The form's key (drawn with the page): sent twice, recorded once."""
    return auth.idempotency_key(request.form.get("idempotency_key"))


def _back(club: str) -> str:
    """Where a ledger form returns: the ledger it was sent from (never another site)."""
    target = request.form.get("next", "")
    return target if target.startswith("/clubs/") else url_for("ledger.ledger", club=club)


@bp.get("/clubs/<club>/ledger.csv")
def ledger_csv(club: str):
    """One row per player per hand of the ledger's sessions: date, table, session (its start
    and table), hand, the recorded and owed amounts (and their money, when the club set a
    point's value), and the hand's dispute and its resolution; headers in the page's language."""
    v = ledger_view(current_user, club, request.args)
    m = v["money"]
    out = io.StringIO()
    writer = csv.writer(out)
    head = {"date": _("date"), "table": _("table"), "session": _("session"), "hand": _("hand no."),
            "player": _("player"), "recorded": _("recorded at the table"), "owed": _("owed"),
            "dispute": _("dispute"), "resolution": _("resolution")}  # fmt: skip
    unit = unit_text(m["unit"]) if m else ""
    money_head = [_("%(what)s in %(unit)s", what=head[k], unit=unit) for k in ("recorded", "owed")]
    writer.writerow(list(head.values()) + (money_head if m else []))
    for row in hand_rows(current_user, club, request.args):
        money = [money_amount(row[k], m) for k in ("recorded", "owed")] if m else []
        writer.writerow([csv_cell(row[k]) for k in head] + money)
    name = f"ledger-{v['date'] or 'all'}.csv"
    return Response(
        "\ufeff" + out.getvalue(),  # the BOM makes spreadsheet programs read the Chinese names
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )
