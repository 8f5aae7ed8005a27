"""The Flask app factory: configuration, database, login, CSRF, each feature package's
blueprint (``init_app``), error pages."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_compress import Compress
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from engine.rulesets import ruleset_names
from events import witnessing
from events.config import settings
from service import (
    accounts,
    api,
    club,
    db,
    i18n,
    integrity,
    ledger,
    recorder,
    rules,
    security,
    sessions,
    tile_images,
    transparency,
    uploads,
    urls,
)
from service.accounts import auth
from service.sessions import resolutions

DEFAULT_MAX_UPLOAD = 4 * 1024 * 1024
DEFAULT_UPLOAD_SECONDS = 5.0  # parsing budget of one upload request (a long session: < 1 s)
# What an error page says when the code gave no reason of its own (werkzeug's are English only).
ERROR_MESSAGES = {
    400: _l("the request was not understood"),
    401: _l("log in first"),
    403: _l("you may not do this"),
    404: _l("there is nothing here"),
    405: _l("this address does not take that kind of request"),
    409: _l("this conflicts with a change made meanwhile; reload and try again"),
    413: _l("the upload is larger than this server accepts (%(limit)s bytes)"),
    415: _l("this kind of content is not accepted here"),
    429: _l("too many requests; wait a moment and try again"),
}


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    conf = settings()
    ruleset_names()  # imports the FUPAN_RULESETS modules now: a bad name stops the start here
    app = Flask(__name__, instance_path=str(conf.data_dir.resolve()))
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        SECRET_KEY=os.environ.get("FUPAN_SECRET_KEY") or _instance_secret(app),
        DATABASE_URL=conf.database_url,
        MAX_CONTENT_LENGTH=int(os.environ.get("FUPAN_MAX_UPLOAD_BYTES", DEFAULT_MAX_UPLOAD)),
        UPLOAD_SECONDS=float(os.environ.get("FUPAN_UPLOAD_SECONDS", DEFAULT_UPLOAD_SECONDS)),
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=os.environ.get("FUPAN_SECURE_COOKIES", "") in ("1", "true", "yes"),
        WTF_CSRF_TIME_LIMIT=None,
        RATELIMIT_STORAGE_URI=_ratelimit_storage(conf.broker_url),
        RATELIMIT_HEADERS_ENABLED=True,  # Retry-After on a 429
        # Pages, JSON and scripts go out brotli- or gzip-compressed (plotly.js is compressed
        # once ahead, see service.club.assets); zstd is left out: few browsers take it.
        COMPRESS_ALGORITHM=["br", "gzip"],
        COMPRESS_MIMETYPES=[
            "text/html",
            "text/css",
            "text/csv",
            "text/javascript",
            "application/javascript",
            "application/json",
        ],
    )
    if test_config:
        app.config.update(test_config)

    db.init_app(app)
    security.init_app(app)
    auth.init_app(app)
    i18n.init_app(app)
    tile_images.init_app(app)
    Compress(app)
    app.add_template_filter(lambda iso: iso[:16].replace("T", " "), "when")
    app.add_template_filter(resolutions.reason_words, "reason_words")
    app.add_template_filter(urls.slug, "slug")
    app.add_template_global(urls.url_with_query)
    app.add_template_global(auth.new_idempotency_key, "new_key")  # a form sent twice acts once
    for feature in (
        accounts,
        sessions,
        uploads,
        ledger,
        club,
        recorder,
        rules,
        transparency,
        api,
        integrity,
    ):
        feature.init_app(app)
    _register_errors(app)
    witnessing.configured()  # a witness URL without its key, or a malformed key, stops the start
    hops = trusted_proxies()
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops)
    return app


def trusted_proxies() -> int:
    """``FUPAN_TRUSTED_PROXIES``: how many reverse proxies in front of the web set
    X-Forwarded-For / X-Forwarded-Proto (0, the default: none, and those headers are anyone's
    to write). With N, the client's address is the one the N-th proxy from the app appended
    (what the login rate limit counts, docs/deploy.md) and the scheme the one it saw."""
    raw = os.environ.get("FUPAN_TRUSTED_PROXIES", "").strip()
    if not raw:
        return 0
    if not raw.isdigit():
        raise ValueError(
            f"FUPAN_TRUSTED_PROXIES must be a number of proxy hops (0, 1, 2 …), not {raw!r}"
        )
    return int(raw)


def _ratelimit_storage(broker_url: str) -> str:
    """Where login attempts are counted: ``FUPAN_RATELIMIT_STORAGE`` (a ``limits`` storage URI),
    else the broker's Redis when there is one (shared by every web process), else memory (one
    count per process)."""
    explicit = os.environ.get("FUPAN_RATELIMIT_STORAGE")
    if explicit:
        return explicit
    return broker_url if broker_url.startswith(("redis://", "rediss://")) else "memory://"


def _instance_secret(app: Flask) -> str:
    """A cookie-signing key kept in the data directory, so logins survive a restart."""
    path = Path(app.instance_path) / "web-secret-key"
    if not path.exists():  # several gunicorn workers may race here: the first link wins
        draft = path.with_name(f"{path.name}.{os.getpid()}")
        draft.write_text(secrets.token_hex(32))
        draft.chmod(0o600)
        try:
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _register_errors(app: Flask) -> None:
    """Every error becomes a short page or JSON body; never a stack trace."""

    @app.errorhandler(CSRFError)
    def csrf_error(e: CSRFError):
        return _error(
            400,
            "csrf",
            _("the form expired or lacked its security token; reload the page and try again"),
        )

    @app.errorhandler(HTTPException)
    def http_error(e: HTTPException):
        """The code's own reason (translated where it aborted), else ours for the status."""
        code = e.code or 500
        own = e.description if e.description != type(e).description else None
        message = own or str(ERROR_MESSAGES.get(code, e.name))
        return _error(code, e.name.lower().replace(" ", "_"), message)

    @app.errorhandler(Exception)
    def crash(e: Exception):
        app.logger.exception("unhandled error on %s", request.path)
        return _error(500, "internal_error", _("something went wrong on our side; it was logged"))


def _error(status: int, code: str, message: str):
    if status == 413:  # the limit it crossed, for a club splitting its file
        message = str(ERROR_MESSAGES[413]) % {"limit": current_app.config["MAX_CONTENT_LENGTH"]}
    if _wants_json():
        return jsonify(error=code, message=message), status
    return render_template("error.html", status=status, message=message), status
