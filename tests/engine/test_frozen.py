"""engine.frozen.one_step_init on HandOutcome: the same object as the dataclass's own __init__
made (a fresh default per instance, the actions descriptor, frozen)."""

import dataclasses

import pytest

from engine.model import Action, HandOutcome, PendingActions

STEP = (3, "draw", "E", "1m", "wall", None, 80, ())


def test_a_default_factory_gives_each_outcome_its_own():
    a, b = HandOutcome(1, {"E": "A"}), HandOutcome(2, {})
    assert a.showdowns == {} and a.showdowns is not b.showdowns
    assert (a.round_wind, a.indicator, a.wins, a.exhausted, a.actions) == (
        "E",
        None,
        (),
        False,
        None,
    )


def test_pending_actions_are_made_when_read_and_kept_by_replace():
    outcome = HandOutcome(1, {}, actions=PendingActions([], [STEP]))
    assert outcome.actions == (Action(3, "draw", "E", "1m", "wall", None, 80, ()),)
    assert type(outcome.actions[0]) is Action
    again = dataclasses.replace(outcome, no=2)
    assert again.actions == outcome.actions and again.no == 2
    assert again != outcome and dataclasses.replace(again, no=1) == outcome


def test_the_outcome_stays_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        HandOutcome(1, {}).no = 2  # type: ignore[misc]
