"""Every message the codec can give, on the smallest log that provokes it."""

from __future__ import annotations

import json
import os
import time
from types import SimpleNamespace

import pytest

from events.codec import (
    MAX_DEPTH,
    MAX_ERRORS,
    MAX_LINE_BYTES,
    MAX_LINES,
    LogError,
    LogFormatError,
    parse_log,
)

SESSION = {"type": "session", "ruleset": "wenling", "players": ["阿强", "小李", "老王", "阿芳"]}
HAND = {"type": "hand", "no": 1, "seats": {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"}}


def jsonl(*records: object) -> str:
    return "".join(
        (r if isinstance(r, str) else json.dumps(r, ensure_ascii=False)) + "\n" for r in records
    )


def errors(data: str | bytes, **options: float) -> list[str]:
    with pytest.raises(LogFormatError) as info:
        parse_log(data, **options)
    assert all(isinstance(e, LogError) and e.line >= 1 for e in info.value.errors)
    return [str(e) for e in info.value.errors]


def play_errors(*records: object) -> list[str]:
    """Errors of a log whose play records start on line 3."""
    return errors(jsonl(SESSION, HAND, *records))


# (record on line 3, the one expected message)
EXPOSED_5P = {"kind": "gang_exposed", "tiles": "5555p", "from": "S"}
CONCEALED_7S = {"kind": "gang_concealed", "tiles": "7777s"}
CHAINED = {"on_replacement": True}


def _east_shows(*melds: dict) -> dict:
    return {"type": "showdown", "seat": "E", "concealed": "11m", "melds": list(melds)}


def _not_on_replacement(at: int, kind: str) -> str:
    return (
        f"line 3 (showdown): field melds.{at}.on_replacement: only a gang_concealed or gang_added"
        f" meld listed right after another gang can be made on its replacement (this is a {kind})"
    )


RECORD_CASES = [
    (
        {"type": "discard", "seat": "E", "tile": "10m"},
        'line 3 (discard): field tile: "10m" is not a tile',
    ),
    (
        {"type": "discard", "seat": "X", "tile": "1m"},
        "line 3 (discard): field seat: must be one of 'E', 'S', 'W', 'N' (got \"X\")",
    ),
    ({"type": "discard", "seat": "E"}, "line 3 (discard): field tile: is required"),
    (
        {"type": "deal", "seat": "E", "tiles": 5},
        'line 3 (deal): field tiles: must be a tile string like "123m77z" or a list of tiles',
    ),
    (
        {"type": "deal", "seat": "E", "tiles": "123m东x"},
        'line 3 (deal): field tiles: "123m东x" is not a tile',
    ),
    (
        {"type": "discard", "seat": "E", "tile": "1m", "t": "yesterday"},
        "line 3 (discard): field t: is not an ISO-8601 time",
    ),
    (
        {"type": "discard", "seat": "E", "tile": "1m", "note": 5},
        "line 3 (discard): field note: must be a string (got 5)",
    ),
    (
        {"type": "dice", "seat": "E", "dice": [3, 7]},
        "line 3 (dice): field dice.1: must be less than or equal to 6 (got 7)",
    ),
    (
        {"type": "dice", "seat": "E", "dice": [3]},
        "line 3 (dice): field dice: must have at least 2 items (got 1)",
    ),
    (
        {"type": "dice", "seat": "E", "dice": [3, True]},
        "line 3 (dice): field dice.1: must be a whole number (got true)",
    ),
    (
        {"type": "draw", "seat": "E", "tile": "1m", "from": "dead"},
        "line 3 (draw): field from: must be one of 'wall', 'back' (got \"dead\")",
    ),
    (
        {"type": "chi", "seat": "S", "tiles": "123m"},
        "line 3 (chi): field tiles: must have at most 2 items (got 3)",
    ),
    (
        {"type": "gang", "seat": "S", "kind": "open", "tile": "1m"},
        "line 3 (gang): field kind: must be one of 'exposed', 'concealed', 'added' (got \"open\")",
    ),
    (
        {"type": "win", "seat": "E", "how": "instant", "tile": "1m"},
        'line 3 (win): field tile: must be absent when how is "instant"',
    ),
    (
        {"type": "win", "seat": "E", "how": "self_draw"},
        'line 3 (win): field tile: is required when how is "self_draw"',
    ),
    (
        {"type": "win", "seat": "E", "how": "robbed_kong", "tile": "1m"},
        'line 3 (win): field from: is required when how is "robbed_kong"',
    ),
    (
        {"type": "win", "seat": "E", "how": "self_draw", "tile": "1m", "from": "S"},
        'line 3 (win): field from: must be absent when how is "self_draw"',
    ),
    (
        {"type": "win", "seat": "E", "how": "discard", "tile": "1m", "from": "E"},
        "line 3 (win): field from: a seat cannot win from itself",
    ),
    (
        {"type": "win", "seat": "E", "how": "self_draw", "tile": "1m", "flags": ["Last-Tile"]},
        "line 3 (win): field flags.0: must match pattern '^[a-z][a-z0-9_]*$' (got \"Last-Tile\")",
    ),
    (
        {
            "type": "showdown",
            "seat": "E",
            "concealed": "11m",
            "melds": [{"kind": "peng", "tiles": "55p"}],
        },
        "line 3 (showdown): field melds.0.tiles: a peng meld has 3 tiles, not 2",
    ),
    (
        _east_shows(EXPOSED_5P, {"kind": "gang_exposed", "tiles": "7777s", "from": "W"} | CHAINED),
        _not_on_replacement(1, "gang_exposed"),
    ),
    (
        _east_shows({"kind": "peng", "tiles": "555p", "from": "S"}, CONCEALED_7S | CHAINED),
        _not_on_replacement(1, "gang_concealed"),
    ),
    (
        _east_shows({"kind": "gang_added", "tiles": "7777s", "from": "S"} | CHAINED),
        _not_on_replacement(0, "gang_added"),
    ),
    (
        _east_shows(EXPOSED_5P, CONCEALED_7S | {"on_replacement": False}),
        "line 3 (showdown): field melds.1.on_replacement: must be True (got false)",
    ),
    (
        {"type": "settlement", "payments": [{"from": "E", "to": "S", "amount": 1.5}]},
        "line 3 (settlement): field payments.0.amount: must be a whole number (got 1.5)",
    ),
    (
        {"type": "settlement", "payments": [{"from": "E", "to": "S", "amount": -3}]},
        "line 3 (settlement): field payments.0.amount: must not be negative (the payer is in from, the payee in to)",
    ),
    (
        {"type": "settlement", "payments": [{"from": "S", "to": "S", "amount": 3}]},
        "line 3 (settlement): field payments.0: seat S cannot pay itself",
    ),
    (
        {"type": "settlement", "payments": [], "points": {"X": 1}},
        "line 3 (settlement): field points: key must be one of 'E', 'S', 'W', 'N' (got \"X\")",
    ),
    (
        {"type": "correction", "target": 2},
        'line 3 (correction): field replacement: a correction has either a replacement record or "void": true',
    ),
    (
        {"type": "correction", "target": 2, "void": False},
        "line 3 (correction): field void: must be True (got false)",
    ),
    (
        {"type": "correction", "target": 2, "replacement": {"seat": "E"}},
        "line 3 (correction): field replacement.type: is required",
    ),
    (
        {"type": "correction", "target": 2, "replacement": {"type": "session"}},
        'line 3 (correction): field replacement.type: "session" cannot be a replacement; valid types: hand, dice, deal, wildcard, reveal, draw, discard, chi, peng, gang, win, exhausted, showdown, settlement',
    ),
    (
        {
            "type": "correction",
            "target": 2,
            "replacement": {"type": "discard", "seat": "E", "tile": "0m"},
        },
        'line 3 (correction): field replacement.tile: "0m" is not a tile',
    ),
    (
        {
            "type": "correction",
            "target": 2,
            "replacement": {"type": "win", "seat": "E", "how": "discard", "tile": "1m"},
        },
        'line 3 (correction): field replacement.from: is required when how is "discard"',
    ),
    (
        {"type": "correction", "target": 2, "void": True, "inserted": [{"type": "exhausted"}]},
        "line 3 (correction): field inserted: records can be inserted only after a replacement",
    ),
    (
        {
            "type": "correction",
            "target": 2,
            "replacement": {"type": "exhausted"},
            "inserted": [{"type": "exhausted"}, {"type": "discard", "seat": "E", "tile": "0m"}],
        },
        'line 3 (correction): field inserted.1.tile: "0m" is not a tile',
    ),
    (
        {
            "type": "correction",
            "target": 2,
            "replacement": {"type": "exhausted"},
            "inserted": [{"type": "correction", "target": 1, "void": True}],
        },
        'line 3 (correction): field inserted.0.type: "correction" cannot be a replacement; valid types: hand, dice, deal, wildcard, reveal, draw, discard, chi, peng, gang, win, exhausted, showdown, settlement',
    ),
    (
        {"type": "correction", "target": 3, "void": True},
        "line 3 (correction): field target: must point at an earlier record (target 3, this record is 2)",
    ),
    (
        {"type": "correction", "target": 0, "void": True},
        "line 3 (correction): field target: the session record cannot be corrected",
    ),
    (
        {"type": "hand", "no": 1, "seats": HAND["seats"]},
        "line 3 (hand): field no: hand numbers must increase: 1 follows 1",
    ),
    (
        {"type": "hand", "no": 0, "seats": HAND["seats"]},
        "line 3 (hand): field no: must be greater than or equal to 1 (got 0)",
    ),
    (
        {"type": "hand", "no": 2, "seats": {**HAND["seats"], "X": "阿强"}},
        "line 3 (hand): field seats.X: is not allowed here",
    ),
    (
        {"type": "hand", "no": 2, "seats": {**HAND["seats"], "N": "小明"}},
        "line 3 (hand): field seats: must map E, S, W, N to the session's players, each once (players: 阿强, 小李, 老王, 阿芳; seats: 阿强, 小李, 老王, 小明)",
    ),
    (
        {"type": "hand", "no": 2, "seats": {**HAND["seats"], "N": ""}},
        "line 3 (hand): field seats.N: must not be empty",
    ),
    (
        {"type": "hand", "no": 2, "seats": HAND["seats"], "seat_change": "yes"},
        'line 3 (hand): field seat_change: must be a boolean (got "yes")',
    ),
    (SESSION, "line 3 (session): the session record must appear once, as the first record"),
    (
        {"type": "shuffle"},
        'line 3: field type: unknown record type "shuffle"; valid types: session, hand, dice, deal, wildcard, reveal, draw, discard, chi, peng, gang, win, exhausted, showdown, settlement, correction',
    ),
    (
        {"type": 7},
        "line 3: field type: unknown record type a number; valid types: session, hand, dice, deal, wildcard, reveal, draw, discard, chi, peng, gang, win, exhausted, showdown, settlement, correction",
    ),
    ({"seat": "E"}, "line 3: field type: is required"),
    ([1, 2], "line 3: not a JSON object (got an array)"),
    ("null", "line 3: not a JSON object (got null)"),
    ('"discard"', "line 3: not a JSON object (got a string)"),
    ('{"type": "discard", "seat": "E"', "line 3: not JSON: a comma is missing (column 32)"),
    (
        '{"type": "exhausted", "type": "peng"}',
        'line 3: not JSON this service accepts: duplicate key "type"',
    ),
    (
        '{"type": "exhausted", "x": NaN}',
        "line 3: not JSON this service accepts: NaN is not a JSON number",
    ),
    (
        '{"type": "exhausted", "x": ' + "9" * 5000 + "}",
        "line 3: not JSON this service accepts: a number has too many digits",
    ),
    (
        '{"type": "exhausted", "x": ' + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1) + "}",
        f"line 3: nested more than {MAX_DEPTH} levels deep",
    ),
    (
        '{"type": "exhausted", "x": ' + "[" * 5000 + "]" * 5000 + "}",
        f"line 3: nested more than {MAX_DEPTH} levels deep",
    ),
    (
        '{"type": "exhausted", "note": "\\ud800"}',
        "line 3 (exhausted): field note: must not contain a lone surrogate (\\ud800)",
    ),
    (
        '{"type": "exhausted", "note": "\\udfffa"}',
        "line 3 (exhausted): field note: must not contain a lone surrogate (\\udfff)",
    ),
    (
        '{"type": "exhausted", "x": {"y": ["ok", "a\\u0000"]}}',
        "line 3 (exhausted): field x.y.1: must not contain NUL (\\u0000)",
    ),
    (
        '{"type": "exhausted", "x": {"k\\u0000": 1}}',
        "line 3 (exhausted): field x: has a key that contains NUL (\\u0000)",
    ),
    (
        '{"type": "exh\\u0000"}',
        "line 3: field type: must not contain NUL (\\u0000)",
    ),
]


@pytest.mark.parametrize(("record", "message"), RECORD_CASES)
def test_record_error_message(record: object, message: str) -> None:
    assert play_errors(record) == [message]


@pytest.mark.parametrize(
    ("session", "message"),
    [
        (
            {**SESSION, "players": ["a", "b", "c", "c"]},
            'line 1 (session): field players: must be 4 distinct names (got ["a", "b", "c", "c"])',
        ),
        (
            {**SESSION, "players": ["a", "b", "c"]},
            'line 1 (session): field players: must be 4 distinct names (got ["a", "b", "c"])',
        ),
        (
            {**SESSION, "ruleset": "guobiao"},
            "line 1 (session): field ruleset: must be one of 'wenling', 'huangyan', 'zhoushan', 'xizhou' (got \"guobiao\")",
        ),
        (
            {**SESSION, "started_at": "19:30 Saturday"},
            "line 1 (session): field started_at: is not an ISO-8601 time",
        ),
        (
            json.dumps({**SESSION, "players": ["a\ud800b", "b", "c", "d"]}),  # \\ud800 escape
            "line 1 (session): field players.0: must not contain a lone surrogate (\\ud800)",
        ),
        (
            {**SESSION, "club": "c\x00"},
            "line 1 (session): field club: must not contain NUL (\\u0000)",
        ),
        (
            {**SESSION, "table": "t" * 201},
            "line 1 (session): field table: must have at most 200 characters (got "
            + json.dumps("t" * 38)[:-1]
            + "…)",
        ),
        (
            {**SESSION, "table": 10**201},
            "line 1 (session): field table: must have at most 200 characters (got 1"
            + "0" * 38
            + "…)",
        ),
        (
            {**SESSION, "club": "c" * 201},
            "line 1 (session): field club: must have at most 200 characters (got "
            + json.dumps("c" * 38)[:-1]
            + "…)",
        ),
        (
            {**SESSION, "players": ["a", "b", "c", "d" * 201]},
            "line 1 (session): field players.3: must have at most 200 characters (got "
            + json.dumps("d" * 38)[:-1]
            + "…)",
        ),
        (
            {**SESSION, "table": 3.5},
            "line 1 (session): field table: must be a name or a whole number (got 3.5)",
        ),
    ],
)
def test_session_shape_errors(session: dict | str, message: str) -> None:
    assert message in errors(jsonl(session, HAND))


def test_options_are_checked_by_the_ruleset() -> None:
    (message,) = errors(jsonl({**SESSION, "options": {"no_such_option": 1}}, HAND))
    assert message.startswith(
        "line 1 (session): field options: unknown option no_such_option; valid options: "
    )
    (message,) = errors(jsonl({**SESSION, "options": {"multiplier": [1]}}, HAND))
    assert (
        message == "line 1 (session): field options: option multiplier: [1] is not a whole number"
    )


def test_flowers_are_not_in_the_huangyan_set() -> None:
    log = jsonl(
        {**SESSION, "ruleset": "huangyan"},
        HAND,
        {"type": "draw", "seat": "E", "tile": "春"},
        {
            "type": "showdown",
            "seat": "E",
            "concealed": "11m",
            "melds": [{"kind": "peng", "tiles": "555p"}, {"kind": "peng", "tiles": "菊菊菊"}],
            "revealed": "1f2f",
        },
        {
            "type": "correction",
            "target": 2,
            "replacement": {"type": "draw", "seat": "E", "tile": "8f"},
        },
    )
    assert errors(log) == [
        "line 3 (draw): field tile: 1f is not in the huangyan tile set",
        "line 4 (showdown): field revealed: 1f is not in the huangyan tile set",
        "line 4 (showdown): field melds.1.tiles: 8f is not in the huangyan tile set",
        "line 5 (correction): field replacement.tile: 8f is not in the huangyan tile set",
    ]
    parse_log(jsonl(SESSION, HAND, {"type": "draw", "seat": "E", "tile": "春"}))  # wenling has them


def test_session_must_come_first_and_hands_before_play() -> None:
    assert errors(jsonl(HAND, SESSION)) == [
        "line 1 (hand): the first record must be the session record",
        "line 2 (session): the session record must appear once, as the first record",
    ]
    assert errors(jsonl(SESSION, {"type": "dice", "seat": "E", "dice": [1, 2]}, HAND)) == [
        "line 2 (dice): comes before the first hand record"
    ]
    assert errors("\n\n" + jsonl({"x": 1})) == [
        "line 3: field type: is required",
        "line 3: the first record must be the session record",
    ]


def test_hand_numbers_increase_with_gaps_allowed() -> None:
    second = {**HAND, "no": 3}
    parse_log(jsonl(SESSION, HAND, second))
    assert errors(jsonl(SESSION, second, HAND)) == [
        "line 3 (hand): field no: hand numbers must increase: 1 follows 3"
    ]


def test_a_correction_cannot_target_a_correction() -> None:
    void = {"type": "correction", "target": 1, "void": True}
    assert play_errors(void, {**void, "target": 2}) == [
        "line 4 (correction): field target: a correction cannot be corrected; correct the original record again"
    ]


def test_replacement_hand_must_use_the_players() -> None:
    bad = {"type": "hand", "no": 1, "seats": {**HAND["seats"], "E": "小明"}}
    (message,) = play_errors({"type": "correction", "target": 1, "replacement": bad})
    assert message.startswith("line 3 (correction): field replacement.seats: must map E, S, W, N")


def test_empty_and_blank_files() -> None:
    expected = ["line 1: the file is empty; line 1 must be the session record"]
    assert errors(b"") == expected
    assert errors("\n \r\n\t\n") == expected


def test_not_utf8() -> None:
    data = jsonl(SESSION, HAND).encode() + b'{"type":"exhausted","note":"\xff"}\n'
    assert errors(data) == ["line 3: not UTF-8 (byte 0xff at column 29)"]
    assert errors("\ufeff".encode("utf-16")) == [  # (its BOM names it: it said "not UTF-8")
        "line 1: the file is UTF-16 text (Windows' “Unicode”), not UTF-8: save it as UTF-8"
    ]


def test_error_cap() -> None:
    bad = [{"type": "discard", "seat": "E", "tile": "0m"}] * (MAX_ERRORS + 7)
    with pytest.raises(LogFormatError) as info:
        parse_log(jsonl(SESSION, HAND, *bad))
    text = str(info.value).splitlines()
    assert text[0] == 'line 3 (discard): field tile: "0m" is not a tile'
    assert (
        text[MAX_ERRORS - 1] == f'line {MAX_ERRORS + 2} (discard): field tile: "0m" is not a tile'
    )
    assert text[-1] == f"line {MAX_ERRORS + 3}: more than 50 problems: reading stopped here"
    assert len(text) == len(info.value.errors) == MAX_ERRORS + 1


def test_line_limit_skips_the_line_and_goes_on() -> None:
    long_note = {"type": "exhausted", "note": "x" * MAX_LINE_BYTES}
    assert play_errors(long_note, {"type": "discard", "seat": "E", "tile": "0m"}) == [
        f"line 3: the line is longer than the limit of {MAX_LINE_BYTES} bytes",
        'line 4 (discard): field tile: "0m" is not a tile',
    ]
    fits = {"type": "exhausted", "note": "x" * (MAX_LINE_BYTES - 40)}
    parse_log(jsonl(SESSION, HAND, fits).replace("\n", "\r\n"))


def test_file_limit_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    log = jsonl(SESSION, HAND, *[{"type": "exhausted"}] * 100)
    sizes = [len(line.encode()) for line in log.splitlines(keepends=True)]
    crossing = next(n for n in range(len(sizes)) if sum(sizes[: n + 1]) > 500) + 1
    monkeypatch.setenv("FUPAN_MAX_LOG_BYTES", "500")
    assert errors(log) == [
        f"line {crossing}: the file is larger than the limit of 500 bytes (FUPAN_MAX_LOG_BYTES)"
    ]
    monkeypatch.setenv("FUPAN_MAX_LOG_BYTES", str(len(log.encode())))
    assert len(parse_log(log).records) == 102


class CountingStream:
    """A binary stream that counts what was read from it and never ends."""

    def __init__(self) -> None:
        self.read_bytes = 0

    def read(self, size: int = -1) -> bytes:
        assert size > 0, "an endless stream must be read with a size"
        self.read_bytes += size
        return b"x" * size


def test_an_endless_stream_is_read_only_up_to_the_limit() -> None:
    stream = CountingStream()
    with pytest.raises(LogFormatError) as info:
        parse_log(stream, max_bytes=1_000_000)  # type: ignore[arg-type]
    assert (
        str(info.value)
        == "line 1: the file is larger than the limit of 1000000 bytes (FUPAN_MAX_LOG_BYTES)"
    )
    assert stream.read_bytes <= 1_000_000 + 1


def test_a_file_is_read_to_its_end_or_the_limit_whatever_size_it_said(
    tmp_path, monkeypatch
) -> None:
    """A file is asked for its size before it is read: one that grew since (its size said 10
    bytes) is still read whole, or up to the limit."""
    data = jsonl(SESSION, HAND).encode()
    path = tmp_path / "grown.jsonl"
    path.write_bytes(data)
    monkeypatch.setattr(os, "fstat", lambda _fd: SimpleNamespace(st_size=10))
    with path.open("rb") as f:
        assert parse_log(f).utf8 == parse_log(data).utf8
    with path.open("rb") as f, pytest.raises(LogFormatError) as info:
        parse_log(f, max_bytes=100)
    assert [str(e) for e in info.value.errors] == errors(data, max_bytes=100)
    assert "larger than the limit of 100 bytes" in str(info.value)


def test_reading_stops_after_the_error_cap() -> None:
    """A million junk lines cost 51 decodes, not a million (the audit's 9M lines took 64 s)."""
    found = errors(b"1\n" * 1_000_000)
    assert len(found) == MAX_ERRORS + 1
    assert found[:2] == [
        "line 1: not a JSON object (got a number)",
        "line 1: the first record must be the session record",
    ]
    assert found[-2] == f"line {MAX_ERRORS - 1}: not a JSON object (got a number)"
    assert found[-1] == f"line {MAX_ERRORS}: more than 50 problems: reading stopped here"


def test_line_limit_counts_every_line_and_ignores_trailing_blanks() -> None:
    head = jsonl(SESSION, HAND)  # lines 1-2
    filler = "\n" * (MAX_LINES - 3)  # up to line MAX_LINES - 1
    exhausted = jsonl({"type": "exhausted"})
    assert len(parse_log(head + filler + exhausted + "\n \n").records) == 3
    assert errors(head + filler + "\n" + exhausted) == [
        f"line {MAX_LINES + 1}: the file has more than {MAX_LINES} lines (the limit)"
    ]


def test_past_the_deadline_reading_stops_with_an_error() -> None:
    lines = [{"type": "exhausted", "note": str(i)} for i in range(600)]
    data = jsonl(SESSION, HAND, *lines)
    assert len(parse_log(data, deadline=time.monotonic() + 60).records) == 602
    assert errors(data, deadline=time.monotonic() - 1) == [
        "line 256: reading stopped here: the log took longer to check than one upload may take"
    ]


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ('{"type": }', "a value is missing"),
        ('{"type": "discard" "seat": "E"}', "a comma is missing"),
        ('{"type" "discard"}', "a colon is missing"),
        ("{type: 1}", "a name in double quotes is missing"),
        ('{"type": "disc', "a text in quotes is not closed"),
        ('{"type": "dis\tcard"}', "a text in quotes holds a control character"),
        ('{"type": "\\q"}', "a text in quotes holds a backslash that escapes nothing"),
        ('{"type": "\\u12"}', "a text in quotes holds a broken \\u escape"),
        ('{"type": "exhausted"} {}', "more follows the end of the record"),
        # a trailing comma: Python 3.13 says so, earlier ones that a value or a name is missing
        (
            '{"type": "exhausted",}',
            ("a comma before the closing brace", "a name in double quotes is missing"),
        ),
        (
            '{"type": "exhausted", "x": [1,]}',
            ("a comma before the closing bracket", "a value is missing"),
        ),
    ],
)
def test_why_a_line_is_not_json_in_a_readers_words(line: str, reason: str | tuple) -> None:
    """Each reason Python's JSON decoder gives is said in words a reader knows (issue 27, 3):
    its own wording ("Expecting ',' delimiter") never reaches the message."""
    (message,) = [e for e in errors(jsonl(SESSION, HAND) + line + "\n") if "not JSON" in e]
    said = message.removeprefix("line 3: not JSON: ").rsplit(" (column ", 1)[0]
    assert said in ((reason,) if isinstance(reason, str) else reason), message
