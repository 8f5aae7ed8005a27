"""A club's money: what one point is worth there (its admin sets it on the ledger page), and
amounts in it. Without a setting, amounts are shown in points. Each change is appended to the
club's history (``money_set``, before and after), so a slip on the form can be put back."""

from __future__ import annotations

import json
import re
from decimal import Decimal

from flask_babel import gettext as _
from sqlmodel import select

from service.accounts import auth
from service.db import db
from service.models import Club, ClubHistory

DEFAULT_UNIT = "元"  # what a club's money is in unless its admin says otherwise
# A point's value as the pages print it: ASCII digits, at most 9 before the point and 6 after
# ("9E+999999" overflowed every amount of the ledger, "1E-999999" printed a megabyte of zeros).
PLAIN_VALUE = re.compile(r"[0-9]{1,9}(\.[0-9]{1,6})?")


def unit_text(unit: str) -> str:
    """A money unit as the page's reader reads it: the default (元) in the page's language, a
    unit the admin typed as typed (the filter ``money_unit`` of every template)."""
    return _("yuan") if unit == DEFAULT_UNIT else unit


def money_setting(club: str) -> dict | None:
    """``{"value": "0.5", "unit": "元"}``: what one point is worth at ``club``; None when the
    club has not said (amounts are shown in points)."""
    with db() as session:
        row = session.exec(select(Club).where(Club.name == club)).first()
    if row is None or not plain_value(row.point_value):
        return None  # none set, or one stored before values were checked that no page can print
    return {"value": row.point_value, "unit": row.money_unit}


def set_money(club: str, value: str, unit: str, by: str = "") -> dict | None:
    """Set (or, with an empty ``value``, clear) the money value of one point, a change kept in
    the club's history with who made it (``by``); a value that is not a positive decimal, or a
    unit longer than 10 characters, is an AccountError."""
    value, unit = value.strip(), unit.strip() or DEFAULT_UNIT
    if value and not plain_value(value):
        raise auth.AccountError(
            _(
                "point_value must be a positive decimal number like 0.5 (at most 9 digits before "
                "the point and 6 after), not %(value)s",
                value=repr(value),
            )  # fmt: skip
        )
    if len(unit) > 10:
        raise auth.AccountError(_("money_unit must be at most 10 characters"))
    before = money_setting(club)
    with db() as session:
        row = session.exec(select(Club).where(Club.name == club)).first() or Club(name=club)
        row.point_value, row.money_unit = value or None, unit
        session.add(row)
        after = {"value": value, "unit": unit} if value else None
        if after != before:
            detail = json.dumps({"before": before, "after": after}, ensure_ascii=False)
            session.add(ClubHistory(club=club, kind="money_set", by=by, detail=detail))
        session.commit()
    return money_setting(club)


def last_change(club: str) -> dict | None:
    """The newest change of the club's point value: ``{by, at, before, after}`` (a setting or
    None each), or None if it never changed."""
    with db() as session:
        row = session.exec(select(ClubHistory).where(ClubHistory.club == club,
                                                     ClubHistory.kind == "money_set")
                           .order_by(ClubHistory.id.desc())).first()  # fmt: skip
    return (
        None if row is None else {"by": row.by, "at": row.at.isoformat(), **json.loads(row.detail)}
    )


def plain_value(value: str | None) -> bool:
    """A point's value the pages can print: :data:`PLAIN_VALUE`, above 0."""
    return bool(value and PLAIN_VALUE.fullmatch(value) and Decimal(value) > 0)


def money_amount(points: int | None, setting: dict | None) -> str:
    """``points`` in the club's money as a plain decimal (``2.5``); "" without a setting."""
    if points is None or not setting:
        return ""
    return f"{(Decimal(setting['value']) * points).normalize():f}"


def in_money(points: int | None, setting: dict | None) -> str:
    """``points`` in the club's money with its unit (``2.5 元``), or "" without a setting (the
    filter ``money_text`` of every template)."""
    amount = money_amount(points, setting)
    return f"{amount} {unit_text(setting['unit'])}" if amount else ""
