"""Fuzzing ``fupan verify``: random bytes, truncated and mutated valid logs give a report (exit
0/1) or format errors with line numbers (exit 2), never a traceback."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from service.cli import app

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from fuzz_audit import ODD_VALUES  # noqa: E402

pytestmark = pytest.mark.slow  # scripts/test --fast leaves it out (README, docs/performance.md)

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
LOGS = sorted((FIXTURES / "replay").glob("*.jsonl")) + sorted((FIXTURES / "audit").glob("*.jsonl"))
runner = CliRunner()
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def verify_bytes(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "log.jsonl"
        path.write_bytes(data)
        result = runner.invoke(app, ["verify", "--json", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code in (0, 1, 2), result.output
    if result.exit_code == 2:
        errors = result.stderr.strip().splitlines()
        assert errors and all("line " in e or "more" in e for e in errors), result.stderr
    else:
        assert json.loads(result.stdout)["files"][0]["hands"] is not None


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes(data):
    verify_bytes(data)


@FUZZ
@given(st.sampled_from(LOGS), st.floats(0, 1))
def test_truncated_logs(path, cut):
    data = path.read_bytes()
    verify_bytes(data[: int(len(data) * cut)])


# the audit fuzz's odd values (benchmarks/fuzz_audit.py), and any small number
VALUES = st.one_of(st.sampled_from(ODD_VALUES), st.integers(-3, 200))


@st.composite
def mutated(draw):
    """A valid log with a few records changed: a field set to an odd value, a line dropped,
    duplicated or moved."""
    lines = draw(st.sampled_from(LOGS)).read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.integers(1, len(lines) - 1))
        op = draw(st.sampled_from(["field", "drop", "dup", "move"]))
        if op == "field":
            rec = json.loads(lines[i])
            key = draw(st.sampled_from(sorted(rec) + ["tile", "seat", "from", "tiles"]))
            rec[key] = draw(VALUES)
            lines[i] = json.dumps(rec, ensure_ascii=False)
        elif op == "drop" and len(lines) > 2:
            del lines[i]
        elif op == "dup":
            lines.insert(i, lines[i])
        else:
            lines.insert(draw(st.integers(1, len(lines))), lines.pop(i))
    return "\n".join(lines).encode("utf-8")


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_logs(data):
    verify_bytes(data)
