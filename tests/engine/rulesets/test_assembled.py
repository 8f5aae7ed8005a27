"""Every shipped ruleset wires its modules through ``Assembled`` (engine/rulesets/assembled.py,
docs/engine.md "A ruleset's package"): the hooks that are one call into a part are written
once there, not again in each package, and a part a ruleset lacks means nothing to check and
nobody liable."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.model import HandOutcome
from engine.rulesets import SHIPPED, get_ruleset
from engine.rulesets.assembled import Assembled, Parts
from engine.rulesets.base import Anomaly, Mistake, SettleInput
from engine.table import _checked_kinds

WIRED = ("score", "readings", "items", "settle", "liabilities", "mistakes", "next_dealer", "check")


@pytest.mark.parametrize("name", SHIPPED)
def test_a_shipped_ruleset_wires_its_parts_and_writes_no_delegating_hook(name):
    rs = get_ruleset(name)
    assert isinstance(rs, Assembled)
    rewritten = [hook for hook in WIRED if hook in vars(type(rs))]
    assert rewritten == [], f"{name} writes {rewritten} again instead of naming a part"


def _part(**functions):
    return SimpleNamespace(**functions)


def _ruleset(**parts):
    """An unregistered Assembled ruleset whose parts record what they are asked."""
    asked = []

    def record(hook, answer):
        return lambda *args: asked.append((hook, args)) or answer

    given = {
        "winner": _part(score=record("score", {}), readings=record("readings", ()),
                        items=record("items", ())),
        "settlement": _part(settle=record("settle", [])),
        "mistakes": _part(mistakes=lambda *args: (m for m in [MISTAKE])),
        "dealer": _part(next_dealer=record("next_dealer", "S")),
        **parts,
    }  # fmt: skip
    cls = type("Wired", (Assembled,), {"name": "wired", "parts": Parts(**given)})
    return cls(), asked


MISTAKE = Mistake("fan_missed", "漏番", "a fan missed", ())
OUTCOME = HandOutcome(1, {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"})
OPTS = object()


def test_without_a_checks_part_the_replay_asks_nothing_and_nobody_is_liable():
    rs, _ = _ruleset()
    assert rs.checked_kinds == frozenset() and _checked_kinds(rs) == frozenset()
    assert rs.check(("step",), (), OPTS) == []
    assert rs.liabilities(OUTCOME, OPTS) == ()


def test_the_checks_part_sets_the_kinds_asked_about_and_gets_the_options():
    anomaly = Anomaly(3, "passed_peng", "error", "x")
    seen = []
    checks = _part(
        CHECKED_KINDS=frozenset({"peng"}),
        check=lambda action, history, opts: seen.append(opts) or [anomaly],
    )
    rs, _ = _ruleset(checks=checks)
    assert rs.checked_kinds == frozenset({"peng"}) and _checked_kinds(rs) == frozenset({"peng"})
    assert rs.check(("step",), (), OPTS) == [anomaly] and seen == [OPTS]


def test_each_hook_is_one_call_into_its_part_with_the_options():
    liable = _part(liabilities=lambda outcome, opts: (("bao", outcome, opts),))
    rs, asked = _ruleset(liability=liable)
    inp = SettleInput(wins=(), points={})
    assert rs.score(OUTCOME, OPTS) == {} and rs.items(OPTS) == ()
    assert rs.next_dealer(OUTCOME, OPTS) == "S" and rs.settle(inp, OPTS) == []
    assert list(rs.readings(OUTCOME, None, OPTS)) == []
    assert rs.liabilities(OUTCOME, OPTS) == (("bao", OUTCOME, OPTS),)
    assert [hook for hook, _ in asked] == ["score", "items", "next_dealer", "settle", "readings"]
    assert all(args[-1] is OPTS for _, args in asked)


def test_mistakes_come_back_as_a_list_even_from_a_generator():
    rs, _ = _ruleset()
    found = rs.mistakes(OUTCOME, {}, SettleInput(wins=(), points={}), OPTS)
    assert found == [MISTAKE]  # a generator would compare unequal
