"""Odd command-line values are refused with exit 2 and a message naming the value, never a
traceback (found by hand: ``²`` passes ``str.isdigit`` and ``int`` refuses it)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from service.cli import app

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
runner = CliRunner()


@pytest.mark.parametrize("points", ["E=²", "E=١٢", "E=-", "E=1_0"])
def test_settle_points_that_are_no_whole_number_are_refused(points):
    result = runner.invoke(app, ["settle", "-r", "huangyan", "-w", "E", "-p", points])
    assert result.exit_code == 2 and not isinstance(result.exception, ValueError), result.output
    assert f"points {points}" in result.stderr


def test_verify_with_an_odd_digit_option_names_the_option():
    log = FIXTURES / "codec" / "wenling_full.jsonl"
    result = runner.invoke(app, ["verify", str(log), "-o", "multiplier=²"])
    assert result.exit_code == 2, result.output
    assert "option multiplier: '²' is not a whole number" in result.stderr
