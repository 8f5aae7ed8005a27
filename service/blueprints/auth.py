"""Log in and out, and manage one's API tokens."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user, login_required, login_user, logout_user
from sqlmodel import select

from service import auth
from service.db import db
from service.models import ApiToken

bp = Blueprint("auth", __name__)


@bp.route("/login", methods=["GET", "POST"])
def login():
    error = None
    if request.method == "POST":
        user = auth.authenticate(request.form.get("username", ""), request.form.get("password", ""))
        if user is not None:
            login_user(user)
            return redirect(_safe_next(request.args.get("next")))
        error = "wrong user name or password"
    return render_template("login.html", error=error), 401 if error else 200


def _safe_next(target: str | None) -> str:
    """Only same-site paths: an open redirect would let a link log people into a phishing page."""
    if target and target.startswith("/") and not urlsplit(target).netloc and "\\" not in target:
        return target
    return url_for("pages.sessions")


@bp.post("/logout")
@login_required
def logout():
    logout_user()
    return redirect(url_for("auth.login"))


@bp.route("/account", methods=["GET", "POST"])
@login_required
def account():
    new_token = None
    if request.method == "POST":
        if request.form.get("action") == "revoke":
            token_id = request.form.get("token_id", "")
            if not (token_id.isdigit() and auth.revoke_token(current_user, int(token_id))):
                flash("no such token")
        else:
            new_token = auth.issue_token(current_user, request.form.get("label", ""))
    with db() as session:
        tokens = session.exec(select(ApiToken).where(ApiToken.user_id == current_user.id)).all()
    return render_template(
        "account.html",
        tokens=tokens,
        new_token=new_token,
        clubs=auth.memberships(current_user),
    )
