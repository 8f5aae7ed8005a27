"""Languages: Simplified Chinese by default, English one tap away (Flask-Babel).

The page's language is the user's setting, else the ``fupan_lang`` cookie the switch sets, else
the browser's Accept-Language best match among zh/en, else zh. Templates have ``_``,
``ngettext`` and ``{% trans %}`` (msgids in English, catalogs in ``service/translations``), the
``label`` filter that picks the current language out of an engine label (``{code, zh, en}``), the
``colon`` filter that ends a label with the language's colon (：/ ": "), ``list_sep()`` between
the items of a list (、/ ", "), ``clause_sep()`` between clauses (；/ "; "), and ``lang``. JavaScript gets its strings from ``/i18n/<lang>.js`` (``FupanI18n`` in
``static/i18n.js``): a script file, so the pages need no inline script.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    has_request_context,
    redirect,
    request,
    url_for,
)
from flask_babel import Babel, get_locale
from flask_babel import gettext as _
from flask_login import current_user
from jinja2 import pass_context
from markupsafe import Markup, escape

from engine.rulesets import UnknownRuleset, get_ruleset
from service.db import db
from service.i18n import catalogs
from service.models import User
from service.urls import safe_next

LANGUAGES = catalogs.LANGUAGES
DEFAULT = "zh"
COOKIE = "fupan_lang"
NAMES = {"zh": "中文", "en": "English"}  # each in its own language: the switch's buttons
HTML_LANG = {"zh": "zh-CN", "en": "en"}

bp = Blueprint("i18n", __name__)


def init_app(app: Flask) -> None:
    compiled = catalogs.compile_to(Path(app.instance_path) / "translations")
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(compiled))
    Babel(app, locale_selector=select_language)
    app.jinja_env.policies["ext.i18n.trimmed"] = True  # as babel.cfg extracts {% trans %} blocks
    app.add_template_filter(label, "label")
    app.add_template_filter(ruleset_title, "ruleset")
    # in the page's language at render time: Jinja would fold ``"" | colon`` at compile time
    app.add_template_filter(pass_context(lambda _page, said: colon(said)), "colon")
    app.add_template_filter(pass_context(lambda _page, items: listed(items)), "listed")
    app.jinja_env.globals["clause_sep"] = clause_sep  # a global: macros imported without context
    app.context_processor(lambda: {"lang": language(), "html_lang": HTML_LANG[language()],
                                   "language_names": NAMES, "list_sep": list_sep,
                                   "script_catalog_url": script_catalog_url})  # fmt: skip
    app.extensions["fupan_js_catalogs"] = {}
    app.register_blueprint(bp)


def select_language() -> str:
    """The user's setting, else the switch's cookie, else Accept-Language, else zh. Outside a
    request (the command line, workers) English, as the rest of the command line."""
    if not has_request_context():
        return "en"
    chosen = getattr(current_user, "language", None) if current_user else None
    if chosen in LANGUAGES:
        return chosen
    if request.cookies.get(COOKIE) in LANGUAGES:
        return request.cookies[COOKIE]
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT


def language() -> str:
    """The current request's language code ("zh" or "en"); zh outside a request."""
    locale = get_locale()
    return locale.language if locale is not None and locale.language in LANGUAGES else DEFAULT


def label(entry: Any) -> str:
    """An engine label in the page's language: a dict or object with ``zh`` and ``en`` (and
    ``code``); the other language when this one is empty, the code when both are."""
    get = entry.get if isinstance(entry, dict) else lambda k: getattr(entry, k, None)
    lang = language()
    other = "en" if lang == "zh" else "zh"
    return get(lang) or get(other) or get("code") or ""


def colon(said: Any) -> Markup:
    """``said`` as a label before what it names: "牌桌上实付：" in Chinese (a full-width colon,
    no space), "paid at the table: " in English. One catalogue entry for every such colon, so
    no page puts an ASCII colon after Chinese (a label, a name, a player's pair)."""
    return Markup(escape(_("%(label)s: ", label="\x00"))).replace("\x00", escape(said))


def list_sep() -> str:
    """What stands between the items of a list a page shows (seats, players, hands, wins):
    "、" in Chinese (东 老王、南 阿芳), ", " in English. One catalogue entry for every such
    list, so no Chinese page joins Chinese with an ASCII comma."""
    return _("%(items)s, %(item)s", items="", item="")


def clause_sep() -> str:
    """What stands between clauses side by side (the top-ups that settle a dispute, a night's
    tables, a hand's wins, an item's values): "；" in Chinese, "; " in English. One catalogue
    entry, so no Chinese page puts an ASCII semicolon after Chinese; the engine's texts join
    their clauses with ``engine.rulesets.base.CLAUSE_SEP``, the same marks."""
    return _("%(clause)s; %(next)s", clause="", next="")


def listed(items: Any) -> Markup:
    """``items`` (each escaped, as a page's text) joined by :func:`list_sep`."""
    return Markup(escape(list_sep())).join(escape(i) for i in items)


def ruleset_title(name: str) -> str:
    """A ruleset's name for people (温岭麻将 / Wenling mahjong), not its code."""
    try:
        rs = get_ruleset(name)
    except UnknownRuleset:
        return name
    zh, en = rs.title_zh, getattr(rs, "title_en", "") or _("%(place)s mahjong", place=name.title())
    return zh if language() == "zh" and zh else en


@bp.post("/language")
def switch():
    """Set the language: a cookie for this browser and, when logged in, the user's setting."""
    lang = request.form.get("lang", "")
    if lang not in LANGUAGES:
        abort(400)
    if current_user.is_authenticated:
        with db() as session:
            user = session.get(User, current_user.id)
            user.language = lang
            session.add(user)
            session.commit()
    response = redirect(safe_next(request.form.get("next")))
    response.set_cookie(COOKIE, lang, max_age=365 * 24 * 3600, httponly=True, samesite="Lax",
                        secure=current_app.config["SESSION_COOKIE_SECURE"])  # fmt: skip
    return response


@bp.get("/i18n/<lang>.js")
def script_catalog(lang: str):
    """The JavaScript's strings in ``lang`` as a script (``window.FUPAN_I18N``), cached by the
    browser for a day; the URL carries the catalog's digest, so a new catalog is a new URL."""
    if lang not in LANGUAGES:
        abort(404)
    body, _digest = _script_catalog(lang)
    response = Response(body, mimetype="text/javascript")
    response.cache_control.public = True
    response.cache_control.max_age = 86400
    return response


def script_catalog_url() -> str:
    lang = language()
    return url_for("i18n.script_catalog", lang=lang, v=_script_catalog(lang)[1])


def _script_catalog(lang: str) -> tuple[str, str]:
    cache = current_app.extensions["fupan_js_catalogs"]
    if lang not in cache:
        wanted = catalogs.js_msgids()
        messages = {
            (m.id if isinstance(m.id, str) else m.id[0]): m.string
            for m in catalogs.read(lang)
            if m.id and (m.id if isinstance(m.id, str) else m.id[0]) in wanted and not m.fuzzy
        }
        data = json.dumps({"lang": lang, "messages": messages}, ensure_ascii=False, sort_keys=True)
        cache[lang] = (
            f"window.FUPAN_I18N = {data};\n",
            hashlib.sha256(data.encode()).hexdigest()[:12],
        )
    return cache[lang]
