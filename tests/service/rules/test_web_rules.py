"""The rules pages: each shows every scoring item at its anchor with the value the engine scores
it (the engine's tables iterated here, not copied), in Chinese or English; a session's options
change the numbers and read as labels; a hand page's items link to entries that exist; the
glossary explains each word in the page's language."""

from __future__ import annotations

import html
import json
import re

import pytest

from engine.glossary import GLOSSARY
from engine.rulesets import SHIPPED, get_ruleset
from tests.service.conftest import fixture_log, login, verified


def _page(client, path: str, lang: str = "zh") -> str:
    client.set_cookie("fupan_lang", lang)  # the language switch's cookie
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return html.unescape(response.get_data(as_text=True))


def _anchor(page: str, anchor: str) -> str:
    """The element with ``id=anchor`` (a table row or a dt/dd pair's dt)."""
    match = re.search(rf'<tr id="{re.escape(anchor)}"[^>]*>(.*?)</tr>', page, re.S)
    assert match, f"no #{anchor}"
    return match.group(1)


def _with_options(relative: str, options: dict) -> bytes:
    lines = fixture_log(relative).decode().splitlines()
    first = json.loads(lines[0])
    first["options"] = options
    return "\n".join([json.dumps(first, ensure_ascii=False), *lines[1:]]).encode() + b"\n"


@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_item_value_is_at_its_anchor(alice, name, lang):
    rs = get_ruleset(name)
    opts = rs.options()
    page = _page(alice, f"/rules/{name}", lang)
    for item in rs.items(opts):
        row = _anchor(page, f"item-{item.code}")
        assert f"<b>{item.value}</b>" in row, (item, row)
        assert (item.en if lang == "en" else item.zh) in row, (item, row)
        about, other = (
            (item.about.en, item.about.zh) if lang == "en" else (item.about.zh, item.about.en)
        )
        assert f'<div class="about">{about}</div>' in row and other not in page, (item, row)
        if item.when:
            when, colon = (item.when.en, ": ") if lang == "en" else (item.when.zh, "：")
            assert f"{when}{colon}<b>{item.value}</b>" in row, (item, row)  # the page's colon
    for term in rs.terms(opts):
        assert (term.en if lang == "en" else term.zh) in page
    for rule in rs.payment_rules(opts):
        assert (rule.en if lang == "en" else rule.zh) in page
    for option, default, text in rs.option_texts():
        row = _anchor(page, f"option-{option}")
        value = rs.option_value(option, default)  # its label: a word, never the code
        shown = value.en if lang == "en" else value.zh
        assert (text.en if lang == "en" else text.zh) in row and f"<b>{shown}</b>" in row
        if isinstance(default, str) and lang == "zh":  # (in English a code may be a word: up)
            assert default not in re.sub(r"<[^>]+>", " ", row), (option, row)
        if isinstance(default, bool):
            assert shown == {True: ("yes", "是"), False: ("no", "否")}[default][lang == "zh"]
    title, other = (rs.title_en, rs.title_zh) if lang == "en" else (rs.title_zh, rs.title_en)
    assert title in page and other not in page


def test_english_page_has_no_chinese_chrome_and_chinese_page_no_english_headings(alice):
    en = _page(alice, "/rules/xizhou", "en")
    zh = _page(alice, "/rules/xizhou")
    assert "Scoring items" in en and "计分项目" not in en
    assert "计分项目" in zh and "Scoring items" not in zh


def test_a_sessions_options_change_the_numbers(alice):
    sid = verified(
        alice, _with_options("audit/fan_missed.jsonl", {"base_hu": 12, "pengpenghu": True})
    )
    page = _page(alice, f"/rules/huangyan?session={sid}", "en")
    assert "<b>12</b>" in _anchor(page, "item-base") and "<b>12</b>" in _anchor(
        page, "option-base_hu"
    )
    assert "Not counted" not in _anchor(page, "item-pengpenghu")
    assert 'class="changed"' in page
    default = _page(alice, "/rules/huangyan", "en")
    assert "<b>10</b>" in _anchor(default, "item-base")
    assert "Not counted with these options" in _anchor(default, "item-pengpenghu")


def test_rules_of_a_session_need_access_and_the_right_ruleset(app, alice):
    sid = verified(alice, fixture_log("audit/fan_missed.jsonl"))  # huangyan
    assert alice.get(f"/rules/wenling?session={sid}").status_code == 404
    assert alice.get("/rules/mahjong").status_code == 404
    bob = app.test_client()
    login(bob, "bob")  # a member of another club only
    assert bob.get(f"/rules/huangyan?session={sid}").status_code == 404
    assert bob.get("/rules/huangyan").status_code == 200
    assert app.test_client().get("/rules/huangyan").status_code == 302  # to the login


def test_hand_page_items_link_to_their_rules_entry(alice):
    sid = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    page = _page(alice, f"/sessions/{sid}/hands/1")
    links = re.findall(r'href="(/rules/huangyan\?session=[^"#]+)#item-(\w+)"', page)
    assert len(links) >= 3, links
    rules = _page(alice, links[0][0])
    for _, code in links:
        _anchor(rules, f"item-{code}")


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_glossary_explains_each_word_in_the_pages_language(alice, lang):
    """The word itself is the subject (shown as written, as a <dfn>); its meaning in the page's
    language alone, with the pinyin for an English reader."""
    page = _page(alice, "/rules/glossary", lang)
    for entry in GLOSSARY:
        row = _anchor(page, f"g-{entry.term}")
        assert f'<dfn class="term" lang="zh-CN">{entry.term}</dfn>' in row
        meaning, other = (entry.en, entry.zh) if lang == "en" else (entry.zh, entry.en)
        assert meaning in row and other not in row
        assert (entry.pinyin in row) == (lang == "en")


def test_a_sessions_options_read_as_labels(alice):
    """A session's text options in force show as words in the page's language."""
    options = {"half_rounding": "down", "wildcard_rule": "next"}
    sid = verified(alice, _with_options("audit/fan_missed.jsonl", options))
    rs = get_ruleset("huangyan")
    for lang in ("zh", "en"):
        page = _page(alice, f"/rules/huangyan?session={sid}", lang)
        for option, value in options.items():
            label = rs.option_value(option, value)
            row = _anchor(page, f"option-{option}")
            assert f"<b>{label.en if lang == 'en' else label.zh}</b>" in row, row
            assert f"<b>{value}</b>" not in row


def test_a_rules_term_links_to_the_glossary(alice):
    page = _page(alice, "/rules/wenling")
    glossary = _page(alice, "/rules/glossary")
    for term in re.findall(r'href="/rules/glossary#g-([^"]+)"', page):
        _anchor(glossary, f"g-{term}")
    assert "#g-得" in page and "#g-闹闹" in page
