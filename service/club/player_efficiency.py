"""One player's efficiency review over a period, for their page: the dashboards' figures for
that player alone, and the moments worth replaying (missed wins, avoidable deal-ins), each
naming its session, hand and replay step."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from engine.review import PlayerSummary, SessionReview, player_summary
from service.accounts import auth
from service.club import aggregates
from service.club.charts import kept
from service.db import engine
from service.models import User
from service.sessions import queries
from workers import review as stored_reviews
from workers.tasks import engine_version

MOMENTS = 100  # moments the page lists (the newest): a phone's page stays light


@dataclass(frozen=True)
class Moment:
    """A missed win (``kind`` "missed", with ``how``) or an avoidable deal-in ("deal_in") of
    the player, where the replay shows it."""

    session_id: str
    when: str  # the log's start, else when it was stored (as the session lists show it)
    club: str
    table: str
    hand: int  # from 1, as the replay counts
    step: int
    kind: str
    tile: str
    how: str | None = None


def player_efficiency(user: User, name: str, since: date | None, until: date | None) -> dict:
    """``{"figures": PlayerSummary.to_dict(), "reviewed": sessions with a stored review,
    "moments": the newest MOMENTS, newest first, "more": how many more}`` over the sessions of
    the user's clubs in the period (days, both included) where ``name`` played. Kept per process
    by the ids of the stored reviews it reads, as the dashboards' table is."""
    flt = queries.SessionFilter(player=name, since=since, until=until)
    sessions = aggregates.listed_sessions(auth.memberships(user), flt)
    ids = stored_reviews.stored_ids([s.id for s in sessions], engine_version(), engine())
    return kept(("player-efficiency", name, tuple(ids)), lambda: _figures(name, sessions))


def _figures(name: str, sessions: list[queries.ListedSession]) -> dict:
    reviews = stored_reviews.stored_for([s.id for s in sessions], engine_version(), engine())
    figures, moments = PlayerSummary(), []
    for s in sessions:
        review = reviews.get(s.id)
        if review is not None:
            figures = figures.add(player_summary(review).get(name, PlayerSummary()))
            moments += _moments(name, s, review)
    moments.reverse()
    return {"figures": figures.to_dict(), "reviewed": len(reviews),
            "moments": moments[:MOMENTS], "more": max(0, len(moments) - MOMENTS)}  # fmt: skip


def _moments(name: str, s: queries.ListedSession, review: SessionReview) -> list[Moment]:
    when = s.started_at or s.created_at.isoformat()
    out = []
    for no, hand in enumerate(review.hands, 1):
        mine = {seat for seat, player in hand.seats.items() if player == name}
        found = [(m.step, "missed", m.tile, m.how) for m in hand.missed_wins if m.seat in mine]
        found += [(d.step, "deal_in", d.tile, None) for d in hand.deal_ins
                  if d.seat in mine and d.safe]  # fmt: skip
        out += [
            Moment(s.id, when, s.club, s.table_name, no, *f)
            for f in sorted(found, key=lambda f: f[0])
        ]
    return out
