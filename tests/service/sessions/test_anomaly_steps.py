"""An anomaly's place on the hand page (issue 27, 2): a link to its step as the replay numbers it
(the replay's own ``seq`` at that step is the anomaly's), not the session's record number."""

from __future__ import annotations

import json
import re

from engine.simulate import generate_session
from tests.service.conftest import CLUB, verified

LINK = re.compile(
    r'<a class="to-step" href="[^"]*[?&]hand=(\d+)&amp;step=(\d+)">回放第 (\d+) 步</a>'
)


def test_an_anomalys_place_links_to_its_replay_step(alice):
    records, _ = generate_session("zhoushan", 6, 3, faults=0.5, club=CLUB)
    sid = verified(
        alice, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()
    )
    hands = alice.get(f"/api/v1/sessions/{sid}").get_json()["hands"]
    checked = 0
    for no in range(2, len(hands) + 1):  # past the first hand a record number is no step number
        seqs = sorted(
            {
                a["seq"]
                for a in alice.get(f"/api/v1/sessions/{sid}/hands/{no}").get_json()["anomalies"]
            }
        )
        if not seqs:
            continue
        page = alice.get(f"/sessions/{sid}/hands/{no}").get_data(as_text=True)
        links = [tuple(map(int, m)) for m in LINK.findall(page)]
        assert links, f"hand {no}: anomalies at records {seqs} but no link to a replay step"
        for hand, step, said in links:
            assert hand == no and said == step
            got = alice.get(f"/api/v1/sessions/{sid}/hands/{no}/steps/{step}")
            assert got.status_code == 200, f"hand {no}: step {step} is no step of the replay"
            at = got.get_json()
            assert at["seq"] in seqs and at["anomalies"], (no, step)
            assert step != at["seq"]
            assert f"第 {at['seq']} 步" not in page
            checked += 1
    assert checked, "the simulated session has no anomaly after its first hand"
