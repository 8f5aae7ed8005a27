"""What a reader sees of a page, and what must not be there: a word of the other language, or an
internal code. Shared by the server-side page scan (test_i18n_pages.py) and the browser walk of
the demo (test_browser_demo_walk.py), which feeds it the live DOM after scripts ran."""

from __future__ import annotations

import html as html_lib
import re

CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]+")
WORD = re.compile(r"[A-Za-z]{2,}")
# Not interface words: names of formats and keys, and the switch to the other language.
LATIN_ALLOWED = {
    "English",
    "CSV",
    "PNG",
    "API",
    "JSON",
    "Lines",
    "UTC",
    "Home",
    "End",
    "fupan",
    "jsonl",
}
FILE_NAME = re.compile(r"\b[\w-]+\.(?:txt|csv|jsonl|png)\b")  # data, as a name is
# 中文: the switch. 得: the engine's English labels keep it as the term ("no 得 in hand"), which
# the rules glossary explains (issue 17.2).
CJK_ALLOWED = {"中文", "得"}
REASON = re.compile(r'<span class="muted reason">.*?</span>', re.S)
# Internal codes, in either language: an identifier (accept_expected), a ruleset's code name
# (its title is 温岭麻将 / Wenling mahjong), a tile code (7m, 3z), raw JSON, a seat letter (E).
CODES = {
    "identifier": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "ruleset": re.compile(r"\b(?:wenling|huangyan|zhoushan|xizhou)\b"),
    "tile": re.compile(r"(?<![\w.:/-])[1-9][mpsz](?![\w])"),
    "json": re.compile(r'[{\[]\s*"|"\s*:\s*[\[{"\d]'),
    "seat": re.compile(r"\(\s*[ESWN]\s*\)|(?<![\w])[ESWN]\s*(?:→|->|=|:)\s*(?=\S)|(?:→|->)\s*[ESWN](?![\w])"),
}


def visible_text(page: str, reasons: bool = False) -> str:
    """What a reader sees: the text outside tags, plus title/placeholder/aria-label/alt values;
    no scripts, no styles, no <code>, <pre> or <textarea> (commands, tokens, signed notes), no
    tiles (drawn, not read); payment reasons only when asked."""
    if not reasons:
        page = REASON.sub(" ", page)
    page = re.sub(r"<(script|style|code|pre|textarea)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r'<span class="tile [^"]*"[^>]*>.*?</span>', " ", page, flags=re.S)
    attrs = re.findall(r'\b(?:title|placeholder|aria-label|alt)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return html_lib.unescape(" ".join([text, *attrs]))


def other_language(text: str, lang: str, data: set[str] = frozenset()) -> list[str]:
    """The words of ``text`` in the language that is not ``lang`` ("zh" or "en"), leaving out data
    (names of players, clubs, users and files) and the allowed words."""
    pattern, allowed = (WORD, LATIN_ALLOWED) if lang == "zh" else (CJK, CJK_ALLOWED)
    text = without_data(text, data)
    return sorted({w for w in pattern.findall(text) if w not in allowed})


def internal_codes(text: str, data: set[str] = frozenset()) -> list[str]:
    """The internal codes in ``text``, each as ``kind: code``."""
    text = without_data(text, data)
    return sorted({f"{kind}: {m.group(0).strip()}" for kind, pattern in CODES.items()
                   for m in pattern.finditer(text)})  # fmt: skip


def without_data(text: str, data: set[str]) -> str:
    text = FILE_NAME.sub(" ", text)
    for name in sorted(data, key=len, reverse=True):
        text = text.replace(name, " ")
    return text
