"""The replay asks a ruleset's check() only about its ``checked_kinds``: on every other step of
simulated sessions (faults included) check() must find nothing, or the replay would miss it."""

import pytest

from engine.replay import replay
from engine.rulesets import SHIPPED, get_ruleset
from engine.rulesets.base import Ruleset
from engine.simulate import generate_session
from engine.table import ACTION_KINDS, Table


@pytest.mark.parametrize("name", SHIPPED)
def test_check_finds_nothing_outside_checked_kinds(name):
    rs = get_ruleset(name)
    kinds = Table(rs, rs.options(), summary=False).checked_kinds
    assert kinds <= ACTION_KINDS
    if type(rs).check is Ruleset.check:
        assert kinds == frozenset()
        return
    asked = 0
    for seed in (1, 2):
        records, _ = generate_session(name, 25, seed=seed, faults=0.3)
        for hand in replay(records).hands:
            actions = hand.outcome.actions
            for i, action in enumerate(actions):
                if action.kind not in kinds:
                    asked += 1
                    assert rs.check(action, actions[:i], hand.opts) == [], action
    assert asked > 1000
