"""The table's vocabulary shared by the replay, the rulesets and the audit.

Frozen dataclasses (and :class:`Action`, an immutable named tuple: the replay makes one per
record, and a tuple is built ~8x faster than a frozen dataclass): a finished hand (:class:`HandOutcome`) is what a ruleset scores, whether
it came from a full play-by-play log or from a summary (showdown-only) log.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import repeat
from typing import Any, Final, NamedTuple, overload

from engine.frozen import one_step_init

SEATS: tuple[str, ...] = ("E", "S", "W", "N")
# A seat for a reader who knows no player's name there: its wind (zh, en), never its letter.
Record = dict[str, Any]  # one log record as the codec gives it (canonical JSON)

SEAT_NAMES = {"E": ("东", "East"), "S": ("南", "South"), "W": ("西", "West"), "N": ("北", "North")}
_SEAT_REF = re.compile(r"\{([ESWN])\}")
MELD_KINDS = ("chi", "peng", "gang_exposed", "gang_concealed", "gang_added")
WIN_HOWS = ("self_draw", "discard", "robbed_kong", "instant")
# How a win came, in English words for the audit's messages (the service words its own).
# A record's type in English words, for the audit's messages.
RECORD_EN = {
    "deal": "a deal",
    "wildcard": "the wildcard",
    "reveal": "a reveal",
    "draw": "a draw",
    "discard": "a discard",
    "chi": "a chow",
    "peng": "a pung",
    "gang": "a kong",
    "win": "a win",
    "exhausted": "an exhausted hand",
    "dice": "a dice throw",
    "showdown": "a shown hand",
    "settlement": "a settlement",
    "correction": "a correction",
}
WIN_HOW_EN = {"self_draw": "self-draw", "discard": "a discard", "robbed_kong": "robbing a kong",
              "instant": "an automatic win at the deal"}  # fmt: skip

# Win flags the replay derives from a full log (a summary log may state them in the win record's
# optional "flags" list). Rulesets may read further flags of their own; each documents them.
FLAG_KONG_REPLACEMENT = (
    "kong_replacement"  # winning tile drawn from the back after own kong (杠上开花)
)
FLAG_BONUS_REPLACEMENT = "bonus_replacement"  # drawn from the back after revealing a flower/white
FLAG_LAST_TILE = "last_tile"  # self-draw of the last drawable tile / win on the last discard (海底)
FLAG_HEAVEN = "heaven"  # the dealer wins before any discard (天胡)
FLAG_FIRST_DISCARD = "first_discard"  # win on the dealer's first discard, nothing claimed before
FLAG_FIRST_DRAW = "first_draw"  # a non-dealer self-draws on its first draw, nothing claimed before
KNOWN_FLAGS = frozenset(
    {
        FLAG_KONG_REPLACEMENT,
        FLAG_BONUS_REPLACEMENT,
        FLAG_LAST_TILE,
        FLAG_HEAVEN,
        FLAG_FIRST_DISCARD,
        FLAG_FIRST_DRAW,
    }
)


def who(seat: str | None) -> str:
    """A seat in a text for a reader (a mistake, a reading, an anomaly's message): ``{E}``, a
    placeholder :func:`name_seats` turns into the player's name when the report is built
    (``?`` for no seat: a log that names none)."""
    return "{" + seat + "}" if seat in SEATS else "?"


def name_seats(text: str, seats: Mapping[str, str], lang: str) -> str:
    """``text`` with each ``{E}``/``{S}``/``{W}``/``{N}`` (:func:`who`) replaced by the player
    sitting there in ``seats``, or, with no name known, the seat's wind in ``lang`` ("zh": 东,
    "en": East). The one place seat references become words (engine.audit calls it)."""
    if "{" not in text:  # most payment reasons name no seat: no regex pass
        return text
    i = 1 if lang == "en" else 0
    return _SEAT_REF.sub(lambda m: seats.get(m[1]) or SEAT_NAMES[m[1]][i], text)


def named(label: Mapping[str, str], seats: Mapping[str, str]) -> dict[str, str]:
    """A ``{code, zh, en, …}`` label with the seats of its ``zh`` and ``en`` named."""
    return {**label, **{k: name_seats(label[k], seats, k) for k in ("zh", "en") if label.get(k)}}


def next_seat(seat: str) -> str:
    """下家: the seat that plays after ``seat`` (E -> S -> W -> N -> E); the right-hand seat."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def prev_seat(seat: str) -> str:
    """上家: the seat that plays before ``seat``; the left-hand seat, the only one you may 吃 from."""
    return SEATS[(SEATS.index(seat) + 3) % 4]


def opposite_seat(seat: str) -> str:
    return SEATS[(SEATS.index(seat) + 2) % 4]


def claim_order(seat: str) -> tuple[str, str, str]:
    """The other seats in play order from ``seat`` (下家, 对家, 上家): the priority to win on its
    discard or added kong when only one seat may (wenling.txt 胡牌 注: 右手家、对家、左手家)."""
    return (next_seat(seat), opposite_seat(seat), prev_seat(seat))


@dataclass(frozen=True, slots=True)
class Meld:
    """A fixed set on the table: 吃, 碰, or a 杠 of one of three kinds. ``on_replacement``: a
    summary log's word that this 杠 was made at once on the replacement of the 杠 listed before
    it (杠上杠, docs/log-format.md), which a full log's play shows by itself."""

    kind: str
    tiles: tuple[str, ...]
    from_seat: str | None = None
    # (Not in the repr: a flag only summary logs set, left out so the replay's fingerprints,
    # benchmarks/audit_fingerprint.py, of every log without it stay as they were.)
    on_replacement: bool = field(default=False, repr=False)

    @property
    def is_kong(self) -> bool:
        return self.kind.startswith("gang")

    @property
    def is_concealed(self) -> bool:
        return self.kind == "gang_concealed"

    @property
    def face(self) -> str:
        """The tile of a 碰/杠 (for a 吃, its lowest tile)."""
        try:
            return min(self.tiles, key=_TILE_ORDER.__getitem__)
        except KeyError:  # a tile no set has (a malformed log's meld)
            return min(self.tiles, key=_tile_order)


def _tile_order(tile: str) -> tuple[int, str]:
    return ("mpszf".index(tile[1]), tile[0])


# _tile_order of every tile name, looked up (scoring asks a meld's face often)
_TILE_ORDER = {f"{n}{suit}": _tile_order(f"{n}{suit}") for suit in "mpszf" for n in "123456789"}


@dataclass(frozen=True, slots=True)
class Win:
    """A declared win. ``tile`` is None only for an instant win; ``from_seat`` names the discarder
    (``discard``) or the robbed konger (``robbed_kong``)."""

    seat: str
    how: str
    tile: str | None = None
    from_seat: str | None = None
    flags: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Showdown:
    """What a seat shows at the end. A winner's ``concealed`` includes the winning tile."""

    seat: str
    concealed: tuple[str, ...]
    melds: tuple[Meld, ...] = ()
    revealed: tuple[str, ...] = ()

    def without(self, tile: str | None) -> Showdown:
        """The hand with one ``tile`` fewer among the concealed (itself if it holds none): a seat
        that did not take the tile it declared a win on."""
        if tile not in self.concealed:
            return self
        rest = list(self.concealed)
        rest.remove(tile)
        return replace(self, concealed=tuple(rest))


class Action(NamedTuple):
    """One play step of a full log as the replay applied it, for rules that look at history
    (生牌, 承包, 地胡 …). ``source`` is ``wall``/``back`` for a draw and the kong kind for a gang;
    ``from_seat`` is the discarder for a claim; ``wall_left`` counts live tiles after the step;
    ``tiles`` are a claim's or kong's meld tiles (for a 吃, the run including the claimed tile)."""

    seq: int
    kind: str
    seat: str
    tile: str | None = None
    source: str | None = None
    from_seat: str | None = None
    wall_left: int | None = None
    tiles: tuple[str, ...] = ()


# A play step as the replay records it: an Action's fields, made into an Action when read.
StepFields = tuple[int, str, str, str | None, str | None, str | None, int | None, tuple[str, ...]]
# A step's fields by position (an Action is a step too): the rulesets' checks read the replay's
# steps so, none of them made into an Action (several times the cost of the plain tuple).
# (Final: mypy then knows each item's type.)
SEQ: Final = 0
KIND: Final = 1
SEAT: Final = 2
TILE: Final = 3
SOURCE: Final = 4
FROM_SEAT: Final = 5
WALL_LEFT: Final = 6
TILES: Final = 7


def make_actions(steps: Iterable[StepFields]) -> Iterator[Action]:
    """Actions from their fields (``tuple.__new__`` in a C loop: NamedTuple's ``__new__`` parses
    its arguments in Python first)."""
    return map(tuple.__new__, repeat(Action), steps)


class PendingActions:
    """A hand's steps not all made into Actions yet: ``done`` are, ``rest`` are their fields.
    Making an Action costs several times a plain tuple; a ruleset that never reads a hand's
    actions never pays for them (:class:`HandOutcome` makes them when ``actions`` is read)."""

    __slots__ = ("done", "rest")

    def __init__(self, done: Sequence[Action], rest: Sequence[StepFields]) -> None:
        self.done, self.rest = done, rest

    def actions(self) -> tuple[Action, ...]:
        return (*self.done, *make_actions(self.rest))


class _Actions:
    """``HandOutcome.actions``: the tuple given, or one made from :class:`PendingActions` when
    first read (a data descriptor: the dataclass's ``__init__``, ``__eq__``, ``repr`` and
    ``dataclasses.replace`` all go through it, so nothing else sees the difference)."""

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> None: ...
    @overload
    def __get__(self, obj: HandOutcome, owner: type | None = None) -> tuple[Action, ...] | None: ...
    def __get__(
        self, obj: HandOutcome | None, owner: type | None = None
    ) -> tuple[Action, ...] | None:
        if obj is None:
            return None  # (the field's default)
        value = obj.__dict__["actions"]  # (a data descriptor: it comes before the entry)
        if type(value) is PendingActions:
            value = obj.__dict__["actions"] = value.actions()
        return value  # type: ignore[no-any-return]

    def __set__(self, obj: HandOutcome, value: tuple[Action, ...] | PendingActions | None) -> None:
        obj.__dict__["actions"] = value


class _Winners:
    """``HandOutcome.winners``, the seats of its wins, kept once made (the scoring asks it many
    times a hand; ``functools.cached_property`` takes a lock at every first read in 3.11,
    which costs as much as the tuple). Not a field: a non-data descriptor the instance's own
    ``__dict__`` entry shadows once set."""

    def __get__(self, obj: HandOutcome | None, owner: type | None = None) -> tuple[str, ...]:
        if obj is None:
            raise AttributeError("winners")
        value = obj.__dict__["winners"] = tuple(w.seat for w in obj.wins)
        return value


@one_step_init  # (one a hand; its ten fields set one by one cost ~13,000 instructions)
@dataclass(frozen=True)
class HandOutcome:
    """A finished hand as a ruleset scores it.

    ``actions`` is None for a summary log (showdown only) (the replay gives them as
    :class:`PendingActions`); ``showdowns`` may lack seats that did not show. ``wildcards``
    are the tile kinds that are 得 this hand (empty if none).
    """

    no: int
    seats: Mapping[str, str]
    round_wind: str = "E"
    indicator: str | None = None
    wildcards: frozenset[str] = frozenset()
    showdowns: Mapping[str, Showdown] = field(default_factory=dict)
    wins: tuple[Win, ...] = ()
    exhausted: bool = False
    actions: _Actions = _Actions()
    wall_left: int | None = None

    @property
    def dealer(self) -> str:
        return "E"

    winners = _Winners()
