"""plotly.js for the chart pages, from the installed plotly package (no CDN): at a URL that
carries its content hash, so browsers keep it a year and a new plotly gets a new URL, and
compressed once per process rather than at every request (Flask-Compress compresses the
other responses; a response that already has a Content-Encoding is left alone by it).

4.8 MB minified is 1.27 MB as brotli at quality 6 (0.8 s once per process; quality 11 saves
0.15 MB more for ~40 s) and 1.47 MB as gzip, for the browsers without brotli."""

from __future__ import annotations

import gzip
import hashlib
import threading
from functools import cache
from importlib import resources

import brotli
from flask import Response, abort, request, url_for

MAX_AGE = 365 * 24 * 3600  # the URL changes with the content: keep it as long as allowed
BROTLI_QUALITY = 6
_ENCODERS = {
    "br": lambda data: brotli.compress(data, quality=BROTLI_QUALITY),
    "gzip": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
}
_encoded: dict[str, bytes] = {}
_lock = threading.Lock()


@cache
def _source() -> bytes:
    return (resources.files("plotly") / "package_data" / "plotly.min.js").read_bytes()


@cache
def plotly_hash() -> str:
    """The first 16 hex digits of plotly.min.js's SHA-256: the URL's version."""
    return hashlib.sha256(_source()).hexdigest()[:16]


def plotly_url() -> str:
    """The versioned URL the chart pages load plotly.js from (a template global)."""
    return url_for("club.plotly_js", version=plotly_hash())


def _encoded_as(encoding: str) -> bytes:
    with _lock:
        if encoding not in _encoded:
            _encoded[encoding] = _ENCODERS[encoding](_source())
        return _encoded[encoding]


def plotly_response(version: str) -> Response:
    """plotly.min.js, brotli or gzip as the browser accepts; 404 for another version's URL
    (a page cached from before an upgrade asks again and gets the new one)."""
    if version != plotly_hash():
        abort(404)
    accepted = request.accept_encodings
    encoding = next((e for e in _ENCODERS if accepted[e]), None)
    body = _encoded_as(encoding) if encoding else _source()
    response = Response(body, mimetype="text/javascript")
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = f"public, max-age={MAX_AGE}, immutable"
    response.set_etag(f"{plotly_hash()}-{encoding or 'identity'}")
    return response.make_conditional(request)
