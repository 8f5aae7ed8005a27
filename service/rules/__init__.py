"""The rules in the app: a page per ruleset (/rules/<name>), generated from the definitions the
engine scores with, and the glossary of shared terms (/rules/glossary)."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.rules.routes import (
        bp,  # here, so importing one module of the package stays light
    )
    from service.rules.views import rule_codes

    app.register_blueprint(bp)
    app.add_template_global(rule_codes)
