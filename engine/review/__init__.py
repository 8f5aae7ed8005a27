"""The efficiency review (效率复盘) of a full log: every discard of every seat against the
discards that keep the lowest shanten and the most unseen effective tiles, missed wins (漏胡),
avoidable deal-ins (放炮 next to a 现物 of equal or lower shanten) and claims that raised the shanten.
It measures tile efficiency and these plain facts, not "the best play". See docs/review.md."""

from __future__ import annotations

from typing import Any

from engine.replay import Replay, replay
from engine.review.model import (
    REVIEW_VERSION,
    Claim,
    DealIn,
    Decision,
    Detail,
    HandReview,
    MissedWin,
    Option,
    SessionReview,
    TenpaiChoice,
    Wait,
    WinCheck,
    decision_dict,
    upcast,
)
from engine.review.summary import PlayerSummary, hand_summary, player_summary
from engine.review.walk import review_hand, review_step


def review_replay(rep: Replay, detail: bool = True) -> SessionReview:
    """The review of every hand of a replayed session (summary hands carry ``summary=True``);
    without ``detail``, the figures the workers store (:func:`review_hand`)."""
    hands = tuple(review_hand(hand, detail) for hand in rep.hands)
    return SessionReview(REVIEW_VERSION, rep.ruleset.name, hands)


def review_records(records: list[dict[str, Any]], detail: bool = True) -> SessionReview:
    """Replay the canonical records and review them (raises as :func:`engine.replay.replay`)."""
    return review_replay(replay(records), detail)


__all__ = [
    "REVIEW_VERSION",
    "Claim",
    "DealIn",
    "Decision",
    "Detail",
    "HandReview",
    "MissedWin",
    "Option",
    "PlayerSummary",
    "SessionReview",
    "TenpaiChoice",
    "Wait",
    "WinCheck",
    "decision_dict",
    "hand_summary",
    "player_summary",
    "review_hand",
    "review_records",
    "review_replay",
    "review_step",
    "upcast",
]
