"""The replay asks a ruleset's check() only about its ``checked_kinds``: on every other step of
simulated sessions (faults included) check() must find nothing, or the replay would miss it."""

import pytest

from engine.model import Action
from engine.replay import replay
from engine.rulesets import SHIPPED, get_ruleset
from engine.rulesets.base import CLAIMED_DISCARD, Ruleset
from engine.simulate import generate_session
from engine.table import ACTION_KINDS, Table


def _after_claim(actions: tuple[Action, ...], i: int) -> bool:
    """Is step ``i`` a discard right after a claim (no draw or discard since)?"""
    if actions[i].kind != "discard":
        return False
    for a in reversed(actions[:i]):
        if a.kind in ("draw", "discard"):
            return False
        if a.kind in ("chi", "peng") or (a.kind == "gang" and a.from_seat):
            return True
    return False


@pytest.mark.parametrize("name", SHIPPED)
def test_check_finds_nothing_outside_checked_kinds(name):
    rs = get_ruleset(name)
    kinds = Table(rs, rs.options(), summary=False).checked_kinds
    assert kinds <= ACTION_KINDS | {CLAIMED_DISCARD}
    if type(rs).check is Ruleset.check:
        assert kinds == frozenset()
        return
    asked = 0
    for seed in (1, 2):
        records, _ = generate_session(name, 25, seed=seed, faults=0.3)
        for hand in replay(records).hands:
            actions = hand.outcome.actions
            for i, action in enumerate(actions):
                if action.kind not in kinds and not (
                    CLAIMED_DISCARD in kinds and _after_claim(actions, i)
                ):
                    asked += 1
                    assert rs.check(action, actions[:i], hand.opts) == [], action
    assert asked > 1000
