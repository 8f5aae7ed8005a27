"""The integrity page: admins only (members 403, other clubs 404), each opening appended to the
club's history, signals computed by the workers from verified sessions, "not enough hands yet"
for a small club, and ``fupan integrity --json``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from engine.simulate import generate_session
from engine.simulate.collusion import Collusion
from events.codec import canonical_json
from service.cli import app as cli
from service.integrity import signals_view
from tests.service.conftest import CLUB, EN, OTHER_CLUB, login, verified
from workers.celery_app import wait_embedded

PLAYERS = ("阿强", "小李", "老王", "阿芳")


def log(hands: int, seed: int, strength: float = 0.0) -> bytes:
    collusion = Collusion(("小李", "老王"), strength) if strength else None
    records, _ = generate_session(
        "zhoushan", hands, seed, club=CLUB, players=PLAYERS, collusion=collusion
    )
    return "".join(canonical_json(r) + "\n" for r in records).encode()


def page(client, **headers) -> str:
    response = client.get(f"/clubs/{CLUB}/integrity", headers=headers)
    assert response.status_code == 200
    assert wait_embedded(60)
    return client.get(f"/clubs/{CLUB}/integrity", headers=headers).get_data(as_text=True)


def test_admins_see_the_pattern_with_its_hands(app, alice):
    verified(alice, log(150, 11, strength=1.0))
    html = page(alice)
    assert "放炮去向" in html and "值得一看" in html
    assert "小李 → 老王" in html or "老王 → 小李" in html
    assert "/hands/" in html and "/replay?hand=" in html
    assert 'data-src="/clubs/' in html
    with app.app_context():
        opened = signals_view.history(CLUB)
    assert [h["kind"] for h in opened] == ["integrity_opened"] * 2 and opened[0]["by"] == "alice"
    chart = alice.get(f"/clubs/{CLUB}/integrity/signals/0.json")
    assert chart.status_code == 200 and chart.get_json()["data"][0]["type"] == "bar"
    english = page(alice, **EN)
    assert "Patterns across hands" in english and "worth a look" in english
    assert "放炮去向" not in english


def test_a_few_nights_are_not_enough(alice):
    verified(alice, log(20, 12))
    html = page(alice)
    assert "局数还不够" in html and 'class="signal' not in html and "badge dispute" not in html


@pytest.mark.parametrize("user, status", [("carol", 403), ("bob", 404)])
def test_members_never_see_it(app, client, user, status):
    login(client, user)
    assert client.get(f"/clubs/{CLUB}/integrity").status_code == status
    assert client.get(f"/clubs/{CLUB}/integrity/signals/0.json").status_code == status
    with app.app_context():
        assert signals_view.history(CLUB) == []


def test_command_line_json(app, alice):
    verified(alice, log(120, 13, strength=1.0))
    runner = CliRunner()
    result = runner.invoke(cli, ["integrity", "--club", CLUB, "--json"])
    assert result.exit_code == 0, result.output
    signals = json.loads(result.output)["signals"]
    assert signals
    for s in signals:
        assert {"kind", "players", "hands", "effect", "p_value", "q_value", "flagged"} <= s.keys()
        assert all(p in PLAYERS for p in s["players"])
    flagged = [s for s in signals if s["flagged"]]
    pairs = {tuple(s["players"]) for s in flagged}
    assert ("小李", "老王") in pairs and ("老王", "小李") in pairs
    assert all(s["kind"] == "feeding" for s in flagged)
    text = runner.invoke(cli, ["integrity", "--club", CLUB])
    assert text.exit_code == 0 and "FLAGGED" in text.output
    missing = runner.invoke(cli, ["integrity", "--club", "nobody's club"])
    assert missing.exit_code == 2 and "no club named" in missing.output
    backwards = runner.invoke(
        cli, ["integrity", "--club", OTHER_CLUB, "--since", "2026-02-01", "--until", "2026-01-01"]
    )
    assert backwards.exit_code == 2


def test_the_history_and_the_results_are_append_only(app, alice):
    import sqlalchemy

    from tests.conftest import run_sql

    page(alice)
    for table in ("web_club_history", "integrity_results"):
        with pytest.raises(sqlalchemy.exc.IntegrityError, match="append-only"):
            run_sql(f"UPDATE {table} SET club = 'x'")
        with pytest.raises(sqlalchemy.exc.IntegrityError, match="append-only"):
            run_sql(f"DELETE FROM {table}")


@pytest.mark.slow
def test_the_play_signal_reads_stored_reviews(app, alice):
    from workers import integrity as derived
    from workers import review
    from workers.tasks import engine_version

    session_id = verified(alice, log(110, 14, strength=1.0))
    assert wait_embedded(60)  # the workers review a session after verifying it
    with app.app_context():
        review.review_at_head(session_id, engine_version())  # stored already: nothing to do
        after = derived.compute(CLUB)
    plays = [s for s in after.signals if s.kind == "play"]
    assert plays and all(s.enough and s.hands == 110 for s in plays)
    dealt = {s.players: s.events for s in after.signals if s.kind == "play"}
    fed = {s.players: s.observed for s in after.signals if s.kind == "feeding"}
    assert all(dealt[pair] == fed[pair] for pair in dealt)  # every deal-in of a full log reviewed


def test_names_follow_the_member_list(app):
    from service.accounts import auth

    with app.app_context():
        dave = auth.create_user("dave", "correct horse 42", display_name="小D")
        auth.add_member(dave, auth.get_or_create_club(CLUB), "member", player="老王")
        names = signals_view.club_names(CLUB)
    # a username or display name stands for the member's player; carol has no player name
    assert names == {"alice": "阿强", "dave": "老王", "小D": "老王"}
