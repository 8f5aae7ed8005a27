"""Which language a page is shown in: "zh" (the default) or "en", and the page strings' Chinese.

A stand-in until Flask-Babel is wired (issue 17 point 1): ``?lang=en`` asks for English,
anything else is Chinese; ``_`` in templates looks the English msgid up in ``ZH``. Flask-Babel's
``_`` replaces this one, and ``ZH`` goes into the zh catalog.
"""

from __future__ import annotations

from flask import Flask, has_request_context, request

LANGUAGES = ("zh", "en")
DEFAULT = "zh"

ZH = {
    "Rules": "规则",
    "Glossary": "词汇",
    "The options of this table": "本桌的选项",
    "The default options": "默认选项",
    "The words": "术语",
    "Scoring items": "计分项目",
    "Item": "项目",
    "Value": "分值",
    "Unit": "单位",
    "Set by the option": "由选项决定",
    "Not counted with these options": "按这些选项不计",
    "Payments": "付款",
    "Options": "选项",
    "Option": "选项",
    "In force": "本桌",
    "Default": "默认",
}


def current_language() -> str:
    if has_request_context() and request.args.get("lang") in LANGUAGES:
        return request.args["lang"]
    return DEFAULT


def gettext(msgid: str) -> str:
    return ZH.get(msgid, msgid) if current_language() == "zh" else msgid


def init_app(app: Flask) -> None:
    app.jinja_env.globals.setdefault("_", gettext)
    app.add_template_global(current_language)
