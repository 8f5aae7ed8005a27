"""The decision review's JSON endpoint (docs/api.md, docs/review.md)."""

from __future__ import annotations

from flask import g, jsonify

from service.accounts import auth
from service.review import views

routes = auth.ApiRoutes()


@routes.get("/sessions/<session_id>/review")
def session_review(session_id: str):
    return jsonify(views.review_view(g.user, session_id))
