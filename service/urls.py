"""Where a page may send the browser back to after a form (log in, switch language), and the ids
a page derives from names."""

from __future__ import annotations

import re

from flask import request, url_for


def safe_next(target: str | None) -> str:
    """``target`` if it is a path on this site, else the sessions list: an open redirect would let
    a link log people into a phishing page. Browsers read ``//host``, ``////host`` and ``/\\host``
    as another host, and drop tabs and newlines first (``/\t/host``): only a path that starts
    with one slash and holds no backslash nor control character passes."""
    if (
        target
        and target.startswith("/")
        and not target.startswith("//")
        and "\\" not in target
        and target.isprintable()
    ):
        return target
    return url_for("sessions.sessions")


def slug(name: object) -> str:
    """``name`` as part of an HTML id: an id holds no whitespace, and a fragment link to it needs
    no escaping, so every run of characters other than letters, digits, ``_`` and ``-`` becomes
    one ``-`` ("seed 0" → "seed-0"; a Chinese name stays as it is)."""
    return re.sub(r"[^\w-]+", "-", str(name)).strip("-") or "-"


def url_with_query(endpoint: str, **values) -> str:
    """``url_for(endpoint, **values)`` keeping the request's other query arguments (a page's
    filters on its CSV, chart and paging links). A query key that ``values`` sets, or that starts
    with ``_`` (``url_for``'s own ``_external``, ``_scheme``), is not carried over: ``?club=x`` on
    the ledger met the link's own ``club`` and the page answered 500."""
    query = {k: v for k, v in request.args.items() if k not in values and not k.startswith("_")}
    return url_for(endpoint, **query, **values)
