"""The ledger: a club's night, net per player and the fewest transfers that settle up."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.ledger.routes import bp  # here, so importing one module of the package stays light

    app.register_blueprint(bp)
