"""Properties of the codec over generated logs: canonical records survive any input spelling,
parse -> canonical -> parse is the identity, and no input makes it fail other than cleanly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.model import SEATS
from engine.rulesets import SHIPPED, get_ruleset
from engine.tiles import ALIASES, INDEX, sort_key, to_mpsz
from events import plain
from events.codec import LogFormatError, ParsedLog, canonical_json, parse_log

FULL = Path(__file__).resolve().parents[1] / "fixtures" / "codec" / "wenling_full.jsonl"
TILE_SETS = {
    name: sorted(get_ruleset(name).tile_counts(get_ruleset(name).options({})), key=sort_key)
    for name in SHIPPED
}
SPELLINGS: dict[str, list[str]] = {}
for _alias, _tile in ALIASES.items():
    SPELLINGS.setdefault(_tile, []).append(_alias)
MELD_SIZES = {"chi": 3, "peng": 3, "gang_exposed": 4, "gang_concealed": 4, "gang_added": 4}
PROFILE = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Any text the codec accepts: every character but NUL and lone surrogates (test_codec_fuzz
# gives it the refused ones).
char = st.characters(codec="utf-8", exclude_characters="\x00")
text = st.text(char, max_size=10)
json_leaf = st.none() | st.booleans() | st.integers(-(10**6), 10**6) | text
json_value = st.recursive(
    json_leaf,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(text, inner, max_size=3),
    max_leaves=6,
)
names = st.text(char, min_size=1, max_size=6).filter(lambda s: s.strip() == s and s)
seats = st.sampled_from(SEATS)


@st.composite
def extras(draw) -> dict:
    """Optional t/note and unknown fields (which the canonical form keeps)."""
    out = {}
    if draw(st.booleans()):
        out["t"] = draw(
            st.sampled_from(["2026-11-28T19:31:02+08:00", "2026-11-28", "2026-11-28T11:31:02Z"])
        )
    if draw(st.booleans()):
        out["note"] = draw(text)
    keys = draw(st.lists(st.text("abcxyz_", min_size=1, max_size=5), max_size=2, unique=True))
    out.update({f"x_{k}": draw(json_value) for k in keys})
    return out


def sorted_tiles(tiles: list[str]) -> list[str]:
    return sorted(tiles, key=sort_key)


@st.composite
def play_record(draw, tiles: list[str], players: list[str], kinds: list[str] | None = None) -> dict:
    """One canonical record of a hand (every spec default filled in)."""
    tile = st.sampled_from(tiles)
    kind = draw(st.sampled_from(kinds or [
        "hand", "dice", "deal", "wildcard", "reveal", "draw", "discard", "chi", "peng", "gang",
        "win", "exhausted", "showdown", "settlement",
    ]))  # fmt: skip
    seat = draw(seats)
    r: dict = {"type": kind}
    if kind == "hand":
        r.update(no=1, seats=dict(zip(SEATS, draw(st.permutations(players)), strict=True)))
        r["round_wind"] = draw(seats)
        if draw(st.booleans()):
            r["seat_change"] = draw(st.booleans())
    elif kind == "dice":
        r.update(seat=seat, dice=draw(st.lists(st.integers(1, 6), min_size=2, max_size=2)))
    elif kind == "deal":
        r.update(seat=seat, tiles=sorted_tiles(draw(st.lists(tile, min_size=1, max_size=14))))
    elif kind == "wildcard":
        r["indicator"] = draw(tile)
    elif kind in ("reveal", "discard"):
        r.update(seat=seat, tile=draw(tile))
    elif kind == "draw":
        r.update(seat=seat, tile=draw(tile), **{"from": draw(st.sampled_from(["wall", "back"]))})
    elif kind == "chi":
        r.update(seat=seat, tiles=sorted_tiles(draw(st.lists(tile, min_size=2, max_size=2))))
    elif kind == "peng":
        r["seat"] = seat
    elif kind == "gang":
        r.update(
            seat=seat,
            kind=draw(st.sampled_from(["exposed", "concealed", "added"])),
            tile=draw(tile),
        )
    elif kind == "win":
        how = draw(st.sampled_from(["self_draw", "discard", "robbed_kong", "instant"]))
        r.update(seat=seat, how=how)
        if how != "instant":
            r["tile"] = draw(tile)
        if how in ("discard", "robbed_kong"):
            r["from"] = draw(seats.filter(lambda s: s != seat))
        if draw(st.booleans()):
            r["flags"] = sorted(
                draw(st.sets(st.from_regex(r"[a-z][a-z0-9_]{0,8}", fullmatch=True), max_size=3))
            )
    elif kind == "showdown":
        r.update(seat=seat, concealed=sorted_tiles(draw(st.lists(tile, min_size=1, max_size=14))))
        if draw(st.booleans()):
            melds = []
            for meld_kind in draw(st.lists(st.sampled_from(list(MELD_SIZES)), max_size=3)):
                size = MELD_SIZES[meld_kind]
                meld = {
                    "kind": meld_kind,
                    "tiles": sorted_tiles(draw(st.lists(tile, min_size=size, max_size=size))),
                }
                if draw(st.booleans()):
                    meld["from"] = draw(seats)
                melds.append(meld)
            r["melds"] = melds
        if draw(st.booleans()):
            r["revealed"] = sorted_tiles(draw(st.lists(tile, max_size=4)))
    elif kind == "settlement":
        payments = []
        for payer, payee in draw(
            st.lists(st.tuples(seats, seats).filter(lambda p: p[0] != p[1]), max_size=4)
        ):
            payments.append({"from": payer, "to": payee, "amount": draw(st.integers(0, 10**6))})
        r["payments"] = payments
        if draw(st.booleans()):
            points = draw(st.dictionaries(seats, st.integers(-999, 999), max_size=4))
            r["points"] = {s: points[s] for s in SEATS if s in points}
    return r | draw(extras())


@st.composite
def canonical_logs(draw) -> list[dict]:
    """A valid log as canonical records: session, hands numbered upward, corrections pointing back."""
    ruleset = draw(st.sampled_from(SHIPPED))
    tiles = TILE_SETS[ruleset]
    players = draw(st.lists(names, min_size=4, max_size=4, unique=True))
    session = {"type": "session", "ruleset": ruleset, "options": {}, "players": players}
    for key, value in (
        ("club", draw(names)),
        ("table", draw(names | st.integers(1, 99))),
        ("started_at", "2026-11-28T19:30:00+08:00"),
    ):
        if draw(st.booleans()):
            session[key] = value
    records = [session | draw(extras())]
    no = 0
    for _ in range(draw(st.integers(1, 3))):
        no += draw(st.integers(1, 3))
        hand = draw(play_record(tiles, players, ["hand"]))
        records.append(hand | {"no": no})
        for _ in range(draw(st.integers(0, 6))):
            records.append(draw(play_record(tiles, players, [
                "dice", "deal", "wildcard", "reveal", "draw", "discard", "chi", "peng", "gang",
                "win", "exhausted", "showdown", "settlement",
            ])))  # fmt: skip
        if draw(st.booleans()):
            targets = [
                i for i, r in enumerate(records) if r["type"] not in ("session", "correction")
            ]
            fix = {"type": "correction", "target": draw(st.sampled_from(targets))}
            if draw(st.booleans()):
                fix["void"] = True
            else:
                fix["replacement"] = draw(play_record(tiles, players))
            if draw(st.booleans()):
                fix.update(reason=draw(text), by=draw(names))
            records.append(fix)
    return records


def spell_tile(draw, tile: str) -> str:
    return draw(st.sampled_from(SPELLINGS[tile]))


def spell_tiles(draw, tiles: list[str]) -> object:
    order = draw(st.permutations(tiles))
    form = draw(st.sampled_from(["list", "mpsz", "spaced"]))
    if form == "list":
        return [spell_tile(draw, t) for t in order]
    if form == "mpsz":
        return to_mpsz(order)
    return " ".join(spell_tile(draw, t) for t in order)


TILE_KEYS = {"tile", "indicator"}
TILES_KEYS = {"tiles", "concealed", "revealed"}
DEFAULTS = {("draw", "from"): "wall", ("hand", "round_wind"): "E", ("session", "options"): {}}


def spell(draw, value: object, kind: str | None = None, key: str | None = None) -> object:
    """The same value as a club might write it: aliases, shuffled keys, defaults omitted."""
    if key in TILE_KEYS and isinstance(value, str):
        return spell_tile(draw, value)
    if key in TILES_KEYS and isinstance(value, list):
        return spell_tiles(draw, value)
    if isinstance(value, list) and key in ("melds", "payments"):
        return [spell(draw, v, None) for v in value]
    if isinstance(value, dict) and not (key or "").startswith("x_"):
        inner = value.get("type", kind)
        items = [
            (k, spell(draw, v, inner, k)) for k, v in value.items()
            if not (DEFAULTS.get((inner, k), object()) == v and draw(st.booleans()))
        ]  # fmt: skip
        return dict(draw(st.permutations(items)))
    return value


@st.composite
def written_logs(draw) -> tuple[list[dict], bytes]:
    records = draw(canonical_logs())
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    lines = []
    for record in records:
        lines.extend([" "] * draw(st.integers(0, 1)))
        separators = draw(st.sampled_from([(",", ":"), (", ", ": ")]))
        lines.append(
            json.dumps(spell(draw, record), ensure_ascii=draw(st.booleans()), separators=separators)
        )
    bom = "\ufeff" if draw(st.booleans()) else ""
    return records, (bom + newline.join(lines) + newline).encode("utf-8")


@PROFILE
@given(written_logs())
def test_any_spelling_parses_to_the_canonical_records(case) -> None:
    records, data = case
    parsed = parse_log(data)
    assert parsed.records == records


@PROFILE
@given(written_logs())
def test_parse_canonical_parse_is_the_identity(case) -> None:
    _, data = case
    first = parse_log(data)
    second = parse_log("".join(line + "\n" for line in first.canonical_lines))
    assert second.records == first.records
    assert second.canonical_lines == first.canonical_lines
    assert second.content_hash == first.content_hash


def assert_clean_outcome(data: bytes) -> None:
    """The only outcomes: a ParsedLog, or LogFormatError whose every error names a real line."""
    try:
        parsed = parse_log(data)
    except LogFormatError as e:
        assert e.errors
        lines = data.count(b"\n") + 1
        assert all(1 <= err.line <= lines for err in e.errors)
        assert str(e)
    else:
        assert isinstance(parsed, ParsedLog)
        assert parsed.records[0]["type"] == "session"


@PROFILE
@given(st.binary(max_size=300))
def test_random_bytes(data: bytes) -> None:
    assert_clean_outcome(data)


@PROFILE
@given(written_logs(), st.data())
def test_truncated_logs(case, data) -> None:
    raw = case[1]
    assert_clean_outcome(raw[: data.draw(st.integers(0, len(raw)))])


mutation = st.sampled_from(["flip", "insert", "delete"])


@PROFILE
@given(
    st.lists(
        st.tuples(mutation, st.integers(0, 10**6), st.binary(min_size=1, max_size=3)),
        min_size=1,
        max_size=6,
    )
)
def test_byte_mutations_of_a_valid_log(edits) -> None:
    raw = bytearray(FULL.read_bytes())
    for op, at, chunk in edits:
        at %= len(raw) + 1
        if op == "flip" and at < len(raw):
            raw[at] ^= chunk[0] or 1
        elif op == "insert":
            raw[at:at] = chunk
        else:
            del raw[at : at + len(chunk)]
    assert_clean_outcome(bytes(raw))


@PROFILE
@given(st.data())
def test_field_mutations_of_a_valid_log(data) -> None:
    records = [
        json.loads(line) for line in FULL.read_text(encoding="utf-8").splitlines() if line.strip()
    ]
    for _ in range(data.draw(st.integers(1, 4))):
        record = records[data.draw(st.integers(0, len(records) - 1))]
        key = data.draw(st.sampled_from([*sorted(record), "x_new"]))
        if key in record and data.draw(st.booleans()):
            del record[key]
        else:
            record[key] = data.draw(
                json_value | st.sampled_from(["0m", "E", "X", "session", -1, 7])
            )
    assert_clean_outcome("\n".join(json.dumps(r, ensure_ascii=False) for r in records).encode())


deal_values = st.one_of(
    st.lists(st.sampled_from(TILE_SETS["huangyan"] + ["1f", "一万", " 1m", 7]), max_size=17),
    st.sampled_from(["123m77z", "", None]),
)


@PROFILE
@given(
    seat=st.sampled_from([*SEATS, "X", 1]),
    tiles=deal_values,
    extra=st.dictionaries(
        st.sampled_from(["t", "note", "why"]), st.sampled_from(["慢", 1]), max_size=1
    ),
)
def test_a_deal_in_its_plain_form_gives_what_the_model_gives(seat, tiles, extra) -> None:
    """Plain deals skip the model (events.plain.deal): the record, or the refusal, is
    the model's, here checked against the model alone (``canonical_json``, one record)."""
    session = {"type": "session", "ruleset": "huangyan", "players": ["a", "b", "c", "d"]}
    hand = {"type": "hand", "no": 1, "seats": {"E": "a", "S": "b", "W": "c", "N": "d"}}
    deal = {"type": "deal", "seat": seat, "tiles": tiles, **extra}
    log = "\n".join(json.dumps(r, ensure_ascii=False) for r in (session, hand, deal))
    try:
        alone = canonical_json(deal)
    except LogFormatError:
        alone = None
    try:
        parsed = parse_log(log.encode()).canonical_lines[2]
    except LogFormatError as e:
        assert alone is None or "1f is not in the huangyan" in str(e)  # the set is the log's
    else:
        assert parsed == alone


def _against_the_model(record: dict, before: list[dict]) -> None:
    """``record`` after ``before`` in a huangyan log: the canonical line the file gives is the
    model's alone (``canonical_json``), or both refuse it (or the file refuses it for its
    context: the hand's players or number)."""
    session = {"type": "session", "ruleset": "huangyan", "players": ["a", "b", "c", "d"]}
    log = "\n".join(json.dumps(r) for r in (session, *before, record))  # \u escapes
    try:
        alone = canonical_json(record)
    except LogFormatError:
        alone = None
    try:
        parsed = parse_log(log.encode()).canonical_lines[-1]
    except LogFormatError as e:
        codes = {error.code for error in e.errors}
        assert alone is None or codes <= {"seats_players", "hand_order", "before_first_hand"}
    else:
        assert parsed == alone
    made = {"hand": plain.hand, "settlement": plain.settlement}.get(str(record.get("type")))
    made = made and made(record)
    if made is not None:
        made_record, made_text = made
        assert made_text == alone
        assert json.dumps(made_record, ensure_ascii=False, separators=(",", ":")) == alone


def _shuffled(data, value: object) -> object:
    """``value`` with every object's keys in a drawn order (the plain forms must not care)."""
    if isinstance(value, dict):
        order = data.draw(st.permutations(list(value)))
        return {key: _shuffled(data, value[key]) for key in order}
    if isinstance(value, list):
        return [_shuffled(data, item) for item in value]
    return value


def _spoiled(data, value: dict) -> dict:
    """``value`` (a plain record, nested) with at most one field, anywhere, set to an odd
    value of its kind or dropped, or an unknown field added."""
    paths = []

    def walk(node: object, path: tuple) -> None:
        if isinstance(node, dict | list):
            paths.append(path)
            for key, child in node.items() if isinstance(node, dict) else enumerate(node):
                paths.append((*path, key))
                walk(child, (*path, key))

    walk(value, ())
    path = data.draw(st.sampled_from(paths))
    if not path:
        return value
    *parent_path, last = path
    parent = value
    for step in parent_path:
        parent = parent[step]
    how = data.draw(st.sampled_from(["odd", "odd", "drop", "add"]))
    if how == "drop":
        del parent[last]
    elif how == "add":
        target = parent[last] if isinstance(parent[last], dict) else parent
        if isinstance(target, dict):
            target[data.draw(st.sampled_from(["t", "note", "why", "X", "from_"]))] = 1
    else:
        parent[last] = data.draw(st.sampled_from(ODD[type(parent[last])]))
    return value


# Odd values for a field by the kind of its plain value.
ODD = {
    int: [-1, 0, 2**70, True, None, "1", 1.0],
    str: ["E", "X", "", "a" * 200, "a" * 201, 1, None, []],
    bool: [0, 1, None, "true"],
    dict: [{}, [], None, "x"],
    list: [[], {}, None, "x", [1], ["E"]],
}
HAND = {"type": "hand", "no": 1, "seats": {"E": "a", "S": "b", "W": "c", "N": "d"}}
PLAIN = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PLAIN
@given(
    no=st.integers(0, 3),
    names=st.permutations(["a", "b", "c", "d"]),
    wind=st.none() | seats,
    change=st.none() | st.booleans(),
    first=st.booleans(),
    data=st.data(),
)
def test_a_hand_in_its_plain_form_gives_what_the_model_gives(
    no, names, wind, change, first, data
) -> None:
    """Plain hand lines skip the model (events.plain.hand); their context (players, order)
    stays the codec's: the first hand, or one after hand 1."""
    hand = {"type": "hand", "no": no, "seats": dict(zip(SEATS, names, strict=True))}
    if wind is not None:
        hand["round_wind"] = wind
    if change is not None:
        hand["seat_change"] = change
    hand = _shuffled(data, _spoiled(data, hand))
    _against_the_model(hand, [] if first else [HAND])


@PLAIN
@given(
    payments=st.lists(
        st.tuples(st.permutations(SEATS), st.integers(0, 99)).map(
            lambda p: {"from": p[0][0], "to": p[0][1], "amount": p[1]}
        ),
        min_size=1,
        max_size=4,
    ),
    points=st.none() | st.dictionaries(seats, st.integers(-9, 9)),
    data=st.data(),
)
def test_a_settlement_in_its_plain_form_gives_what_the_model_gives(payments, points, data) -> None:
    """Plain settlements skip the model (events.plain.settlement)."""
    settlement = {"type": "settlement", "payments": payments}
    if points is not None:
        settlement["points"] = points
    settlement = _shuffled(data, _spoiled(data, settlement))
    _against_the_model(settlement, [HAND])


PAY = {"from": "S", "to": "E", "amount": 3}
SPOILED = [
    *({"no": no} for no in (0, -1, True, "2", 2.0, None)),
    *({"seats": seats} for seats in ({"E": "a", "S": "b", "W": "c"}, [], None)),
    {"seats": {"E": "a", "S": "b", "W": "c", "N": "d", "X": "e"}},
    *(
        {"seats": {"E": "a", "S": "b", "W": "c", "N": name}}
        for name in ("", "d" * 201, 1, None, "d\x00", "d\ud800", 'd"\\\n\x01\u2028阿')
    ),
    *({"round_wind": wind} for wind in ("X", None, 1, "e", [])),
    *({"seat_change": change} for change in (1, 0, None, "true")),
    *({key: value} for key, value in (("t", "2026-11-28"), ("note", "慢"), ("why", 1))),
    *({"payments": [{**PAY, "amount": amount}]} for amount in (-1, True, 1.0, "1", None)),
    *({"payments": [{**PAY, "from": payer}]} for payer in ("E", "X", None)),
    {"payments": [{**PAY, "why": 1}]},
    {"payments": [{**PAY, "to": []}]},
    {"payments": [{"from": "S", "to": "E"}]},
    *({"payments": payments} for payments in ({}, None, [[]], [None])),
    *({"points": points} for points in ({"X": 1}, {"E": True}, {"E": 1.0}, None, [])),
]


@pytest.mark.parametrize("spoiled", SPOILED, ids=repr)
def test_a_spoiled_hand_or_settlement_gives_what_the_model_gives(spoiled) -> None:
    """Each check of the plain forms once, by hand (the generated cases above seldom hit one
    field's odd value): the file gives the model's record or its refusal."""
    hand = {"type": "hand", "no": 2, "seats": {"N": "d", "E": "a", "S": "b", "W": "c"}}
    settlement = {"type": "settlement", "payments": [PAY], "points": {"S": 1, "E": 2}}
    record = hand if set(spoiled) <= {*hand, "round_wind", "seat_change"} else settlement
    if set(spoiled) <= {"t", "note", "why"}:
        _against_the_model(hand | spoiled, [HAND])
    _against_the_model(record | spoiled, [HAND])


def test_tiles_and_seats_need_no_escape() -> None:
    """events.plain writes a deal's tiles and every seat between quotes as they are."""
    codes = {tile for tiles in TILE_SETS.values() for tile in tiles} | set(SEATS)
    assert codes <= set(INDEX) | set(SEATS)
    assert all(json.dumps(code) == f'"{code}"' for code in codes)
