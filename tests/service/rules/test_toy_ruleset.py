"""The toy ruleset (tests/engine/rulesets/toy/, nowhere else) in the service: a simulated log of
it is uploaded and verified by the worker, the recorder offers it and evaluates a hand of it,
and its rules page shows its items, options and payments in both languages. Numbers from the
toy's rules: a win is worth ``stake``; self-drawn, the three others pay it each."""

from __future__ import annotations

import html

import pytest

from engine.simulate import generate_session
from engine.tiles import parse_tiles
from events.codec import canonical_json
from tests.engine.rulesets.toy_registered import toy_fixture  # noqa: F401
from tests.service.conftest import CLUB, csrf_token, verified

PLAYERS = ["阿强", "小李", "老王", "阿芳"]
API = "/api/v1/record"


def _page(client, path: str, lang: str = "zh") -> str:
    client.set_cookie("fupan_lang", lang)
    response = client.get(path)
    assert response.status_code == 200, (path, response.status_code)
    return html.unescape(response.get_data(as_text=True))


def _post(client, path: str, body: dict):
    return client.post(path, json=body, headers={"X-CSRFToken": csrf_token(client, "/record")})


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_rules_page_shows_the_toy(alice, lang, toy):
    page = _page(alice, "/rules/toy", lang)
    pick = (lambda t: t.en) if lang == "en" else (lambda t: t.zh)
    assert (toy.title_en if lang == "en" else toy.title_zh) in page
    assert 'id="item-win"' in page and "<b>1</b>" in page  # the win, at the default stake
    for rule in toy.payment_rules(toy.options()):
        assert pick(rule) in page
    for name, default, text in toy.option_texts():
        assert f'id="option-{name}"' in page and pick(text) in page
        assert pick(toy.option_value(name, default)) in page
    assert 'href="/rules/toy"' in _page(alice, "/rules/glossary", lang)  # the rules' menu


@pytest.mark.usefixtures("toy")
def test_a_verified_toy_session_has_its_rules_with_the_sessions_options(alice):
    records, _ = generate_session("toy", 4, seed=2, options={"stake": 7}, club=CLUB)
    sid = verified(alice, "".join(canonical_json(r) + "\n" for r in records).encode())
    assert "玩具麻将" in _page(alice, f"/sessions/{sid}")
    rules = _page(alice, f"/rules/toy?session={sid}")
    assert "<b>7</b>" in rules and "三家各付7分" in rules


@pytest.mark.usefixtures("toy")
def test_the_recorder_offers_the_toy_and_evaluates_a_hand(alice):
    assert "玩具麻将" in _page(alice, "/record")
    info = alice.get(f"{API}/rulesets").get_json()["toy"]
    assert info["title"] == "玩具麻将" and not info["has_indicator"] and len(info["tiles"]) == 34
    assert not info["nonwinners_score"]
    assert {o["name"]: o["text"]["zh"] for o in info["options"]} == {
        "stake": "一次胡牌值几分", "discard_payer": "放炮时谁付"}  # fmt: skip
    r = _post(alice, f"{API}/sessions", {"club": CLUB, "table": "5", "ruleset": "toy",
                                         "options": {"stake": 2}, "players": PLAYERS})  # fmt: skip
    assert r.status_code == 201, r.get_json()
    sid = r.get_json()["session"]["id"]
    entry = {"client_id": "toy-hand-1", "result": "win",
             "win": {"seat": "E", "how": "self_draw", "tile": "5s"},
             "shows": {"E": {"concealed": parse_tiles("123m456m789m234p5s")}}}  # fmt: skip
    v = _post(alice, f"{API}/evaluate", {"session_id": sid, "entry": entry}).get_json()
    assert v["winning"] == {"ok": True, "shanten": -1}, v
    assert v["expected_net"] == {"E": 6, "S": -2, "W": -2, "N": -2}
    assert _post(alice, f"{API}/sessions/{sid}/hands", entry).status_code == 201
