"""The registry of rulesets by name. Each ruleset module registers its one object here."""

from __future__ import annotations

import importlib

from engine.rulesets.base import Ruleset

RULESET_NAMES = ("wenling", "huangyan", "zhoushan", "xizhou")


class UnknownRuleset(ValueError):
    def __init__(self, name: object):
        super().__init__(f"unknown ruleset {name!r}; valid rulesets: {', '.join(RULESET_NAMES)}")


def get_ruleset(name: str) -> Ruleset:
    """The ruleset object for ``name`` (each module defines ``RULESET``)."""
    if name not in RULESET_NAMES:
        raise UnknownRuleset(name)
    return importlib.import_module(f"engine.rulesets.{name}").RULESET
