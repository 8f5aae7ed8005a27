"""The short way of hand, deal and settlement lines written in their canonical text
(``_FileChecker._take_canonical``: msgspec, then the plain forms, then the text compared)
against the long way (the json module with its duplicate-key hook, then the plain forms or
the model): generated lines, spoiled anywhere, give the same log or the same refusal."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.model import SEATS
from engine.rulesets import get_ruleset
from engine.tiles import sort_key
from events import codec
from events.codec import LogFormatError, canonical_json, parse_log

FULL = Path(__file__).resolve().parents[1] / "fixtures" / "codec" / "wenling_full.jsonl"
PLAYERS = ["a", "阿强", 'c"\\', "d e"]
SESSION = json.dumps(
    {"type": "session", "ruleset": "huangyan", "players": PLAYERS}, ensure_ascii=False
)
HAND_1 = canonical_json({"type": "hand", "no": 1, "seats": dict(zip(SEATS, PLAYERS, strict=True))})
TILES = sorted(
    get_ruleset("huangyan").tile_counts(get_ruleset("huangyan").options({})), key=sort_key
)
MANY = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# What a spoiled line gets: JSON's own characters, digits, escapes, seats, other text.
SPOILERS = list(',:"{}[] \t\\/0123456789-+.eEuESWNXtrufalsn') + ["\u00e9", "阿", "\x00", "\u2028"]


def outcome(data: bytes) -> object:
    """Everything parse_log gives for ``data`` (the known lines forgotten first), or every
    error it refuses it with."""
    codec._KNOWN.clear()
    try:
        log = parse_log(data)
    except LogFormatError as e:
        return [(error.line, error.field, error.code, dict(error.params)) for error in e.errors]
    return log.records, log.lines, log.canonical_lines, log.digests, log.content_hash, log.text


@contextmanager
def long_way() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(codec._FileChecker, "_take_canonical", lambda self, line, text: False)
        yield


def assert_as_the_long_way(lines: list[str]) -> None:
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    short = outcome(data)
    with long_way():
        assert short == outcome(data)


@st.composite
def plain_records(draw) -> dict:
    """A hand (after hand 1), a deal or a settlement, valid or not in its values."""
    kind = draw(st.sampled_from(["hand", "deal", "settlement"]))
    seat = st.sampled_from([*SEATS, "X"])
    if kind == "hand":
        record: dict = {"type": "hand", "no": draw(st.integers(0, 3))}
        record["seats"] = dict(zip(SEATS, draw(st.permutations(PLAYERS)), strict=True))
        record["round_wind"] = draw(seat)
        if draw(st.booleans()):
            record["seat_change"] = draw(st.booleans())
    elif kind == "deal":
        tiles = draw(st.lists(st.sampled_from([*TILES, "1f"]), max_size=14))  # 1f: not huangyan's
        record = {"type": "deal", "seat": draw(seat), "tiles": sorted(tiles, key=sort_key)}
    else:
        pays = st.fixed_dictionaries({"from": seat, "to": seat, "amount": st.integers(-1, 10**20)})
        record = {"type": "settlement", "payments": draw(st.lists(pays, max_size=4))}
        if draw(st.booleans()):
            points = draw(st.dictionaries(seat, st.integers(-(10**20), 10**20), max_size=4))
            record["points"] = points
    return record


@st.composite
def spoiled(draw, text: str) -> str:
    """``text`` with one character inserted, dropped or changed anywhere, or a key repeated."""
    at = draw(st.integers(0, len(text)))
    how = draw(st.sampled_from(["insert", "drop", "change", "repeat", "none"]))
    spoiler = draw(st.sampled_from(SPOILERS) | st.characters(codec="utf-8"))
    if how == "insert":
        return text[:at] + spoiler + text[at:]
    if how == "drop":
        return text[:at] + text[at + 1 :]
    if how == "change":
        return text[:at] + spoiler + text[at + 1 :]
    if how == "repeat":  # a key of the record again, first or last, with its own or another value
        obj = json.loads(text)
        key = draw(st.sampled_from(sorted(obj)))
        value = draw(st.sampled_from([obj[key], "E", 1, [], {}]))
        pair = json.dumps({key: value}, ensure_ascii=False, separators=(",", ":"))[1:-1]
        return "{" + pair + "," + text[1:] if draw(st.booleans()) else text[:-1] + "," + pair + "}"
    return text


@MANY
@given(record=plain_records(), data=st.data())
def test_a_spoiled_canonical_line_gives_what_the_long_way_gives(record, data) -> None:
    try:
        text = canonical_json(record)
    except LogFormatError:  # a value the model refuses: its canonical text is the JSON
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    line = data.draw(spoiled(text))
    after = data.draw(st.sampled_from(["", '{"type":"deal","seat":"E","tiles":["1m"]}']))
    assert_as_the_long_way([SESSION, HAND_1, line, after])
    if record["type"] == "hand":
        assert_as_the_long_way([SESSION, line, after])  # the first hand


@pytest.mark.parametrize(
    "line",
    [
        '{"type":"deal","seat":"E","seat":"E","tiles":["1m"]}',
        '{"type":"deal","seat":"S","tiles":["1m"],"seat":"E"}',
        '{"type":"deal","seat":"E","tiles":["1m","1m"],"tiles":["1m"]}',
        '{"type":"deal","seat":"\\u0045","tiles":["1m"]}',
        '{"type":"deal","seat":"E","tiles":["1\\u006d"]}',
        '{"type":"deal","seat":"E","tiles":["2m","1m"]}',
        '{"type":"deal","seat":"E","tiles":["1m"]} ',
        '{"type":"hand","no":2,"no":1,"seats":{"E":"a","S":"阿强","W":"c\\"\\\\","N":"d e"},'
        '"round_wind":"E"}',
        '{"type":"hand","no":2,"seats":{"E":"a","S":"\\u963f强","W":"c\\"\\\\","N":"d e"},'
        '"round_wind":"E"}',
        '{"type":"hand","no":2.0,"seats":{"E":"a","S":"阿强","W":"c\\"\\\\","N":"d e"},'
        '"round_wind":"E"}',
        '{"type":"hand","no":' + "9" * 5000 + ',"seats":{"E":"a","S":"阿强","W":"c\\"\\\\",'
        '"N":"d e"},"round_wind":"E"}',
        '{"type":"settlement","payments":[{"from":"E","to":"S","amount":-0}]}',
        '{"type":"settlement","payments":[{"from":"E","to":"S","amount":1e1}]}',
        '{"type":"settlement","payments":[{"from":"E","to":"S","amount":NaN}]}',
        '{"type":"settlement","payments":[{"from":"E","to":"S","amount":1,"amount":2}]}',
        '{"type":"settlement","payments":[],"points":{"S":1,"E":2}}',
        '{"type":"settlement","payments":[],"points":{"E":1,"E":2}}',
    ],
)
def test_lines_msgspec_reads_otherwise_take_the_long_way(line) -> None:
    """Duplicate keys (msgspec keeps the last), escapes, other spellings of a number, spaces."""
    assert_as_the_long_way([SESSION, HAND_1, line])


def test_canonical_lines_take_the_short_way(monkeypatch) -> None:
    """The fixture's hands, deals and settlements, written canonically, take the short way
    and give the same log as the long way."""
    lines = [canonical_json(json.loads(line)) for line in FULL.read_text().splitlines() if line]
    taken = []
    take = codec._FileChecker._take_canonical

    def counted(self, line: int, text: str) -> bool:
        taken.append(take(self, line, text))
        return taken[-1]

    monkeypatch.setattr(codec._FileChecker, "_take_canonical", counted)
    assert_as_the_long_way(lines)
    kinds = [json.loads(line)["type"] for line in lines]
    assert sum(taken) == sum(kind in ("hand", "deal", "settlement") for kind in kinds) > 5


def test_msgspec_writes_text_as_the_codec_does() -> None:
    """A name written back by msgspec (``plain.canonical``) is the codec's canonical text."""
    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    assert msgspec.json.encode(every).decode() == codec._dumps(every)
