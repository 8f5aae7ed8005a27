"""The ledger's JSON endpoints (docs/api.md): a night's ledger, transfers marked paid and
undone, what a point is worth."""

from __future__ import annotations

from flask import abort, g, jsonify, request

from service.accounts import auth
from service.db import MAX_INT
from service.ledger import paid, views
from service.ledger.money import set_money

routes = auth.ApiRoutes()


@routes.get("/clubs/<club>/ledger")
def ledger(club: str):
    return jsonify(views.ledger_view(g.user, club, request.args))


@routes.post("/clubs/<club>/ledger/paid")
def ledger_paid(club: str):
    """An auditor or admin marks a transfer paid: a row appended, never an update."""
    return _answer(paid.mark_paid(g.user, club, auth.json_body(), _key()))


@routes.post(f"/clubs/<club>/ledger/paid/<int(max={MAX_INT}):mark_id>/reversal")
def ledger_reversal(club: str, mark_id: int):
    """An auditor or admin undoes a mark: its reversal appended (the opposite amount)."""
    return _answer(paid.reverse(g.user, club, mark_id, _key()))


def _key() -> str | None:
    return auth.idempotency_key(request.headers.get("Idempotency-Key"))


def _answer(appended: paid.Appended):
    """201 with the row, the same for a repeated key (which says so in a header)."""
    headers = {"Idempotent-Replayed": "true"} if appended.replayed else {}
    return jsonify(appended.mark), 201, headers


@routes.post("/clubs/<club>/ledger/money")
def ledger_money(club: str):
    """A club admin sets (or clears, with an empty ``point_value``) what one point is worth."""
    auth.require_club(g.user, club, roles=("admin",))
    body = auth.json_body()
    try:
        money = set_money(club, str(body.get("point_value", "")), str(body.get("money_unit", "")),
                          by=g.user.username)  # fmt: skip
    except auth.AccountError as e:
        abort(400, str(e))
    return jsonify(club=club, money=money)
