"""Who throws the dice (issue 26): where a seed names the thrower, a throw by another seat is an
anomaly on that line. wenling: "庄家 … 开始扔骰子"; xizhou: "掷骰子：庄家掷骰子". The zhoushan
seed lists 掷骰子 without a thrower, and huangyan's dice only seat the players (换位)."""

from __future__ import annotations

import pytest

from engine.audit import audit_records
from engine.rulesets import get_ruleset
from engine.simulate import generate_session

THROWER = {"wenling": "E", "xizhou": "E", "zhoushan": None, "huangyan": None}


@pytest.mark.parametrize("ruleset", sorted(THROWER))
def test_the_thrower_the_seed_names(ruleset):
    assert get_ruleset(ruleset).dice_thrower == THROWER[ruleset]


@pytest.mark.parametrize("ruleset", sorted(THROWER))
def test_dice_thrown_by_another_seat(ruleset):
    records, _ = generate_session(ruleset, 1, 3)
    at = next(i for i, r in enumerate(records) if r["type"] == "dice")
    records[at] = {**records[at], "seat": "S"}
    hand = audit_records(records)["hands"][0]
    found = [a for a in hand["anomalies"] if a["code"] == "dice_not_dealer"]
    if THROWER[ruleset] is None:
        assert found == []
    else:
        assert [(a["seq"], a["zh"], a["en"]) for a in found] == [
            (at, "非庄家掷骰", "dice not thrown by the dealer")
        ]
        assert found[0]["message"] == "小李 threw the dice; the dealer (阿强) throws"


@pytest.mark.parametrize("ruleset", sorted(THROWER))
def test_dice_thrown_by_the_dealer_are_no_anomaly(ruleset):
    records, _ = generate_session(ruleset, 1, 3)
    assert audit_records(records)["hands"][0]["anomalies"] == []
