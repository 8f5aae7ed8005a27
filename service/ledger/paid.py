"""Transfers marked paid. Each mark is a row appended to ``web_ledger_payment`` — who marked
it, when, how much, from whom to whom, which night and on which basis — and is never updated
or deleted: the ledger's paid and outstanding amounts are sums over these rows, so the record
of who said what was paid stays whole. A mistaken mark is undone by a reversal: a new row of the
opposite amount naming the mark it takes back (``reverses``), once.

Phones retry and treasurers tap at once (docs/api.md, "Retries and two treasurers"): a request
may carry a key (``Idempotency-Key``) and a repeat of it returns the row it wrote; a mark may
say what it saw marked paid (``paid_before``) and is refused when that changed. The rows of one
transfer are numbered (``pair_seq``, unique), so of two racing appends one fails at the
database and is checked again against what the other wrote."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from flask import abort
from flask_babel import gettext as _
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from service.accounts import auth
from service.db import MAX_INT, db, whole_number
from service.models import LedgerPayment, User

BASES = ("recorded", "owed")
NAME_CHARS = 200  # a player's name, as the log format and the table's columns allow
ATTEMPTS = 5  # racing appends to one transfer retried before giving up with a 409
SAME_REQUEST = ("club", "night", "payer", "payee", "amount", "basis", "reverses")


@dataclass(frozen=True)
class Appended:
    """The row a request appended, or (``replayed``) the one its key appended before."""

    mark: dict
    replayed: bool


def mark_paid(user: User, club: str, form, key: str | None = None) -> Appended:
    """Append one mark from a form or JSON body (``night``, ``from``, ``to``, ``amount``,
    ``basis``, optional ``paid_before``) by an auditor or admin of ``club``; a bad field is a
    400 naming it, a transfer whose paid amount is no longer ``paid_before`` a 409."""
    auth.require_club(user, club, roles=("auditor", "admin"))
    night = str(form.get("night", ""))
    try:
        night = date.fromisoformat(night).isoformat()  # "20261128" is the night 2026-11-28
    except ValueError:
        abort(400, _("night must be YYYY-MM-DD, not %(night)r", night=night))
    payer, payee = str(form.get("from", "")).strip(), str(form.get("to", "")).strip()
    if not payer or not payee or payer == payee:
        abort(400, _("from and to must name two different players"))
    if max(len(payer), len(payee)) > NAME_CHARS:
        abort(400, _("from and to must be names of at most %(most)s characters", most=NAME_CHARS))
    amount = whole_number(str(form.get("amount", "")), -MAX_INT, MAX_INT)
    if not amount:
        abort(400, _("amount must be a whole number of points other than 0, at most %(most)s "
                     "either way, not %(amount)r", most=MAX_INT, amount=str(form.get("amount", ""))))  # fmt: skip
    basis = str(form.get("basis", "recorded"))
    if basis not in BASES:
        abort(400, _("basis must be one of %(bases)s", bases=", ".join(BASES)))
    seen = _paid_before(form)
    want = LedgerPayment(club=club, night=night, payer=payer, payee=payee, amount=amount,
                         basis=basis, by=user.username, idempotency_key=key)  # fmt: skip

    def unchanged(_session: Session, rows: list[LedgerPayment]) -> None:
        paid = sum(r.amount for r in rows)
        if seen is not None and paid != seen:
            last = rows[-1] if rows else None
            abort(409, _("Not recorded: this transfer changed meanwhile (mark %(id)s, by "
                         "%(by)s): %(paid)s is marked paid now, not %(seen)s. Reload the "
                         "ledger and check it before recording again.",
                         id=last.id if last else "-", by=last.by if last else "-",
                         paid=paid, seen=seen))  # fmt: skip

    return _append(want, unchanged)


def _paid_before(form) -> int | None:
    value = form.get("paid_before")
    if value is None or value == "":
        return None
    text = str(value)
    seen = whole_number(text, -MAX_INT, MAX_INT)
    if seen is None:
        abort(400, _("paid_before must be a whole number of points, not %(text)r", text=text))
    return seen


def reverse(user: User, club: str, mark_id: int, key: str | None = None) -> Appended:
    """Undo mark ``mark_id`` of ``club`` by appending its reversal (auditor or admin); a mark
    already reversed, or itself a reversal, is a 409."""
    auth.require_club(user, club, roles=("auditor", "admin"))
    with db() as session:
        mark = session.get(LedgerPayment, mark_id)
    if mark is None or mark.club != club:
        abort(404, _("no such mark"))
    if mark.reverses is not None:
        abort(409, _("a reversal cannot be undone; mark the transfer paid again"))
    want = LedgerPayment(club=club, night=mark.night, payer=mark.payer, payee=mark.payee,
                         amount=-mark.amount, basis=mark.basis, by=user.username,
                         reverses=mark_id, idempotency_key=key)  # fmt: skip

    def not_undone(session: Session, _rows: list[LedgerPayment]) -> None:
        if session.exec(select(LedgerPayment).where(LedgerPayment.reverses == mark_id)).first():
            abort(409, _("this mark was already undone"))

    return _append(want, not_undone)


def _append(want: LedgerPayment, check: Callable[[Session, list[LedgerPayment]], None]) -> Appended:
    """Append ``want`` as the next row of its transfer once ``check`` passes against the
    transfer's rows; a request whose key wrote a row already gets that row back. A unique index
    refusing the row means another request wrote meanwhile: look again."""
    for _attempt in range(ATTEMPTS):
        with db() as session:
            if want.idempotency_key is not None:
                first = session.exec(select(LedgerPayment).where(
                    LedgerPayment.by == want.by,
                    LedgerPayment.idempotency_key == want.idempotency_key)).first()  # fmt: skip
                if first is not None:
                    return _replay(first, want)
            rows = list(session.exec(select(LedgerPayment).where(
                LedgerPayment.club == want.club, LedgerPayment.night == want.night,
                LedgerPayment.payer == want.payer, LedgerPayment.payee == want.payee,
                LedgerPayment.basis == want.basis).order_by(LedgerPayment.id)).all())  # fmt: skip
            check(session, rows)
            row = LedgerPayment(**want.model_dump(exclude={"id", "at"}))
            row.pair_seq = len(rows)
            session.add(row)
            try:
                session.commit()
            except IntegrityError:
                continue
            session.refresh(row)
            return Appended(as_dict(row), replayed=False)
    abort(409, _("the ledger kept changing while this was recorded; reload it and try again"))


def _replay(first: LedgerPayment, want: LedgerPayment) -> Appended:
    """The row a key wrote, as its request's answer; the same key on another request is a 422."""
    if any(getattr(first, f) != getattr(want, f) for f in SAME_REQUEST):
        abort(422, _("this Idempotency-Key was already used for another request (mark %(id)s)",
                     id=first.id))  # fmt: skip
    return Appended(as_dict(first), replayed=True)


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
