"""Accepted logs: every input spelling gives one canonical form and one content hash."""

from __future__ import annotations

import hashlib
import io
import json
import pickle
from pathlib import Path

import pytest

from events import codec
from events.codec import (
    LogFormatError,
    canonical_json,
    content_hash,
    parse_appended,
    parse_log,
)
from events.shared import SharedRecord

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "codec"
FULL = FIXTURES / "wenling_full.jsonl"
ALIASES = FIXTURES / "wenling_aliases.jsonl"


@pytest.fixture(scope="module")
def full():
    return parse_log(FULL.read_bytes())


def test_every_input_form_gives_the_same_log(full) -> None:
    data = FULL.read_bytes()
    for source in (data.decode(), io.BytesIO(data), FULL.open("rb"), ALIASES.read_bytes()):
        parsed = parse_log(source)
        assert parsed.records == full.records
        assert parsed.content_hash == full.content_hash
    assert parse_log(ALIASES.read_bytes()).lines == full.lines


def test_lines_skip_blank_lines(full) -> None:
    physical = FULL.read_text(encoding="utf-8").splitlines()
    assert full.lines == [n for n, text in enumerate(physical, 1) if text.strip()]
    assert full.lines[:3] == [1, 3, 4]


def test_content_hash_is_sha256_of_the_canonical_lines(full) -> None:
    text = "".join(line + "\n" for line in full.canonical_lines)
    assert full.content_hash == hashlib.sha256(text.encode("utf-8")).hexdigest()
    assert content_hash(full.canonical_lines) == full.content_hash
    assert full.text == text  # what the store keeps
    assert [json.loads(line) for line in full.canonical_lines] == full.records


def test_canonical_json_of_each_record_is_its_line(full) -> None:
    assert [canonical_json(r) for r in full.records] == full.canonical_lines


def test_the_canonical_form_is_a_fixed_point(full) -> None:
    again = parse_log("\n".join(full.canonical_lines))
    assert again.canonical_lines == full.canonical_lines


def test_canonical_record_shapes(full) -> None:
    by_line = dict(zip(full.lines, full.records, strict=True))
    assert by_line[3] == {
        "type": "hand",
        "no": 1,
        "seats": {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"},
        "round_wind": "E",
    }
    assert by_line[7]["tiles"][:4] == ["1m", "9m", "1p", "2p"]  # Chinese names, sorted
    assert by_line[14] == {"type": "draw", "seat": "S", "tile": "1f", "from": "wall"}
    chi = full.canonical_lines[full.lines.index(18)]
    assert chi == '{"type":"chi","seat":"W","tiles":["7m","9m"],"x_client":"clubapp 2.1"}'


def test_key_order_type_spec_then_time_note_then_unknown_sorted() -> None:
    record = {
        "zeta": {"b": 1, "a": [{"d": 1, "c": 2}]},
        "note": "打东",
        "alpha": None,
        "tile": "东",
        "t": "2026-11-28T19:31:02+08:00",
        "seat": "E",
        "type": "discard",
    }
    assert canonical_json(record) == (
        '{"type":"discard","seat":"E","tile":"1z","t":"2026-11-28T19:31:02+08:00","note":"打东",'
        '"alpha":null,"zeta":{"a":[{"c":2,"d":1}],"b":1}}'
    )


def test_nested_parts_keep_unknown_keys_and_order() -> None:
    settlement = {
        "type": "settlement",
        "points": {"N": 14, "E": -3},
        "payments": [{"amount": 0, "memo": "让", "to": "N", "from": "E"}],
    }
    assert canonical_json(settlement) == (
        '{"type":"settlement","payments":[{"from":"E","to":"N","amount":0,"memo":"让"}],'
        '"points":{"E":-3,"N":14}}'
    )
    win = {
        "type": "win",
        "seat": "N",
        "how": "self_draw",
        "tile": "4p",
        "flags": ["x", "heaven", "x"],
    }
    assert json.loads(canonical_json(win))["flags"] == ["heaven", "x"]


def test_a_melds_on_replacement_follows_from_and_is_absent_unless_given() -> None:
    # 杠上杠 (docs/log-format.md, project extensions): after the spec's meld fields, before an
    # unknown key; a meld without it is written as before.
    show = {
        "type": "showdown",
        "seat": "N",
        "concealed": "99s",
        "melds": [
            {"tiles": "5555p", "from": "S", "kind": "gang_exposed"},
            {"zz": 1, "on_replacement": True, "tiles": "7777s", "kind": "gang_concealed"},
        ],
    }
    assert canonical_json(show) == (
        '{"type":"showdown","seat":"N","concealed":["9s","9s"],"melds":['
        '{"kind":"gang_exposed","tiles":["5p","5p","5p","5p"],"from":"S"},'
        '{"kind":"gang_concealed","tiles":["7s","7s","7s","7s"],"on_replacement":true,"zz":1}]}'
    )


def test_options_keys_are_sorted_and_defaults_filled() -> None:
    session = {
        "type": "session",
        "ruleset": "wenling",
        "options": {"b": 1, "a": {"y": 1, "x": 2}},
        "players": ["a", "b", "c", "d"],
    }
    assert canonical_json(session) == (
        '{"type":"session","ruleset":"wenling","options":{"a":{"x":2,"y":1},"b":1},'
        '"players":["a","b","c","d"]}'
    )
    no_options = {k: v for k, v in session.items() if k != "options"}
    assert json.loads(canonical_json(no_options))["options"] == {}


def test_canonical_json_rejects_a_bad_record() -> None:
    with pytest.raises(LogFormatError) as info:
        canonical_json({"type": "discard", "seat": "E", "tile": "10m"})
    assert str(info.value) == 'line 1 (discard): field tile: "10m" is not a tile'


def test_parse_appended_checks_corrections_in_context(full) -> None:
    void = {"type": "correction", "target": 4, "void": True, "reason": "记错", "by": "阿强"}
    assert parse_appended(full.records, [void]) == [
        {"type": "correction", "target": 4, "void": True, "reason": "记错", "by": "阿强"}
    ]
    seq = len(full.records)
    with pytest.raises(LogFormatError) as info:
        parse_appended(full.records, [{**void, "target": seq}])
    assert str(info.value) == (
        f"line {seq + 1} (correction): field target: must point at an earlier record "
        f"(target {seq}, this record is {seq})"
    )
    bad_tile = {
        "type": "correction",
        "target": 4,
        "replacement": {"type": "draw", "seat": "E", "tile": "9f"},
    }
    with pytest.raises(LogFormatError, match="9f"):
        parse_appended(full.records, [bad_tile])


@pytest.mark.parametrize("ruleset", ["wenling", "huangyan", "zhoushan", "xizhou"])
def test_every_ruleset_is_accepted_with_default_options(ruleset: str) -> None:
    session = {"type": "session", "ruleset": ruleset, "players": ["a", "b", "c", "d"]}
    parsed = parse_log(json.dumps(session) + "\n")
    assert parsed.session["ruleset"] == ruleset


def test_a_text_stream_is_a_programming_error() -> None:
    with pytest.raises(TypeError, match="binary stream"):
        parse_log(io.StringIO(FULL.read_text(encoding="utf-8")))  # type: ignore[arg-type]


def test_the_spec_example_is_accepted() -> None:
    """The example of the v1 spec (its elided lines left out) is a valid log."""
    parsed = parse_log((FIXTURES / "spec_example.jsonl").read_bytes())
    assert [r["type"] for r in parsed.records][:3] == ["session", "hand", "dice"]
    assert parsed.session["options"] == {"multiplier": 1}
    assert parsed.records[-1]["payments"][0] == {"from": "E", "to": "N", "amount": 14}


def _fresh(data: bytes):
    """parse_log with the table of known lines emptied first: every line the long way."""
    codec._KNOWN.clear()
    return parse_log(data)


def test_known_lines_give_the_same_log_as_the_long_way(full) -> None:
    data = FULL.read_bytes()
    first, again = _fresh(data), parse_log(data)  # the second parse takes most lines as known
    assert codec._KNOWN, "the draws and discards of the first parse are remembered"
    for parsed in (first, again):
        assert parsed.records == full.records
        assert parsed.canonical_lines == full.canonical_lines
        assert parsed.lines == full.lines
        assert parsed.content_hash == full.content_hash
        assert parsed.digests == [
            hashlib.sha256(line.encode()).digest() for line in full.canonical_lines
        ]


def test_a_known_lines_record_is_shared_and_read_only(full) -> None:
    """Every parse of a repeated line shares its record, first time included: no reader may
    change it (or its lists), and a changed copy reaches no other parse."""
    data = FULL.read_bytes()
    first = _fresh(data)
    once = parse_log(data)
    known = [i for i, record in enumerate(once.records) if isinstance(record, SharedRecord)]
    assert len(known) > len(once.records) / 2, "the draws and discards at least"
    assert all(once.records[i] is first.records[i] for i in known)
    assert any(isinstance(once.records[i].get("dice"), list) for i in known)
    for i in known:
        record = once.records[i]
        changes = [
            (record.__setitem__, "mutated", True),
            (record.__delitem__, "type"),
            (record.update, {"mutated": True}),
            (record.setdefault, "mutated", True),
            (record.pop, "type"),
            (record.popitem,),
            (record.clear,),
        ]
        for value in record.values():
            if isinstance(value, list):
                changes += [(value.append, 1), (value.__setitem__, 0, 1), (value.sort,)]
        for change, *args in changes:
            with pytest.raises(TypeError, match="read-only"):
                change(*args)
        copy = dict(record)
        copy["mutated"] = True
        for key, value in copy.items():
            if isinstance(value, list):
                copy[key] = [*value, "mutated"]
    assert parse_log(data).records == full.records
    assert [pickle.loads(pickle.dumps(r)) for r in once.records] == full.records


def test_short_lists_are_remembered_a_deal_is_not() -> None:
    """Dice and a chi's tiles repeat across hands; a deal's 13 tiles never do."""
    session = {"type": "session", "ruleset": "wenling", "players": ["a", "b", "c", "d"]}
    hand = {"type": "hand", "no": 1, "seats": {"E": "a", "S": "b", "W": "c", "N": "d"}}
    dice = '{"type":"dice","seat":"E","dice":[3,4]}'
    deal = '{"type":"deal","seat":"E","tiles":["1m","2m","3m","4m","5m","6m","7m","8m","9m","1p","2p","3p","4p"]}'
    lines = [json.dumps(session), json.dumps(hand), dice, deal]
    assert _fresh("\n".join(lines).encode()).canonical_lines[2:] == [dice, deal]
    known = {line.decode() for table in codec._KNOWN.values() for line in table}
    assert dice in known and deal not in known
    again = parse_log("\n".join(lines).encode())
    assert again.records[2] == {"type": "dice", "seat": "E", "dice": [3, 4]}


def test_a_line_known_under_one_tile_set_is_checked_again_under_another() -> None:
    """A flower draw accepted in a wenling log (144 tiles) is refused in a huangyan log (136)."""
    hand = {"type": "hand", "no": 1, "seats": {"E": "a", "S": "b", "W": "c", "N": "d"}}
    draw = '{"type":"draw","seat":"E","tile":"1f","from":"wall"}'

    def log(ruleset: str) -> bytes:
        session = {"type": "session", "ruleset": ruleset, "players": ["a", "b", "c", "d"]}
        return f"{json.dumps(session)}\n{json.dumps(hand)}\n{draw}\n".encode()

    assert _fresh(log("wenling")).canonical_lines[2] == draw
    with pytest.raises(
        LogFormatError, match="line 3 \\(draw\\): field tile: 1f is not in the huangyan"
    ):
        parse_log(log("huangyan"))


def test_a_refused_line_is_not_remembered_and_context_still_counts() -> None:
    hand = {"type": "hand", "no": 1, "seats": {"E": "a", "S": "b", "W": "c", "N": "d"}}
    session = {"type": "session", "ruleset": "huangyan", "players": ["a", "b", "c", "d"]}
    flower = '{"type":"draw","seat":"E","tile":"1f","from":"wall"}'
    draw = '{"type":"draw","seat":"E","tile":"1m","from":"wall"}'
    bad = f"{json.dumps(session)}\n{json.dumps(hand)}\n{flower}\n".encode()
    codec._KNOWN.clear()
    for _ in range(2):
        with pytest.raises(LogFormatError, match="1f is not in the huangyan tile set"):
            parse_log(bad)
    parse_log(f"{json.dumps(session)}\n{json.dumps(hand)}\n{draw}\n".encode())
    early = f"{json.dumps(session)}\n{draw}\n{json.dumps(hand)}\n".encode()  # draw before any hand
    with pytest.raises(LogFormatError, match="line 2 \\(draw\\): comes before the first hand"):
        parse_log(early)


def test_the_one_go_and_the_line_by_line_reading_agree(full) -> None:
    """A plain file is decoded and split at once; one with a carriage return line by line."""
    lines = FULL.read_text(encoding="utf-8").split("\n")
    lines[5:5] = ["", "   ", "\t"]
    plain = "\ufeff" + "\n".join(lines)
    for text in (plain, plain.replace("\n", "\r\n")):
        parsed = parse_log(text.encode("utf-8"))
        assert parsed.records == full.records
        assert parsed.lines == [n + 3 * (n > 5) for n in full.lines]


def test_lines_with_a_time_or_a_note_are_not_remembered() -> None:
    """They never repeat: remembering them would only fill the table."""
    session = {"type": "session", "ruleset": "wenling", "players": ["a", "b", "c", "d"]}
    hand = {"type": "hand", "no": 1, "seats": {"E": "a", "S": "b", "W": "c", "N": "d"}}
    plain = '{"type":"draw","seat":"E","tile":"1m","from":"wall"}'
    timed = '{"type":"draw","seat":"S","tile":"1m","from":"wall","t":"2026-11-28T19:31:00+08:00"}'
    noted = '{"type":"draw","seat":"W","tile":"1m","from":"wall","note":"慢"}'
    parsed = _fresh(
        f"{json.dumps(session)}\n{json.dumps(hand)}\n{plain}\n{timed}\n{noted}\n".encode()
    )
    assert parsed.canonical_lines[2:] == [plain, timed, noted]
    known = {line.decode() for table in codec._KNOWN.values() for line in table}
    assert plain in known and timed not in known and noted not in known
