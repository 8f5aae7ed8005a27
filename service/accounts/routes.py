"""Log in and out, manage one's API tokens, and (club admins) the clubs' members."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required, login_user, logout_user
from sqlmodel import select

from service.accounts import auth
from service.accounts import members as club_members
from service.db import db
from service.models import ApiToken
from service.urls import safe_next

bp = Blueprint("accounts", __name__, template_folder="templates")


@bp.route("/login", methods=["GET", "POST"])
def login():
    error = None
    if request.method == "POST":
        user = auth.authenticate(request.form.get("username", ""), request.form.get("password", ""))
        if user is not None:
            login_user(user)
            return redirect(safe_next(request.args.get("next")))
        error = _("wrong user name or password")
    return render_template("accounts/login.html", error=error), 401 if error else 200


@bp.post("/logout")
@login_required
def logout():
    logout_user()
    return redirect(url_for("accounts.login"))


@bp.route("/account", methods=["GET", "POST"])
@login_required
def account():
    new_token = None
    if request.method == "POST":
        if request.form.get("action") == "revoke":
            token_id = request.form.get("token_id", "")
            if not (token_id.isdigit() and auth.revoke_token(current_user, int(token_id))):
                flash(_("no such token"))
        else:
            new_token = auth.issue_token(current_user, request.form.get("label", ""))
    with db() as session:
        tokens = session.exec(select(ApiToken).where(ApiToken.user_id == current_user.id)).all()
    return render_template(
        "accounts/account.html",
        tokens=tokens,
        new_token=new_token,
        clubs=auth.memberships(current_user),
    )


@bp.route("/clubs", methods=["GET", "POST"])
@login_required
def clubs():
    if request.method == "POST":
        _add_member(request.form)
        return redirect(url_for("accounts.clubs"))
    clubs = club_members.clubs_view(current_user)
    members = {c["name"]: club_members.members_view(c["name"]) for c in clubs if c["role"] == "admin"}
    return render_template("accounts/clubs.html", clubs=clubs, members=members)


def _add_member(form) -> None:
    """A club admin adds (or changes the role of) an existing user."""
    auth.require_club(current_user, form.get("club", ""), roles=("admin",))
    try:
        club_members.add_member(form.get("club", ""), form.get("username", ""),
                                form.get("role", "member"), form.get("player", ""))
    except auth.AccountError as e:
        flash(str(e))
