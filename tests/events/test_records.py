"""The record models and the JSON Schema shipped with the package."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from engine.model import KNOWN_FLAGS
from events.codec import parse_log
from events.records import RECORD_TYPES, Win, canonical_dict
from events.schema import SCHEMA_PATH, schema_text

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "codec"


def test_one_model_per_spec_record_type() -> None:
    assert list(RECORD_TYPES) == [
        "session", "hand", "dice", "deal", "wildcard", "reveal", "draw", "discard", "chi",
        "peng", "gang", "win", "exhausted", "showdown", "settlement", "correction",
    ]  # fmt: skip


def test_shipped_schema_is_the_generated_one() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == schema_text()


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("name", ["wenling_full.jsonl", "wenling_aliases.jsonl"])
def test_schema_accepts_the_fixture_lines(validator, name: str) -> None:
    text = (FIXTURES / name).read_text(encoding="utf-8-sig")
    for line in filter(str.strip, text.splitlines()):
        validator.validate(json.loads(line))


def test_schema_accepts_canonical_records(validator) -> None:
    for record in parse_log((FIXTURES / "wenling_full.jsonl").read_bytes()).records:
        validator.validate(record)


@pytest.mark.parametrize(
    "record",
    [
        {"type": "shuffle"},
        {"type": "discard", "seat": "X", "tile": "1m"},
        {"type": "dice", "seat": "E", "dice": [0, 3]},
        {"type": "settlement", "payments": [{"from": "E", "to": "S", "amount": -1}]},
        {"type": "correction", "target": 1, "replacement": {"type": "session"}},
    ],
)
def test_schema_rejects_what_the_codec_rejects(validator, record: dict) -> None:
    assert not validator.is_valid(record)


def test_known_flags_pass_and_rulesets_may_add_their_own() -> None:
    flags = sorted(KNOWN_FLAGS) + ["bao_san_jia"]
    win = Win.model_validate(
        {"type": "win", "seat": "E", "how": "self_draw", "tile": "1m", "flags": flags}
    )
    assert canonical_dict(win)["flags"] == sorted(flags)


def test_from_is_an_alias_not_a_name() -> None:
    win = Win.model_validate(
        {"type": "win", "seat": "E", "how": "discard", "tile": "1m", "from": "S", "from_": "N"}
    )
    assert canonical_dict(win) == {
        "type": "win", "seat": "E", "how": "discard", "tile": "1m", "from": "S", "from_": "N",
    }  # fmt: skip


def test_null_optional_fields_are_absent() -> None:
    win = Win.model_validate(
        {"type": "win", "seat": "E", "how": "instant", "tile": None, "note": None}
    )
    assert canonical_dict(win) == {"type": "win", "seat": "E", "how": "instant"}
