"""Huangyan's table: 13 tiles in hand and the 得 an indicator makes (``wildcard_rule``)."""

from __future__ import annotations

from engine.rulesets.huangyan.options import Options
from engine.tiles import next_face

HAND_SIZE = 13  # 手上牌數 (the dealer holds one more)


def wildcards(indicator: str | None, opts: Options) -> frozenset[str]:
    if indicator is None or opts.wildcard_rule == "none":
        return frozenset()
    if opts.wildcard_rule == "next":
        return frozenset({next_face(indicator)})
    return frozenset({indicator})
