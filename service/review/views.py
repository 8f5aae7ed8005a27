"""A session's efficiency review as JSON: the stored review of its head (computed on first ask)
with each item's log line and every player's figures."""

from __future__ import annotations

from flask import abort

from engine.review import decision_dict, player_summary
from service.db import engine
from service.models import User
from service.review import NOTHING
from service.sessions.views import load_session
from workers import review as stored_reviews
from workers.tasks import engine_version


def review_view(user: User, session_id: str) -> dict:
    """``{id, head_seq, engine_version, version, ruleset, reviewable, note, seconds, players,
    hands}`` (docs/api.md). The log is stored one record a line: line = seq + 1."""
    s = load_session(user, session_id)
    try:
        got = stored_reviews.review_at_head(s.id, engine_version(), engine())
    except ValueError as exc:  # no session record, unknown ruleset: the verification says so too
        return {"id": s.id, "head_seq": s.head_seq, "error": str(exc)}
    if got is None:
        abort(404)
    review, seconds = got
    review = review.with_lines(list(range(1, s.head_seq + 2)))
    return {
        "id": s.id,
        "head_seq": s.head_seq,
        "engine_version": engine_version(),
        "reviewable": review.reviewable,
        "note": None if review.reviewable else NOTHING,
        "seconds": round(seconds, 4),
        "players": {p: f.to_dict() for p, f in player_summary(review).items()},
        **review.to_dict(),
    }


def step_view(user: User, session_id: str, hand: int, step: int) -> dict:
    """``{id, head_seq, hand, step, decisions}``: the decisions at a step of the session's
    ``hand``-th hand with their detail (rank, given_up, options, tenpai), computed on view
    (docs/api.md). 404 for an unknown session or hand."""
    s = load_session(user, session_id)
    try:
        got = stored_reviews.step_detail(s.id, hand, step, engine())
    except ValueError as exc:
        return {"id": s.id, "head_seq": s.head_seq, "error": str(exc)}
    if got is None:
        abort(404)
    return {
        "id": s.id,
        "head_seq": s.head_seq,
        "hand": hand,
        "step": step,
        "decisions": [{**decision_dict(d), "line": d.seq + 1} for d in got],
    }
