"""Odd command-line values are refused with exit 2 and a message naming the value, never a
traceback, and nothing half made (found by hand: ``²`` passes ``str.isdigit`` and ``int``
refuses it; names past their columns)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from service.cli import app as cli

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
runner = CliRunner()


@pytest.mark.parametrize("points", ["E=²", "E=١٢", "E=-", "E=1_0"])
def test_settle_points_that_are_no_whole_number_are_refused(points):
    result = runner.invoke(cli, ["settle", "-r", "huangyan", "-w", "E", "-p", points])
    assert result.exit_code == 2 and not isinstance(result.exception, ValueError), result.output
    assert f"points {points}" in result.stderr


def test_verify_with_an_odd_digit_option_names_the_option():
    log = FIXTURES / "codec" / "wenling_full.jsonl"
    result = runner.invoke(cli, ["verify", str(log), "-o", "multiplier=²"])
    assert result.exit_code == 2, result.output
    assert "option multiplier: '²' is not a whole number" in result.stderr


@pytest.mark.parametrize(
    ("option", "value"), [("--club", "俱" * 201), ("--players", "a,b,c," + "名" * 201)]
)
def test_simulate_names_the_log_format_refuses_are_refused_by_option(tmp_path, option, value):
    # A club name past the log format's 200 characters was a LogFormatError traceback.
    result = runner.invoke(
        cli, ["simulate", "-r", "wenling", "--out", str(tmp_path), option, value]
    )
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert f"{option}: must have at most 200 characters" in result.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("extra", "says"),
    [
        (["--club", "x", "--player", "名" * 201], "player must have at most 200 characters"),
        (["--club", "俱" * 201], "club must have at most 200 characters"),
        (["--club", "x", "--role", "boss"], "valid roles"),
    ],
)
def test_users_create_refuses_a_membership_before_making_the_account(app, extra, says):
    # The account was made first: a refused role or name left it without its club (and a name
    # past its column failed in PostgreSQL as "cannot reach the database").
    args = ["users", "create", "gina", "--password", "long enough 1", *extra]
    refused = runner.invoke(cli, args)
    assert refused.exit_code == 2 and says in refused.output, refused.output
    again = runner.invoke(cli, ["users", "create", "gina", "--password", "long enough 1"])
    assert again.exit_code == 0, again.output  # no account was left behind


def test_users_create_refuses_a_login_name_longer_than_the_login_form_reads(app):
    result = runner.invoke(cli, ["users", "create", "u" * 81, "--password", "long enough 1"])
    assert result.exit_code == 2 and "user name must have at most 80 characters" in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["--how", "discard"],  # who fed it?
        ["--how", "robbed_kong", "--from", "E"],  # the winner robbed itself
        ["--how", "self_draw", "--from", "W"],  # nobody fed a self-drawn win
    ],
)
def test_settle_refuses_a_feeder_that_does_not_fit_the_win(args):
    result = runner.invoke(cli, ["settle", "-r", "wenling", "-w", "E", "-p", "E=10", *args])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert "--from" in result.stderr


def test_settle_a_discard_win_with_its_feeder_settles():
    result = runner.invoke(
        cli, ["settle", "-r", "wenling", "-w", "E", "-p", "E=10", "--how", "discard", "--from", "W"]
    )
    assert result.exit_code == 0, result.output
