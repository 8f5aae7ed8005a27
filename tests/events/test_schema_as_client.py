"""events/schema/log-v1.schema.json as a club's tool uses it: it accepts the client logs written
from docs/log-format.md, and refuses what the codec refuses for its shape alone (a session of
three players, a 吃 of one tile); and a tile given as something else than text is named so."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from events.schema import SCHEMA_PATH
from tests.events.test_codec_errors import play_errors

CLIENT_LOGS = Path(__file__).resolve().parents[1] / "service" / "api" / "client_logs"


@pytest.fixture(scope="module")
def validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def test_the_client_logs_are_valid_line_by_line(validator) -> None:
    paths = sorted(CLIENT_LOGS.glob("*.jsonl"))
    assert len(paths) >= 16
    for path in paths:
        for line in filter(str.strip, path.read_text(encoding="utf-8").splitlines()):
            assert validator.is_valid(json.loads(line)), (path.name, line)


SESSION = {"type": "session", "ruleset": "zhoushan"}


@pytest.mark.parametrize(
    "record",
    [
        {**SESSION, "players": ["甲", "乙", "丙"]},
        {**SESSION, "players": ["甲", "乙", "丙", "丁", "戊"]},
        {**SESSION, "players": ["甲", "甲", "丙", "丁"]},
        {"type": "chi", "seat": "S", "tiles": ["3p"]},
        {"type": "chi", "seat": "S", "tiles": ["3p", "4p", "5p"]},
    ],
)
def test_the_schema_refuses_a_wrong_count(validator, record: dict) -> None:
    assert not validator.is_valid(record)


def test_the_schema_still_takes_a_chi_as_one_string(validator) -> None:
    assert validator.is_valid({"type": "chi", "seat": "S", "tiles": "35p"})


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (
            {"type": "reveal", "seat": "E", "tile": ["1f"]},
            'line 3 (reveal): field tile: must be a string (got ["1f"])',
        ),
        (
            {"type": "wildcard", "indicator": 5},
            "line 3 (wildcard): field indicator: must be a string (got 5)",
        ),
    ],
)
def test_a_tile_that_is_not_text_is_named_as_such(record: dict, message: str) -> None:
    """It was '"['1f']" is not a tile': Python's spelling of a list, quoted as a tile name."""
    assert play_errors(record) == [message]
