"""Hostile input for the codec (issue 18): NUL and lone surrogates (escaped or raw), huge lines,
deep nesting, over-long names and files in the wrong encoding. Whatever comes in, parse_log
either accepts a log whose every string can be stored (no NUL, no lone surrogate: PostgreSQL
text and UTF-8 both take it) or raises LogFormatError whose every message names a line and can
be printed as UTF-8; never any other exception."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events.codec import MAX_LINE_BYTES, LogFormatError, parse_log

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
LOGS = sorted((FIXTURES / "codec").glob("*.jsonl")) + sorted((FIXTURES / "audit").glob("*.jsonl"))
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
UNSAFE = re.compile("[\x00\ud800-\udfff]")

# Values as they appear in the JSON text: escapes the decoder turns into NUL or a lone surrogate
# (a pair stays legal), and over-long or deep values.
HOSTILE_JSON = st.one_of(
    st.sampled_from(
        [
            r'"\u0000"',
            r'"a\u0000b"',
            r'"\ud800"',
            r'"\ud800a"',
            r'"\udfff"',
            r'"x\udc00"',
            r'"\ud83d\ude00"',
            r'"\ud83d"',
            r'"\ude00\ud83d"',
            r'"\u0000\ud800"',
        ]
    ),
    st.integers(150, 400).map(lambda n: json.dumps("名" * n, ensure_ascii=False)),
    st.integers(MAX_LINE_BYTES - 40, MAX_LINE_BYTES + 40).map(lambda n: json.dumps("x" * n)),
    st.integers(1, 3000).map(lambda depth: "[" * depth + "]" * depth),
    st.integers(1, 3000).map(lambda depth: '{"a":' * depth + "1" + "}" * depth),
)
# Raw bytes that are not UTF-8 inside a string: NUL, a surrogate encoded anyway, Latin-1, GBK.
HOSTILE_BYTES = st.sampled_from(
    [b"\x00", "\ud800".encode("utf-8", "surrogatepass"), b"\xff", "阿强".encode("gbk")]
)
ENCODINGS = st.sampled_from(["utf-16", "utf-16-le", "utf-32", "gbk", "gb18030", "big5", "latin-1"])


@st.composite
def hostile_logs(draw) -> bytes:
    """A fixture log with a few lines made hostile: a field given a hostile value (as JSON
    text), a hostile key, raw bad bytes inside a string, or the whole file re-encoded."""
    text = draw(st.sampled_from(LOGS)).read_text(encoding="utf-8-sig")
    if draw(st.integers(0, 9)) == 0:
        encoding = draw(ENCODINGS)
        return text.encode(encoding, "replace")
    lines = [line for line in text.splitlines() if line.strip()]
    chosen = draw(st.sets(st.integers(0, len(lines) - 1), min_size=1, max_size=3))
    for i in sorted(chosen):
        record = json.loads(lines[i])
        key = draw(st.sampled_from([*sorted(record), "note", "club", "table", "players", "x"]))
        mark = "\x01MARK\x01"
        record[key] = mark
        line = json.dumps(record, ensure_ascii=False)
        how = draw(st.sampled_from(["value", "key", "bytes"]))
        if how == "value":
            lines[i] = line.replace(json.dumps(mark), draw(HOSTILE_JSON))
        elif how == "key":
            lines[i] = line.replace(json.dumps(mark), "1").replace(f'"{key}"', r'"k\u0000"')
        else:
            lines[i] = line.replace(json.dumps(mark), '"\x02RAW\x02"')
    data = "\n".join(lines).encode("utf-8")
    return data.replace(b"\x02RAW\x02", draw(HOSTILE_BYTES))


def check(data: bytes) -> None:
    try:
        parsed = parse_log(data)
    except LogFormatError as error:
        assert error.errors
        for e in error.errors:
            assert e.line >= 1
            str(e).encode("utf-8")  # printable: no lone surrogate in a message
            assert "\x00" not in str(e)
        return
    for line in parsed.canonical_lines:
        assert not UNSAFE.search(json.dumps(json.loads(line), ensure_ascii=False))
        line.encode("utf-8")


@FUZZ
@given(hostile_logs())
def test_hostile_logs_are_refused_cleanly_or_stored_safely(data: bytes) -> None:
    check(data)


@FUZZ
@given(st.binary(max_size=2000))
def test_random_bytes_are_refused_cleanly(data: bytes) -> None:
    check(data)


@FUZZ
@given(st.text(max_size=300).map(lambda s: s.encode("utf-8", "surrogatepass")))
def test_random_text_is_refused_cleanly(data: bytes) -> None:
    check(data)
