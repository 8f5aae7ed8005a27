"""Pydantic models of the log-format v1 records (the upload contract, docs/log-format.md).

The models check shapes only: one model per record type, tiles accepted in every alias and kept
canonical, unknown fields kept. Cross-field consistency that needs no context is in each model's
``problems()``; checks that need the rest of the file (players, ruleset, order) are in the codec.
"""

from __future__ import annotations

import json
import re
from datetime import datetime
from functools import cache
from typing import Annotated, Any, ClassVar, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    StrictBool,
    StrictInt,
    TypeAdapter,
    WithJsonSchema,
    field_validator,
)
from pydantic_core import PydanticCustomError

from engine.model import SEATS
from engine.rulesets import SHIPPED, is_ruleset, ruleset_names
from engine.tiles import TileError, parse_tile, parse_tiles, sorted_tiles
from events.messages import MESSAGES

Problem = tuple[str, str, dict[str, Any]]  # (field path, code, params): events/messages.py
# Names (players, club, table) are stored in columns of this size (events/models.py); longer
# ones are refused here, with the line and field, rather than failing in the database.
MAX_NAME_CHARS = 200
# NUL cannot be stored in PostgreSQL text, a lone surrogate cannot be written as UTF-8: either
# would fail far from the upload (the database, a JSON report), so the codec refuses them.
UNSAFE_CHAR = re.compile("[\x00\ud800-\udfff]")
# A payment's amount and a seat's points, either way: more than any table pays, and small
# enough that a session's sums fit the store's 64-bit columns (a 20 MiB file holds under a
# million payments). A larger number was accepted, then could not be stored in the ledger.
MAX_AMOUNT = 10**9


def _problem(code: str, **params: object) -> PydanticCustomError:
    """A pydantic error whose type is a code of events/messages.py (the codec reads the code
    and the params; the message is its English text)."""
    template = MESSAGES[code].replace("{", "{{").replace("}", "}}")
    return PydanticCustomError(code, re.sub(r"%\((\w+)\)s", r"{\1}", template), params)


def _tile(value: object) -> str:
    if not isinstance(value, str):  # a list's repr quoted as a tile name was no clear message
        raise _problem("wrong_type", kind="a string", got=short_json(value))
    try:
        return parse_tile(value)
    except TileError as e:
        raise _problem("not_tile", token=str(e.token)) from None


def _tiles(value: object) -> list[str]:
    if not isinstance(value, str | list):
        raise _problem("tiles_shape")
    try:
        return sorted_tiles(parse_tiles(value))
    except TileError as e:
        raise _problem("not_tile", token=str(e.token)) from None


def _iso_time(value: str) -> str:
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise _problem("not_iso_time") from None
    return value


def _amount(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _problem("wrong_type", kind="a whole number", got=short_json(value))
    if value < 0:
        raise _problem("negative_amount")
    if value > MAX_AMOUNT:
        raise _problem("at_most", limit=MAX_AMOUNT, got=short_json(value))
    return value


def _table_name(value: object) -> object:
    if isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool)):
        if len(str(value)) > MAX_NAME_CHARS:
            raise _problem("too_many_chars", limit=MAX_NAME_CHARS, got=short_json(value))
        return value
    raise _problem("table_name", got=short_json(value))


def _sorted_keys(value: Any) -> Any:
    """JSON value with every object's keys sorted: the canonical form of free-form data."""
    if isinstance(value, dict):
        return {k: _sorted_keys(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted_keys(v) for v in value]
    return value


def short_json(value: object, limit: int = 40) -> str:
    """A short JSON rendering of a bad input for an error message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _ruleset(value: object) -> str:
    if not is_ruleset(value):
        choices = ", ".join(repr(name) for name in ruleset_names())
        raise _problem("one_of", choices=choices, got=short_json(value))
    return str(value)


Seat = Literal["E", "S", "W", "N"]
# Any registered ruleset (engine.rulesets.register); the published schema lists the shipped ones.
RulesetName = Annotated[
    str, PlainValidator(_ruleset), WithJsonSchema({"enum": list(SHIPPED), "type": "string"})
]
Tile = Annotated[
    str,
    BeforeValidator(_tile),
    WithJsonSchema(
        {"type": "string", "description": "a tile: 1m-9m 1p-9p 1s-9s 1z-7z 1f-8f or a Chinese name"}
    ),
]
_TILE_STRING = {"type": "string", "description": 'mpsz string, e.g. "123m77z", or Chinese names'}
_TILE_PAIR = {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2}
Tiles = Annotated[
    list[str],
    BeforeValidator(_tiles),
    WithJsonSchema({"anyOf": [_TILE_STRING, {"type": "array", "items": {"type": "string"}}]}),
]
Amount = Annotated[
    int,
    BeforeValidator(_amount),
    WithJsonSchema({"type": "integer", "minimum": 0, "maximum": MAX_AMOUNT}),
]
Points = Annotated[StrictInt, Field(ge=-MAX_AMOUNT, le=MAX_AMOUNT)]
IsoTime = Annotated[
    str,
    AfterValidator(_iso_time),
    WithJsonSchema({"type": "string", "description": "ISO-8601 date and time"}),
]
TableName = Annotated[
    str | int,
    BeforeValidator(_table_name),
    WithJsonSchema(
        {
            "type": ["string", "integer"],
            "maxLength": MAX_NAME_CHARS,
            "description": "the table's name or number",
        }
    ),
]
Die = Annotated[StrictInt, Field(ge=1, le=6)]
Flag = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$")]
Name = Annotated[str, Field(min_length=1, max_length=MAX_NAME_CHARS)]


class _Part(BaseModel):
    """A nested object of a record; unknown keys are kept like a record's."""

    model_config = ConfigDict(extra="allow", frozen=True)


class Record(_Part):
    """Fields every record may carry. ``tile_fields`` name the fields that hold tiles."""

    tile_fields: ClassVar[tuple[str, ...]] = ()
    type: str
    t: IsoTime | None = None
    note: str | None = None

    def problems(self) -> list[Problem]:
        """Cross-field inconsistencies as (field, message); empty when the record is coherent."""
        return []

    def tiles_in(self) -> list[tuple[str, str]]:
        """Every tile the record names, as (field, tile)."""
        out = []
        for name in self.tile_fields:
            value = getattr(self, name)
            if isinstance(value, str):
                out.append((name, value))
            elif value is not None:
                out += [(name, t) for t in value]
        return out


class Session(Record):
    type: Literal["session"]
    ruleset: RulesetName
    options: dict[str, Any] = Field(default_factory=dict)
    club: Annotated[str, Field(max_length=MAX_NAME_CHARS)] | None = None
    table: TableName | None = None
    players: Annotated[
        list[Name], Field(json_schema_extra={"minItems": 4, "maxItems": 4, "uniqueItems": True})
    ]
    started_at: IsoTime | None = None

    @field_validator("options")
    @classmethod
    def _options_sorted(cls, value: dict[str, Any]) -> dict[str, Any]:
        options: dict[str, Any] = _sorted_keys(value)
        return options

    @field_validator("players")
    @classmethod
    def _four_players(cls, value: list[str]) -> list[str]:
        if len(value) != 4 or len(set(value)) != 4:
            raise _problem("four_players", got=short_json(value))
        return value


class Seats(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    E: Name
    S: Name
    W: Name
    N: Name


class Hand(Record):
    type: Literal["hand"]
    no: Annotated[StrictInt, Field(ge=1)]
    seats: Seats
    round_wind: Seat = "E"
    seat_change: StrictBool | None = None


class Dice(Record):
    type: Literal["dice"]
    seat: Seat
    dice: Annotated[list[Die], Field(min_length=2, max_length=2)]


class Deal(Record):
    tile_fields = ("tiles",)
    type: Literal["deal"]
    seat: Seat
    tiles: Tiles


class Wildcard(Record):
    tile_fields = ("indicator",)
    type: Literal["wildcard"]
    indicator: Tile


class _SeatTile(Record):
    """A seat's step with one tile (reveal, draw, discard): same fields, same order."""

    tile_fields = ("tile",)
    seat: Seat
    tile: Tile


class Reveal(_SeatTile):
    type: Literal["reveal"]


class Draw(_SeatTile):
    type: Literal["draw"]
    from_: Literal["wall", "back"] = Field("wall", alias="from")


class Discard(_SeatTile):
    type: Literal["discard"]


class Chi(Record):
    tile_fields = ("tiles",)
    type: Literal["chi"]
    seat: Seat
    tiles: Annotated[
        Tiles,
        Field(min_length=2, max_length=2),
        WithJsonSchema({"anyOf": [_TILE_STRING, _TILE_PAIR]}),
    ]


class Peng(Record):
    type: Literal["peng"]
    seat: Seat


class Gang(Record):
    tile_fields = ("tile",)
    type: Literal["gang"]
    seat: Seat
    kind: Literal["exposed", "concealed", "added"]
    tile: Tile


class Win(Record):
    tile_fields = ("tile",)
    type: Literal["win"]
    seat: Seat
    how: Literal["self_draw", "discard", "robbed_kong", "instant"]
    tile: Tile | None = None
    from_: Seat | None = Field(None, alias="from")
    flags: list[Flag] | None = None

    @field_validator("flags")
    @classmethod
    def _flags_set(cls, value: list[str] | None) -> list[str] | None:
        return None if value is None else sorted(set(value))

    def problems(self) -> list[Problem]:
        out = []
        how = {"how": self.how}
        if self.how == "instant" and self.tile is not None:
            out.append(("tile", "absent_when", how))
        if self.how != "instant" and self.tile is None:
            out.append(("tile", "required_when", how))
        if self.how in ("discard", "robbed_kong") and self.from_ is None:
            out.append(("from", "required_when", how))
        if self.how in ("self_draw", "instant") and self.from_ is not None:
            out.append(("from", "absent_when", how))
        if self.from_ == self.seat:
            out.append(("from", "win_from_self", {}))
        return out


class Exhausted(Record):
    type: Literal["exhausted"]


MELD_SIZES = {"chi": 3, "peng": 3, "gang_exposed": 4, "gang_concealed": 4, "gang_added": 4}


class Meld(_Part):
    kind: Literal["chi", "peng", "gang_exposed", "gang_concealed", "gang_added"]
    tiles: Tiles
    from_: Seat | None = Field(None, alias="from")
    on_replacement: Literal[True] | None = Field(
        None,
        description="杠上杠: this gang_concealed/gang_added was made at once on the replacement "
        "of the gang listed right before it (docs/log-format.md)",
    )


# A 杠 made on a 杠's replacement: the seat's own fourth tile (暗杠) or the fourth of its 碰 (加杠);
# a 明杠 takes a discard, which no replacement is.
ON_REPLACEMENT_KINDS = ("gang_concealed", "gang_added")


class Showdown(Record):
    tile_fields = ("concealed", "revealed")
    type: Literal["showdown"]
    seat: Seat
    concealed: Tiles
    melds: list[Meld] | None = None
    revealed: Tiles | None = None

    def tiles_in(self) -> list[tuple[str, str]]:
        melds = [(f"melds.{i}.tiles", t) for i, m in enumerate(self.melds or ()) for t in m.tiles]
        return super().tiles_in() + melds

    def problems(self) -> list[Problem]:
        melds = self.melds or []
        out: list[Problem] = [
            (
                f"melds.{i}.tiles",
                "meld_size",
                {"meld": m.kind, "size": MELD_SIZES[m.kind], "count": len(m.tiles)},
            )
            for i, m in enumerate(melds)
            if len(m.tiles) != MELD_SIZES[m.kind]
        ]
        out += [
            (f"melds.{i}.on_replacement", "on_replacement_kong", {"meld": m.kind})
            for i, m in enumerate(melds)
            if m.on_replacement
            and (
                m.kind not in ON_REPLACEMENT_KINDS
                or i == 0
                or not melds[i - 1].kind.startswith("gang")
            )
        ]
        return out


class Payment(_Part):
    from_: Seat = Field(alias="from")
    to: Seat
    amount: Amount


class Settlement(Record):
    type: Literal["settlement"]
    payments: list[Payment]
    points: dict[Seat, Points] | None = None

    @field_validator("points")
    @classmethod
    def _points_in_seat_order(cls, value: dict[str, int] | None) -> dict[str, int] | None:
        return None if value is None else {s: value[s] for s in SEATS if s in value}

    def problems(self) -> list[Problem]:
        return [
            (f"payments.{i}", "pays_itself", {"seat": p.to})
            for i, p in enumerate(self.payments)
            if p.from_ == p.to
        ]


PlayRecord = (
    Hand | Dice | Deal | Wildcard | Reveal | Draw | Discard | Chi | Peng | Gang | Win | Exhausted
    | Showdown | Settlement
)  # fmt: skip
# What a correction may put in place of a record: anything but a session or another correction.
Replacement = Annotated[PlayRecord, Field(discriminator="type")]


class Correction(Record):
    type: Literal["correction"]
    target: Annotated[StrictInt, Field(ge=0)]
    replacement: Replacement | None = None
    # Records that follow the replacement: a hand that changes shape (drawn -> win) gains lines.
    inserted: list[Replacement] | None = None
    void: Literal[True] | None = None
    reason: str | None = None
    by: str | None = None

    def problems(self) -> list[Problem]:
        if (self.replacement is None) == (self.void is None):
            return [("replacement", "replacement_or_void", {})]
        if self.replacement is None:
            if self.inserted is not None:
                return [("inserted", "insert_without_replacement", {})]
            return []
        return [(f"replacement.{f}", c, p) for f, c, p in self.replacement.problems()] + [
            (f"inserted.{i}.{f}", c, p)
            for i, r in enumerate(self.inserted or ())
            for f, c, p in r.problems()
        ]


AnyRecord = Session | PlayRecord | Correction
RECORD_TYPES: dict[str, type[Record]] = {
    get_args(m.model_fields["type"].annotation)[0]: m for m in get_args(AnyRecord)
}
RECORD_ADAPTER: TypeAdapter[Record] = TypeAdapter(Annotated[AnyRecord, Field(discriminator="type")])

_TAIL = ("t", "note")


def canonical_dict(model: BaseModel) -> dict[str, Any]:
    """The canonical plain dict: type, then fields in spec order, then t and note, then unknown
    fields sorted; absent optional fields stay absent; spec defaults are filled in."""
    out: dict[str, Any] = {}
    for name, key in _layout(type(model)):
        value = getattr(model, name)
        if value is not None:
            out[key] = _plain(value)
    extra = model.__pydantic_extra__
    if extra:
        for key in sorted(extra):
            out[key] = _sorted_keys(extra[key])
    return out


@cache
def _layout(model_type: type[BaseModel]) -> tuple[tuple[str, str], ...]:
    """(attribute, JSON key) of a model's fields in canonical order, worked out once per class."""
    fields = model_type.model_fields
    names = [n for n in fields if n not in _TAIL] + [n for n in _TAIL if n in fields]
    return tuple((name, fields[name].alias or name) for name in names)


def _plain(value: Any) -> Any:
    # Plain JSON types first: isinstance on BaseModel runs pydantic's metaclass check.
    if isinstance(value, str | int | dict):
        return value
    if isinstance(value, list):
        return [v if isinstance(v, str) else _plain(v) for v in value]
    if isinstance(value, BaseModel):
        return canonical_dict(value)
    return value
