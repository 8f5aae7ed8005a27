"""What the codec (and the upload in front of it) can say about a log: one stable code per kind
of problem, with its English text as a template of named parameters.

A :class:`events.codec.LogError` carries ``code`` and ``params``; its English ``message`` is
``MESSAGES[code] % params`` (the command line and the logs read it). The texts are msgids of the
service's catalogs too (``N_`` marks them for ``bash scripts/i18n update``; ``babel.cfg`` reads
this file), so the web and the API show the same problem in the reader's language
(``service/uploads/errors.py``). The codes are listed in docs/log-format.md ("Error codes"):
add one there and in both catalogs when adding one here; a test checks all three agree.

Parameter values are plain data (numbers, tile codes, the file's own text shown as short JSON),
except those named in ``WORD_PARAMS``: their values are English words from ``WORDS`` (a JSON
kind, why a line is not JSON), which the service translates too.
"""

from __future__ import annotations

from collections.abc import Mapping


def N_(text: str) -> str:  # noqa: N802 (gettext's name for "mark for translation, don't translate")
    return text


MESSAGES: dict[str, str] = {
    # reading the file (no record type, no field)
    "file_empty": N_("the file is empty; line 1 must be the session record"),
    "file_too_large": N_(
        "the file is larger than the limit of %(limit)s bytes (FUPAN_MAX_LOG_BYTES)"
    ),
    "too_many_lines": N_("the file has more than %(limit)s lines (the limit)"),
    "line_too_long": N_("the line is longer than the limit of %(limit)s bytes"),
    "not_utf8": N_("not UTF-8 (byte 0x%(byte)s at column %(column)s)"),
    "not_utf8_gbk": N_(
        "not UTF-8 (byte 0x%(byte)s at column %(column)s): the file looks like GBK; save it as UTF-8"
    ),
    "compressed": N_("the file is compressed (%(format)s): upload the log itself, as UTF-8 text"),
    "utf16": N_("the file is UTF-16 text (Windows' “Unicode”), not UTF-8: save it as UTF-8"),
    "not_json": N_("not JSON: %(reason)s (column %(column)s)"),
    "duplicate_key": N_('not JSON this service accepts: duplicate key "%(key)s"'),
    "not_a_number": N_("not JSON this service accepts: %(name)s is not a JSON number"),
    "too_many_digits": N_("not JSON this service accepts: a number has too many digits"),
    "json_refused": N_("not JSON this service accepts: %(detail)s"),
    "too_deep": N_("nested more than %(limit)s levels deep"),
    "not_object": N_("not a JSON object (got %(kind)s)"),
    "too_many_problems": N_("more than %(limit)s problems: reading stopped here"),
    "deadline": N_("reading stopped here: the log took longer to check than one upload may take"),
    # a record's shape (pydantic's checks, in the words of docs/log-format.md)
    "required": N_("is required"),
    "not_allowed": N_("is not allowed here"),
    "unknown_type": N_("unknown record type %(type)s; valid types: %(valid)s"),
    "type_not_text": N_("unknown record type %(kind)s; valid types: %(valid)s"),
    "not_replacement": N_('"%(type)s" cannot be a replacement; valid types: %(valid)s'),
    "one_of": N_("must be one of %(choices)s (got %(got)s)"),
    "key_one_of": N_("key must be one of %(choices)s (got %(got)s)"),
    "must_equal": N_("must be %(expected)s (got %(got)s)"),
    "wrong_type": N_("must be %(kind)s (got %(got)s)"),
    "at_least": N_("must be greater than or equal to %(limit)s (got %(got)s)"),
    "at_most": N_("must be less than or equal to %(limit)s (got %(got)s)"),
    "too_few_items": N_("must have at least %(limit)s items (got %(count)s)"),
    "too_many_items": N_("must have at most %(limit)s items (got %(count)s)"),
    "empty": N_("must not be empty"),
    "too_many_chars": N_("must have at most %(limit)s characters (got %(got)s)"),
    "pattern": N_("must match pattern %(pattern)s (got %(got)s)"),
    "invalid": N_("is not valid: %(detail)s"),
    "not_tile": N_('"%(token)s" is not a tile'),
    "tiles_shape": N_('must be a tile string like "123m77z" or a list of tiles'),
    "not_iso_time": N_("is not an ISO-8601 time"),
    "negative_amount": N_("must not be negative (the payer is in from, the payee in to)"),
    "table_name": N_("must be a name or a whole number (got %(got)s)"),
    "four_players": N_("must be 4 distinct names (got %(got)s)"),
    "contains_nul": N_("must not contain NUL (%(char)s)"),
    "contains_surrogate": N_("must not contain a lone surrogate (%(char)s)"),
    "key_contains_nul": N_("has a key that contains NUL (%(char)s)"),
    "key_contains_surrogate": N_("has a key that contains a lone surrogate (%(char)s)"),
    # a record's fields together (Record.problems)
    "absent_when": N_('must be absent when how is "%(how)s"'),
    "required_when": N_('is required when how is "%(how)s"'),
    "win_from_self": N_("a seat cannot win from itself"),
    "meld_size": N_("a %(meld)s meld has %(size)s tiles, not %(count)s"),
    "on_replacement_kong": N_(
        "only a gang_concealed or gang_added meld listed right after another gang can be made on "
        "its replacement (this is a %(meld)s)"
    ),
    "pays_itself": N_("seat %(seat)s cannot pay itself"),
    "replacement_or_void": N_('a correction has either a replacement record or "void": true'),
    "insert_without_replacement": N_("records can be inserted only after a replacement"),
    # a record in its file
    "session_first": N_("the first record must be the session record"),
    "session_once": N_("the session record must appear once, as the first record"),
    "before_first_hand": N_("comes before the first hand record"),
    "seats_players": N_(
        "must map E, S, W, N to the session's players, each once "
        "(players: %(players)s; seats: %(seats)s)"
    ),
    "tile_not_in_set": N_("%(tile)s is not in the %(ruleset)s tile set"),
    "hand_order": N_("hand numbers must increase: %(no)s follows %(last)s"),
    "target_not_earlier": N_(
        "must point at an earlier record (target %(target)s, this record is %(seq)s)"
    ),
    "target_session": N_("the session record cannot be corrected"),
    "target_correction": N_("a correction cannot be corrected; correct the original record again"),
    # the session's options (the ruleset's checks, engine.rulesets.base.OptionError)
    "unknown_option": N_("unknown option %(names)s; valid options: %(valid)s"),
    "option_type": N_("option %(name)s: %(value)s is not %(kind)s"),
    "option_choice": N_("option %(name)s: %(value)s is not one of %(choices)s"),
    "option_below": N_("option %(name)s: %(value)s is below %(low)s"),
    "option_above": N_("option %(name)s: %(value)s is above %(high)s"),
    "option": N_("%(detail)s"),
    # the upload in front of the codec (service/uploads)
    "file_type": N_("wrong file type: upload a JSON Lines table log (.jsonl)"),
    "no_club": N_('the session record names no club; add "club"'),
    "not_member": N_("you are not a member of club %(club)s"),
}

# Why a line is not JSON: each reason of Python's decoder (json.decoder / json.scanner) in a
# reader's words, Python's own wording never shown (issue 27, 3); a reason not listed here is
# NOT_JSON.
JSON_REASONS: dict[str, str] = {
    "Expecting value": N_("a value is missing"),
    "Expecting ',' delimiter": N_("a comma is missing"),
    "Expecting ':' delimiter": N_("a colon is missing"),
    "Expecting property name enclosed in double quotes": N_("a name in double quotes is missing"),
    "Unterminated string starting at": N_("a text in quotes is not closed"),
    "Invalid control character at": N_("a text in quotes holds a control character"),
    "Invalid \\escape": N_("a text in quotes holds a backslash that escapes nothing"),
    "Invalid \\uXXXX escape": N_("a text in quotes holds a broken \\u escape"),
    "Extra data": N_("more follows the end of the record"),
    "Illegal trailing comma before end of object": N_("a comma before the closing brace"),
    "Illegal trailing comma before end of array": N_("a comma before the closing bracket"),
}
NOT_JSON = N_("the line is not JSON")
# "Extra data" at a carriage return: the file's lines end with CR alone (old Mac), one long line.
CR_LINES = N_("a carriage return (CR) ends the record: lines must end with a line feed (LF)")
# A byte order mark (U+FEFF) that starts a line after the first (files joined with `cat`, each
# with its BOM); the one that starts the file is dropped.
BOM_LINE = N_(
    "a byte order mark (BOM) starts the line: remove it (only the file's first may have one)"
)

# Values of these parameters are English words from WORDS (translated with the message).
WORD_PARAMS = ("kind", "reason")
WORDS: frozenset[str] = frozenset(
    {
        N_("an object"),
        N_("an array"),
        N_("a string"),
        N_("a boolean"),
        N_("a number"),
        N_("a whole number"),
        N_("null"),
        *JSON_REASONS.values(),
        NOT_JSON,
        CR_LINES,
        BOM_LINE,
    }
)


def english(code: str, params: Mapping[str, object]) -> str:
    """The English text of a problem."""
    return MESSAGES[code] % dict(params)
