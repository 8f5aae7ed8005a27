"""What both ways of entering a hand share (the summary entry of ``service.recorder.recorder``
and the taps of ``service.recorder.play``): the refusal and the checks of tiles and seats."""

from __future__ import annotations

from flask_babel import gettext as _

from engine.model import SEATS
from engine.tiles import TileError, parse_tile


class EntryError(ValueError):
    """An entry the recorder refuses; ``field`` names the part of the entry (for the page)."""

    def __init__(self, message: str, field: str | None = None, status: int = 422):
        super().__init__(message)
        self.field, self.status = field, status


def has_indicator(rs, opts) -> bool:
    """A ruleset turns up a 得 indicator when some tile would make 得."""
    return bool(rs.wildcards("1m", opts) or rs.wildcards("5z", opts))


def _seated(hand: dict, entry: object) -> dict:
    """The next hand, or, when the entry says the players changed seats (换位, ``seat_change``),
    with the entry's ``seats``: the dealer rotation does not apply to that hand."""
    if not isinstance(entry, dict) or not entry.get("seat_change"):
        return hand
    seats = entry.get("seats")
    if not isinstance(seats, dict) or set(seats) != set(SEATS):
        raise EntryError(_("seats: E, S, W and N, each a player"), "seats")
    if sorted(map(str, seats.values())) != sorted(hand["seats"].values()):
        raise EntryError(_("seats must seat the session's four players, each once"), "seats")
    return {"no": hand["no"], "seats": {s: str(seats[s]) for s in SEATS}, "seat_change": True}


def _tile(value: object, field: str) -> str:
    try:
        return parse_tile(value)
    except (TileError, TypeError, ValueError):
        raise EntryError(_("%(value)s is not a tile", value=repr(value)), field) from None


def _tiles(value: object, field: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise EntryError(_("tiles must be a list"), field)
    return [_tile(t, field) for t in value]
