"""``fupan review LOG [--seat S] [--json]``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from engine.simulate.session import generate_session
from events.codec import canonical_json
from service.cli import app
from tests.engine.test_review_cases import log
from tests.engine.test_review_missed_wins import E_K, KONG, LET_GO, N_K, S_K, W_K


def _write(tmp_path, records, name="s.jsonl"):
    path = tmp_path / name
    path.write_text("".join(canonical_json(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_json_per_hand_per_seat(tmp_path):
    records, _ = generate_session("zhoushan", 2, seed=11)
    result = CliRunner().invoke(app, ["review", str(_write(tmp_path, records)), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["reviewable"] and len(data["hands"]) == 2
    seats = data["hands"][0]["seats"]
    assert set(seats) == {"E", "S", "W", "N"}
    first = seats["E"]["decisions"][0]
    lines = (tmp_path / "s.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[first["line"] - 1]) == {**records[first["seq"]]}
    assert json.loads(lines[first["line"] - 1])["type"] == "discard"


def test_seat_filter_and_text(tmp_path):
    records, _ = generate_session("wenling", 1, seed=2)
    path = _write(tmp_path, records)
    data = json.loads(
        CliRunner().invoke(app, ["review", str(path), "--json", "--seat", "S"]).output
    )
    assert set(data["hands"][0]["seats"]) == {"S"}
    text = CliRunner().invoke(app, ["review", str(path)])
    assert text.exit_code == 0 and "效率最佳" in text.output


def test_summary_log_says_nothing_to_review(tmp_path):
    records, _ = generate_session("huangyan", 1, seed=2, summary=True)
    result = CliRunner().invoke(app, ["review", str(_write(tmp_path, records))])
    assert result.exit_code == 0 and "nothing to review" in result.output
    data = json.loads(
        CliRunner().invoke(app, ["review", str(_write(tmp_path, records)), "--json"]).output
    )  # the JSON says it too, as the API's note does
    assert data["reviewable"] is False
    assert data["note"] == {
        "zh": "没有记录打牌过程：无可复盘",
        "en": "no play recorded: nothing to review",
    }


def test_bad_input_is_a_clear_error_not_a_traceback(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text(
        '{"type":"session","ruleset":"zhoushan","players":["a","b","c","d"]}\n{"type":"nope"}\n'
    )
    result = CliRunner().invoke(app, ["review", str(bad)])
    assert result.exit_code == 2 and "line 2" in result.output and "Traceback" not in result.output
    result = CliRunner().invoke(app, ["review", str(bad), "--seat", "Q"])
    assert result.exit_code == 2


def test_text_names_the_kind_of_a_missed_win(tmp_path):
    """W lets E's added kong of 3m go (a robbed kong missed), as in test_review_missed_wins."""
    records = log("zhoushan", {"E": E_K, "S": S_K, "W": W_K, "N": N_K}, KONG + LET_GO)
    result = CliRunner().invoke(app, ["review", str(_write(tmp_path, records)), "--seat", "W"])
    assert result.exit_code == 0, result.output
    assert "抢 E 的加杠 robbed kong" in result.output
