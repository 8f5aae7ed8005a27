"""A player's page over a period: the session list, wins, net and balance chart cover the same
days as the efficiency review; the moments list is capped; a withdrawn session leaves the
player's efficiency figures and moments, and comes back when restored."""

from __future__ import annotations

import html
import json
import re
from collections import OrderedDict

import pytest

from service.club import charts, player_efficiency
from tests.service.conftest import CLUB, fixture_log, verified
from tests.service.review.test_review_period import _moments, _reviewed, two_nights  # noqa: F401
from tests.service.sessions.test_withdrawal import RECORDED_NET, _restore, _withdraw

# audit/fan_missed.jsonl on two nights (its own 28 November, and again at table 2 on 4 December):
# 阿强 nets +14 each night (RECORDED_NET, its settlement line added up by hand).
DECEMBER = "2026-12-04T20:00:00+08:00"


def _on(started_at: str, table: str) -> bytes:
    lines = fixture_log("audit/fan_missed.jsonl").decode().splitlines()
    first = json.loads(lines[0])
    first["started_at"], first["table"] = started_at, table
    return "\n".join([json.dumps(first, ensure_ascii=False), *lines[1:]]).encode() + b"\n"


@pytest.fixture
def nights(alice) -> dict[str, str]:
    """Table -> session id: table 1 on 28 November, table 2 on 4 December."""
    return {"1": verified(alice, fixture_log("audit/fan_missed.jsonl")),
            "2": verified(alice, _on(DECEMBER, "2"))}  # fmt: skip


def _listed(page: str) -> list[str]:
    """The session ids the page's list links to."""
    return re.findall(r'<tr><td><a href="/sessions/([^"/?]+)"', page)


@pytest.mark.parametrize(
    ("query", "tables", "total", "label"),
    [
        ("", ["1", "2"], 28, ""),
        ("?since=2026-11-28&until=2026-11-28", ["1"], 14, "起始日 2026-11-28 截止日 2026-11-28 · "),
        ("?since=2026-11-29", ["2"], 14, "起始日 2026-11-29 · "),
        ("?until=2026-12-03", ["1"], 14, "截止日 2026-12-03 · "),
        ("?since=2026-12-05", [], 0, "起始日 2026-12-05 · "),
    ],
)
def test_the_period_picks_the_list_the_totals_and_the_chart(
    alice, nights, query, tables, total, label
):
    assert RECORDED_NET["阿强"] == 14
    page = html.unescape(alice.get(f"/players/阿强{query}").get_data(as_text=True))
    assert _listed(page) == [nights[t] for t in tables]  # oldest first
    text = re.sub(r"<[^>]+>", "", page)  # the words, without the sign's span
    assert f"\n{label}共 {len(tables)} 场，总计 {'+' if total else ''}{total}\n" in text
    assert f"/api/v1/players/%E9%98%BF%E5%BC%BA/charts/balance{query}" in page.replace("&amp;", "&")
    chart = alice.get(f"/api/v1/players/阿强/charts/balance{query}").get_json()
    days = {"1": "2026-11-28", "2": "2026-12-04"}
    want = [f"{days[t]} · {CLUB} {t}" for t in tables]
    assert [list(trace.get("x", [])) for trace in chart["data"]] == ([want] if tables else [])
    record = alice.get(f"/api/v1/players/阿强{query}").get_json()
    assert [s["id"] for s in record["sessions"]] == [nights[t] for t in tables]
    assert record["total"] == total


def test_an_unknown_player_is_still_a_404_whatever_the_period(alice, nights):
    assert alice.get("/players/nobody?since=2026-11-28").status_code == 404
    assert alice.get("/players/nobody?since=bad").status_code == 404
    assert alice.get("/api/v1/players/阿强/charts/balance?since=bad").status_code == 400


def test_the_moments_list_is_capped(monkeypatch, alice, nights):
    reviews = {i: alice.get(f"/api/v1/sessions/{i}/review").get_json() for i in nights.values()}
    name = max(("阿强", "小李", "老王", "阿芳"), key=lambda n: len(_moments(reviews, n)))
    every = _moments(reviews, name)
    assert len(every) >= 2, "the same log twice: each moment twice"
    monkeypatch.setattr(player_efficiency, "MOMENTS", 1)
    monkeypatch.setattr(charts, "_figures", OrderedDict())  # not a page kept from before
    page = html.unescape(alice.get(f"/players/{name}").get_data(as_text=True))
    links = re.findall(r'href="(/sessions/[^"]+/replay\?hand=\d+&step=\d+)"', page)
    assert len(links) == 1 and links[0].startswith(f"/sessions/{nights['2']}/")  # the newest
    assert f"更早的还有 {len(every) - 1} 处" in page


def test_a_withdrawn_session_leaves_the_efficiency_review_and_comes_back(
    alice,
    two_nights,  # noqa: F811
):
    first, second = two_nights
    for name in ("阿强", "小李"):
        whole = html.unescape(alice.get(f"/players/{name}").get_data(as_text=True))
        assert _reviewed(whole) == 2
    assert _withdraw(alice, second).status_code == 201
    for name in ("阿强", "小李"):
        page = html.unescape(alice.get(f"/players/{name}").get_data(as_text=True))
        assert _reviewed(page) == 1 and second not in _listed(page)
        links = set(re.findall(r'href="(/sessions/[^"]+/replay\?hand=\d+&step=\d+)"', page))
        assert links == _moments({first: two_nights[first]}, name)
    assert _restore(alice, second).status_code == 201
    for name in ("阿强", "小李"):
        page = html.unescape(alice.get(f"/players/{name}").get_data(as_text=True))
        assert _reviewed(page) == 2 and second in _listed(page)
        links = set(re.findall(r'href="(/sessions/[^"]+/replay\?hand=\d+&step=\d+)"', page))
        assert links == _moments(two_nights, name)
