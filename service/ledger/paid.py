"""Transfers marked paid. Each mark is a row appended to ``web_ledger_payment`` — who marked
it, when, how much, from whom to whom, which night and on which basis — and is never updated
or deleted: the ledger's paid and outstanding amounts are sums over these rows, so the record
of who said what was paid stays whole. A mistaken mark is undone by a reversal: a new row of the
opposite amount naming the mark it takes back (``reverses``), once."""

from __future__ import annotations

from collections import defaultdict
from datetime import date

from flask import abort
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError
from sqlmodel import select

from service.accounts import auth
from service.db import MAX_INT, db, whole_number
from service.models import LedgerPayment, User

BASES = ("recorded", "owed")
NAME_CHARS = 200  # a player's name, as the log format and the table's columns allow


def mark_paid(user: User, club: str, form) -> dict:
    """Append one mark from a form or JSON body (``night``, ``from``, ``to``, ``amount``,
    ``basis``) by an auditor or admin of ``club``; a bad field is a 400 naming it."""
    auth.require_club(user, club, roles=("auditor", "admin"))
    night = str(form.get("night", ""))
    try:
        night = date.fromisoformat(night).isoformat()  # "20261128" is the night 2026-11-28
    except ValueError:
        abort(400, f"night must be YYYY-MM-DD, not {night!r}")
    payer, payee = str(form.get("from", "")).strip(), str(form.get("to", "")).strip()
    if not payer or not payee or payer == payee:
        abort(400, "from and to must name two different players")
    if max(len(payer), len(payee)) > NAME_CHARS:
        abort(400, f"from and to must be names of at most {NAME_CHARS} characters")
    amount = whole_number(str(form.get("amount", "")), -MAX_INT, MAX_INT)
    if not amount:
        abort(400, f"amount must be a whole number of points other than 0, at most {MAX_INT} "
                   f"either way, not {str(form.get('amount', ''))!r}")  # fmt: skip
    basis = str(form.get("basis", "recorded"))
    if basis not in BASES:
        abort(400, f"basis must be one of {', '.join(BASES)}")
    return _append(LedgerPayment(club=club, night=night, payer=payer, payee=payee,
                                 amount=amount, basis=basis, by=user.username))  # fmt: skip


def reverse(user: User, club: str, mark_id: int) -> dict:
    """Undo mark ``mark_id`` of ``club`` by appending its reversal (auditor or admin); a mark
    already reversed, or itself a reversal, is a 409."""
    auth.require_club(user, club, roles=("auditor", "admin"))
    with db() as session:
        mark = session.get(LedgerPayment, mark_id)
        if mark is None or mark.club != club:
            abort(404, _("no such mark"))
        if mark.reverses is not None:
            abort(409, _("a reversal cannot be undone; mark the transfer paid again"))
        if session.exec(select(LedgerPayment).where(LedgerPayment.reverses == mark_id)).first():
            abort(409, _("this mark was already undone"))
    return _append(LedgerPayment(club=club, night=mark.night, payer=mark.payer, payee=mark.payee,
                                 amount=-mark.amount, basis=mark.basis, by=user.username,
                                 reverses=mark_id))  # fmt: skip


def _append(row: LedgerPayment) -> dict:
    with db() as session:
        session.add(row)
        try:
            session.commit()
        except IntegrityError:  # two undos of one mark at once: the unique index keeps one
            abort(409, _("this mark was already undone"))
        session.refresh(row)
        return as_dict(row)


def as_dict(m: LedgerPayment) -> dict:
    return {"id": m.id, "night": m.night, "from": m.payer, "to": m.payee, "amount": m.amount,
            "basis": m.basis, "by": m.by, "at": m.at.isoformat(), "reverses": m.reverses}  # fmt: skip


def undone(rows: list[LedgerPayment]) -> set[int]:
    """Ids of the marks a later row reverses."""
    return {r.reverses for r in rows if r.reverses is not None}


def marks(club: str, nights: list[str] | None = None) -> list[LedgerPayment]:
    """The club's marks (of ``nights``, or all), oldest first."""
    query = select(LedgerPayment).where(LedgerPayment.club == club)
    if nights is not None:
        query = query.where(LedgerPayment.night.in_(nights))
    with db() as session:
        return list(session.exec(query.order_by(LedgerPayment.id)).all())


def paid_by_pair(rows: list[LedgerPayment], basis: str) -> dict[tuple[str, str, str], int]:
    """(night, payer, payee) -> points marked paid on ``basis``."""
    out: dict[tuple[str, str, str], int] = defaultdict(int)
    for r in rows:
        if r.basis == basis:
            out[r.night, r.payer, r.payee] += r.amount
    return out
