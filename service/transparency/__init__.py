"""The transparency log's newest signed checkpoint, for clubs to copy and keep outside the server
(docs/store.md)."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.transparency.routes import bp  # here, so importing the package stays light

    app.register_blueprint(bp)
