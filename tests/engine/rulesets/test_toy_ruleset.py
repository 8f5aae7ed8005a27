"""The toy ruleset, defined only in this package, is known to everything once imported: the log
format accepts it, the replay and the audit settle it, the simulator plays it and ``fupan verify``
checks its logs, with no line about it anywhere else. Numbers from the toy's own rules (its
docstring): a win is worth ``stake``; self-drawn, the three others pay it each."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.audit import audit_records
from engine.rulesets import UnknownRuleset, get_ruleset, register, ruleset_names, unregister
from engine.simulate import generate_session
from events.codec import LogFormatError, canonical_json, parse_log
from service.cli import app
from tests.engine.rulesets.toy_registered import toy_fixture  # noqa: F401

SESSION = {"type": "session", "ruleset": "toy", "players": ["阿强", "小李", "老王", "阿芳"]}
HAND = {"type": "hand", "no": 1, "seats": {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"}}


def jsonl(*records: dict) -> bytes:
    return "".join(canonical_json(r) + "\n" for r in records).encode()


def discard_win(paid: int, **options) -> list[dict]:
    return [
        {**SESSION, "options": options}, HAND,
        {"type": "win", "seat": "S", "how": "discard", "tile": "9p", "from": "W"},
        {"type": "showdown", "seat": "S", "concealed": "234567p234678s99p"},
        {"type": "settlement", "payments": [{"from": "W", "to": "S", "amount": paid}]},
    ]  # fmt: skip


def test_the_import_registers_it_and_unregistering_forgets_it(toy):
    assert ruleset_names()[-1] == "toy" and get_ruleset("toy") is toy
    unregister("toy")
    assert "toy" not in ruleset_names()
    with pytest.raises(UnknownRuleset, match="unknown ruleset 'toy'"):
        get_ruleset("toy")
    with pytest.raises(LogFormatError) as refused:
        parse_log(jsonl(*discard_win(1)))
    assert (
        "field ruleset: must be one of 'wenling', 'huangyan', 'zhoushan', 'xizhou' (got \"toy\")"
        in str(refused.value)
    )


def test_a_name_is_registered_once(toy):
    class Other(type(toy)):
        pass

    with pytest.raises(ValueError, match="already registered"):
        register(Other())
    with pytest.raises(ValueError, match="shipped"):
        unregister("wenling")


@pytest.mark.usefixtures("toy")
def test_the_audit_settles_a_toy_log_by_its_options():
    clean = audit_records(parse_log(jsonl(*discard_win(1))).records)
    assert clean["ok"] and clean["hands"][0]["disputes"] == []
    # stake 5, all three pay on a discard: W paid 5 alone, E and N owe 5 each too
    report = audit_records(parse_log(jsonl(*discard_win(5, stake=5, discard_payer="all"))).records)
    expected = {(p["from"], p["to"], p["amount"]) for p in report["hands"][0]["expected_payments"]}
    assert expected == {("E", "S", 5), ("W", "S", 5), ("N", "S", 5)}
    assert not report["ok"] and report["hands"][0]["disputes"]


@pytest.mark.usefixtures("toy")
def test_a_simulated_toy_session_verifies_and_a_fault_is_caught(tmp_path):
    records, faults = generate_session("toy", 12, seed=5)
    assert faults == [] and records[0]["ruleset"] == "toy"
    dice = [r for r in records if r["type"] == "dice"]
    assert len(dice) == 12  # the toy's dealer throws once a hand (Ruleset.dice_throws)
    wins = [r for r in records if r["type"] == "win"]
    assert wins, "twelve hands without a win: the bots never finish a toy hand"
    path = tmp_path / "toy.jsonl"
    path.write_bytes(jsonl(*records))
    result = CliRunner().invoke(app, ["verify", str(path), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)["files"][0]
    assert report["session"]["ruleset"] == "toy" and report["ok"]
    got = sum(p["amount"] for h in report["hands"] for p in h["expected_payments"])
    assert got == sum(3 if w["how"] == "self_draw" else 1 for w in wins)  # stake 1

    faulty, injected = generate_session("toy", 12, seed=5, faults=1.0)
    path.write_bytes(jsonl(*faulty))
    assert injected and CliRunner().invoke(app, ["verify", str(path)]).exit_code == 1


def test_a_deployment_names_it_in_fupan_rulesets_and_the_command_line_knows_it(tmp_path):
    """A fresh process (no fixture, no import of the toy by the test): the environment
    variable alone makes ``fupan simulate`` and ``fupan verify`` know the toy."""
    root = Path(__file__).resolve().parents[3]

    def fupan(*args: str, rulesets: str) -> subprocess.CompletedProcess:
        env = {**os.environ, "PYTHONPATH": str(root), "FUPAN_RULESETS": rulesets}
        return subprocess.run([sys.executable, "-c", "from service.cli import main; main()", *args],
                              cwd=root, env=env, capture_output=True, text=True, timeout=120)  # fmt: skip

    made = fupan("simulate", "-r", "toy", "--out", str(tmp_path), "--hands", "6", "-o", "stake=3",
                 rulesets="tests.engine.rulesets.toy")  # fmt: skip
    assert made.returncode == 0, made.stderr
    (log,) = tmp_path.glob("*.jsonl")
    checked = fupan("verify", str(log), "--json", rulesets=" tests.engine.rulesets.toy ,")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    report = json.loads(checked.stdout)["files"][0]
    assert report["ok"] and report["session"]["ruleset"] == "toy"
    refused = fupan("verify", str(log), rulesets="")
    assert refused.returncode != 0 and "must be one of" in refused.stdout + refused.stderr
    broken = fupan("verify", str(log), rulesets="no_such_club.rules")
    assert broken.returncode == 2
    assert broken.stderr.startswith(
        "error: FUPAN_RULESETS names 'no_such_club.rules', which cannot"
    )
