"""``fupan verify``, ``fupan settle`` and ``fupan rules`` through the Typer app: exit codes, the
JSON shape, the seed's worked settlement examples, clear errors."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from events.codec import MAX_LINES
from service.cli import app

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
AUDIT, REPLAY = FIXTURES / "audit", FIXTURES / "replay"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def test_verify_clean_file_exits_0_with_a_readable_report():
    result = run("verify", AUDIT / "paid_right.jsonl")
    assert result.exit_code == 0, result.output
    assert "第1局" in result.stdout and "无误" in result.stdout
    assert "明杠" in result.stdout  # itemised lines in Chinese
    assert "阿强" in result.stdout


def test_verify_dispute_exits_1_and_explains():
    result = run("verify", AUDIT / "fan_missed.jsonl")
    assert result.exit_code == 1
    assert "争议" in result.stdout and "漏算无得（硬碰硬）" in result.stdout


def test_verify_anomaly_exits_1_with_line_player_and_tile():
    """The (English) message names the seat by its player and the tile in English words."""
    result = run("verify", REPLAY / "discard_not_in_hand.jsonl")
    assert result.exit_code == 1
    assert "discard_not_in_hand" in result.stdout and "line 9" in result.stdout
    assert "9 Bamboo" in result.stdout and "九条" not in result.stdout


def test_verify_json_shape():
    result = run("verify", "--json", AUDIT / "paid_right.jsonl", AUDIT / "unexplained.jsonl")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["ok"] is False
    first, second = doc["files"]
    assert first["path"].endswith("paid_right.jsonl") and first["ok"] is True
    assert second["ok"] is False
    hand = second["hands"][0]
    assert hand["disputes"][0]["from"] == "N" and hand["disputes"][0]["recorded"] == 13
    assert set(hand) >= {
        "no",
        "result",
        "winners",
        "points",
        "items",
        "reading",
        "expected_payments",
        "recorded_payments",
        "expected_net",
        "recorded_net",
        "disputes",
        "anomalies",
        "line",
    }


def test_verify_json_anomalies_carry_source_lines():
    result = run("verify", "--json", REPLAY / "wrong_turn.jsonl")
    (anomaly,) = json.loads(result.stdout)["files"][0]["hands"][0]["anomalies"]
    assert (anomaly["code"], anomaly["seq"], anomaly["line"]) == ("wrong_turn", 9, 10)


def test_verify_invalid_input_exits_2_with_line_numbers(tmp_path):
    good = (AUDIT / "paid_right.jsonl").read_text(encoding="utf-8").splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        "\n".join([good[0], good[1], '{"type":"discard","seat":"X"}', "not json"]), encoding="utf-8"
    )
    result = run("verify", bad)
    assert result.exit_code == 2
    assert "line 3" in result.stderr and "line 4" in result.stderr
    assert "Traceback" not in result.output


def test_verify_missing_file_exits_2(tmp_path):
    result = run("verify", tmp_path / "nope.jsonl")
    assert result.exit_code == 2
    assert "nope.jsonl" in result.stderr


def test_verify_mixes_valid_and_invalid_files_in_json(tmp_path):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    result = run("verify", "--json", AUDIT / "paid_right.jsonl", empty)
    assert result.exit_code == 2
    doc = json.loads(result.stdout)
    assert doc["files"][0]["ok"] is True
    assert doc["files"][1]["errors"][0]["line"] == 1


def test_verify_option_override_and_unknown_option():
    assert run("verify", AUDIT / "paid_right.jsonl", "--option", "li_per_hu=2").exit_code == 1
    result = run("verify", AUDIT / "paid_right.jsonl", "--option", "nonsense=1")
    assert result.exit_code == 2
    assert "valid options" in result.stderr and "li_per_hu" in result.stderr
    assert run("verify", AUDIT / "paid_right.jsonl", "--option", "li_per_hu").exit_code == 2


def settle_json(*args: str) -> dict:
    result = run("settle", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _pays(doc: dict) -> set[tuple[str, str, int]]:
    return {(p["from"], p["to"], p["amount"]) for p in doc["payments"]}


def test_settle_huangyan_dealer_wins_worked_example():
    # 付筹码篇: 庄家胡 20, 南 28, 西 6, 北 12
    doc = settle_json("-r", "huangyan", "--winner", "E", "--points", "E=20,S=28,W=6,N=12")
    assert _pays(doc) == {
        ("S", "E", 20),
        ("W", "E", 20),
        ("N", "E", 20),
        ("W", "S", 11),
        ("W", "N", 3),
        ("N", "S", 8),
    }
    assert doc["net"] == {"E": 60, "S": -1, "W": -34, "N": -25}


def test_settle_huangyan_non_dealer_wins_worked_example():
    # 付筹码篇: 北 胡 12, 南 28, 西 6, 庄 20
    doc = settle_json("-r", "huangyan", "--winner", "N", "--points", "E=20,S=28,W=6,N=12")
    assert _pays(doc) == {
        ("E", "N", 12),
        ("S", "N", 6),
        ("W", "N", 6),
        ("E", "S", 8),
        ("W", "S", 11),
        ("W", "E", 14),
    }
    assert sum(doc["net"].values()) == 0


def test_settle_readable_and_errors():
    result = run("settle", "-r", "huangyan", "--winner", "E", "--points", "E=20")
    assert result.exit_code == 0 and "黄岩麻将" in result.stdout
    bad_ruleset = run("settle", "-r", "shanghai", "--winner", "E")
    assert (
        bad_ruleset.exit_code == 2 and "wenling, huangyan, zhoushan, xizhou" in bad_ruleset.stderr
    )
    bad_seat = run("settle", "-r", "huangyan", "--winner", "X")
    assert bad_seat.exit_code == 2 and "E, S, W, N" in bad_seat.stderr
    bad_points = run("settle", "-r", "huangyan", "--winner", "E", "--points", "E=lots")
    assert bad_points.exit_code == 2 and "INTEGER" in bad_points.stderr
    bad_how = run("settle", "-r", "huangyan", "--winner", "E", "--how", "magic")
    assert bad_how.exit_code == 2 and "self_draw" in bad_how.stderr
    twice = run("settle", "-r", "huangyan", "--winner", "E", "--points", "S=100,S=30")
    assert twice.exit_code == 2 and "S is given twice" in twice.stderr


def test_rules_lists_and_describes():
    listing = run("rules")
    assert listing.exit_code == 0
    for name in ("wenling", "huangyan", "zhoushan", "xizhou"):
        assert name in listing.stdout
    one = run("rules", "huangyan")
    assert one.exit_code == 0 and "base_hu" in one.stdout and "10" in one.stdout
    flat = " ".join(one.stdout.split())
    assert "cuohu" in one.stdout and "cuocai" in one.stdout  # the codes --option takes
    assert "rounded down" in flat  # and what each means
    wrong = run("rules", "nowhere")
    assert wrong.exit_code == 2 and "valid rulesets" in wrong.stderr


def test_help_has_examples():
    for command in ("verify", "settle", "rules"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "Examples" in result.stdout, command


def test_verify_json_refuses_a_lone_surrogate_with_line_and_field(tmp_path):
    """A player name with a lone surrogate once crashed --json with a traceback (issue 18)."""
    lines = (AUDIT / "paid_right.jsonl").read_text(encoding="utf-8").splitlines()
    session = json.loads(lines[0])
    session["players"][0] = "\ud800a"
    bad = tmp_path / "surrogate.jsonl"
    bad.write_text("\n".join([json.dumps(session), *lines[1:]]), encoding="utf-8")
    result = run("verify", "--json", bad)
    assert result.exit_code == 2, result.output
    (error,) = json.loads(result.stdout)["files"][0]["errors"]
    assert (error["line"], error["field"], error["code"]) == (1, "players.0", "contains_surrogate")
    assert "lone surrogate" in error["message"] and "Traceback" not in result.output


def test_verify_bounds_memory_on_a_huge_file(tmp_path):
    """A session, nine million blank lines (under the size limit) and a record: refused at the
    line limit in bounded memory (the audit saw 600 MB). Prints its figures; asserts memory
    only (the interpreter with the app imported is ~50 MB)."""
    huge = tmp_path / "huge.jsonl"
    head = (AUDIT / "paid_right.jsonl").read_bytes()
    huge.write_bytes(head + b"\n" * 9_000_000 + b'{"type":"exhausted"}\n')
    started = time.perf_counter()
    child = subprocess.run(
        [sys.executable, "-c", MEASURED_VERIFY, str(huge)], capture_output=True, text=True
    )
    seconds = time.perf_counter() - started
    peak_mb = int(child.stdout.strip().splitlines()[-1]) / 1024
    print(f"fupan verify, 9,000,000 lines: {seconds:.1f} s, peak {peak_mb:.0f} MB")
    assert "Traceback" not in child.stderr
    assert f"line {MAX_LINES + 1}: the file has more than {MAX_LINES} lines" in child.stderr
    assert peak_mb < 300  # half what the audit saw


# Runs ``fupan verify --json FILE`` in a fresh interpreter, then prints its peak RSS in KiB.
# The child's own peak: VmHWM belongs to its address space; ru_maxrss survives execve and would
# report the forking pytest worker's peak instead.
MEASURED_VERIFY = """
import sys
from typer.testing import CliRunner
from service.cli import app
result = CliRunner().invoke(app, ["verify", "--json", sys.argv[1]])
sys.stderr.write(result.stderr)
assert result.exit_code == 2, result.output
print(next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:")))
"""


def test_settle_refuses_a_liability_the_ruleset_has_not():
    result = runner.invoke(
        app, ["settle", "-r", "huangyan", "--winner", "E", "--points", "E=20", "--liable", "S"]
    )
    assert result.exit_code == 2
    assert "not a liability of huangyan" in result.stderr


def test_verify_text_and_json_show_explanations_top_ups_and_claims_on_word(tmp_path: Path):
    # wenling, 得 9s: S self-draws; read with 得 as 中 240, the table paid 130 (得 as 西): 13 each.
    lines = [
        {"type": "session", "ruleset": "wenling", "players": ["阿强", "小李", "老王", "阿芳"]},
        {"type": "hand", "no": 1, "seats": {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"}},
        {"type": "wildcard", "indicator": "9s"},
        {"type": "showdown", "seat": "S", "concealed": "77z33z9s123s456s234s567s"},
        {"type": "win", "seat": "S", "how": "self_draw", "tile": "7s", "flags": ["last_tile"]},
        {
            "type": "settlement",
            "payments": [{"from": s, "to": "S", "amount": 13} for s in ("E", "W", "N")],
        },
    ]
    path = tmp_path / "read_as_west.jsonl"
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in lines), encoding="utf-8")
    text = run("verify", path)
    assert text.exit_code == 1
    assert "得作西" in text.stdout and "阿强再付小李 11" in text.stdout
    assert "海底：照桌上所记" in text.stdout and "line 5" in text.stdout
    hand = json.loads(run("verify", path, "--json").stdout)["files"][0]["hands"][0]
    assert [e["code"] for e in hand["explanations"]] == ["other_reading"]
    assert hand["top_ups"][0]["en"] == "阿强 owes 小李 11 more"
    assert hand["taken_on_word"][0] | {} == {
        "seq": 4,
        "line": 5,
        "claim": "last_tile",
        "zh": "海底：照桌上所记",
        "en": "win on the last tile: as the table recorded",
    }
