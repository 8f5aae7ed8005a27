"""The rules pages. ``/rules/<name>?session=<id>`` shows the options that session plays with
(it must be one of the reader's clubs'); without it, the defaults."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from flask_babel import gettext as _
from flask_login import current_user

from engine.rulesets import get_ruleset, is_ruleset, ruleset_names
from service.accounts import auth
from service.i18n import language
from service.rules import views
from service.sessions import replays
from service.sessions import views as session_views

bp = auth.pages(Blueprint("rules", __name__, template_folder="templates"))


@bp.get("/rules/glossary")
def glossary():
    return render_template(
        "rules/glossary.html", entries=views.glossary_view(language()), rulesets=ruleset_names()
    )


@bp.get("/rules/<name>")
def ruleset(name: str):
    if not is_ruleset(name):
        abort(404, _("there are no rules named %(name)s", name=repr(name)))
    session = None
    session_id = request.args.get("session")
    if session_id:
        session = session_views.load_session(current_user, session_id)
        if session.ruleset != name:
            abort(404, _("this session is played under other rules than these"))
        opts = replays.session_replay(session).opts
    else:
        opts = get_ruleset(name).options()
    view = views.rules_view(name, opts, language())
    return render_template("rules/rules.html", r=view, session=session, rulesets=ruleset_names())
