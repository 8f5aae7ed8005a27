"""Uploads: the upload page and the taking-in of an uploaded log (the API's
``POST /api/v1/sessions`` and the page share ``uploads.take``)."""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    from service.uploads.routes import (
        bp,  # here, so importing one module of the package stays light
    )

    app.register_blueprint(bp)
