"""The JSON API under /api/v1 (docs/api.md): one blueprint over the feature packages' views."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.api.routes import bp  # here, so importing one module of the package stays light

    app.register_blueprint(bp)
