"""The report's score items are ScoreLine fields in order: the audit writes them by hand (faster
than dataclasses.asdict), so a new ScoreLine field must show up here."""

import dataclasses

from engine.audit import _line
from engine.rulesets.base import ScoreLine


def test_line_is_asdict_with_the_same_key_order():
    line = ScoreLine("fan_x", "番", "fan", 2, "番", 3)
    assert list(_line(line).items()) == list(dataclasses.asdict(line).items())
