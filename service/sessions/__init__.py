"""Sessions: the session list, a session, a hand, its replay, the disputes queue, the
verification history and the resolutions of disputes."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.sessions.routes import (
        bp,  # here, so importing one module of the package stays light
    )

    app.register_blueprint(bp)
