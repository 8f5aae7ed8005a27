"""A club's integrity signals (docs/integrity.md): the page for its admins, its charts, and
what ``fupan integrity`` prints. The workers compute them (workers.integrity); this only loads
and shows them."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.integrity.routes import bp  # here, so importing one module stays light

    app.register_blueprint(bp)
