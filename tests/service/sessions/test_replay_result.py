"""The replay's step API as people expect it (issue 19): the last discard and the winning tile
named, the hand's result at its last step, and ``next_mark`` pointing straight at the next
hand's first problem step."""

from __future__ import annotations

import json

from engine.replay import replay
from engine.simulate import generate_session
from tests.service.conftest import CLUB, verified

SEED = 3


def _log(faults: float) -> bytes:
    records, _ = generate_session("zhoushan", 6, SEED, faults=faults, club=CLUB)
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()


def step(client, sid: str, hand: int, k: int) -> dict:
    response = client.get(f"/api/v1/sessions/{sid}/hands/{hand}/steps/{k}")
    assert response.status_code == 200
    return response.get_json()


def test_last_discard_winning_tile_and_result(alice):
    data = _log(0.0)
    sid = verified(alice, data)
    records = [json.loads(line) for line in data.decode().splitlines()]
    hand = replay(records).hands[0]
    discards = [k for k, (_, rec) in enumerate(hand.records) if rec["type"] == "discard"]
    at = step(alice, sid, 1, discards[2])
    rec = hand.records[discards[2]][1]
    seat = rec["seat"]
    assert at["last_discard"]["seat"] == seat and at["last_discard"]["tile"] == rec["tile"]
    assert at["seats"][seat]["discards"][at["last_discard"]["index"]] == rec["tile"]
    assert step(alice, sid, 1, discards[2] + 1)["last_discard"]["tile"] == rec["tile"]  # a draw
    assert (
        step(alice, sid, 1, 0)["last_discard"] is None and step(alice, sid, 1, 0)["result"] is None
    )

    end = step(alice, sid, 1, hand.steps - 1)
    (win,) = hand.outcome.wins
    assert end["win_tiles"] == [
        {"seat": win.seat, "tile": win.tile, "how": win.how, "from": win.from_seat, "stands": True}
    ]
    report = alice.get(f"/api/v1/sessions/{sid}/hands/1").get_json()
    result = end["result"]
    assert [(w["seat"], w["how"]) for w in result["wins"]] == [(win.seat, win.how)]
    assert result["items"] == report["items"] and result["disputes"] == report["disputes"] == []
    assert result["recorded_net"] == report["recorded_net"] == report["expected_net"]
    assert step(alice, sid, 1, hand.steps - 2)["result"] is None


def test_next_mark_is_the_first_problem_step_of_the_next_problem_hand(alice):
    sid = verified(alice, _log(0.5))
    hands = step(alice, sid, 1, 0)["hands"]
    marks = {h: step(alice, sid, h, 0)["marks"] for h in range(1, hands + 1)}
    marked = [h for h in marks if marks[h]]
    assert len(marked) >= 2, marks
    first, second = marked[0], marked[1]
    last = step(alice, sid, first, marks[first][-1])
    assert last["next_mark"] == {"hand": second, "step": marks[second][0]}
    target = step(alice, sid, second, marks[second][0])
    assert target["anomalies"], "the step n lands on shows its problem"
    final = step(alice, sid, marked[-1], 0)
    assert final["next_mark"] is None
