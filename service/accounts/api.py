"""The accounts' JSON endpoints (docs/api.md): who the caller is, a club's members."""

from __future__ import annotations

from flask import abort, g, jsonify

from service.accounts import auth, members

routes = auth.ApiRoutes()


@routes.get("/me")
def me():
    return jsonify(username=g.user.username, clubs=members.clubs_view(g.user))


@routes.get("/clubs/<club>/members")
def list_members(club: str):
    """A club's members, for its admins."""
    auth.require_club(g.user, club, roles=("admin",))
    return jsonify(club=club, members=members.members_view(club))


@routes.post("/clubs/<club>/members")
def add_member(club: str):
    """A club admin adds an existing user, or changes their role or player name."""
    auth.require_club(g.user, club, roles=("admin",))
    body = auth.json_body()
    try:
        members.add_member(club, str(body.get("username", "")), str(body.get("role", "member")),
                           str(body.get("player", "")), by=g.user.username)  # fmt: skip
    except auth.AccountError as e:
        abort(400, str(e))
    return jsonify(club=club, members=members.members_view(club)), 201
