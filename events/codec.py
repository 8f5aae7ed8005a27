"""Parse and validate a v1 table log; write its canonical form (docs/log-format.md).

A file is accepted whole or rejected whole: every problem becomes a :class:`LogError` naming the
line, the record type and the field, and :class:`LogFormatError` carries all of them (up to a
cap). Game legality is not checked here: that is the replay's job.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from pydantic import BaseModel, ValidationError

from engine.rulesets import get_ruleset
from engine.rulesets.base import OptionError
from events.chain import event_digest
from events.records import (
    RECORD_TYPES,
    Correction,
    Hand,
    Record,
    Session,
    canonical_dict,
    short_json,
)

DEFAULT_MAX_LOG_BYTES = 20 * 1024 * 1024
MAX_LINE_BYTES = 64 * 1024
MAX_LINES = 200_000  # physical lines; a long session is ~20,000 (100 hands of ~180 records)
MAX_ERRORS = 50
MAX_DEPTH = 32  # nesting of objects/arrays in one record; real records use 4
_BOM = b"\xef\xbb\xbf"


@dataclass(frozen=True, slots=True)
class LogError:
    """One problem: ``line`` is the 1-based line of the file; ``record_type`` and ``field`` are
    None when unknown (a line that is not JSON has neither)."""

    line: int
    record_type: str | None
    field: str | None
    message: str

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
    """An accepted log: canonical records with their source lines and the hash of the whole."""

    records: list[dict[str, Any]]
    lines: list[int]
    canonical_lines: list[str]
    content_hash: str
    digests: list[bytes]  # SHA-256 of each canonical line: the hash chain's event digests

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
        data = data.read(max_bytes + 1)  # a file over the limit is read no further
        if not isinstance(data, bytes | bytearray):
            raise TypeError("parse_log reads a binary stream (open the file with 'rb')")
    checker = _FileChecker()
    for line_no, item in _lines(bytes(data), max_bytes):
        if isinstance(item, LogError):
            checker.errors.append(item)
        elif not checker.feed_known(line_no, item):
            checker.feed(line_no, _load(item, line_no, checker.errors), item)
        if len(checker.errors) > MAX_ERRORS:
            break  # the file is refused: reading on would only cost time (see finish)
        if deadline is not None and line_no % 256 == 0 and time.monotonic() > deadline:
            late = "reading stopped here: the log took longer to check than one upload may take"
            checker.errors.append(LogError(line_no, None, None, late))
            break
    return checker.finish()


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
    digest = hashlib.sha256()
    for line in canonical_lines:
        digest.update(line.encode("utf-8") + b"\n")
    return digest.hexdigest()


def _lines(data: bytes, max_bytes: int) -> Iterator[tuple[int, str | LogError]]:
    """(line number, decoded line or LogError) for every non-blank line. A file larger than
    ``max_bytes`` gets one error, at the line that crosses the limit, after the lines before it;
    so does a file with text after its MAX_LINES-th line. A file with nothing to report (the
    usual upload) is decoded and split in one go."""
    data, too_many = _first_lines(data)
    stopped = yield from _read_lines(data, max_bytes)
    if too_many and not stopped:
        limit = f"the file has more than {MAX_LINES} lines (the limit)"
        yield MAX_LINES + 1, LogError(MAX_LINES + 1, None, None, limit)


def _first_lines(data: bytes) -> tuple[bytes, bool]:
    """The first MAX_LINES lines of ``data``, and whether anything but blanks follows them."""
    if data.count(b"\n") < MAX_LINES:
        return data, False
    rest = data.split(b"\n", MAX_LINES)[-1]
    return data[: len(data) - len(rest)], not (rest == b"" or rest.isspace())


def _read_lines(data: bytes, max_bytes: int) -> Generator[tuple[int, str | LogError], None, bool]:
    """_lines for a file of at most MAX_LINES lines; returns whether it stopped at the size
    limit."""
    text = _plain_text(data, max_bytes)
    if text is not None:
        for line_no, line in enumerate(text.removeprefix("\ufeff").split("\n"), 1):
            if line and not line.isspace():
                yield line_no, line
        return False
    total = 0
    for line_no, raw in enumerate(data.split(b"\n"), 1):
        total += len(raw) + 1  # its newline (the last line has none: min below)
        if min(total, len(data)) > max_bytes:
            limit = f"the file is larger than the limit of {max_bytes} bytes (FUPAN_MAX_LOG_BYTES)"
            yield line_no, LogError(line_no, None, None, limit)
            return True
        if line_no == 1 and raw.startswith(_BOM):
            raw = raw[len(_BOM) :]
        content = raw.rstrip(b"\r")
        if len(content) > MAX_LINE_BYTES:
            limit = f"the line is longer than the limit of {MAX_LINE_BYTES} bytes"
            yield line_no, LogError(line_no, None, None, limit)
            continue
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError as e:
            bad = f"not UTF-8 (byte 0x{content[e.start]:02x} at column {e.start + 1})"
            yield line_no, LogError(line_no, None, None, bad)
            continue
        if text.strip():
            yield line_no, text
    return False


def _plain_text(data: bytes, max_bytes: int) -> str | None:
    """The file as text if it is within the size limits, UTF-8, and has no carriage return to
    strip; else None (the line-by-line path finds what to report)."""
    if len(data) > max_bytes or b"\r" in data:
        return None
    if len(data) > MAX_LINE_BYTES and max(map(len, data.split(b"\n"))) > MAX_LINE_BYTES:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _object_no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)  # in C; only a file with a duplicate key pays for the search below
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f'duplicate key "{key}"')
            seen.add(key)
    return out


def _reject_constant(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


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
    try:
        obj = _decode(text)
    except json.JSONDecodeError as e:
        message = f"not JSON: {e.msg} (column {e.colno})"
    except RecursionError:
        message = f"nested more than {MAX_DEPTH} levels deep"
    except ValueError as e:  # a duplicate key, NaN, an integer of more than 4300 digits
        reason = "a number has too many digits" if "digits" in str(e) else str(e)
        message = f"not JSON this service accepts: {reason}"
    else:
        # Depth cannot exceed the count of brackets that open: most lines skip the walk.
        if text.count("{") + text.count("[") <= MAX_DEPTH or not _too_deep(obj):
            return obj
        message = f"nested more than {MAX_DEPTH} levels deep"
    errors.append(LogError(line, None, None, message))
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


def _validate(obj: Any, line: int, errors: list[LogError], scan: bool) -> Record | None:
    """The record model for one JSON value, or None after adding its errors to ``errors``.
    ``scan``: look for NUL and lone surrogates (a line without a \\u escape has none)."""
    if not isinstance(obj, dict):
        errors.append(LogError(line, None, None, f"not a JSON object (got {_json_kind(obj)})"))
        return None
    kind = obj.get("type")
    known = kind if isinstance(kind, str) and kind in RECORD_TYPES else None
    unsafe = unsafe_text(obj) if scan else None
    if unsafe is not None:
        errors.append(LogError(line, known, *unsafe))
        return None
    if "type" not in obj:
        errors.append(LogError(line, None, "type", "is required"))
        return None
    if known is None:
        errors.append(LogError(line, None, "type", _unknown_type(kind)))
        return None
    try:
        # model_validate(obj) without its Python frame and argument checks: same validator.
        model = RECORD_TYPES[kind].__pydantic_validator__.validate_python(obj)
    except ValidationError as e:
        errors.extend(LogError(line, kind, *_pydantic_problem(err)) for err in e.errors())
        return None
    problems = model.problems()
    if not problems:
        return model
    errors.extend(LogError(line, kind, f, m) for f, m in problems)
    return None


# NUL cannot be stored in PostgreSQL text, a lone surrogate cannot be written as UTF-8: either
# would fail far from the upload (the database, a JSON report), so the codec refuses them.
_UNSAFE_CHAR = re.compile("[\x00\ud800-\udfff]")


def unsafe_text(obj: Any) -> tuple[str | None, str] | None:
    """(field path, message) for the first string (key or value) holding NUL or a lone
    surrogate, else None. Iterative, like _too_deep."""
    stack: list[tuple[Any, str]] = [(obj, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            found = _UNSAFE_CHAR.search(value)
            if found:
                return path or None, f"must not contain {_char_name(found.group())}"
        elif isinstance(value, dict):
            for key, child in value.items():
                found = _UNSAFE_CHAR.search(key)
                if found:
                    return path or None, f"has a key that contains {_char_name(found.group())}"
                stack.append((child, f"{path}.{key}" if path else key))
        elif isinstance(value, list):
            stack.extend(
                (child, f"{path}.{i}" if path else str(i)) for i, child in enumerate(value)
            )
    return None


def _char_name(char: str) -> str:
    code = f"\\u{ord(char):04x}"
    return f"NUL ({code})" if char == "\x00" else f"a lone surrogate ({code})"


def _unknown_type(kind: object) -> str:
    shown = json.dumps(kind, ensure_ascii=False) if isinstance(kind, str) else _json_kind(kind)
    return f"unknown record type {shown}; valid types: {', '.join(RECORD_TYPES)}"


def _json_kind(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    return names.get(type(value), "a number")


def _pydantic_problem(err: Any) -> tuple[str | None, str]:
    """(field path, message) for one pydantic error, in the words of docs/log-format.md."""
    loc = list(err["loc"])
    kind = err["type"]
    if len(loc) >= 2 and loc[0] == "replacement" and loc[1] in RECORD_TYPES:
        del loc[1]  # the discriminated union's tag
    elif len(loc) >= 3 and loc[0] == "inserted" and loc[2] in RECORD_TYPES:
        del loc[2]
    key = ""
    if loc and loc[-1] == "[key]":  # a bad key of a mapping, e.g. points {"X": 1}
        loc, key = loc[:-2], "key "
    path = ".".join(str(p) for p in loc) or None
    if kind == "missing":
        return path, "is required"
    if kind == "extra_forbidden":
        return path, "is not allowed here"
    if kind == "union_tag_not_found":
        return f"{path}.type", "is required"
    if kind == "union_tag_invalid":
        return f"{path}.type", (
            f'"{err["ctx"]["tag"]}" cannot be a replacement; valid types: '
            + err["ctx"]["expected_tags"].replace("'", "")
        )
    msg = err["msg"]
    if msg.startswith("Input should be"):
        msg = key + "must be" + msg[len("Input should be") :]
        return path, f"{msg} (got {short_json(err['input'])})"
    if msg.startswith("Value should have") or msg.startswith("List should have"):
        return path, f"{msg[0].lower()}{msg[1:]}"
    if msg.startswith("String should"):
        return path, f"must{msg[len('String should') :]} (got {short_json(err['input'])})"
    return path, msg


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_dumps = _ENCODER.encode  # json.dumps with these options would build an encoder per call

# Lines already accepted, per tile set: line text -> (type, record, canonical text, hashed
# bytes, SHA-256 of the canonical text). Draws, discards, reveals and claims are most of a log
# and repeat across hands and files (a few hundred distinct lines a ruleset, under 2,000 with
# every seat, tile and source), so each is decoded and validated once per process. Only
# records whose checks need nothing but the tile set, whose values are all plain (a copy is
# then a fresh record) and that carry no time or note (those never repeat) are kept; the
# table stops growing at _KNOWN_MAX lines (~5 MB).
_KNOWN: dict[frozenset[str], dict[str, tuple[str, dict[str, Any], str, bytes, bytes]]] = {}
_KNOWN_MAX = 5_000
_CONTEXT_TYPES = frozenset({"session", "hand", "correction"})


@dataclass
class _FileChecker:
    """The file-level rules: session first and once, hands numbered upward with the session's
    players, tiles of the ruleset's set, corrections pointing back. Fed one line at a time."""

    errors: list[LogError] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    canonical: list[str] = field(default_factory=list)
    types: list[str | None] = field(default_factory=list)
    session: Session | None = None
    tile_set: frozenset[str] | None = None
    last_hand: int | None = None
    digest: Any = field(default_factory=hashlib.sha256)
    digests: list[bytes] = field(default_factory=list)
    known: dict[str, tuple[str, dict[str, Any], str, bytes, bytes]] | None = None  # _KNOWN[...]

    def feed_known(self, line: int, text: str) -> bool:
        """Take ``text`` if it is a line already accepted with this tile set (see _KNOWN):
        the same result as decoding and checking it again. False: feed it the long way."""
        if self.known is None or self.last_hand is None:
            return False
        entry = self.known.get(text)
        if entry is None:
            return False
        kind, record, canonical, hashed, digest = entry
        self.types.append(kind)
        self.lines.append(line)
        self.records.append(record.copy())
        self.canonical.append(canonical)
        self.digests.append(digest)
        self.digest.update(hashed)
        return True

    def feed(self, line: int, obj: Any, source: str | None = None) -> None:
        """Check one loaded JSON value (_UNLOADED: it was not JSON, its error is already listed);
        ``source``, the line it was loaded from, lets an accepted line join _KNOWN."""
        seq = len(self.types)
        scan = source is None or "\\u" in source
        model = None if obj is _UNLOADED else _validate(obj, line, self.errors, scan)
        kind = obj.get("type") if isinstance(obj, dict) else None
        self.types.append(kind if isinstance(kind, str) and kind in RECORD_TYPES else None)
        self.lines.append(line)
        if seq == 0 and self.types[0] != "session":
            self.errors.append(
                LogError(line, self.types[0], None, "the first record must be the session record")
            )
        if model is None:
            return
        clean = len(self.errors)  # no error of this line's own below: it may join _KNOWN
        # Dispatch on the type tag: isinstance on a pydantic model runs its metaclass's check.
        if kind == "session":
            self._check_session(model, line, seq)
        elif self.last_hand is None and kind != "hand":
            self.errors.append(
                LogError(line, model.type, None, "comes before the first hand record")
            )
        self._check_context(model, line, "")
        if kind == "hand":
            self._check_number(model, line)
        if kind == "correction":
            self._check_target(model, line, seq)
            if model.replacement is not None:
                self._check_context(model.replacement, line, "replacement.", model.type)
            for i, inserted in enumerate(model.inserted or ()):
                self._check_context(inserted, line, f"inserted.{i}.", model.type)
        record = canonical_dict(model)
        text = _dumps(record)
        hashed = text.encode("utf-8") + b"\n"  # content_hash(self.canonical), as the lines come
        digest = event_digest(text)
        self.records.append(record)
        self.canonical.append(text)
        self.digests.append(digest)
        self.digest.update(hashed)
        if source is not None and clean == len(self.errors) and self._context_free(kind, record):
            self.known[source] = (kind, record.copy(), text, hashed, digest)

    def _context_free(self, kind: str, record: dict[str, Any]) -> bool:
        """May this accepted record join _KNOWN (see there)?"""
        return (
            self.known is not None
            and self.last_hand is not None
            and kind not in _CONTEXT_TYPES
            and len(self.known) < _KNOWN_MAX
            and "t" not in record
            and "note" not in record
            and all(type(value) in (str, int) for value in record.values())
        )

    def _check_session(self, model: Session, line: int, seq: int) -> None:
        if seq > 0:
            self.errors.append(
                LogError(
                    line,
                    "session",
                    None,
                    "the session record must appear once, as the first record",
                )
            )
            return
        self.session = model
        ruleset = get_ruleset(model.ruleset)
        try:
            opts = ruleset.options(model.options)
        except OptionError as e:
            self.errors.append(LogError(line, "session", "options", str(e)))
            return
        self.tile_set = frozenset(ruleset.tile_counts(opts))
        self.known = _KNOWN.setdefault(self.tile_set, {})

    def _check_context(self, model: BaseModel, line: int, prefix: str, kind: str = "") -> None:
        kind = kind or model.type
        if model.type == "hand" and self.session is not None:
            names = [model.seats.E, model.seats.S, model.seats.W, model.seats.N]
            players = self.session.players
            if sorted(names) != sorted(players):
                self.errors.append(
                    LogError(
                        line, kind, f"{prefix}seats",
                        "must map E, S, W, N to the session's players, each once "
                        f"(players: {', '.join(players)}; seats: {', '.join(names)})",
                    )
                )  # fmt: skip
        if self.tile_set is not None and model.tile_fields:
            bad = {}
            for fld, tile in model.tiles_in():
                if tile not in self.tile_set:
                    bad.setdefault(fld, tile)
            for fld, tile in bad.items():
                self.errors.append(
                    LogError(
                        line, kind, prefix + fld,
                        f"{tile} is not in the {self.session.ruleset} tile set",
                    )
                )  # fmt: skip

    def _check_number(self, model: Hand, line: int) -> None:
        if self.last_hand is not None and model.no <= self.last_hand:
            self.errors.append(
                LogError(
                    line, "hand", "no",
                    f"hand numbers must increase: {model.no} follows {self.last_hand}",
                )
            )  # fmt: skip
        self.last_hand = max(model.no, self.last_hand or 0)

    def _check_target(self, model: Correction, line: int, seq: int) -> None:
        if model.target >= seq:
            self.errors.append(
                LogError(
                    line, "correction", "target",
                    f"must point at an earlier record (target {model.target}, this record is {seq})",
                )
            )  # fmt: skip
        elif model.target == 0:
            self.errors.append(
                LogError(line, "correction", "target", "the session record cannot be corrected")
            )
        elif self.types[model.target] == "correction":
            self.errors.append(
                LogError(
                    line, "correction", "target",
                    "a correction cannot be corrected; correct the original record again",
                )
            )  # fmt: skip

    def finish(self) -> ParsedLog:
        if not self.types and not self.errors:
            self.errors.append(
                LogError(1, None, None, "the file is empty; line 1 must be the session record")
            )
        if self.errors:
            if len(self.errors) > MAX_ERRORS:
                line = self.errors[MAX_ERRORS].line
                stop = f"more than {MAX_ERRORS} problems: reading stopped here"
                self.errors[MAX_ERRORS:] = [LogError(line, None, None, stop)]
            raise LogFormatError(self.errors)
        return ParsedLog(
            records=self.records,
            lines=self.lines,
            canonical_lines=self.canonical,
            digests=self.digests,
            content_hash=self.digest.hexdigest(),
        )
