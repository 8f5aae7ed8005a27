"""The decision review's JSON endpoint (docs/api.md, docs/review.md)."""

from __future__ import annotations

from flask import g, jsonify

from service.accounts import auth
from service.review import views

routes = auth.ApiRoutes()


@routes.get("/sessions/<session_id>/review")
def session_review(session_id: str):
    return jsonify(views.review_view(g.user, session_id))


@routes.get("/sessions/<session_id>/review/hands/<int:hand>/steps/<int:step>")
def session_review_step(session_id: str, hand: int, step: int):
    return jsonify(views.step_view(g.user, session_id, hand, step))
