"""The JSON Schema of a v1 log line, generated from the record models and shipped as
``log-v1.schema.json`` for club tooling. Regenerate with ``python -m events.schema``."""

from __future__ import annotations

import json
from pathlib import Path

from events.records import RECORD_ADAPTER

SCHEMA_PATH = Path(__file__).with_name("log-v1.schema.json")


def schema_text() -> str:
    """The schema of one log line (a discriminated union on ``type``) as stable JSON text."""
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "fupan table log v1, one line",
        "description": "One JSON Lines record; see docs/log-format.md. Line 1 is the session record.",
        **RECORD_ADAPTER.json_schema(by_alias=True),
    }
    return json.dumps(schema, ensure_ascii=False, indent=2, sort_keys=True) + "\n"


def write_schema(path: Path = SCHEMA_PATH) -> Path:
    path.write_text(schema_text(), encoding="utf-8")
    return path
