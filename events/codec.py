"""Parse and validate a v1 table log; write its canonical form (docs/log-format.md).

A file is accepted whole or rejected whole: every problem becomes a :class:`LogError` naming the
line, the record type and the field, and :class:`LogFormatError` carries all of them (up to a
cap). Game legality is not checked here: that is the replay's job.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from types import MappingProxyType
from typing import IO, Any, cast

from pydantic import ValidationError

from engine.rulesets import get_ruleset
from engine.rulesets.base import OptionError
from events import plain
from events.chain import event_digest
from events.messages import BOM_LINE, CR_LINES, JSON_REASONS, MESSAGES, NOT_JSON, english
from events.records import (
    RECORD_TYPES,
    UNSAFE_CHAR,
    AnyRecord,
    Correction,
    Hand,
    Session,
    canonical_dict,
    short_json,
)
from events.shared import SharedRecord, shared

DEFAULT_MAX_LOG_BYTES = 20 * 1024 * 1024
MAX_LINE_BYTES = 64 * 1024
MAX_LINES = 200_000  # physical lines; a long session is ~20,000 (100 hands of ~180 records)
MAX_ERRORS = 50
_BLOCK = 256  # lines read between two looks at the clock (parse_log's deadline)
MAX_DEPTH = 32  # nesting of objects/arrays in one record; real records use 4
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class LogError:
    """One problem: ``line`` is the 1-based line of the file; ``record_type`` and ``field`` are
    None when unknown (a line that is not JSON has neither); ``code`` says what is wrong (a key
    of ``events.messages.MESSAGES``, stable: clients may branch on it) with the ``params`` of its
    text; ``message`` is that text in English (the service shows it in the reader's language)."""

    line: int
    record_type: str | None
    field: str | None
    code: str
    # dataclasses.field: ``field`` names the attribute above in this class body
    params: Mapping[str, object] = dataclasses.field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        if self.code not in MESSAGES:
            raise KeyError(f"{self.code!r} is not a code of events/messages.py")

    @property
    def message(self) -> str:
        return english(self.code, self.params)

    def __str__(self) -> str:
        where = f"line {self.line}" + (f" ({self.record_type})" if self.record_type else "")
        return f"{where}: " + (f"field {self.field}: " if self.field else "") + self.message


class LogFormatError(ValueError):
    """The log breaks the format; ``errors`` lists the problems, the first MAX_ERRORS of them
    and then, if there are more, one saying where reading stopped."""

    def __init__(self, errors: list[LogError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


@dataclass(frozen=True)
class ParsedLog:
    """An accepted log: canonical records with their source lines and the hash of the whole.
    ``records`` are read-only: a repeated line's is shared with every parse that reads it
    (``events.shared``, which refuses a change); a reader changes a copy."""

    records: list[dict[str, Any]]
    lines: list[int]
    content_hash: str
    digests: list[bytes]  # SHA-256 of each canonical line: the hash chain's event digests
    utf8: bytes  # the canonical lines, each followed by a newline, as UTF-8: what is hashed and stored

    @property
    def text(self) -> str:
        """``utf8`` as text (the store sends PostgreSQL the bytes: no str to join or encode)."""
        return self.utf8.decode()

    @property
    def canonical_lines(self) -> list[str]:
        """Each record's canonical JSON (``text`` split: canonical JSON has no raw newline)."""
        return self.text.split("\n")[:-1]

    @property
    def session(self) -> dict[str, Any]:
        return self.records[0]


def canonical_json(record: dict[str, Any]) -> str:
    """One record as canonical JSON: stable key order, canonical tiles, no spaces.

    The record is validated as a single record (not in the context of a file); a bad one raises
    LogFormatError with line 1.
    """
    errors: list[LogError] = []
    model = _validate(record, 1, errors, scan=True)
    if model is None:
        raise LogFormatError(errors)
    return _dumps(canonical_dict(model))


def parse_log(
    data: bytes | str | IO[bytes], *, max_bytes: int | None = None, deadline: float | None = None
) -> ParsedLog:
    """Parse a whole log (bytes, text or a binary stream); raise LogFormatError if anything is wrong.

    ``max_bytes`` defaults to the environment's ``FUPAN_MAX_LOG_BYTES`` (20 MiB). ``deadline``
    (a ``time.monotonic()`` value) bounds the time spent: past it, reading stops with an error
    (the web gives each upload request a budget; see docs/web.md).
    """
    if max_bytes is None:
        max_bytes = int(os.environ.get("FUPAN_MAX_LOG_BYTES", DEFAULT_MAX_LOG_BYTES))
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    if not isinstance(data, bytes | bytearray | memoryview):
        if not hasattr(data, "read"):
            raise TypeError("parse_log reads bytes, text or a binary stream")
        data = _read(data, max_bytes + 1)  # a file over the limit is read no further
        if not isinstance(data, bytes | bytearray):
            raise TypeError("parse_log reads a binary stream (open the file with 'rb')")
    checker = _FileChecker()
    packed = _compressed(bytes(data[:4]))
    if packed:  # every line would be "not UTF-8": say what the file is instead
        checker.errors.append(LogError(1, None, None, "compressed", {"format": packed}))
        return checker.finish()
    if bytes(data[:2]) in _UTF16_BOMS:  # likewise (no UTF-8 text begins so)
        checker.errors.append(LogError(1, None, None, "utf16"))
        return checker.finish()
    items, numbers = _lines(bytes(data), max_bytes)
    # Blocks of _BLOCK lines when a deadline is set: the clock is read between them.
    step = _BLOCK if deadline is not None else max(len(items), 1)
    for start in range(0, len(items), step):
        stop = min(start + step, len(items))
        if not checker.read(items, numbers, start, stop):
            break  # the file is refused: reading on would only cost time (see finish)
        if deadline is not None and stop - start == step and time.monotonic() > deadline:
            checker.errors.append(LogError(numbers[stop - 1], None, None, "deadline"))
            break
    return checker.finish()


_COMPRESSED = ((b"\x1f\x8b", "gzip"), (b"PK\x03\x04", "zip"))  # their files' first bytes
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")  # how Windows' "Unicode" text begins (LE, BE)


def _compressed(head: bytes) -> str | None:
    """The compressed format a file's first bytes announce (a log sent zipped), else None."""
    return next((name for magic, name in _COMPRESSED if head.startswith(magic)), None)


def _read(stream: IO[bytes], limit: int) -> bytes:
    """At most ``limit`` bytes of ``stream``, asking a file for its size first: ``read(limit)``
    allocates ``limit`` bytes (21 MiB) before reading a log of ~100 kB (~30 µs a file)."""
    try:
        size = os.fstat(stream.fileno()).st_size
    except (AttributeError, OSError, ValueError):  # not a file (io.UnsupportedOperation)
        return stream.read(limit)
    want = min(size + 1, limit)
    data = stream.read(want)
    if len(data) < want or want == limit:  # the end of the file, or the limit
        return data
    return data + stream.read(limit - want)  # the file grew since its size was asked


def parse_appended(records: list[dict[str, Any]], new: list[Any]) -> list[dict[str, Any]]:
    """Canonical dicts of records appended to an accepted log (corrections), checked in the
    context of its ``records``; errors name line ``seq + 1``, the record's line in the
    canonical log. Raises LogFormatError."""
    checker = _FileChecker()
    for seq, obj in enumerate([*records, *new]):
        checker.feed(seq + 1, obj)
    return checker.finish().records[len(records) :]


def content_hash(canonical_lines: list[str]) -> str:
    """sha256 hex of the canonical JSON Lines (each line followed by a newline)."""
    return _text_hash(_joined(canonical_lines))


def _joined(canonical_lines: list[str]) -> str:
    return "\n".join(canonical_lines) + "\n" if canonical_lines else ""


def _text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# An item of a file: a line's bytes (blank ones included: reading skips them) or the LogError
# that stands for it.
Item = bytes | LogError


def _lines(data: bytes, max_bytes: int) -> tuple[list[Item], Sequence[int]]:
    """The file's items and their 1-based line numbers: its lines split as bytes (a line is
    decoded only if it is not a known line), the first one's BOM and every line's trailing
    carriage returns stripped, a line over MAX_LINE_BYTES replaced by its error. A file larger
    than ``max_bytes`` gets one error, at the line that crosses the limit, after the lines
    before it; so does a file with text after its MAX_LINES-th line."""
    data, too_many = _first_lines(data)
    lines: list[bytes] = data.split(b"\n")
    stop = None
    if len(data) > max_bytes:
        totals = accumulate(len(line) + 1 for line in lines)  # with its newline (min below)
        crossing = next(n for n, total in enumerate(totals, 1) if min(total, len(data)) > max_bytes)
        stop = LogError(crossing, None, None, "file_too_large", {"limit": max_bytes})
        del lines[crossing - 1 :]
    if lines[:1] and lines[0].startswith(_BOM):
        lines[0] = lines[0][len(_BOM) :]
    if b"\r" in data:
        lines = [line.rstrip(b"\r") for line in lines]
    items = cast(list[Item], lines)  # the same list: lines are items
    if len(data) > MAX_LINE_BYTES and max(map(len, lines), default=0) > MAX_LINE_BYTES:
        limit = {"limit": MAX_LINE_BYTES}
        items = [
            LogError(n, None, None, "line_too_long", limit) if len(line) > MAX_LINE_BYTES else line
            for n, line in enumerate(lines, 1)
        ]
    numbers: Sequence[int] = range(1, len(items) + 1)
    if stop is None and too_many:
        stop = LogError(MAX_LINES + 1, None, None, "too_many_lines", {"limit": MAX_LINES})
    if stop is not None:
        items.append(stop)
        numbers = [*numbers, stop.line]
    return items, numbers


def _first_lines(data: bytes) -> tuple[bytes, bool]:
    """The first MAX_LINES lines of ``data``, and whether anything but blanks follows them."""
    if len(data) < MAX_LINES or data.count(b"\n") < MAX_LINES:
        return data, False
    rest = data.split(b"\n", MAX_LINES)[-1]
    return data[: len(data) - len(rest)], not (rest == b"" or rest.isspace())


def _text(raw: bytes, line: int, errors: list[LogError]) -> str | None:
    """A line's text, or None after adding its error to ``errors`` (not UTF-8)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        bad = {"byte": f"{raw[e.start]:02x}", "column": e.start + 1}
        errors.append(LogError(line, None, None, "not_utf8_gbk" if _gbk(raw) else "not_utf8", bad))
        return None


def _gbk(raw: bytes) -> bool:
    """Does a line that is not UTF-8 read as Chinese in GBK (a club tool's other encoding)?
    Most of its characters must be common ones (GB2312): Latin-1's ``ü`` and the next letter
    pair up into a rare GBK character."""
    try:
        wide = [c for c in raw.decode("gbk") if ord(c) > 0x7F]
    except UnicodeDecodeError:
        return False
    common = sum(1 for c in wide if _in_gb2312(c))
    return 2 * common >= len(wide) > 0


def _in_gb2312(char: str) -> bool:
    try:
        char.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


class _Refused(ValueError):
    """JSON that the decoder reads but this service refuses: ``code`` and ``params`` say why."""

    def __init__(self, code: str, **params: str):
        super().__init__(code)
        self.code, self.params = code, params


def _object_no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)  # in C; only a file with a duplicate key pays for the search below
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Refused("duplicate_key", key=key)
            seen.add(key)
    return out


def _reject_constant(name: str) -> None:
    raise _Refused("not_a_number", name=name)


_DECODER = json.JSONDecoder(
    object_pairs_hook=_object_no_duplicates, parse_constant=_reject_constant
)
_UNLOADED = object()  # what _load returns for a line that is not JSON (its error is listed)


def _decode(text: str) -> Any:
    """``_DECODER.decode(text)``, skipping its two whitespace scans for a line that is one object
    with nothing around it; anything else takes the full path (same value, same error)."""
    if text[0] == "{" and text[-1] == "}":
        try:
            obj, end = _DECODER.raw_decode(text)
        except ValueError:
            pass
        else:
            if end == len(text):
                return obj
    return _DECODER.decode(text)


def _load(text: str, line: int, errors: list[LogError]) -> Any:
    """The JSON value of a line, or _UNLOADED after adding its error to ``errors``."""
    problem: tuple[str, Mapping[str, object]]
    too_deep = ("too_deep", {"limit": MAX_DEPTH})
    try:
        obj = _decode(text)
    except json.JSONDecodeError as e:
        cr = e.msg == "Extra data" and text[e.pos - 1 : e.pos] == "\r"  # CR-only line ends
        bom = e.pos == 0 and text[0] == "\ufeff"
        reason = CR_LINES if cr else BOM_LINE if bom else JSON_REASONS.get(e.msg, NOT_JSON)
        problem = ("not_json", {"reason": reason, "column": e.colno})
    except RecursionError:
        problem = too_deep
    except _Refused as e:  # a duplicate key, NaN
        problem = (e.code, e.params)
    except ValueError as e:  # an integer of more than 4300 digits
        problem = (
            ("too_many_digits", {}) if "digits" in str(e) else ("json_refused", {"detail": str(e)})
        )
    else:
        # Depth cannot exceed the count of brackets that open: most lines skip the walk.
        if text.count("{") + text.count("[") <= MAX_DEPTH or not _too_deep(obj):
            return obj
        problem = too_deep
    errors.append(LogError(line, None, None, *problem))
    return _UNLOADED


def _too_deep(obj: Any) -> bool:
    """Is ``obj`` nested deeper than MAX_DEPTH? (Iterative: the point is to avoid recursion.)"""
    stack = [(obj, 1)]
    while stack:
        value, depth = stack.pop()
        children = (
            value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        )
        for child in children:
            if isinstance(child, dict | list):
                if depth + 1 > MAX_DEPTH:
                    return True
                stack.append((child, depth + 1))
    return False


def _validate(obj: Any, line: int, errors: list[LogError], scan: bool) -> AnyRecord | None:
    """The record model for one JSON value, or None after adding its errors to ``errors``.
    ``scan``: look for NUL and lone surrogates (a line without a \\u escape has none)."""
    if not isinstance(obj, dict):
        errors.append(LogError(line, None, None, "not_object", {"kind": _json_kind(obj)}))
        return None
    kind = obj.get("type")
    known = kind if isinstance(kind, str) and kind in RECORD_TYPES else None
    unsafe = unsafe_text(obj) if scan else None
    if unsafe is not None:
        errors.append(LogError(line, known, *unsafe))
        return None
    if "type" not in obj:
        errors.append(LogError(line, None, "type", "required"))
        return None
    if known is None:
        errors.append(LogError(line, None, "type", *_unknown_type(kind)))
        return None
    try:
        # model_validate(obj) without its Python frame and argument checks: same validator.
        model: AnyRecord = RECORD_TYPES[known].__pydantic_validator__.validate_python(obj)
    except ValidationError as e:
        errors.extend(LogError(line, kind, *_pydantic_problem(err)) for err in e.errors())
        return None
    problems = model.problems()
    if not problems:
        return model
    errors.extend(LogError(line, kind, *problem) for problem in problems)
    return None


def unsafe_text(obj: Any) -> tuple[str | None, str, dict[str, str]] | None:
    """(field path, code, params) for the first string (key or value) holding NUL or a lone
    surrogate, else None. Iterative, like _too_deep."""
    stack: list[tuple[Any, str]] = [(obj, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            found = UNSAFE_CHAR.search(value)
            if found:
                return path or None, *_unsafe("contains", found.group())
        elif isinstance(value, dict):
            for key, child in value.items():
                found = UNSAFE_CHAR.search(key)
                if found:
                    return path or None, *_unsafe("key_contains", found.group())
                stack.append((child, f"{path}.{key}" if path else key))
        elif isinstance(value, list):
            stack.extend(
                (child, f"{path}.{i}" if path else str(i)) for i, child in enumerate(value)
            )
    return None


def _unsafe(prefix: str, char: str) -> tuple[str, dict[str, str]]:
    kind = "nul" if char == "\x00" else "surrogate"
    return f"{prefix}_{kind}", {"char": f"\\u{ord(char):04x}"}


def _unknown_type(kind: object) -> tuple[str, dict[str, str]]:
    valid = ", ".join(RECORD_TYPES)
    if isinstance(kind, str):
        return "unknown_type", {"type": json.dumps(kind, ensure_ascii=False), "valid": valid}
    return "type_not_text", {"kind": _json_kind(kind), "valid": valid}


def _json_kind(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")


# pydantic's error types -> (code, the words of its kind); the context gives the numbers.
_TYPE_WORDS = {
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "bool_type": "a boolean", "bool_parsing": "a boolean", "string_type": "a string",
    "list_type": "an array", "dict_type": "an object", "model_type": "an object",
    "model_attributes_type": "an object",
}  # fmt: skip
_LIMITS = {
    "greater_than_equal": ("at_least", "ge"), "less_than_equal": ("at_most", "le"),
    "too_short": ("too_few_items", "min_length"), "too_long": ("too_many_items", "max_length"),
    "string_too_long": ("too_many_chars", "max_length"),
}  # fmt: skip


def _pydantic_problem(err: Any) -> tuple[str | None, str, dict[str, Any]]:
    """(field path, code, params) for one pydantic error, in the words of docs/log-format.md."""
    loc = list(err["loc"])
    kind = err["type"]
    if len(loc) >= 2 and loc[0] == "replacement" and loc[1] in RECORD_TYPES:
        del loc[1]  # the discriminated union's tag
    elif len(loc) >= 3 and loc[0] == "inserted" and loc[2] in RECORD_TYPES:
        del loc[2]
    key = False
    if loc and loc[-1] == "[key]":  # a bad key of a mapping, e.g. points {"X": 1}
        loc, key = loc[:-2], True
    path = ".".join(str(p) for p in loc) or None
    ctx = err.get("ctx") or {}
    if kind in MESSAGES:  # ours (events.records): the code is the error's type
        return path, kind, dict(ctx)
    got = short_json(err["input"])
    if kind == "missing":
        return path, "required", {}
    if kind == "extra_forbidden":
        return path, "not_allowed", {}
    if kind == "union_tag_not_found":
        return f"{path}.type", "required", {}
    if kind == "union_tag_invalid":
        valid = ctx["expected_tags"].replace("'", "")
        return f"{path}.type", "not_replacement", {"type": ctx["tag"], "valid": valid}
    if kind == "literal_error":
        choices = re.split(r", | or ", ctx["expected"])
        if len(choices) == 1:
            return path, "must_equal", {"expected": choices[0], "got": got}
        return path, "key_one_of" if key else "one_of", {"choices": ", ".join(choices), "got": got}
    if kind in _TYPE_WORDS:
        return path, "wrong_type", {"kind": _TYPE_WORDS[kind], "got": got}
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        return path, "empty", {}
    if kind in _LIMITS:
        code, limit = _LIMITS[kind]
        count = {"count": ctx.get("actual_length")} if code.endswith("_items") else {"got": got}
        return path, code, {"limit": ctx[limit], **count}
    if kind == "string_pattern_mismatch":
        return path, "pattern", {"pattern": repr(ctx["pattern"]), "got": got}
    return path, "invalid", {"detail": err["msg"]}


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_dumps = _ENCODER.encode  # json.dumps with these options would build an encoder per call

# Lines already accepted, per tile set: line (its UTF-8) -> (type, record, its canonical text's
# UTF-8, that text's SHA-256). Draws, discards, reveals, claims and dice are most of a log and repeat
# across hands and files (a few hundred distinct lines a ruleset, under 2,000 with every seat,
# tile and source), so each is decoded and validated once per process, and its record, read-only
# (events.shared), is shared by every log that has the line. Only records whose checks need
# nothing but the tile set, whose values are plain or short lists of plain values (a deal's 13
# tiles never repeat) and that carry no time or note (those never repeat) are kept; the table
# stops growing at _KNOWN_MAX lines (~5 MB).
_Known = tuple[str, SharedRecord, bytes, bytes]
# A line read: (its type, record, canonical UTF-8, SHA-256); a known line's is its _Known. A line
# with an error has its type if known and None, b"", b"" (the file is refused).
_Entry = tuple[str | None, dict[str, Any] | None, bytes, bytes]
_KNOWN: dict[frozenset[str], dict[bytes, _Known]] = {}
_KNOWN_MAX = 5_000
_KNOWN_LIST = 4  # items at most in a list of a known line (dice 2, a chi's tiles 2)
_CONTEXT_TYPES = frozenset({"session", "hand", "correction"})
# How the canonical texts of the plain forms begin (_take_canonical).
_PLAIN_STARTS = (b'{"type":"deal",', b'{"type":"hand",', b'{"type":"settlement",')
_NONE: Mapping[Any, _Known] = MappingProxyType({})  # no line is known before the first hand


def _plain(value: Any) -> bool:
    """A value a known line may hold: text, a whole number, or a short list of those."""
    if type(value) is list:
        return len(value) <= _KNOWN_LIST and all(type(item) in (str, int) for item in value)
    return type(value) in (str, int)


@dataclass
class _FileChecker:
    """The file-level rules: session first and once, hands numbered upward with the session's
    players, tiles of the ruleset's set, corrections pointing back. A file's lines are read in
    blocks (``read``); one loaded value at a time is fed (``feed``)."""

    errors: list[LogError] = field(default_factory=list)
    # One tuple a line (a run of known lines is one extend), split into ParsedLog's lists once
    # at the end (finish).
    entries: list[_Entry] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    session: Session | None = None
    tile_set: frozenset[str] | None = None
    last_hand: int | None = None
    hand_begun: bool = False  # a line that may have been the first hand failed (feed)
    known: dict[bytes, _Known] | None = None  # _KNOWN[...]

    def read(self, items: Sequence[Item], numbers: Sequence[int], start: int, stop: int) -> bool:
        """Read ``items[start:stop]``; False once there are more than MAX_ERRORS errors (the
        file is refused: reading on would only cost time). Runs of known lines (_KNOWN) are
        taken whole; any other line is read on its own."""
        known = self._known_lines()
        entries: list[Any] = list(map(known.get, items[start:stop]))  # _Known, or None
        at, end = 0, stop - start
        while at < end:
            try:
                miss = entries.index(None, at)
            except ValueError:
                miss = end
            if miss > at:
                self._take_known(entries[at:miss], numbers[start + at : start + miss])
            if miss == end:
                break
            self._read_one(numbers[start + miss], items[start + miss])
            if len(self.errors) > MAX_ERRORS:
                return False
            at = miss + 1
            if self._known_lines() is not known:  # the first hand is read: look the rest up
                known = self._known_lines()
                entries[at:] = map(known.get, items[start + at : stop])
        return True

    def _known_lines(self) -> Mapping[Any, _Known]:
        """The lines that may be taken as known from here on: none before the first hand,
        whose context a line may need."""
        return self.known if self.known is not None and self.last_hand is not None else _NONE

    def _take_known(self, entries: list[_Known], numbers: Sequence[int]) -> None:
        """Take lines already accepted with this tile set (see _KNOWN): the same results as
        decoding and checking them again, their shared records."""
        self.entries += entries
        self.lines += numbers

    def _read_one(self, line: int, item: Item) -> None:
        """Read an item that is not a known line: list an error, skip a blank line, check a
        line."""
        if isinstance(item, LogError):
            self.errors.append(item)
            if item.code == "line_too_long":
                self.feed(line, _UNLOADED)  # unread, but a record all the same (see feed)
        elif not self._take_canonical(line, item):
            text = _text(item, line, self.errors)
            if text is None:
                self.feed(line, _UNLOADED)
            elif text and not text.isspace():
                self.feed(line, _load(text, line, self.errors), item)

    def _take_canonical(self, line: int, raw: bytes) -> bool:
        """Take a hand, deal or settlement line written exactly in its canonical text
        (``plain.canonical``: msgspec, in C); False for any other line, which then takes the
        long way."""
        if self.tile_set is None or not raw.startswith(_PLAIN_STARTS):
            return False
        record = plain.canonical(raw, self.tile_set)
        if record is None or not self._fits(record):
            return False
        self._take_plain(line, record, raw)
        return True

    def _take_plain(self, line: int, record: dict[str, Any], utf8: bytes) -> None:
        """Take the record and canonical text's UTF-8 of a line in its plain form (_plain)."""
        if record["type"] == "hand":
            self.last_hand = record["no"]
        self.lines.append(line)
        self._accept(record, utf8)

    def feed(self, line: int, obj: Any, source: bytes | None = None) -> None:
        """Check one loaded JSON value (_UNLOADED: the line could not be read, not as UTF-8,
        JSON or within the length limit; its error is already listed);
        ``source``, the line it was loaded from, lets an accepted line join _KNOWN."""
        seq = len(self.entries)
        kind = obj.get("type") if isinstance(obj, dict) else None
        made = self._plain(kind, obj)
        if made is not None:
            self._take_plain(line, made[0], made[1].encode())
            return
        scan = source is None or b"\\u" in source
        model = None if obj is _UNLOADED else _validate(obj, line, self.errors, scan)
        known_kind = kind if isinstance(kind, str) and kind in RECORD_TYPES else None
        self.lines.append(line)
        if seq == 0 and known_kind != "session" and obj is not _UNLOADED:
            self.errors.append(LogError(line, known_kind, None, "session_first"))
        if model is None:
            self.entries.append((known_kind, None, b"", b""))
            # A line unread, of no known type, or a hand record that does not validate may be
            # the first hand: the play after it is not blamed for coming before one.
            self.hand_begun = self.hand_begun or known_kind in (None, "hand")
            return
        clean = len(self.errors)  # no error of this line's own below: it may join _KNOWN
        # Dispatch on the type tag: isinstance on a pydantic model runs its metaclass's check.
        if model.type == "session":
            self._check_session(model, line, seq)
        elif self.last_hand is None and kind != "hand" and not self.hand_begun:
            self.errors.append(LogError(line, model.type, None, "before_first_hand"))
        self._check_context(model, line, "")
        if model.type == "hand":
            self._check_number(model, line)
        if model.type == "correction":
            self._check_target(model, line, seq)
            if model.replacement is not None:
                self._check_context(model.replacement, line, "replacement.", model.type)
            for i, inserted in enumerate(model.inserted or ()):
                self._check_context(inserted, line, f"inserted.{i}.", model.type)
        record = canonical_dict(model)
        if (
            source is not None
            and self.known is not None
            and clean == len(self.errors)
            and self._context_free(kind, record)
        ):
            kept = shared(record)  # this log's record too: the same whether first or known
            self.known[source] = (model.type, kept, *self._accept(kept)[2:])
        else:
            self._accept(record)

    def _plain(self, kind: object, obj: Any) -> plain.Plain | None:
        """The record and text of a hand, deal or settlement line in its plain form
        (events.plain), once the session is read: None for any other line, and for one that
        does not fit its place (the model's way then names the problem)."""
        if self.tile_set is None:
            return None
        if kind == "hand":
            made = plain.hand(obj)
        elif kind == "deal":
            made = plain.deal(obj, self.tile_set)
        elif kind == "settlement":
            made = plain.settlement(obj)
        else:
            return None
        return made if made is not None and self._fits(made[0]) else None

    def _fits(self, record: dict[str, Any]) -> bool:
        """Does a plain record fit its place: a hand numbered above the last one with the
        session's players, a deal or a settlement after the first hand?"""
        if record["type"] != "hand":
            return self.last_hand is not None
        assert self.session is not None  # the tile set is its ruleset's
        return (self.last_hand is None or record["no"] > self.last_hand) and sorted(
            record["seats"].values()
        ) == sorted(self.session.players)

    def _accept(self, record: dict[str, Any], utf8: bytes | None = None) -> _Entry:
        """Keep an accepted canonical record (``utf8``: its canonical text's UTF-8, when
        known); its entry."""
        if utf8 is None:
            utf8 = _dumps(record).encode()
        entry = (record["type"], record, utf8, event_digest(utf8))
        self.entries.append(entry)
        return entry

    def _context_free(self, kind: str | None, record: dict[str, Any]) -> bool:
        """May this accepted record join _KNOWN (see there)?"""
        return (
            self.known is not None
            and self.last_hand is not None
            and kind not in _CONTEXT_TYPES
            and len(self.known) < _KNOWN_MAX
            and "t" not in record
            and "note" not in record
            and all(map(_plain, record.values()))
        )

    def _check_session(self, model: Session, line: int, seq: int) -> None:
        if seq > 0:
            self.errors.append(LogError(line, "session", None, "session_once"))
            return
        self.session = model
        ruleset = get_ruleset(model.ruleset)
        try:
            opts = ruleset.options(model.options)
        except OptionError as e:
            code, params = (
                (e.code, e.params) if e.code in MESSAGES else ("option", {"detail": str(e)})
            )
            self.errors.append(LogError(line, "session", "options", code, params))
            return
        self.tile_set = frozenset(ruleset.tile_counts(opts))
        self.known = _KNOWN.setdefault(self.tile_set, {})

    def _check_context(self, model: AnyRecord, line: int, prefix: str, kind: str = "") -> None:
        kind = kind or model.type
        if model.type == "hand" and self.session is not None:
            names = [model.seats.E, model.seats.S, model.seats.W, model.seats.N]
            players = self.session.players
            if sorted(names) != sorted(players):
                shown = {"players": ", ".join(players), "seats": ", ".join(names)}
                self.errors.append(LogError(line, kind, f"{prefix}seats", "seats_players", shown))
        if self.tile_set is not None and model.tile_fields:
            bad: dict[str, str] = {}
            for fld, tile in model.tiles_in():
                if tile not in self.tile_set:
                    bad.setdefault(fld, tile)
            for fld, tile in bad.items():
                assert self.session is not None  # the tile set is its ruleset's
                where = {"tile": tile, "ruleset": self.session.ruleset}
                self.errors.append(LogError(line, kind, prefix + fld, "tile_not_in_set", where))

    def _check_number(self, model: Hand, line: int) -> None:
        if self.last_hand is not None and model.no <= self.last_hand:
            order = {"no": model.no, "last": self.last_hand}
            self.errors.append(LogError(line, "hand", "no", "hand_order", order))
        self.last_hand = max(model.no, self.last_hand or 0)

    def _check_target(self, model: Correction, line: int, seq: int) -> None:
        if model.target >= seq:
            where = {"target": model.target, "seq": seq}
            self.errors.append(LogError(line, "correction", "target", "target_not_earlier", where))
        elif model.target == 0:
            self.errors.append(LogError(line, "correction", "target", "target_session"))
        elif self.entries[model.target][0] == "correction":
            self.errors.append(LogError(line, "correction", "target", "target_correction"))

    def finish(self) -> ParsedLog:
        if not self.entries and not self.errors:
            self.errors.append(LogError(1, None, None, "file_empty"))
        if self.errors:
            if len(self.errors) > MAX_ERRORS:
                line = self.errors[MAX_ERRORS].line
                stop = LogError(line, None, None, "too_many_problems", {"limit": MAX_ERRORS})
                self.errors[MAX_ERRORS:] = [stop]
            raise LogFormatError(self.errors)
        _, records, lines_utf8, digests = zip(*self.entries, strict=True)
        utf8 = b"\n".join(lines_utf8) + b"\n"
        return ParsedLog(
            records=list(records),  # (no None: a line with an error refused the file)
            lines=self.lines,
            digests=list(digests),
            content_hash=hashlib.sha256(utf8).hexdigest(),
            utf8=utf8,
        )
