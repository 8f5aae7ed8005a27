"""Huangyan's deal: who deals next, and when the players may change seats (换位篇)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.model import HandOutcome, next_seat
from engine.rulesets.base import Anomaly
from engine.rulesets.huangyan.options import Options


def check_hand_start(
    hand: Mapping[str, Any],
    earlier: Sequence[tuple[Mapping[str, Any], str | None]],
    opts: Options,
) -> list[Anomaly]:
    """换位篇: a seat change (``hand.seat_change``) needs ``seat_change_rounds`` 圈 (four
    passes of the deal each) since the last one; 搓菜 also counts them from the first hand.
    A pass is a hand after which another seat dealt by the wins that stand (``earlier``'s
    dealers): a hand whose only win is 诈胡 passes nothing, as in the rotation."""
    if not hand.get("seat_change") or not earlier:
        return []
    passes, since_change = 0, False
    for record, dealer in reversed(earlier):
        passes += dealer is not None and dealer != "E"
        if record.get("seat_change"):
            since_change = True
            break
    need = 4 * opts.seat_change_rounds
    if passes >= need or (not since_change and opts.seat_change_rule == "cuohu"):
        return []
    after = "the last seat change" if since_change else "the session began"
    return [
        Anomaly(
            None,
            "seat_change_too_early",
            "warning",
            f"seats changed after {passes} passes of the deal since {after}; "
            f"{opts.seat_change_rounds} rounds ({need} passes) must come first",
        )
    ]


def next_dealer(outcome: HandOutcome, opts: Options) -> str:
    """庄家胡 keeps the deal (连庄); any other win passes it to 下家; a draw per option."""
    if outcome.dealer in outcome.winners:
        return outcome.dealer
    if not outcome.wins and opts.draw_dealer == "stay":
        return outcome.dealer
    return next_seat(outcome.dealer)
