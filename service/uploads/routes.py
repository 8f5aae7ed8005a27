"""The upload page (the files go to the API's ``POST /api/v1/sessions``)."""

from __future__ import annotations

from flask import Blueprint, render_template
from flask_login import current_user

from service.accounts import auth

bp = auth.pages(
    Blueprint(
        "uploads",
        __name__,
        template_folder="templates",
        static_folder="static",
        static_url_path="/static/uploads",
    )
)


@bp.get("/upload")
def upload():
    return render_template("uploads/upload.html", clubs=sorted(auth.memberships(current_user)))
