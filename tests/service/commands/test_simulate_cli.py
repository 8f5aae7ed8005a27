"""``fupan simulate`` through the Typer app: canonical v1 files the codec accepts unchanged,
fault sidecars, ``fupan verify`` agreeing, clear errors."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from engine.rulesets import SHIPPED
from engine.simulate import generate_session
from events.codec import canonical_json, parse_log
from service.cli import app

runner = CliRunner()


def run(*args) -> object:
    return runner.invoke(app, ["simulate", *map(str, args)])


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_records_are_already_in_the_codecs_canonical_form(ruleset):
    for summary in (False, True):
        records, _ = generate_session(ruleset, 2, 9, summary=summary)
        text = "".join(canonical_json(r) + "\n" for r in records)
        assert parse_log(text).records == records


def test_writes_one_file_per_session_with_fault_sidecars(tmp_path):
    result = run(
        "--ruleset",
        "xizhou",
        "--sessions",
        2,
        "--hands",
        6,
        "--seed",
        4,
        "--out",
        tmp_path,
        "--faults",
        0.5,
    )
    assert result.exit_code == 0, result.output
    assert "wrote 2 full xizhou sessions of 6 hands" in result.output
    assert "━" not in result.output  # no progress bar when stderr is not a terminal
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == [
        "xizhou-4.faults.json",
        "xizhou-4.jsonl",
        "xizhou-5.faults.json",
        "xizhou-5.jsonl",
    ]
    text = (tmp_path / "xizhou-5.jsonl").read_text(encoding="utf-8")
    records, faults = generate_session("xizhou", 6, 5, faults=0.5)
    assert text == "".join(canonical_json(r) + "\n" for r in records)  # session i uses seed+i
    assert json.loads((tmp_path / "xizhou-5.faults.json").read_text(encoding="utf-8")) == faults
    verified = runner.invoke(app, ["verify", "--json", str(tmp_path / "xizhou-5.jsonl")])
    (report,) = json.loads(verified.stdout)["files"]
    flagged = [h["no"] for h in report["hands"] if h["disputes"] or h["anomalies"]]
    assert flagged == sorted(f["hand"] for f in faults)
    assert verified.exit_code == (1 if faults else 0)


def test_summary_logs_verify_clean(tmp_path):
    result = run("-r", "huangyan", "--hands", 5, "--out", tmp_path, "--summary")
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["huangyan-0.jsonl"]
    log = parse_log((tmp_path / "huangyan-0.jsonl").read_bytes())
    assert not any(r["type"] in ("deal", "draw") for r in log.records)
    assert runner.invoke(app, ["verify", str(tmp_path / "huangyan-0.jsonl")]).exit_code == 0


def test_options_are_passed_to_the_ruleset(tmp_path):
    result = run("-r", "zhoushan", "--hands", 2, "--out", tmp_path, "-o", "stake=5")
    assert result.exit_code == 0, result.output
    log = parse_log((tmp_path / "zhoushan-0.jsonl").read_bytes())
    assert log.records[0]["options"] == {"stake": 5}
    amounts = [p["amount"] for r in log.records if r["type"] == "settlement" for p in r["payments"]]
    assert amounts and all(a % 5 == 0 for a in amounts)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("-r", "shanghai"), "unknown ruleset 'shanghai'"),
        (("-r", "wenling", "-o", "bogus=1"), "unknown option bogus"),
        (("-r", "wenling", "-o", "multiplier"), "is not KEY=VALUE"),
        (("-r", "wenling", "--faults", 2), "--faults"),
        (("-r", "wenling", "--hands", 0), "--hands"),
    ],
)
def test_bad_arguments_are_clear_errors(tmp_path, args, message):
    result = run(*args, "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "out").exists()


def test_an_unwritable_directory_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = run("-r", "wenling", "--hands", 1, "--out", blocker / "sub")
    assert result.exit_code == 2
    assert "cannot create" in result.output


def test_collusion_and_bias_from_the_command_line(tmp_path):
    result = run(
        "--ruleset",
        "huangyan",
        "--hands",
        30,
        "--seed",
        2,
        "--out",
        tmp_path,
        "--collude",
        "阿强,小李",
        "--strength",
        1,
        "--bias",
        "老王",
        "--bias-share",
        0.5,
    )
    assert result.exit_code == 0, result.output
    faults = json.loads((tmp_path / "huangyan-2.faults.json").read_text(encoding="utf-8"))
    assert faults and {f["code"] for f in faults} == {"recording_bias"}
    text = (tmp_path / "huangyan-2.jsonl").read_text(encoding="utf-8")
    assert text != "".join(canonical_json(r) + "\n" for r in generate_session("huangyan", 30, 2)[0])
    for args, message in (
        (("--collude", "阿强,X"), "--collude: two of the players"),
        (("--collude", "阿强"), "--collude: two of the players"),
        (("--bias", "X"), "--bias: one of the players"),
    ):
        bad = run("--ruleset", "huangyan", "--out", tmp_path, *args)
        assert bad.exit_code == 2 and message in bad.output, bad.output
