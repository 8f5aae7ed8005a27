"""One language on a screen: the main pages fetched in Chinese show no English word of the
interface, and in English no Chinese character, except data (player, club and user names) and
the language switch, which names the other language in that language."""

from __future__ import annotations

import pytest

from engine.rulesets import RULESET_NAMES
from tests.service.conftest import CLUB, EN, fixture_log, login, verified
from tests.service.one_language import (
    CJK,
    CJK_ALLOWED,
    LATIN_ALLOWED,
    WORD,
    internal_codes,
    visible_text,
    without_data,
)

DISPUTED, CLEAN = "audit/fan_missed.jsonl", "replay/clean.jsonl"
ZH = {"Accept-Language": "zh-CN"}


@pytest.fixture
def pages(app, alice):
    disputed = verified(alice, fixture_log(DISPUTED))
    verified(alice, fixture_log(CLEAN))
    view = alice.get(f"/api/v1/sessions/{disputed}").get_json()
    players = view["session"]["players"]
    paths = ["/", f"/sessions/{disputed}", f"/sessions/{disputed}/hands/1",
             f"/sessions/{disputed}/replay", f"/clubs/{CLUB}/ledger", f"/clubs/{CLUB}/ledger?date=all",
             f"/clubs/{CLUB}/disputes", f"/clubs/{CLUB}/dashboards", f"/players/{players[0]}",
             "/account", "/clubs", "/upload", "/record", "/checkpoint", "/nope",
             f"/clubs/{CLUB}/members", "/account/password",
             *(f"/rules/{name}" for name in RULESET_NAMES), "/rules/glossary"]  # fmt: skip
    data = {CLUB, "阿强", *players, "alice", "bob", "carol"}
    return paths, data


def offending(client, path, headers, pattern, allowed, data, reasons=False) -> list[str]:
    response = client.get(path, headers=headers)
    text = without_data(visible_text(response.get_data(as_text=True), reasons), data)
    return sorted({w for w in pattern.findall(text) if w not in allowed})


def test_chinese_pages_show_no_english_interface_word(alice, pages):
    paths, data = pages
    found = {p: offending(alice, p, ZH, WORD, LATIN_ALLOWED, data) for p in paths}
    assert {p: words for p, words in found.items() if words} == {}


def test_english_pages_show_no_chinese(alice, pages):
    paths, data = pages
    found = {p: offending(alice, p, EN, CJK, CJK_ALLOWED, data) for p in paths}
    assert {p: words for p, words in found.items() if words} == {}


@pytest.mark.parametrize("headers", [ZH, EN], ids=["zh", "en"])
def test_pages_show_no_internal_code(alice, pages, headers):
    """No identifier, ruleset code name, tile code, raw JSON or seat letter on any page, payment
    reasons included (the browser tests read the pages after their scripts ran too)."""
    paths, data = pages
    found = {p: internal_codes(visible_text(alice.get(p, headers=headers).get_data(as_text=True),
                                            reasons=True), data) for p in paths}  # fmt: skip
    assert {p: codes for p, codes in found.items() if codes} == {}


def test_payment_reasons_are_in_the_pages_language(alice, pages):
    paths, data = pages
    hand = [p for p in paths if p.endswith("/hands/1")][0]
    assert offending(alice, hand, EN, CJK, CJK_ALLOWED, data, reasons=True) == []
    assert offending(alice, hand, ZH, WORD, LATIN_ALLOWED, data, reasons=True) == []


@pytest.mark.parametrize(
    "headers, pattern, allowed", [(ZH, WORD, LATIN_ALLOWED), (EN, CJK, CJK_ALLOWED)]
)
def test_the_login_page_is_in_one_language(client, headers, pattern, allowed):
    assert offending(client, "/login", headers, pattern, allowed, set()) == []
    login(client, "alice", "wrong password")
    assert offending(client, "/login", headers, pattern, allowed, set()) == []


def test_the_checker_sees_a_word_of_the_other_language(client):
    """The checker itself can fail: a doubled label is caught in both directions."""
    doubled = (
        '<p title="步 step">Sessions 场次 <span class="tile s-m t-3m"><b>三</b><i>万</i></span></p>'
    )
    text = visible_text(doubled)
    assert sorted(WORD.findall(text)) == ["Sessions", "step"]
    assert sorted(CJK.findall(text)) == ["场次", "步"]
    # a word of the game is passed over only as the subject (<dfn>), not in a sentence
    term = '<dt><dfn class="term" lang="zh-CN">胡</dfn></dt><dd>The points: its 胡 items</dd>'
    assert CJK.findall(visible_text(term)) == ["胡"]


def test_the_checker_sees_internal_codes():
    """An identifier, a ruleset's code name, tile codes, raw JSON and a seat letter are caught;
    prose, amounts, times and a player's name are not."""
    text = visible_text(
        '<p>accept_expected · wenling · 7m→6p · 中 3z · {"seat": "E"} · 阿强 (E) · S → W · 包三家(代N)</p>'
        '<p title="Wenling mahjong, 2026-11-28 19:30, 0.5 元, 12 × 2, East wins">ok</p>'
    )
    assert internal_codes(text) == [
        "identifier: accept_expected", 'json: ": "', 'json: {"', "ruleset: wenling",
        "seat: (E)", "seat: N", "seat: S →", "tile: 3z", "tile: 6p", "tile: 7m",
    ]  # fmt: skip
