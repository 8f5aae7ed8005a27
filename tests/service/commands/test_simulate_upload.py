"""``fupan simulate --club --players`` writes a session a club member uploads as is (the
README's demo path: simulate, then upload)."""

from __future__ import annotations

from typer.testing import CliRunner

from events.codec import parse_log
from service.cli import app as cli
from tests.service.conftest import CLUB, upload

runner = CliRunner()
PLAYERS = "阿强,小李,老王,阿芳"


def test_a_simulated_session_of_the_members_club_uploads(app, alice, tmp_path):
    result = runner.invoke(cli, ["simulate", "-r", "wenling", "--hands", "3", "--out", str(tmp_path),
                                 "--club", CLUB, "--players", "甲, 乙,丙,丁"])  # fmt: skip
    assert result.exit_code == 0, result.output
    data = (tmp_path / "wenling-0.jsonl").read_bytes()
    session = parse_log(data).records[0]
    assert session["club"] == CLUB and session["players"] == ["甲", "乙", "丙", "丁"]
    response = upload(alice, data, name="wenling-0.jsonl")
    assert response.status_code == 201, response.get_json()
    assert response.get_json()["accepted"][0]["created"] is True


def test_without_club_the_upload_is_refused_with_the_reason(app, alice, tmp_path):
    assert (
        runner.invoke(
            cli, ["simulate", "-r", "wenling", "--hands", "1", "--out", str(tmp_path)]
        ).exit_code
        == 0
    )
    response = upload(alice, (tmp_path / "wenling-0.jsonl").read_bytes())
    assert response.status_code == 422
    (error,) = response.get_json()["rejected"][0]["errors"]
    assert error["code"] == "not_member" and error["params"] == {"club": "'fupan simulate'"}


def test_bad_players_are_a_clear_error(tmp_path):
    for players, message in (
        ("a,b,c", "4 distinct"),
        ("a,b,c,a", "4 distinct"),
        ("a,,c,d", "non-empty"),
    ):
        result = runner.invoke(cli, ["simulate", "-r", "wenling", "--out", str(tmp_path / "o"),
                                     "--players", players])  # fmt: skip
        assert result.exit_code == 2, result.output
        assert message in result.output
    result = runner.invoke(
        cli, ["simulate", "-r", "wenling", "--out", str(tmp_path / "o"), "--club", " "]
    )
    assert result.exit_code == 2 and "club name must not be empty" in result.output
    assert not (tmp_path / "o").exists()
