"""What a reader sees of a page, and what must not be there: a word of the other language, or an
internal code. Shared by the server-side page scan (test_i18n_pages.py) and, through ``Reader``,
the browser tests that read the live DOM after scripts ran (test_browser_demo_walk.py,
test_browser_pages.py)."""

from __future__ import annotations

import html as html_lib
import re

from engine.rulesets import ruleset_names

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
# 中文: the switch. A word of the game where it is itself the subject (the rules' words, the
# glossary) is a <dfn>, which visible_text leaves out.
CJK_ALLOWED = {"中文"}
REASON = re.compile(r'<span class="muted reason">.*?</span>', re.S)
# Internal codes, in either language: an identifier (accept_expected), a ruleset's code name
# (its title is 温岭麻将 / Wenling mahjong), a tile code (7m, 3z), raw JSON, a seat letter (E).
CODES = {
    "identifier": re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b"),
    "ruleset": re.compile(rf"\b(?:{'|'.join(ruleset_names())})\b"),
    "tile": re.compile(r"(?<![\w.:/-])[1-9][mpsz](?![\w])"),
    "json": re.compile(r'[{\[]\s*"|"\s*:\s*[\[{"\d]'),
    # a seat letter where a reader expects a player: "(E)", "E → S", "E=小李", "胡牌家E", "S的牌",
    # "E 漏算自摸", "S's hand", "paid W"
    "seat": re.compile(
        r"\(\s*[ESWN]\s*\)|(?<![\w])[ESWN]\s*(?:→|->|=|:)\s*(?=\S)|(?:→|->)\s*[ESWN](?![\w])"
        r"|(?<=[\u4e00-\u9fff（])[ESWN](?![A-Za-z])|(?<![A-Za-z])[ESWN](?=[）\u4e00-\u9fff]|\s*[漏多少])"
        r"|\b[ESWN]'s\b|\b(?:to|by|from|of|on|paid|owed) [ESWN]\b"
    ),
}


# Chinese followed by an ASCII mark a Chinese page writes full-width, each from one catalogue
# entry: a label's colon ("牌桌上实付:", "阿强 → 小李:", "墙: 83"; "%(label)s: ", the ``colon``
# filter, ``FupanI18n.colon``), a list's comma ("东 老王, 南 阿芳", "第 3 局 (复盘), 第 4 局";
# "%(items)s, %(item)s", ``list_sep``, ``listed``, ``FupanI18n.listed``) and a clause's semicolon
# ("小李 → 阿强 1; 阿芳 → 阿强 2", "胡牌：…; 闲家差额：…"; "%(clause)s; %(next)s", ``clause_sep``, and
# the engine's ``CLAUSE_SEP``). A URL's or a time's colon, a number's or English comma follow no
# Chinese; an English or numbers-only semicolon touches none.
# A clause often ends in a number (a top-up's amount), so '; ' before Chinese is the slip too.
_CHINESE = r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]"
_AFTER_CHINESE = _CHINESE + r"[\s)\]]*"
ASCII_COLON = re.compile(_AFTER_CHINESE + ":")
ASCII_COMMA = re.compile(_AFTER_CHINESE + ", ")
ASCII_SEMICOLON = re.compile(_AFTER_CHINESE + r"; |; (?=[\s(\[]*" + _CHINESE + ")")


def _after_chinese(mark: re.Pattern[str], name: str, text: str) -> list[str]:
    """Each place in ``text`` where ``mark`` follows Chinese, as ``name: <the words before>``;
    names are not left out (a player's name before ':' is the same slip)."""
    found = set()
    for m in mark.finditer(text):
        before = text[max(0, m.start() - 12) : m.end()]
        found.add(f"{name}: " + " ".join(before.split()))
    return sorted(found)


def ascii_colons(text: str) -> list[str]:
    return _after_chinese(ASCII_COLON, "colon", text)


def ascii_commas(text: str) -> list[str]:
    return _after_chinese(ASCII_COMMA, "comma", text)


def ascii_semicolons(text: str) -> list[str]:
    return _after_chinese(ASCII_SEMICOLON, "semicolon", text)


def visible_text(page: str, reasons: bool = False) -> str:
    """What a reader sees: the text outside tags, plus title/placeholder/aria-label/alt values;
    no scripts, no styles, no <code>, <pre> or <textarea> (commands, tokens, signed notes), no
    <dfn> (a word of the game as the subject: the rules' words, the glossary), no tiles (drawn,
    not read); payment reasons only when asked."""
    if not reasons:
        page = REASON.sub(" ", page)
    page = re.sub(r"<(script|style|code|pre|textarea|dfn)\b.*?</\1>", " ", page, flags=re.S)
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


# Leaks that another branch fixes: the lead deletes the branch's entry when merging it. "hide":
# elements not read; "leaks": findings not counted. A browser test that reads pages fails when an
# entry no longer hides or tolerates anything (see ``Reader.elsewhere``).
ELSEWHERE: dict[str, dict[str, list]] = {}  # none left: optlabels and codecmsg have landed
HIDE = [s for branch in ELSEWHERE.values() for s in branch.get("hide", [])]
TOLERATED = [p for branch in ELSEWHERE.values() for p in branch.get("leaks", [])]


class Reader:
    """A reader of one language in the browser: ``look`` reads the page as it is now and keeps
    what leaked, by place (``leaks``); a dialog is read when it opens (and dismissed when
    ``dismiss`` is set, else accepted). ``elsewhere`` collects the branches whose allowance still
    hid or tolerated a leak."""

    def __init__(self, page, lang: str, data: set[str]):
        self.page, self.lang, self.data = page, lang, data
        self.leaks: dict[str, list[str]] = {}
        self.dialogs: list[str] = []
        self.dismiss = False
        self.elsewhere: set[str] = set()
        page.on("dialog", self._dialog)

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        self.read(f"dialog: {dialog.message[:40]}", dialog.message)
        dialog.dismiss() if self.dismiss else dialog.accept()

    def look(self, where: str) -> None:
        self.read(where, self._text(HIDE))
        shown = self._found(self._text([]))
        for branch, allowance in ELSEWHERE.items():  # is the allowance still needed?
            hidden = self._found(self._text(allowance.get("hide", []), keep=True))
            tolerated = [f for f in shown if any(p.match(f) for p in allowance.get("leaks", []))]
            if hidden or tolerated:
                self.elsewhere.add(branch)

    def _text(self, selectors: list[str], keep: bool = False) -> str:
        """The visible text of the page without the elements ``selectors`` find, or (``keep``)
        of those elements only."""
        html = self.page.evaluate(
            """([selectors, keep]) => {
                 if (keep) return selectors.flatMap(s =>
                   [...document.querySelectorAll(s)].map(e => e.outerHTML)).join(" ");
                 const doc = document.documentElement.cloneNode(true);
                 for (const s of selectors) doc.querySelectorAll(s).forEach(e => e.remove());
                 return doc.outerHTML; }""",
            [selectors, keep],
        )
        return visible_text(html, reasons=True)

    def _found(self, text: str) -> list[str]:
        marks = ascii_colons(text) + ascii_commas(text) + ascii_semicolons(text)
        return (
            other_language(text, self.lang, self.data)
            + internal_codes(text, self.data)
            + (marks if self.lang == "zh" else [])
        )

    def read(self, where: str, text: str) -> None:
        for leak in [f for f in self._found(text) if not any(p.match(f) for p in TOLERATED)]:
            # with where it stands, for the failure message
            word, bare = leak.split(": ", 1)[-1], without_data(text, self.data)
            at = bare.find(word)
            around = " ".join(bare[max(0, at - 30) : at + len(word) + 30].split())
            self.leaks.setdefault(where, []).append(f"{leak}  «{around}»")
