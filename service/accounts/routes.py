"""Log in and out, manage one's API tokens, and (club admins) the clubs' members."""

from __future__ import annotations

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_login import current_user, login_required, login_user, logout_user
from sqlmodel import select

from service.accounts import auth, changes, devices, manage
from service.accounts import members as club_members
from service.db import db, whole_number
from service.models import ROLES, ApiToken
from service.urls import safe_next

bp = Blueprint(
    "accounts",
    __name__,
    template_folder="templates",
    static_folder="static",
    static_url_path="/static/accounts",
)


@bp.before_app_request
def _own_password_first():
    """A user with a temporary password (set by a club admin) chooses their own before
    anything else: pages go to the password form, API calls answer 403."""
    if not (current_user.is_authenticated and current_user.must_change_password):
        return None
    endpoint = request.endpoint or ""
    if endpoint in ("accounts.password", "accounts.logout") or endpoint.endswith("static"):
        return None
    if request.path.startswith("/api/"):
        message = _("change the temporary password first (/account/password)")
        return jsonify(error="password_change_required", message=message), 403
    return redirect(url_for("accounts.password"))


@bp.route("/login", methods=["GET", "POST"])
@auth.limit_logins
def login():
    if manage.no_users():
        return redirect(url_for("accounts.setup"))
    error = None
    if request.method == "POST":
        user = auth.authenticate(request.form.get("username", ""), request.form.get("password", ""))
        if user is not None:
            login_user(user)
            return devices.remember(redirect(safe_next(request.args.get("next"))), user.username)
        error = _("wrong user name or password")
    return render_template("accounts/login.html", error=error), 401 if error else 200


@bp.post("/logout")
@login_required
def logout():
    auth.end_sessions(current_user.id)  # a copy of this cookie must not outlive the logout
    logout_user()
    return redirect(url_for("accounts.login"))


@bp.route("/account", methods=["GET", "POST"])
@login_required
def account():
    new_token = None
    if request.method == "POST":
        if request.form.get("action") == "revoke":
            token_id = whole_number(request.form.get("token_id", ""))
            if token_id is None or not auth.revoke_token(current_user, token_id):
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
    members = {
        c["name"]: club_members.members_view(c["name"]) for c in clubs if c["role"] == "admin"
    }
    return render_template("accounts/clubs.html", clubs=clubs, members=members)


def _add_member(form) -> None:
    """A club admin adds (or changes the role of) an existing user."""
    auth.require_club(current_user, form.get("club", ""), roles=("admin",))
    try:
        club_members.add_member(
            form.get("club", ""),
            form.get("username", ""),
            form.get("role", "member"),
            form.get("player", ""),
            by=current_user.username,
        )
    except auth.AccountError as e:
        flash(str(e))


@bp.route("/clubs/<club>/members", methods=["GET", "POST"])
@login_required
def members(club: str):
    """A club admin's page: invitation links, members with a temporary password, roles,
    password resets, removals. A new secret (link, password) is shown once, in this answer."""
    auth.require_club(current_user, club, roles=("admin",))
    shown: dict = {}
    error, status = None, 200
    if request.method == "POST":
        form = request.form
        username = form.get("username", "").strip()
        try:
            action = form.get("action", "")
            if action == "invite":
                token = manage.invite(
                    current_user, club, form.get("role", ""), form.get("player", "")
                )
                shown["invite_link"] = url_for("accounts.invitation", token=token, _external=True)
            elif action == "create":
                password = manage.create_member(club, username, form.get("role", ""),
                                                form.get("player", ""), current_user.username)  # fmt: skip
                shown["temporary"] = (username, password)
            elif action == "reset":
                shown["temporary"] = (username, manage.reset_password(current_user, club, username))
            elif action in ("role", "remove", "revoke", "put_back"):
                _change(club, action, form)
                return redirect(url_for("accounts.members", club=club))
            else:
                abort(400, _("unknown action"))
        except manage.Refused as e:
            error, status = str(e), e.status
        except auth.AccountError as e:
            error, status = str(e), 400
    page = render_template(
        "accounts/members.html", club=club, roles=ROLES, members=club_members.members_view(club),
        invites=manage.pending_invites(club), shown=shown, error=error,
        invite_days=manage.INVITE_DAYS, last_change=changes.last_change(club),
    )  # fmt: skip
    return page, status, {"Cache-Control": "no-store"}  # it may hold a secret shown once


def _role_name(role: str) -> str:
    """A role in the page's language (the words of ``_macros.role``)."""
    return {"member": _("member"), "auditor": _("auditor"), "admin": _("admin")}.get(role, role)


def _change(club: str, action: str, form) -> None:
    username = form.get("username", "").strip()
    if action == "role":
        manage.set_role(club, username, form.get("role", ""), form.get("player"),
                        by=current_user.username)  # fmt: skip
        flash(_("%(user)s: %(role)s", user=username, role=_role_name(form.get("role", "")))
              + " " + _put_back_note())  # fmt: skip
    elif action == "remove":
        manage.remove_member(club, username, by=current_user.username)
        flash(_("%(user)s no longer belongs to %(club)s", user=username, club=club)
              + " " + _put_back_note())  # fmt: skip
    elif action == "put_back":
        missing = _("the change to put back is missing or not a number")
        done = manage.put_back(club, _whole(form, "change_id", missing), current_user.username)
        flash(_("Put back: %(user)s is as before that change.", user=done["user"]))
    else:
        missing = _("the invitation to withdraw is missing or not a number")
        manage.revoke_invite(club, _whole(form, "invite_id", missing))
        flash(_("invitation withdrawn"))


def _put_back_note() -> str:
    """What the page says after a change of a member: where a slip is taken back."""
    return _("Wrong? Put it back under “Last change” below.")


def _whole(form, name: str, missing: str) -> int:
    """The form's whole number ``name``; a 400 saying ``missing`` (in the page's words, not the
    field's code) without one."""
    number = whole_number(form.get(name, ""))
    if number is None:
        abort(400, missing)
    return number


@bp.route("/invite/<token>", methods=["GET", "POST"])
def invitation(token: str):
    """A one-time link: join the club with a new account, or with the logged-in one."""
    try:
        invite, club = manage.open_invite(token)
    except manage.Refused as e:
        return render_template("error.html", status=e.status, message=str(e)), e.status
    error = None
    if request.method == "POST":
        form, user = request.form, current_user if current_user.is_authenticated else None
        try:
            joined = manage.accept_invite(token, user, form.get("username", ""),
                                          form.get("password", ""), form.get("password2", ""))  # fmt: skip
        except manage.Refused as e:
            if e.status == 410:
                return render_template("error.html", status=e.status, message=str(e)), e.status
            error = str(e)
        except auth.AccountError as e:
            error = str(e)
        else:
            if user is None:
                login_user(joined)
            flash(_("welcome to %(club)s", club=club))
            return redirect(url_for("accounts.clubs"))
    return render_template("accounts/invite.html", invite=invite, club=club, error=error), (
        400 if error else 200
    )


@bp.route("/account/password", methods=["GET", "POST"])
@login_required
def password():
    """Change one's own password; the other sessions end, this one is logged in again."""
    error = None
    if request.method == "POST":
        form = request.form
        try:
            user = manage.change_own_password(current_user, form.get("current", ""),
                                              form.get("password", ""), form.get("password2", ""))  # fmt: skip
        except manage.Refused as e:
            error = str(e)
        else:
            login_user(user)
            flash(_("password changed; your other sessions are logged out"))
            return redirect(url_for("sessions.sessions"))
    forced = current_user.must_change_password
    return render_template("accounts/password.html", error=error, forced=forced), (
        400 if error else 200
    )


@bp.route("/setup", methods=["GET", "POST"])
def setup():
    """The first run: while there is no user, the first admin and their club."""
    if not manage.no_users():
        abort(404)
    error = None
    if request.method == "POST":
        form = request.form
        try:
            user = manage.first_admin(form.get("username", ""), form.get("password", ""),
                                      form.get("password2", ""), form.get("club", ""))  # fmt: skip
        except auth.AccountError as e:
            error = str(e)
        else:
            login_user(user)
            return redirect(url_for("accounts.members", club=form.get("club", "").strip()))
    return render_template("accounts/setup.html", error=error), 400 if error else 200
