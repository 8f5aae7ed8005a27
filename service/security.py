"""What every request and response passes through (issue 18; docs/web.md#security).

- Hostile input is refused at the edge: NUL in the URL path, a query parameter, a form field or
  a JSON body, a lone surrogate in a JSON body, and a JSON body nested past Python's recursion
  limit, answer 400 naming where, before a view or a query sees them (PostgreSQL text cannot hold NUL: it answered 500). URLs and forms cannot
  carry a surrogate: Werkzeug decodes them with replacement characters.
- Security headers on every answer: a Content-Security-Policy with no inline script or style
  and no framing, a referrer policy, nosniff, and HSTS when cookies are secure (behind TLS).
- ``csv_cell`` for CSV downloads (spreadsheet formulas). Redirect targets: ``service.urls``.
"""

from __future__ import annotations

from flask import Flask, abort, request
from flask_babel import gettext as _

from events.codec import unsafe_text
from service.i18n import problems

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",  # frame-ancestors for browsers without CSP 2
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}
HSTS = "max-age=31536000; includeSubDomains"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def init_app(app: Flask) -> None:
    app.before_request(refuse_hostile_input)
    headers = dict(HEADERS)
    if app.config["SESSION_COOKIE_SECURE"]:
        headers["Strict-Transport-Security"] = HSTS

    @app.after_request
    def security_headers(response):
        for name, value in headers.items():
            response.headers.setdefault(name, value)
        return response


def refuse_hostile_input() -> None:
    """400 for NUL (or, in JSON, a lone surrogate) anywhere in the request's text."""
    problem = _hostile()
    if problem is not None:
        abort(400, problem)


def _hostile() -> str | None:
    if "\x00" in request.path:
        return _("the URL path must not contain NUL (\\u0000)")
    for key, value in request.args.items(multi=True):
        if _has_nul(key, value):
            return _("query parameter %(name)s must not contain NUL (\\u0000)", name=repr(key))
    for key, value in request.form.items(multi=True):
        if _has_nul(key, value):
            return _("form field %(name)s must not contain NUL (\\u0000)", name=repr(key))
    if request.is_json:
        try:
            body = request.get_json(silent=True)  # a body that is not JSON is the view's to refuse
        except RecursionError:  # json's C scanner, past Python's recursion limit: not silenced
            return _("the JSON body is nested too deeply")
        found = unsafe_text(body) if body is not None else None
        if found is not None:
            where, code, params = found  # the codec's words, in the request's language
            return _("field %(field)s: %(problem)s", field=where or _("(the body)"),
                     problem=problems.words(code, params))  # fmt: skip
    return None


def _has_nul(*texts: str | None) -> bool:
    """NUL in any of ``texts`` (a multipart field may come without a name: None)."""
    return any("\x00" in text for text in texts if text)


def csv_cell(value: object) -> object:
    """A text cell that a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, tab,
    carriage return first) gets a leading apostrophe, which spreadsheets show as text; numbers
    are written as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
