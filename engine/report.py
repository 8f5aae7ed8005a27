"""The audit report as types: what ``engine.audit`` produces, the workers store as JSON and the
pages read (docs/report.md; docs/architecture.md, "Derived results").

Every report is stored with its ``report_version``. A stored report is read back with
:func:`load`, which lifts an older shape to :data:`REPORT_VERSION` one step at a time
(``upcast_v1_v2``, …, as pyeventsourcing upcasts with ``class_version``) before it becomes a
:class:`Report`; nothing after ``load`` ever sees an older shape. ``to_dict``/``from_dict`` give
and take the JSON form (keys as documented: ``from``/``to`` for the seats of a payment); the
JSON Schema of each type (docs/openapi.json) is made from the same fields (:func:`json_schema`).
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Self, TypeVar

from engine.frozen import one_step_init
from engine.replay import Correction
from engine.rulesets.base import Payment, ScoreLine, Step
from engine.state import ANOMALY_LABELS

REPORT_VERSION = 2


class ReportError(ValueError):
    """A stored report that is no report of any version (a missing field, a wrong type)."""


JsonDict = dict[str, Any]  # a JSON object as json.loads gives it
# A field's encoder or decoder: any value of the field's type to its JSON form, or back.
Codec = Callable[[Any], Any]
_T = TypeVar("_T")


def key(name: str) -> dict[str, str]:
    """Field metadata: the field's key in the JSON form (a Python keyword such as ``from``)."""
    return {"key": name}


OMIT: dict[str, bool] = {"omit": True}  # left out of the JSON form while None (or an empty text)


class Json:
    """``to_dict`` and ``from_dict`` for a report type (the ruleset's ``ScoreLine``, ``Step`` and
    ``Payment`` and the replay's ``Correction``, which the report holds as they are, use the
    module's :func:`to_dict` and :func:`from_dict`)."""

    __slots__ = ()

    def to_dict(self) -> JsonDict:
        return to_dict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        return from_dict(cls, data)


@dataclass(frozen=True, slots=True)
class Explanation(Json):
    """A table mistake that reproduces what was paid, its seats named: ``{code, zh, en}``."""

    code: str
    zh: str
    en: str


@one_step_init
@dataclass(frozen=True)
class WinResult(Json):
    """A declared win: ``flags`` those scored, ``stands`` False for a win that is no win."""

    seat: str
    how: str
    tile: str | None
    from_seat: str | None = field(metadata=key("from"))
    flags: tuple[str, ...]
    stands: bool


@dataclass(frozen=True, slots=True)
class Dispute(Json):
    """A pair of seats whose net differs: ``payer`` → ``payee`` in the expected direction."""

    hand: int
    payer: str = field(metadata=key("from"))
    payee: str = field(metadata=key("to"))
    expected: int
    recorded: int
    explanation: Explanation | None


@dataclass(frozen=True, slots=True)
class TopUp(Json):
    """One of the fewest transfers that put the payments right, by player."""

    payer: str = field(metadata=key("from"))
    payee: str = field(metadata=key("to"))
    amount: int
    payer_name: str = field(metadata=key("from_player"))
    payee_name: str = field(metadata=key("to_player"))
    zh: str
    en: str


@dataclass(frozen=True, slots=True)
class OnWord(Json):
    """A claim a summary log cannot show, taken on the table's word (``line``: the CLI's)."""

    seq: int | None
    claim: str
    zh: str
    en: str
    line: int | None = field(default=None, metadata=OMIT)


@dataclass(frozen=True, slots=True)
class Anomaly(Json):
    """An anomaly as reported: the engine's ``rulesets.base.Anomaly`` with its labels and its
    (English) message with the seats named (``line``: the CLI's)."""

    seq: int | None
    code: str
    zh: str
    en: str
    severity: str
    message: str
    line: int | None = field(default=None, metadata=OMIT)


@dataclass(frozen=True, slots=True)
class SessionInfo(Json):
    """The session record's ruleset, resolved options and what the log says of the table."""

    ruleset: str
    options: dict[str, Any]
    club: str | None = field(default=None, metadata=OMIT)
    table: str | None = field(default=None, metadata=OMIT)
    players: tuple[str, ...] | None = field(default=None, metadata=OMIT)
    started_at: str | None = field(default=None, metadata=OMIT)


@one_step_init
@dataclass(frozen=True)
class HandReport(Json):
    """One hand: scored, settled and compared (each field in docs/report.md)."""

    no: int
    seq: int
    summary: bool
    seats: dict[str, str]
    result: str
    winners: tuple[str, ...]
    wins: tuple[WinResult, ...]
    indicator: str | None
    wildcards: tuple[str, ...]
    points: dict[str, int]
    items: dict[str, tuple[ScoreLine, ...]]
    steps: dict[str, tuple[Step, ...]]
    reading: dict[str, tuple[str, ...]]
    limits: dict[str, str]
    recorded_points: dict[str, int] | None
    expected_payments: tuple[Payment, ...]
    recorded_payments: tuple[Payment, ...] | None
    expected_net: dict[str, int]
    recorded_net: dict[str, int] | None
    disputes: tuple[Dispute, ...]
    anomalies: tuple[Anomaly, ...]
    explanations: tuple[Explanation, ...]
    top_ups: tuple[TopUp, ...]
    taken_on_word: tuple[OnWord, ...]
    line: int | None = field(default=None, metadata=OMIT)

    @property
    def void_wins(self) -> frozenset[str]:
        """The seats of the declared wins that are no win (false, barred, outranked, below the
        minimum): declared, so in ``winners``, but never a 胡家."""
        return frozenset(w.seat for w in self.wins if not w.stands)

    def json(self, *names: str) -> JsonDict:
        """The JSON form of the fields ``names`` only (what a page or the recorder passes on)."""
        specs = {s.name: s for s in _specs(HandReport)}
        return {specs[n].key: specs[n].encode(getattr(self, n)) for n in names}


@dataclass(frozen=True, slots=True)
class Report(Json):
    """The audit report of one session log (``from_dict`` takes the current version's JSON
    form; a stored one of any version: :func:`load`)."""

    report_version: int
    ok: bool
    session: SessionInfo
    hands: tuple[HandReport, ...]
    totals: dict[str, int]
    recorded_totals: dict[str, int]
    corrections: tuple[Correction, ...]
    anomalies: tuple[Anomaly, ...]


# -- the JSON form -------------------------------------------------------------------------------
# The ruleset's own types are the report's lines, steps and payments; their JSON keys:
_FOREIGN_META: dict[tuple[type, str], Mapping[str, object]] = {
    (Payment, "payer"): key("from"),
    (Payment, "payee"): key("to"),
    (Payment, "reason"): OMIT,
    (Payment, "en"): {"key": "rule_en", "omit": True},
    (Payment, "formula"): OMIT,
}
TYPES = (Report, SessionInfo, HandReport, WinResult, ScoreLine, Step, Payment, Dispute,
         Explanation, TopUp, OnWord, Anomaly, Correction)  # fmt: skip


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class _Spec:
    """How one field goes to and from JSON, worked out once from its type."""

    name: str
    key: str
    omit: bool
    required: bool
    type: Any
    decode: Codec
    schema: JsonDict

    @functools.cached_property
    def encode(self) -> Codec:
        """The field's value to its JSON form (what ``HandReport.json`` passes on)."""
        env: dict[str, Any] = {}
        expr = _expr(self.type, "v", env, native=False)
        if expr is None:
            return _same
        exec(f"def encode(v):\n    return {expr}", env)  # noqa: S102 (made of field names)
        encode: Codec = env["encode"]
        return encode


def _codec(tp: Any) -> tuple[Codec, JsonDict]:
    """(decode, JSON Schema) of a field type (its encoding: :func:`_expr`)."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in args if a is not type(None)]
        dec, schema = _codec(inner[0])
        if dec is _same:
            nullable = dict(schema)
            nullable["type"] = [schema["type"], "null"] if "type" in schema else None
            return _same, nullable if nullable["type"] else {"anyOf": [schema, {"type": "null"}]}
        return (lambda v: None if v is None else dec(v)), {"anyOf": [schema, {"type": "null"}]}
    if origin in (tuple, list):
        dec, schema = _codec(args[0])
        if dec is _same:
            return tuple, {"type": "array", "items": schema}
        return (lambda v: tuple(dec(x) for x in v)), {"type": "array", "items": schema}
    if origin is dict:
        if args[1] is Any:  # a log record (``engine.model.Record``): kept as it is, as a bare dict
            return _same, {"type": "object"}
        dec, schema = _codec(args[1])
        out = {"type": "object", "additionalProperties": schema} if schema else {"type": "object"}
        if dec is _same:
            return dict, out
        return (lambda v: {k: dec(x) for k, x in v.items()}), out
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return (lambda v: from_dict(tp, v)), {"$ref": f"#/components/schemas/{tp.__name__}"}
    simple = {int: "integer", str: "string", bool: "boolean", dict: "object"}
    if tp in simple:
        return _same, {"type": simple[tp]}
    return _same, {}  # Any: a log record, an option's value


def _expr(tp: Any, v: str, env: dict[str, Any], native: bool, depth: int = 0) -> str | None:
    """A Python expression giving the JSON form of ``v`` (an expression for a value of type
    ``tp``), or None when that form is the value itself. A list or dict of report types is one
    comprehension with each item's dict display inside (an empty one no comprehension at all);
    a type with fields left out while empty is a call of its compiled :func:`_encoder`, whose
    name ``env`` gains. ``native``: for an encoder that writes tuples, dicts and dataclasses
    itself (:func:`encodable`), so they stay as they are where their fields are their JSON form."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    x, k = f"x{depth}", f"k{depth}"
    if origin in (typing.Union, types.UnionType):
        inner = _expr(next(a for a in args if a is not type(None)), v, env, native, depth)
        return None if inner is None else f"(None if {v} is None else {inner})"
    if origin in (tuple, list):
        inner = _expr(args[0], x, env, native, depth + 1)
        if inner is None:
            return None if native else f"list({v})"
        return f"([{inner} for {x} in {v}] if {v} else [])"
    if origin is dict:
        if args[1] is Any:  # a log record (``engine.model.Record``): kept as it is, as a bare dict
            return None
        inner = _expr(args[1], x, env, native, depth + 1)
        if inner is None:
            return None if native else f"dict({v})"
        return f"{{{k}: {inner} for {k}, {x} in {v}.items()}}"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        specs = _specs(tp)
        if any(s.omit for s in specs):
            name = f"encode_{tp.__name__}_{id(tp):x}_{native:d}"
            env[name] = _encoder(tp, native)
            return f"{name}({v})"
        fields = [
            (s.key, s.name, _expr(s.type, f"{v}.{s.name}", env, native, depth)) for s in specs
        ]
        if native and all(key == name and form is None for key, name, form in fields):
            return None  # its fields as they are, under their own names
        return (
            "{" + ", ".join(f"{key!r}: {form or f'{v}.{name}'}" for key, name, form in fields) + "}"
        )
    return None


@functools.cache
def _specs(cls: type) -> tuple[_Spec, ...]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        meta = {**f.metadata, **_FOREIGN_META.get((cls, f.name), {})}
        dec, schema = _codec(hints[f.name])
        has_default = (
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        )
        out.append(_Spec(f.name, meta.get("key", f.name), bool(meta.get("omit")), not has_default,
                         hints[f.name], dec, schema))  # fmt: skip
    return tuple(out)


def to_dict(obj: object) -> JsonDict:
    """The JSON form of a report type (fields in their order; an ``OMIT`` field left out while
    None or empty)."""
    # a class is hashable; mypy takes functools.cache's Hashable to exclude type[...]
    return _encoder(type(obj), False)(obj)  # type: ignore[arg-type]


def encodable(obj: object) -> JsonDict:
    """The JSON form of a report type for an encoder that writes tuples, dicts and dataclasses
    as JSON itself (msgspec: a dataclass as an object of its fields in order): what
    :func:`to_dict` gives, but a tuple stays a tuple and a dataclass whose JSON form is its
    fields as they are (no key renamed, none left out: a score line, a step) stays itself.
    Encoded, the same bytes as ``to_dict``'s, from a fraction of its dicts (a report's ~50 a
    hand are mostly lines and steps)."""
    return _encoder(type(obj), True)(obj)  # type: ignore[arg-type]


@functools.cache
def _encoder(cls: type, native: bool) -> Callable[[Any], JsonDict]:
    """``to_dict`` of one report type, compiled once from its fields (as ``dataclasses`` compiles
    ``__init__``): an audit builds thousands of these small dicts, and a dict display of the
    fields, the report types inside them displayed in place (:func:`_expr`), costs a fraction
    of a loop over them with a call for each."""
    env: dict[str, Any] = {}
    shown, rest = [], []
    for s in _specs(cls):
        if s.omit:
            rest += [f"    v = o.{s.name}", '    if not (v is None or v == ""):',
                     f"        out[{s.key!r}] = {_expr(s.type, 'v', env, native) or 'v'}"]  # fmt: skip
            continue
        value = _expr(s.type, f"o.{s.name}", env, native) or f"o.{s.name}"
        if rest:
            rest.append(f"    out[{s.key!r}] = {value}")
        else:
            shown.append(f"{s.key!r}: {value}")
    source = "\n".join(
        ["def encode(o):", f"    out = {{{', '.join(shown)}}}", *rest, "    return out"]
    )
    exec(source, env)  # noqa: S102 (the source is made of the type's own field names)
    encode: Callable[[Any], JsonDict] = env["encode"]
    return encode


def from_dict(cls: type[_T], data: Mapping[str, Any]) -> _T:
    """A report type from its JSON form; a missing field without a default is a ReportError."""
    if not isinstance(data, Mapping):
        raise ReportError(f"{cls.__name__}: expected an object, not {type(data).__name__}")
    values = {}
    for s in _specs(cls):  # type: ignore[arg-type]  # a class is hashable (as in to_dict)
        if s.key in data:
            values[s.name] = s.decode(data[s.key])
        elif s.required:
            raise ReportError(f"{cls.__name__}: no {s.key!r}")
    return cls(**values)


def json_schema() -> dict[str, JsonDict]:
    """The JSON Schema of every report type by name (docs/openapi.json's components)."""
    out = {}
    for cls in TYPES:
        specs = _specs(cls)
        out[cls.__name__] = {
            "type": "object",
            "required": [s.key for s in specs if s.required],
            "properties": {s.key: s.schema for s in specs},
        }
    return out


# -- older shapes --------------------------------------------------------------------------------
def upcast_v1_v2(data: JsonDict) -> JsonDict:
    """Version 1 is every report stored before reports carried a version (before 2026-12-06):
    the shapes of 29 Nov (anomalies without labels, no ``steps``), of 1 Dec (``steps``, payments
    with ``rule_en`` and ``formula``; no ``explanations``, ``top_ups``, ``taken_on_word``, nor a
    win's ``stands``) and what followed. Lifted: labels from the engine's table, no steps, the
    explanations of the hand's disputes, no top-ups, nothing taken on word, every win standing
    (before the claim checks every declared win was scored)."""
    hands = []
    for h in data["hands"]:
        h = dict(h)
        h.setdefault("steps", {})
        h.setdefault("top_ups", [])
        h.setdefault("taken_on_word", [])
        if "explanations" not in h:
            found: dict[str, JsonDict] = {}
            for d in h["disputes"]:
                if d["explanation"]:
                    found.setdefault(d["explanation"]["code"], d["explanation"])
            h["explanations"] = list(found.values())
        h["wins"] = [{"stands": True, **w} for w in h["wins"]]
        h["anomalies"] = [_labelled(a) for a in h["anomalies"]]
        hands.append(h)
    anomalies = [_labelled(a) for a in data["anomalies"]]
    return {**data, "hands": hands, "anomalies": anomalies, "report_version": 2}


def _labelled(anomaly: JsonDict) -> JsonDict:
    zh, en = ANOMALY_LABELS.get(anomaly["code"], ("", ""))
    return {"zh": zh, "en": en, **anomaly}


UPCASTERS: dict[int, Callable[[JsonDict], JsonDict]] = {1: upcast_v1_v2}


def upcast(data: Mapping[str, Any]) -> JsonDict:
    """A stored report's JSON form lifted to :data:`REPORT_VERSION`, one version at a time."""
    version = data.get("report_version", 1)
    if not isinstance(version, int) or not 1 <= version <= REPORT_VERSION:
        raise ReportError(f"report_version {version!r}: this engine reads 1 to {REPORT_VERSION}")
    out = dict(data)
    while version < REPORT_VERSION:
        out = UPCASTERS[version](out)
        version = out["report_version"]
    return out


def load(data: Mapping[str, Any]) -> Report:
    """A stored report (any version's JSON form) as a :class:`Report` of the current version.
    A shape no version has is a ReportError."""
    try:
        return Report.from_dict(upcast(data))
    except (KeyError, TypeError, AttributeError) as e:
        raise ReportError(f"not an audit report: {e!r}") from None
