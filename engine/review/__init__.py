"""The efficiency review (效率复盘) of a full log: every discard of every seat against the
discards that keep the lowest shanten and the most unseen effective tiles, missed wins (漏胡),
avoidable deal-ins (放铳 next to a 现物 of equal shanten) and claims that raised the shanten.
It measures tile efficiency and these plain facts, not "the best play". See docs/review.md."""

from __future__ import annotations

from typing import Any

from engine.replay import Replay, replay
from engine.review.model import (
    REVIEW_VERSION,
    Claim,
    DealIn,
    Decision,
    HandReview,
    MissedWin,
    Option,
    SessionReview,
    TenpaiChoice,
    Wait,
    WinCheck,
    upcast,
)
from engine.review.summary import PlayerSummary, hand_summary, player_summary
from engine.review.walk import review_hand


def review_replay(rep: Replay) -> SessionReview:
    """The review of every hand of a replayed session (summary hands carry ``summary=True``)."""
    return SessionReview(REVIEW_VERSION, rep.ruleset.name, tuple(map(review_hand, rep.hands)))


def review_records(records: list[dict[str, Any]]) -> SessionReview:
    """Replay the canonical records and review them (raises as :func:`engine.replay.replay`)."""
    return review_replay(replay(records))


__all__ = [
    "REVIEW_VERSION",
    "Claim",
    "DealIn",
    "Decision",
    "HandReview",
    "MissedWin",
    "Option",
    "PlayerSummary",
    "SessionReview",
    "TenpaiChoice",
    "Wait",
    "WinCheck",
    "hand_summary",
    "player_summary",
    "review_hand",
    "review_records",
    "review_replay",
    "upcast",
]
