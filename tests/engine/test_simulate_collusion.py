"""engine.simulate.collusion: colluders feed and pass as specified, the logs stay legal for every
ruleset, strength 0 is the honest game, and a recording bias pays the named player extra."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.audit import audit_records
from engine.rulesets import SHIPPED, get_ruleset
from engine.simulate import generate_session
from engine.simulate.collusion import Bias, Collusion
from engine.simulate.play import _Hand
from engine.tiles import INDEX

PAIR = ("阿强", "小李")
HOLD = {
    "S": "1m 2m 3m 4p 5p 6p 7p 8p 9p 1z 1z 6m 7m",  # waits on 5m or 8m
    "E": "2m 5m 9s 9s 1s 2s 3s 4s 4s 7s 2z 3z 4z 5z",  # E's turn: 14 tiles, one 5m
    "W": "6m 7m 1s 2s 3s 4s 5s 6s 2p 3p 4p 9p 9p",  # waits on 5m or 8m too
}


def table(strength: float, seed: int = 1) -> _Hand:
    """A zhoushan hand mid-play, colluders E and S; E to discard."""
    rs = get_ruleset("zhoushan")
    hand = _Hand(rs, rs.options({}), random.Random(seed), {"E": "S", "S": "E"}, strength)
    for seat, tiles in HOLD.items():
        for t in tiles.split():
            hand.counts[seat][INDEX[t]] += 1
    hand.ready["N"] = 4  # far from 听牌: N holds nothing here
    return hand


def test_a_colluder_throws_the_partners_winning_tile():
    assert table(1.0).wins_with("S", "5m") and not table(1.0).wins_with("S", "2m")
    assert table(1.0).feed("E", frozenset()) == INDEX["5m"]
    assert table(1.0).feed("E", frozenset({INDEX["5m"]})) is None  # not a tile it may throw
    assert table(0.0).feed("E", frozenset()) is None
    assert table(1.0).feed("W", frozenset()) is None  # W colludes with nobody
    fed = sum(table(0.5, seed).feed("E", frozenset()) is not None for seed in range(400))
    assert 160 <= fed <= 240  # about half


def test_the_partner_wins_a_feed_and_lets_other_wins_go_by():
    order = ("S", "W", "N")
    hand = table(1.0)
    assert hand.takers("E", order, "5m", fed=True) == ["S", "W"]
    hand = table(1.0)
    assert hand.takers("E", order, "5m", fed=False) == ["W"]
    assert "S" in hand.waiting and INDEX["5m"] in hand.passed["S"]
    assert hand.takers("W", ("N", "E", "S"), "8m", fed=False) == []  # waits for its next draw
    hand.waiting.discard("S")
    assert hand.takers("W", ("N", "E", "S"), "8m", fed=False) == ["S"]
    honest = table(1.0)
    assert honest.takers("W", ("N", "E", "S"), "8m", fed=False) == ["S"]  # W is no colluder


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_colluding_logs_are_legal_and_feed_the_partner(ruleset):
    # generate_session replays every hand and raises SimulationError on any anomaly
    records, _ = generate_session(ruleset, 60, 5, collusion=Collusion(PAIR, 1.0))
    honest, _ = generate_session(ruleset, 60, 5)
    assert (
        deal_ins(records)[PAIR] + deal_ins(records)[PAIR[::-1]]
        > deal_ins(honest)[PAIR] + deal_ins(honest)[PAIR[::-1]]
    )
    assert audit_records(records)["ok"]


def test_strength_zero_is_the_honest_game():
    assert generate_session("wenling", 12, 2, collusion=Collusion(PAIR, 0.0)) == generate_session(
        "wenling", 12, 2
    )


def deal_ins(records: list[dict]) -> Counter:
    out, seats = Counter(), {}
    for r in records:
        if r["type"] == "hand":
            seats = r["seats"]
        elif r["type"] == "win" and r["how"] == "discard":
            out[(seats[r["from"]], seats[r["seat"]])] += 1
    return out


def test_a_recording_bias_pays_the_named_player():
    records, faults = generate_session("huangyan", 40, 3, bias=Bias("老王", 0.3))
    assert faults and all(f["code"] == "recording_bias" for f in faults)
    report = audit_records(records)
    disputed = {h["no"] for h in report["hands"] if h["disputes"]}
    assert disputed == {f["hand"] for f in faults}
    for h in report["hands"]:
        if h["disputes"]:
            seat = next(s for s, p in h["seats"].items() if p == "老王")
            assert h["recorded_net"][seat] > h["expected_net"][seat]
    for f in faults:
        assert records[f["seq"]]["type"] == "settlement"


def test_bad_collusion_and_bias():
    with pytest.raises(ValueError, match="two different players"):
        Collusion(("a", "a"), 0.5)
    with pytest.raises(ValueError, match="between 0 and 1"):
        Collusion(("a", "b"), 1.5)
    with pytest.raises(ValueError, match="between 0 and 1"):
        Bias("a", -0.1)
