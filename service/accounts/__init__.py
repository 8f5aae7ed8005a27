"""Accounts: log in and out, API tokens, the clubs' members; ``auth`` is the login,
token and access checks every other package uses."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.accounts.routes import (
        bp,  # here, so importing one module of the package stays light
    )

    app.register_blueprint(bp)
