"""Per-player figures of a review: what the hand panel, the session summary and the dashboards
show. A player is named by the hand's seats, so a session's figures follow the player across
seat changes."""

from __future__ import annotations

from dataclasses import dataclass

from engine.review.model import HandReview, SessionReview


@dataclass
class PlayerSummary:
    """Counts over the reviewed discards of one player (add two to pool sessions)."""

    decisions: int = 0
    best: int = 0
    lost: int = 0  # unseen effective tiles given up, summed
    missed_wins: int = 0
    deal_ins: int = 0
    avoidable_deal_ins: int = 0
    raised_claims: int = 0

    @property
    def best_share(self) -> float | None:
        return self.best / self.decisions if self.decisions else None

    @property
    def average_lost(self) -> float | None:
        return self.lost / self.decisions if self.decisions else None

    def add(self, other: PlayerSummary) -> PlayerSummary:
        return PlayerSummary(*(a + b for a, b in zip(_counts(self), _counts(other), strict=True)))

    def to_dict(self) -> dict[str, float | None]:
        return {
            **dict(zip(_FIELDS, _counts(self), strict=True)),
            "best_share": self.best_share,
            "average_lost": self.average_lost,
        }


_FIELDS = (
    "decisions",
    "best",
    "lost",
    "missed_wins",
    "deal_ins",
    "avoidable_deal_ins",
    "raised_claims",
)


def _counts(s: PlayerSummary) -> tuple[int, ...]:
    return tuple(getattr(s, f) for f in _FIELDS)


def hand_summary(hand: HandReview) -> dict[str, PlayerSummary]:
    """Seat -> figures of one hand."""
    out = {seat: PlayerSummary() for seat in hand.seats}
    for x in hand.decisions:
        s = out.setdefault(x.seat, PlayerSummary())
        s.decisions += 1
        s.best += x.mark == "best"
        s.lost += x.lost
    for m in hand.missed_wins:
        out.setdefault(m.seat, PlayerSummary()).missed_wins += 1
    for d in hand.deal_ins:
        s = out.setdefault(d.seat, PlayerSummary())
        s.deal_ins += 1
        s.avoidable_deal_ins += bool(d.safe)
    for c in hand.claims:
        out.setdefault(c.seat, PlayerSummary()).raised_claims += c.raised
    return out


def player_summary(review: SessionReview) -> dict[str, PlayerSummary]:
    """Player name -> figures over every reviewed hand of the session."""
    out: dict[str, PlayerSummary] = {}
    for hand in review.hands:
        for seat, figures in hand_summary(hand).items():
            player = hand.seats.get(seat, seat)
            out[player] = out.get(player, PlayerSummary()).add(figures)
    return out
