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


@pytest.mark.parametrize("points", ["E=" + "9" * 5000, "E=1000000001", "E=-1000000001"])
def test_settle_points_past_what_a_log_may_hold_are_refused(points):
    # 5,000 digits: int() raised a bare ValueError (a traceback); a log's points lie within
    # ±MAX_AMOUNT (docs/log-format.md, Amounts), so do the command's
    result = runner.invoke(cli, ["settle", "-r", "huangyan", "-w", "E", "-p", points])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert "E=" in result.stderr and "1000000000" in result.stderr and len(result.stderr) < 200


def test_settle_takes_points_at_the_limit():
    result = runner.invoke(cli, ["settle", "-r", "huangyan", "-w", "E", "-p", "E=1000000000"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("option", ["cap=" + "9" * 5000, "cap=-" + "9" * 5000])
def test_verify_with_an_option_of_5000_digits_names_the_option(option):
    log = FIXTURES / "audit" / "fan_missed.jsonl"  # huangyan: cap is a number option
    result = runner.invoke(cli, ["verify", "--option", option, str(log)])
    assert result.exit_code == 2, result.output
    assert "option cap: " in result.stderr and len(result.stderr) < 300


def _junk_key(tmp_path: Path) -> Path:
    state = tmp_path / "state"
    state.mkdir()
    (state / "witness-key.pem").write_text("not a key\n")
    return state


@pytest.mark.parametrize(
    ("state", "says"),
    [
        (lambda tmp: tmp / "file" / "state", "--state"),  # under a file: cannot be made
        (lambda tmp: Path("/proc/no-such-witness"), "--state"),
        (_junk_key, "is no witness key"),
    ],
)
def test_witness_key_with_a_state_directory_it_cannot_use_says_so(tmp_path, state, says):
    # A traceback before: FileNotFoundError / ValueError out of the key's loading.
    (tmp_path / "file").write_text("")
    result = runner.invoke(cli, ["witness", "key", "--state", str(state(tmp_path))])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert says in result.output


@pytest.mark.parametrize("addr", ["127.0.0.1:99999", "127.0.0.1:٨٠", "127.0.0.1:"])
def test_witness_serve_refuses_a_port_out_of_range(tmp_path, addr):
    key = tmp_path / "log.pem"
    key.write_text("")
    result = runner.invoke(
        cli, ["witness", "serve", "--state", str(tmp_path), "--log-key", str(key), "--addr", addr]
    )
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert "is not HOST:PORT" in result.output


def test_witness_serve_on_a_taken_port_says_so(tmp_path):
    import socket

    from events import receipts

    key = tmp_path / "log.pem"
    key.write_text(receipts.public_key_pem(receipts.signing_key(tmp_path / "k.pem")))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        addr = f"127.0.0.1:{taken.getsockname()[1]}"
        result = runner.invoke(
            cli, ["witness", "serve", "--state", str(tmp_path / "w"), "--log-key", str(key),
                  "--addr", addr],
        )  # fmt: skip
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit), result.output
    assert f"--addr {addr}" in result.output
