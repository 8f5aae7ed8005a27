"""A broken line gives its own error, not one for every line after it: a hand record that does
not validate, or a line that cannot be read (not UTF-8, not JSON, too long), may be the hand the
play belongs to, so the play after it is not also "before the first hand record"."""

from __future__ import annotations

import gzip
import io
import zipfile
from collections.abc import Callable

import pytest

from events.codec import MAX_LINE_BYTES
from tests.events.test_codec_errors import HAND, SESSION, errors, jsonl

GBK = ": the file looks like GBK; save it as UTF-8"
PLAY = (
    {"type": "dice", "seat": "E", "dice": [3, 4]},
    {"type": "deal", "seat": "E", "tiles": "123456789m1234p"},
    {"type": "discard", "seat": "E", "tile": "1m"},
    {"type": "exhausted"},
)


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ({**HAND, "no": "1"}, 'line 2 (hand): field no: must be a whole number (got "1")'),
        (
            {**HAND, "seats": {**HAND["seats"], "C": "阿强"}},  # type: ignore[dict-item]
            "line 2 (hand): field seats.C: is not allowed here",
        ),
        ({**HAND, "no": 0}, "line 2 (hand): field no: must be greater than or equal to 1 (got 0)"),
        (
            {**HAND, "type": "hnad"},
            'line 2: field type: unknown record type "hnad"; valid types: session, hand, dice, '
            "deal, wildcard, reveal, draw, discard, chi, peng, gang, win, exhausted, showdown, "
            "settlement, correction",
        ),
        (
            '{"type":"hand","no":1,',
            "line 2: not JSON: a name in double quotes is missing (column 23)",
        ),
    ],
)
def test_a_broken_hand_record_is_one_error(hand: object, message: str) -> None:
    assert errors(jsonl(SESSION, hand, *PLAY)) == [message]


def test_a_hand_line_not_in_utf8_is_one_error() -> None:
    """A club's tool writing GBK: the hand's player names are the line's only non-ASCII."""
    hand = jsonl(HAND).encode("gbk")
    data = jsonl(SESSION).encode() + hand + jsonl(*PLAY).encode()
    assert errors(data) == [f"line 2: not UTF-8 (byte 0xb0 at column 43){GBK}"]


@pytest.mark.parametrize(
    ("first", "message"),
    [
        (jsonl(SESSION).encode("gbk"), f"line 1: not UTF-8 (byte 0xb0 at column 56){GBK}"),
        (
            b'{"type":"session",\n',
            "line 1: not JSON: a name in double quotes is missing (column 19)",
        ),
    ],
)
def test_an_unread_first_line_is_one_error(first: bytes, message: str) -> None:
    """It stands where the session must, and may be it: the next line is not blamed for not
    being the session, nor is the line itself (its error says what is wrong)."""
    assert errors(first + jsonl(HAND, *PLAY).encode()) == [message]


def test_a_line_too_long_is_one_error() -> None:
    long_hand = jsonl({**HAND, "note": "x" * MAX_LINE_BYTES})
    assert errors(jsonl(SESSION) + long_hand + jsonl(*PLAY)) == [
        f"line 2: the line is longer than the limit of {MAX_LINE_BYTES} bytes"
    ]


def test_play_before_any_hand_is_still_refused_line_by_line() -> None:
    assert errors(jsonl(SESSION, *PLAY[:2], HAND)) == [
        "line 2 (dice): comes before the first hand record",
        "line 3 (deal): comes before the first hand record",
    ]


def test_text_in_another_single_byte_code_is_not_called_gbk() -> None:
    """Latin-1 bytes can pair up as GBK characters ("Mü" + "l" reads 黮), but rare ones."""
    note = jsonl({"type": "exhausted", "note": "Müller"}).encode("latin-1")
    assert errors(jsonl(SESSION, HAND).encode() + note) == [
        "line 3: not UTF-8 (byte 0xfc at column 33)"
    ]


def test_lines_ended_by_carriage_returns_alone_are_named() -> None:
    """A file with old Mac line ends (CR, no LF) is one line: "more follows the end of the
    record" did not say why."""
    data = jsonl(SESSION, HAND, *PLAY).replace("\n", "\r")
    (message,) = errors(data)
    assert message.startswith(
        "line 1: not JSON: a carriage return (CR) ends the record: lines must end with a line "
        "feed (LF) (column "
    )


def _zipped(data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("session.jsonl", data)
    return out.getvalue()


@pytest.mark.parametrize(("pack", "name"), [(gzip.compress, "gzip"), (_zipped, "zip")])
def test_a_compressed_file_is_named_once(pack: Callable[[bytes], bytes], name: str) -> None:
    """A log sent zipped reads as binary on every line: one error says what the file is."""
    log = jsonl(SESSION, HAND, *PLAY).encode()
    expected = f"line 1: the file is compressed ({name}): upload the log itself, as UTF-8 text"
    assert errors(pack(log)) == [expected]


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_a_utf16_file_is_named_once(encoding: str) -> None:
    """Windows' "Unicode" text: every line read as UTF-8 said "not UTF-8 (byte 0xff at column
    1)" and nothing of why. Its byte order mark names it (written by Notepad; -le/-be add one)."""
    text = jsonl(SESSION, HAND, *PLAY)
    data = (
        text.encode(encoding)
        if encoding == "utf-16"
        else "\ufeff".encode(encoding) + text.encode(encoding)
    )
    assert errors(data) == [
        "line 1: the file is UTF-16 text (Windows' “Unicode”), not UTF-8: save it as UTF-8"
    ]


@pytest.mark.parametrize("at", [0, 1])
def test_a_byte_order_mark_starting_a_later_line_is_named(at: int) -> None:
    """Two files joined with cat, each with its BOM: the second BOM starts a line (or follows
    the first at the file's start). It said "not JSON: a value is missing (column 1)"."""
    lines = jsonl(SESSION, HAND, *PLAY).encode().split(b"\n")
    lines[at] = b"\xef\xbb\xbf" + lines[at]
    data = b"\xef\xbb\xbf" + b"\n".join(lines)
    (message,) = errors(data)
    assert message == (
        f"line {at + 1}: not JSON: a byte order mark (BOM) starts the line: remove it (only the "
        "file's first may have one) (column 1)"
    )
