"""One language on a screen: the main pages fetched in Chinese show no English word of the
interface, and in English no Chinese character, except data (player, club and user names) and
the language switch, which names the other language in that language."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from engine.rulesets import SHIPPED
from tests.dashboards.test_figures import shown_words
from tests.service.conftest import CLUB, EN, fixture_log, login, verified
from tests.service.i18n.one_language import (
    CJK,
    CJK_ALLOWED,
    CODES,
    LATIN_ALLOWED,
    WORD,
    ascii_colons,
    ascii_commas,
    ascii_semicolons,
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
             *(f"/rules/{name}" for name in SHIPPED), "/rules/glossary",
             # refusals: no such rules, another ruleset's session, an uploaded session recorded
             # into (their messages were English on every page)
             "/rules/nosuchrules", f"/rules/wenling?session={disputed}", f"/record/{disputed}",
             # the efficiency review over a period, and the period refused on the page
             f"/players/{players[0]}?since=2000-01-01",
             f"/clubs/{CLUB}/dashboards?since=2026-12-05&until=2026-12-04",
             f"/players/{players[0]}?until=2026-13-01"]  # fmt: skip
    data = {CLUB, "阿强", *players, "alice", "bob", "carol", "nosuchrules"}
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


def test_chinese_pages_put_no_ascii_colon_after_chinese(alice, pages):
    """A label, a name or a pair of players before what it names ends with '：' on a Chinese
    page (the catalogue's "%(label)s: "), never with ':' (the browser tests read the pages
    after their scripts ran as well: ``Reader``)."""
    paths, _data = pages
    found = {p: ascii_colons(visible_text(alice.get(p, headers=ZH).get_data(as_text=True),
                                          reasons=True)) for p in paths}  # fmt: skip
    assert {p: colons for p, colons in found.items() if colons} == {}


def test_chinese_pages_join_no_list_with_an_ascii_comma(alice, pages):
    """Seats, players, hands and wins listed on a Chinese page stand between '、' (the
    catalogue's "%(items)s, %(item)s"), never ', ' after Chinese (the browser tests read the
    pages after their scripts ran as well: ``Reader``)."""
    paths, _data = pages
    found = {p: ascii_commas(visible_text(alice.get(p, headers=ZH).get_data(as_text=True),
                                          reasons=True)) for p in paths}  # fmt: skip
    assert {p: commas for p, commas in found.items() if commas} == {}
    assert ascii_commas("东 老王, 南 阿芳") == ["comma: 东 老王,"]  # the check finds the slip
    assert ascii_commas("东 老王、南 阿芳; 1, 2; replay (复盘)、x") == []


def test_the_list_separator_is_one_catalogue_entry_in_each_language(app, alice):
    from service.i18n import list_sep, listed

    with app.test_request_context(headers=ZH):
        assert list_sep() == "、"
        assert str(listed(["东 老王", "南 <b>"])) == "东 老王、南 &lt;b&gt;"  # escaped, as text
    with app.test_request_context(headers=EN):
        assert list_sep() == ", " and str(listed(["East A", "South B"])) == "East A, South B"
    script = alice.get("/i18n/zh.js").get_data(as_text=True)
    assert '"%(items)s, %(item)s": "%(items)s、%(item)s"' in script  # FupanI18n.listed's entry


def test_chinese_pages_separate_no_clauses_with_an_ascii_semicolon(alice, pages):
    """Top-ups, a night's tables, a hand's wins, an item's values and a payment's rules stand
    between '；' on a Chinese page (the catalogue's "%(clause)s; %(next)s", the engine's
    CLAUSE_SEP), never '; ' after Chinese (``Reader`` reads the pages after their scripts too)."""
    paths, _data = pages
    found = {p: ascii_semicolons(visible_text(alice.get(p, headers=ZH).get_data(as_text=True),
                                              reasons=True)) for p in paths}  # fmt: skip
    assert {p: marks for p, marks in found.items() if marks} == {}
    assert ascii_semicolons("小李 → 阿强 1; 阿芳 → 阿强 2") == ["semicolon: 小李 → 阿强 1;"]
    assert ascii_semicolons("包三家(代东家); 胡牌") == ["semicolon: 包三家(代东家);"]
    assert ascii_semicolons("小李 → 阿强 1；阿芳 → 阿强 2; 3; replay; x") == []


def test_the_clause_separator_is_one_entry_in_each_language_and_the_engine(app):
    from engine.rulesets.base import CLAUSE_SEP
    from service.i18n import clause_sep

    with app.test_request_context(headers=ZH):
        assert clause_sep() == "；" == CLAUSE_SEP.zh
        page = app.jinja_env.from_string(
            "{% for t in ts %}{{ t }}{{ clause_sep() if not loop.last }}{% endfor %}"
        )
        assert page.render(ts=["小李 → 阿强 1", "阿芳 → 阿强 2"]) == "小李 → 阿强 1；阿芳 → 阿强 2"
    with app.test_request_context(headers=EN):
        assert clause_sep() == "; " == CLAUSE_SEP.en


def test_the_colon_is_one_catalogue_entry_in_each_language(app, alice):
    from service.i18n import colon

    with app.test_request_context(headers=ZH):
        assert str(colon("牌桌上实付")) == "牌桌上实付："
        assert str(colon("<b>")) == "&lt;b&gt;："  # what it names is escaped, as a page's text
    with app.test_request_context(headers=EN):
        assert str(colon("paid at the table")) == "paid at the table: "
    script = alice.get("/i18n/zh.js").get_data(as_text=True)
    assert '"%(label)s: ": "%(label)s："' in script  # FupanI18n.colon's entry


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


RULESET_DISPUTES = 6  # hands per ruleset, every one given a table mistake


@pytest.fixture
def explained_pages(app, alice):
    """Simulated sessions of every ruleset (summary logs, a table mistake in every hand, so
    the hands are disputed with explanations naming seats: who missed what, who paid twice, whose
    hand was read another way …): the session pages, every disputed hand page and the club's
    disputes queue (open and all)."""
    from engine.simulate import generate_session
    from events.codec import canonical_json

    paths, players = [f"/clubs/{CLUB}/disputes", f"/clubs/{CLUB}/disputes?state=all"], set()
    for ruleset in SHIPPED:
        records, _ = generate_session(ruleset, RULESET_DISPUTES, seed=22, faults=1.0,
                                      summary=True, club=CLUB)  # fmt: skip
        sid = verified(alice, "".join(canonical_json(r) + "\n" for r in records).encode("utf-8"))
        view = alice.get(f"/api/v1/sessions/{sid}").get_json()
        players |= {
            *view["session"]["players"],
            view["session"]["table"],
        }  # data: a simulated table is its seed, "22"
        paths.append(f"/sessions/{sid}")
        paths += [f"/sessions/{sid}/hands/{h['no']}" for h in view["hands"] if h["disputes"]]
    return paths, {CLUB, *players}


@pytest.mark.parametrize("headers, pattern, allowed", [(ZH, WORD, LATIN_ALLOWED), (EN, CJK, CJK_ALLOWED)],
                         ids=["zh", "en"])  # fmt: skip
def test_disputed_hands_explained_in_one_language_naming_players(alice, explained_pages, headers,
                                                                 pattern, allowed):  # fmt: skip
    """The explanations of disputed hands (each hand page, the session page's disputes, the
    disputes queue), with their payment rules, in the page's language alone, and each seat by
    its player: no "(E)", no "胡牌家E", no "S's hand"."""
    paths, data = explained_pages
    assert len([p for p in paths if "/hands/" in p]) >= 2 * len(SHIPPED)
    found = {p: offending(alice, p, headers, pattern, allowed, data, reasons=True) for p in paths}
    assert {p: words for p, words in found.items() if words} == {}
    letters = {}
    for path in paths:
        page = alice.get(path, headers=headers).get_data(as_text=True)
        assert "explanation" in page or "/hands/" not in path
        hits = CODES["seat"].findall(visible_text(page, reasons=True))
        if hits:
            letters[path] = sorted(set(hits))
    assert letters == {}


def test_the_checker_sees_a_seat_letter():
    for text in ("胡牌家E多算1番", "one fan too many (E)", "S的牌按另一种读法算", "N付给S的款付了两次",
                 "S's hand read another way", "E 漏算自摸", "hand 2 should seat E=小李",
                 "小李 paid what they owed W"):  # fmt: skip
        assert CODES["seat"].search(text), text
    for text in ("胡牌家小李多算1番", "one fan too many (小李)", "East 小李, South 老王", "2M",
                 "a discard win paid M, not 2M", "East wind", "(West)"):  # fmt: skip
        assert not CODES["seat"].search(text), text


def charts(client, paths) -> list[str]:
    """The chart URLs of the pages (their figures come as JSON from the API)."""
    found = []
    for path in paths:
        page = client.get(path).get_data(as_text=True)
        found += [html_lib.unescape(u) for u in re.findall(r'data-src="([^"]+)"', page)]
    return sorted(set(found))


def chart_words(client, url, headers) -> str:
    import plotly.io

    response = client.get(url, headers=headers)
    assert response.status_code == 200, url
    fig = plotly.io.from_json(response.get_data(as_text=True))
    items = [y for t in fig.data if getattr(t, "orientation", None) == "h" for y in t.y]
    return " ".join(shown_words(fig) + items)  # the rule items (bars' names) are words too


@pytest.mark.parametrize(
    "headers, pattern, allowed", [(ZH, WORD, LATIN_ALLOWED), (EN, CJK, CJK_ALLOWED)]
)
def test_the_charts_are_in_the_pages_language(alice, pages, headers, pattern, allowed):
    """Titles, axes, subplot titles, legend and hover text of every chart on the pages (the
    dashboards, a session's payment flow, a player's balance): one language, data aside."""
    paths, data = pages
    urls = charts(alice, paths)
    # five club charts (efficiency too), the flow, a player's balance (also over a period)
    assert len({u.split("?")[0] for u in urls}) == 7, urls
    found = {}
    for url in urls:
        text = chart_words(alice, url, headers)
        for name in sorted(data | {"table 1", "1"}, key=len, reverse=True):
            text = text.replace(name, " ")
        found[url] = sorted({w for w in pattern.findall(text) if w not in allowed})
    assert {u: words for u, words in found.items() if words} == {}


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


@pytest.mark.parametrize("headers, colon", [(ZH, "："), (EN, ": ")], ids=["zh", "en"])
def test_a_charts_hover_ends_a_name_with_the_pages_colon(alice, headers, colon):
    """A chart's hover ("老王：12") is page text too: the colon comes from the catalogue."""
    import json

    sid = verified(alice, fixture_log(DISPUTED))
    for path in (f"/api/v1/sessions/{sid}/charts/flow",
                 f"/api/v1/clubs/{CLUB}/charts/disputes_by_table"):  # fmt: skip
        figure = json.loads(alice.get(path, headers=headers).get_data(as_text=True))
        hovers = [t["hovertemplate"] for t in figure["data"] if "hovertemplate" in t]
        hovers += [t[part]["hovertemplate"] for t in figure["data"] for part in ("node", "link")
                   if "hovertemplate" in t.get(part, {})]  # fmt: skip
        assert hovers and all(colon in h for h in hovers), (path, hovers)
        assert not any(re.search(r"\}: ", h) for h in hovers) or colon == ": "
