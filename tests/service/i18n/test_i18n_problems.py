"""A log's problems in the reader's language: every code of events/messages.py (and every word
given as a parameter) has its zh and en text in the catalogs, with the same placeholders; the
Chinese text of every code has no English word of its own."""

from __future__ import annotations

import re

import pytest

from events.codec import LogError
from events.messages import MESSAGES, WORDS
from service.i18n import catalogs, problems

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@pytest.mark.parametrize("lang", catalogs.LANGUAGES)
def test_every_code_and_word_has_its_text_in_both_catalogs(lang):
    catalog = catalogs.read(lang)
    for text in [*MESSAGES.values(), *WORDS]:
        entry = catalog.get(text)
        assert entry is not None and entry.string and not entry.fuzzy, (lang, text)
        assert sorted(PLACEHOLDER.findall(entry.string)) == sorted(PLACEHOLDER.findall(text))


# Latin that may stay in a Chinese text: the log format's own names (fields, values, record
# types, options), JSON, UTF-8 and GBK, NUL, ISO-8601.
FORMAT_WORDS = r"\b(?:session|hand|how|from|to|replacement|inserted|void|club|true|JSON|Lines|" \
    r"UTF|GBK|NUL|ISO|FUPAN_MAX_LOG_BYTES|E|S|W|N|m|z|x|null|jsonl)\b"  # fmt: skip


def test_every_code_reads_in_chinese(app):
    with app.test_request_context(headers={"Accept-Language": "zh-CN"}):
        for code, text in MESSAGES.items():
            params = {name: "1" for name in PLACEHOLDER.findall(text)}
            error = LogError(12, "discard", "tile", code, params)
            shown = problems.sentence(error)
            assert shown.startswith("第 12 行，字段 tile："), shown
            own = re.sub(FORMAT_WORDS, "", shown.removeprefix("第 12 行，字段 tile："))
            assert re.search(r"[\u4e00-\u9fff]", own) or code == "option", (code, shown)
            assert not re.search(r"[A-Za-z]{2,}", re.sub(r'"[^"]*"', "", own)), (code, shown)


def test_the_words_and_names_in_a_problem_follow_the_language(app):
    not_object = LogError(3, None, None, "not_object", {"kind": "an array"})
    outside = LogError(4, "draw", "tile", "tile_not_in_set", {"tile": "1f", "ruleset": "huangyan"})
    with app.test_request_context(headers={"Accept-Language": "zh-CN"}):
        assert problems.sentence(not_object) == "第 3 行：不是 JSON 对象（实际是数组）"
        assert problems.sentence(outside) == "第 4 行，字段 tile：黄岩麻将的牌里没有春"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        assert problems.sentence(not_object) == "line 3: not a JSON object (got an array)"
        assert problems.problem(outside).startswith("Spring is not in the ")
    assert not_object.message == "not a JSON object (got an array)"  # the command line's
