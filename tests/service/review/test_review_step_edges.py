"""The review's step endpoint on the requests a client may send that no replay would: a hand 0
or past the last, a step past the hand's end, a summary log, another club's session. Each gets
an answer (404 for what does not exist, else no decisions), never a server error."""

from __future__ import annotations

from engine.simulate.session import generate_session
from events.codec import canonical_json
from tests.service.conftest import CLUB, login, verified


def _log(summary: bool = False) -> bytes:
    records, _ = generate_session("wenling", 2, seed=47, summary=summary, club=CLUB)
    return "".join(canonical_json(r) + "\n" for r in records).encode()


def _step(client, session_id: str, hand: int, step: int):
    return client.get(f"/api/v1/sessions/{session_id}/review/hands/{hand}/steps/{step}")


def test_steps_no_replay_would_ask_for(alice):
    session_id = verified(alice, _log())
    assert _step(alice, session_id, 0, 3).status_code == 404
    assert _step(alice, session_id, 3, 3).status_code == 404
    past = _step(alice, session_id, 1, 100_000)  # docs/api.md: a step that is no discard has none
    assert past.status_code == 200 and past.get_json()["decisions"] == []
    assert (
        _step(alice, session_id, 1, 0).get_json()["decisions"] == []
    )  # the first step: no discard


def test_a_summary_logs_step_has_nothing_to_review(alice):
    session_id = verified(alice, _log(summary=True))
    got = _step(alice, session_id, 1, 1)
    assert got.status_code == 200 and got.get_json()["decisions"] == []


def test_another_clubs_step_is_not_found(client, alice):
    session_id = verified(alice, _log())
    client.get("/logout")
    login(client, "bob")
    assert _step(client, session_id, 1, 5).status_code == 404
