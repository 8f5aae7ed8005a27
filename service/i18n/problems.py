"""A log's problems in the reader's language.

The codec's :class:`events.codec.LogError` carries a stable ``code`` and its ``params``; its
English text is ``events.messages.MESSAGES[code]``, which is also the msgid of the catalogs
(``babel.cfg`` reads ``events/messages.py``). Here the current request's language picks the
text, the parameters that are words (a JSON kind, a JSON decoder's reason) are translated with
it, a ruleset is named (温岭麻将 / Wenling mahjong) and a tile too (春 / Spring), not coded.
Outside a request (the command line, workers) the text is English, like ``LogError.message``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import gettext as _

from engine.tiles import TileError, parse_tile, tile_name
from events.codec import LogError
from events.messages import MESSAGES, WORD_PARAMS, WORDS
from service.i18n import language, ruleset_title


def problem(error: LogError) -> str:
    """What is wrong, in the page's language (without the line)."""
    return words(error.code, error.params)


def words(code: str, given: Mapping[str, Any]) -> str:
    """The text of ``code`` (events/messages.py) with ``given`` in the page's language."""
    params = dict(given)
    for key in WORD_PARAMS:
        if params.get(key) in WORDS:
            params[key] = _(params[key])
    if "ruleset" in params:
        params["ruleset"] = ruleset_title(str(params["ruleset"]))
    if "tile" in params:
        try:
            params["tile"] = tile_name(parse_tile(params["tile"]), language())
        except TileError:
            pass
    return _(MESSAGES[code], **params)


def sentence(error: LogError) -> str:
    """The whole problem, line and field included: "第 12 行，字段 tile：…"."""
    what = problem(error)
    if error.field:
        return _("line %(line)s, field %(field)s: %(problem)s", line=error.line,
                 field=error.field, problem=what)  # fmt: skip
    if error.line:
        return _("line %(line)s: %(problem)s", line=error.line, problem=what)
    return what


def as_json(error: LogError) -> dict[str, Any]:
    """A problem for the API: where (``line``, ``record_type``, ``field``), what (``code`` and
    ``params``, stable), and the words in the request's language (``message``, and ``text``
    with the line and field)."""
    return {
        "line": error.line,
        "record_type": error.record_type,
        "field": error.field,
        "code": error.code,
        "params": dict(error.params),
        "message": problem(error),
        "text": sentence(error),
    }
