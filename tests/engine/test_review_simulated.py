"""The efficiency review over simulated full logs: properties every hand must have."""

from __future__ import annotations

import pytest

from engine.replay import replay
from engine.review import review_replay
from engine.rulesets import SHIPPED
from engine.simulate.session import generate_session


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_winner_was_ready_before_its_winning_tile(ruleset):
    records, _ = generate_session(ruleset, 6, seed=24)
    rev = review_replay(replay(records))
    wins = [w for h in rev.hands for w in h.wins]
    assert wins  # the sample has wins to check
    assert all(w.shanten_before == 0 for w in wins), wins


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
