"""The JSON API under /api/v1 (documented in docs/api.md and docs/openapi.json): one blueprint,
whose endpoints each feature keeps in its own package (``<feature>/api.py``, an
``auth.ApiRoutes``) and this module registers. The recorder's API is the recorder's blueprint.

Callers authenticate with ``Authorization: Bearer <token>`` or, from the browser, with their
login session; a session-authenticated write must carry the CSRF token (X-CSRFToken header).
"""

from __future__ import annotations

from flask import Blueprint, g, jsonify

from service.accounts import api as accounts
from service.accounts import auth
from service.club import api as club
from service.ledger import api as ledger
from service.ledger.money import money_setting
from service.review import api as review
from service.sessions import api as sessions
from service.sessions import views
from service.uploads import api as uploads

bp = auth.json_api(Blueprint("api", __name__, url_prefix="/api/v1"))

for room in (accounts, uploads, sessions, review, club, ledger):
    room.routes.register(bp)


@bp.get("/sessions/<session_id>/hands/<int:index>")
@auth.api_auth
def hand(session_id: str, index: int):
    """A hand (the sessions' view) with its club's money setting (the ledger's): the one
    endpoint of two rooms, joined here."""
    view = views.hand_view(g.user, session_id, index)
    return jsonify(view | {"money": money_setting(view["session"]["club"])})
