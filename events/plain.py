"""The plain forms of the records every hand has a few of that never repeat (its hand line, four
deals, its settlement), made into canonical records without the model.

Known lines (``events.codec``) cover the records that repeat; these do not, and the model
(pydantic, then the canonical dump) was most of their cost: 10-45 µs a line against 1-4 here.
Each function takes one decoded JSON object of its type and returns the record the model would
make with its canonical text, or None for any other form (aliases, an mpsz string, a time, a
note, an unknown or bad field), which then takes the model's way: the refusals, and their
wording, stay the model's. The properties are tested against the model alone
(tests/events/test_codec_properties.py).
"""

from __future__ import annotations

from json.encoder import encode_basestring
from typing import Annotated, Any, Literal

import msgspec

from engine.model import SEATS
from engine.tiles import INDEX
from events.records import MAX_AMOUNT, MAX_NAME_CHARS, UNSAFE_CHAR

# A record and its canonical text, written here too: every value is a seat, a tile (both
# plain ASCII codes), a whole number or a name (JSON-escaped as the codec's encoder does).
Plain = tuple[dict[str, Any], str]

_SEATS = frozenset(SEATS)
_DEAL_KEYS = frozenset({"type", "seat", "tiles"})
_HAND_KEYS = frozenset({"type", "no", "seats", "round_wind", "seat_change"})
_SETTLEMENT_KEYS = frozenset({"type", "payments", "points"})
_PAYMENT_KEYS = frozenset({"from", "to", "amount"})
_by_index = INDEX.__getitem__


def deal(obj: dict[str, Any], tile_set: frozenset[str]) -> Plain | None:
    """A deal of exactly a seat and a list of canonical tiles of ``tile_set``."""
    seat, tiles = obj.get("seat"), obj.get("tiles")
    if obj.keys() != _DEAL_KEYS or type(seat) is not str or seat not in _SEATS:
        return None
    if type(tiles) is not list:
        return None
    try:  # a JSON value equal to a tile is that text: only an array or object can fail here
        if not tile_set.issuperset(tiles):
            return None
    except TypeError:  # unhashable
        return None
    tiles = sorted(tiles, key=_by_index)
    listed = '"' + '","'.join(tiles) + '"' if tiles else ""
    return {"type": "deal", "seat": seat, "tiles": tiles}, (
        f'{{"type":"deal","seat":"{seat}","tiles":[{listed}]}}'
    )


def hand(obj: dict[str, Any]) -> Plain | None:
    """A hand of a number, four seated names and, if given, a round wind and a seat change.
    Its context (the session's players, the hands' order) is the codec's to check."""
    no, seats = obj.get("no"), obj.get("seats")
    wind, change = obj.get("round_wind", "E"), obj.get("seat_change")
    if not _HAND_KEYS.issuperset(obj.keys()) or type(no) is not int or no < 1:
        return None
    if type(seats) is not dict or seats.keys() != _SEATS or not all(map(_name, seats.values())):
        return None
    if UNSAFE_CHAR.search("".join(seats.values())):
        return None
    if type(wind) is not str or wind not in _SEATS:
        return None
    record = {"type": "hand", "no": no, "seats": {seat: seats[seat] for seat in SEATS}}
    record["round_wind"] = wind
    names = ",".join(f'"{seat}":{encode_basestring(seats[seat])}' for seat in SEATS)
    text = f'{{"type":"hand","no":{no},"seats":{{{names}}},"round_wind":"{wind}"'
    if "seat_change" in obj:
        if type(change) is not bool:
            return None
        record["seat_change"] = change
        text += ',"seat_change":true' if change else ',"seat_change":false'
    return record, text + "}"


def _name(value: object) -> bool:
    return type(value) is str and 0 < len(value) <= MAX_NAME_CHARS


def settlement(obj: dict[str, Any]) -> Plain | None:
    """A settlement of payments between two different seats of a whole amount from 0 to
    ``MAX_AMOUNT`` and, if given, each seat's points as whole numbers within it either way."""
    payments, points = obj.get("payments"), obj.get("points")
    if not _SETTLEMENT_KEYS.issuperset(obj.keys()) or type(payments) is not list:
        return None
    plain = []
    for payment in payments:
        if type(payment) is not dict or payment.keys() != _PAYMENT_KEYS:
            return None
        payer, payee, amount = payment["from"], payment["to"], payment["amount"]
        if (
            type(payer) is not str
            or type(payee) is not str
            or payer not in _SEATS
            or payee not in _SEATS
            or payer == payee
            or type(amount) is not int
            or not 0 <= amount <= MAX_AMOUNT
        ):
            return None
        plain.append({"from": payer, "to": payee, "amount": amount})
    record: dict[str, Any] = {"type": "settlement", "payments": plain}
    paid = ",".join(
        f'{{"from":"{p["from"]}","to":"{p["to"]}","amount":{p["amount"]}}}' for p in plain
    )
    text = f'{{"type":"settlement","payments":[{paid}]'
    if "points" in obj:
        if type(points) is not dict or not _SEATS.issuperset(points.keys()):
            return None
        if not all(type(n) is int and -MAX_AMOUNT <= n <= MAX_AMOUNT for n in points.values()):
            return None
        record["points"] = {seat: points[seat] for seat in SEATS if seat in points}
        text += ',"points":{' + ",".join(f'"{s}":{n}' for s, n in record["points"].items()) + "}"
    return record, text + "}"


# The plain forms as msgspec types, for lines written exactly in their canonical text
# (``canonical``): the shapes and ranges are checked in C while decoding.
_Seat = Literal["E", "S", "W", "N"]
_Name = Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_NAME_CHARS)]
_Amount = Annotated[int, msgspec.Meta(ge=0, le=MAX_AMOUNT)]
_Points = Annotated[int, msgspec.Meta(ge=-MAX_AMOUNT, le=MAX_AMOUNT)]


class _Deal(msgspec.Struct, tag_field="type", tag="deal", forbid_unknown_fields=True):
    seat: _Seat
    tiles: list[str]


class _Seats(msgspec.Struct, forbid_unknown_fields=True):
    E: _Name
    S: _Name
    W: _Name
    N: _Name


class _Hand(
    msgspec.Struct, tag_field="type", tag="hand", forbid_unknown_fields=True, omit_defaults=True
):
    no: Annotated[int, msgspec.Meta(ge=1)]
    seats: _Seats
    round_wind: _Seat  # given: the canonical text writes the default
    seat_change: bool | None = None


class _Payment(msgspec.Struct, forbid_unknown_fields=True):
    from_: _Seat = msgspec.field(name="from")
    to: _Seat
    amount: _Amount


class _SeatPoints(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Points by seat, written in seat order (a dict would keep the line's order)."""

    E: _Points | None = None
    S: _Points | None = None
    W: _Points | None = None
    N: _Points | None = None


class _Settlement(
    msgspec.Struct,
    tag_field="type",
    tag="settlement",
    forbid_unknown_fields=True,
    omit_defaults=True,
):
    payments: list[_Payment]
    points: _SeatPoints | None = None


_CANONICAL = msgspec.json.Decoder(_Deal | _Hand | _Settlement)
_ENCODER = msgspec.json.Encoder()  # writes text as the codec's json encoder does (tested)


def canonical(raw: bytes, tile_set: frozenset[str]) -> dict[str, Any] | None:
    """The record of a hand, deal or settlement line (its UTF-8) that is exactly its
    canonical text, else None (the line then takes the long way). msgspec keeps the last of
    two equal keys and reads any spelling of a value; the line is taken only if its value
    written back is the line itself, which has neither. A \\u escape (NUL could be one)
    takes the long way."""
    try:
        made = _CANONICAL.decode(raw)
    except msgspec.DecodeError:  # invalid UTF-8 too
        return None
    if _ENCODER.encode(made) != raw or b"\\u" in raw:
        return None
    if type(made) is _Deal:
        tiles = made.tiles
        if not tile_set.issuperset(tiles) or sorted(tiles, key=_by_index) != tiles:
            return None
    elif type(made) is _Settlement:
        if any(payment.from_ == payment.to for payment in made.payments):
            return None
    record: dict[str, Any] = msgspec.to_builtins(made)
    return record
