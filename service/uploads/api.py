"""The upload endpoint of the JSON API (docs/api.md): one or more logs, stored and queued."""

from __future__ import annotations

from flask import abort, g, jsonify, request
from flask_babel import gettext as _

from service.accounts import auth
from service.uploads import uploads

routes = auth.ApiRoutes()

JSONL_TYPES = frozenset(
    {"application/x-ndjson", "application/jsonl", "application/x-jsonlines", "application/json",
     "text/plain", "application/octet-stream"}
)  # fmt: skip


@routes.post("/sessions")
def upload_sessions():
    """A JSON Lines body (one file) or multipart with one or more ``file`` parts."""
    if request.mimetype == "multipart/form-data":
        files = request.files.getlist("file")
        if not files:
            abort(400, _("multipart upload without a 'file' part"))
        outcomes = [uploads.take(g.user, f.filename or "upload.jsonl", f.read()) for f in files]
    elif request.mimetype in JSONL_TYPES:
        outcomes = [uploads.take(g.user, "body", request.get_data())]
    else:
        abort(415, _("send the log as application/x-ndjson (JSON Lines) or multipart/form-data"))
    accepted = [o.as_json() for o in outcomes if o.session_id]
    rejected = [o.as_json() for o in outcomes if not o.session_id]
    status = 201 if not rejected else 422 if not accepted else 207
    return jsonify(accepted=accepted, rejected=rejected), status
