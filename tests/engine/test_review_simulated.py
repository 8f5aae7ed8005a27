"""The efficiency review over simulated full logs: properties every hand must have."""

from __future__ import annotations

import pytest

from engine.replay import replay
from engine.review import review_replay
from engine.rulesets import SHIPPED
from engine.simulate.session import generate_session


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_winner_was_ready_before_its_winning_tile(ruleset):
    """Every win of a play-by-play hand (all but a limit held at the deal) is checked, on a
    discard and self-drawn alike, and each was at shanten 0 (听牌) before its winning tile, under
    the ruleset's own shapes (wenling's limits included)."""
    hows = set()
    for seed in (24, 25, 26):
        rep = replay(generate_session(ruleset, 8, seed=seed)[0])
        rev = review_replay(rep, detail=False)
        for hand, reviewed in zip(rep.hands, rev.hands, strict=True):
            declared = [
                (r["seat"], r["how"])
                for _, r in hand.records
                if r.get("type") == "win" and r.get("how") != "instant"
            ]
            assert [(w.seat, w.how) for w in reviewed.wins] == declared
            assert all(w.shanten_before == 0 for w in reviewed.wins), reviewed.wins
            hows |= {w.how for w in reviewed.wins}
    assert {"discard", "self_draw"} <= hows  # the sample has both kinds to check


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_decisions_are_consistent(ruleset):
    records, _ = generate_session(ruleset, 3, seed=7)
    rev = review_replay(replay(records))
    decisions = [x for h in rev.hands for x in h.decisions]
    assert decisions
    for x in decisions:
        assert x.best and x.detail.rank >= 1 and x.shanten_after >= x.best_shanten >= -1
        assert (x.detail.rank == 1) == (x.discard in x.best)
        assert x.detail.options[0].shanten == x.best_shanten
        assert x.detail.options[0].effective == x.best_effective
        if x.shanten_after == x.best_shanten:
            assert x.effective <= x.best_effective
        assert x.shanten_before <= x.shanten_after  # a 3n+2 hand is its best discard's distance


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_faulty_logs_are_reviewed_without_crashing(ruleset):
    records, faults = generate_session(ruleset, 4, seed=5, faults=1.0)
    assert faults
    rev = review_replay(replay(records))
    assert len(rev.hands) == 4


def test_a_summary_session_has_nothing_to_review():
    records, _ = generate_session("wenling", 2, seed=3, summary=True)
    rev = review_replay(replay(records))
    assert not rev.reviewable
