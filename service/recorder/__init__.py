"""The table recorder: the phone page and its API (/api/v1/record), a hand entered as a
summary (``recorder``) or tap by tap (``play``). See docs/recorder.md."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.recorder.routes import (
        bp,  # here, so importing one module of the package stays light
    )

    app.register_blueprint(bp)
