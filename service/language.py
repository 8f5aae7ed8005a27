"""Which language a page is shown in: "zh" (the default) or "en".

A stand-in until the Flask-Babel locale is wired (issue 17 point 1): ``?lang=en`` asks for
English, anything else is Chinese. Callers only ask ``current_language()``.
"""

from __future__ import annotations

from flask import has_request_context, request

LANGUAGES = ("zh", "en")
DEFAULT = "zh"


def current_language() -> str:
    if has_request_context() and request.args.get("lang") in LANGUAGES:
        return request.args["lang"]
    return DEFAULT
