"""Write the audit report's types (engine.report.json_schema) into docs/openapi.json's
components, replacing what is there under their names; tests/engine/test_report.py fails
until this has run after a type changed. Run: python scripts/openapi_report.py"""

from __future__ import annotations

import json
from pathlib import Path

from engine.report import json_schema

DOC = Path(__file__).resolve().parents[1] / "docs" / "openapi.json"


def main() -> None:
    doc = json.loads(DOC.read_text())
    doc["components"]["schemas"].update(json_schema())
    DOC.write_text(json.dumps(doc, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
