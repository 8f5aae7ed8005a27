"""plotly.js for the chart pages, served by the app (no CDN), in two bundles:

- ``full``: plotly.min.js from the installed plotly package (4.8 MB; 1.27 MB as brotli), for the
  session page's payment flow (a sankey, which no smaller bundle holds);
- ``basic``: plotly.js's basic bundle of the same version, vendored in
  ``service/club/vendor`` by ``scripts/vendor-plotly`` (1.2 MB; 329 kB as brotli, compressed at
  quality 11 there, once), for the dashboards, integrity and player charts (bar and scatter;
  tests/service/club/test_plotly_bundles.py builds their figures and finds each trace type
  registered in the bundle).

Each at a URL that carries its content hash, so browsers keep it a year and a new plotly gets a
new URL, compressed once per process rather than at every request (Flask-Compress compresses
the other responses; a response that already has a Content-Encoding is left alone by it).
Brotli quality 6 for the full bundle (0.8 s once per process; quality 11 would take ~40 s)."""

from __future__ import annotations

import gzip
import hashlib
import threading
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Literal

import brotli
from flask import Response, abort, request, url_for

Bundle = Literal["full", "basic"]
BUNDLES: tuple[Bundle, ...] = ("full", "basic")
VENDOR = Path(__file__).resolve().parent / "vendor"
MAX_AGE = 365 * 24 * 3600  # the URL changes with the content: keep it as long as allowed
BROTLI_QUALITY = 6
_ENCODERS = {
    "br": lambda data: brotli.compress(data, quality=BROTLI_QUALITY),
    "gzip": lambda data: gzip.compress(data, compresslevel=9, mtime=0),
}
_SUFFIX = {"br": ".br", "gzip": ".gz"}
_encoded: dict[tuple[Bundle, str], bytes] = {}
_lock = threading.Lock()


def _path(bundle: Bundle) -> Path:
    if bundle == "full":
        return Path(str(resources.files("plotly") / "package_data" / "plotly.min.js"))
    return VENDOR / f"plotly-{bundle}.min.js"


@cache
def source(bundle: Bundle) -> bytes:
    return _path(bundle).read_bytes()


@cache
def plotly_hash(bundle: Bundle = "full") -> str:
    """The first 16 hex digits of the bundle's SHA-256: the URL's version."""
    return hashlib.sha256(source(bundle)).hexdigest()[:16]


def plotly_url(bundle: Bundle = "full") -> str:
    """The versioned URL the chart pages load plotly.js from (a template global)."""
    return url_for("club.plotly_js", version=plotly_hash(bundle))


def _encoded_as(bundle: Bundle, encoding: str) -> bytes:
    """Compressed ahead when a copy lies beside the bundle (the vendored brotli), else once."""
    with _lock:
        if (bundle, encoding) not in _encoded:
            ahead = _path(bundle).with_name(_path(bundle).name + _SUFFIX[encoding])
            body = ahead.read_bytes() if ahead.exists() else _ENCODERS[encoding](source(bundle))
            _encoded[bundle, encoding] = body
        return _encoded[bundle, encoding]


def plotly_response(version: str) -> Response:
    """plotly.js, brotli or gzip as the browser accepts; 404 for another version's URL (a page
    cached from before an upgrade asks again and gets the new one)."""
    bundle = next((b for b in BUNDLES if plotly_hash(b) == version), None)
    if bundle is None:
        abort(404)
    accepted = request.accept_encodings
    encoding = next((e for e in _ENCODERS if accepted[e]), None)
    body = _encoded_as(bundle, encoding) if encoding else source(bundle)
    response = Response(body, mimetype="text/javascript")
    if encoding:
        response.headers["Content-Encoding"] = encoding
    response.headers["Vary"] = "Accept-Encoding"
    response.headers["Cache-Control"] = f"public, max-age={MAX_AGE}, immutable"
    response.set_etag(f"{version}-{encoding or 'identity'}")
    return response.make_conditional(request)
