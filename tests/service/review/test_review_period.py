"""The efficiency review over a period of days: the dashboards' from/to, and a player's page
with their own figures and links to the replay steps of their missed wins and avoidable
deal-ins."""

from __future__ import annotations

import html
import re

import pytest

from engine.simulate.session import generate_session
from events.codec import canonical_json
from tests.service.conftest import CLUB, login, verified

# The club's local dates, as the pages show them: 00:30 on 4 December at +08:00 is still
# 3 December in UTC, and belongs to the 4th.
NIGHTS = {31: "2026-11-28T19:30:00+08:00", 32: "2026-12-04T00:30:00+08:00"}


def _log(seed: int) -> bytes:
    records, _ = generate_session("zhoushan", 3, seed=seed, club=CLUB)
    records[0]["started_at"] = NIGHTS[seed]
    return "".join(canonical_json(r) + "\n" for r in records).encode()


@pytest.fixture
def two_nights(alice) -> dict[str, dict]:
    """Session id -> its review (the API's), one per night."""
    ids = [verified(alice, _log(seed)) for seed in NIGHTS]
    return {i: alice.get(f"/api/v1/sessions/{i}/review").get_json() for i in ids}


def _reviewed(page: str) -> int:
    return int(re.search(r"共 (\d+) 场已复盘", page).group(1))


@pytest.mark.parametrize(
    ("query", "sessions"),
    [
        ("", 2),
        ("?since=2026-11-28&until=2026-11-28", 1),  # one day, both ends included
        ("?since=2026-11-29&until=2026-12-03", 0),  # the second night is the 4th, locally
        ("?since=2026-12-04", 1),
        ("?until=2026-12-03", 1),
        ("?since=2026-11-28&until=2026-12-04", 2),
    ],
)
def test_the_dashboards_period_picks_the_sessions_by_their_local_day(
    alice, two_nights, query, sessions
):
    page = alice.get(f"/clubs/{CLUB}/dashboards{query}").get_data(as_text=True)
    assert _reviewed(page) == sessions
    assert 'name="since"' in page and 'name="until"' in page and "起始日" in page
    chart = alice.get(f"/api/v1/clubs/{CLUB}/charts/efficiency{query}").get_json()
    assert f"（已复盘 {sessions} 场）" in chart["layout"]["title"]["text"]


def test_the_dashboards_period_keeps_its_days_in_the_form_and_the_links(alice, two_nights):
    page = alice.get(f"/clubs/{CLUB}/dashboards?since=2026-12-04&until=2026-12-31")
    text = html.unescape(page.get_data(as_text=True))
    assert 'name="since" type="date" value="2026-12-04"' in text
    assert 'name="until" type="date" value="2026-12-31"' in text
    # the charts read the same days, and a player's name leads to their page over them
    assert "/charts/efficiency?since=2026-12-04&until=2026-12-31" in text
    assert "since=2026-12-04&until=2026-12-31#efficiency" in text


@pytest.mark.parametrize(
    ("query", "zh", "en"),
    [
        ("?since=2026-13-01", "起始日须为", "“from” must be a day written YYYY-MM-DD"),
        ("?until=tomorrow", "截止日须为", "'tomorrow'"),
        ("?since=2026-12-05&until=2026-12-04", "晚于", "after its end 2026-12-04"),
    ],
)
def test_a_bad_period_is_said_on_the_page_not_a_crash(alice, two_nights, query, zh, en):
    page = alice.get(f"/clubs/{CLUB}/dashboards{query}")
    text = html.unescape(page.get_data(as_text=True))
    assert page.status_code == 400 and 'class="error" role="alert"' in text and zh in text
    assert 'name="since"' in text and "efficiency-table" not in text and "plotly" not in text
    chart = alice.get(f"/api/v1/clubs/{CLUB}/charts/efficiency{query}")
    assert chart.status_code == 400 and zh in chart.get_json()["message"]
    mine = alice.get(f"/players/阿强{query}")
    assert mine.status_code == 400 and zh in html.unescape(mine.get_data(as_text=True))
    alice.set_cookie("fupan_lang", "en")
    english = alice.get(f"/clubs/{CLUB}/dashboards{query}")
    assert english.status_code == 400 and en in html.unescape(english.get_data(as_text=True))


def _moments(reviews: dict[str, dict], name: str) -> set[str]:
    """The replay links of ``name``'s missed wins and avoidable deal-ins, from the API."""
    out = set()
    for session_id, review in reviews.items():
        for no, hand in enumerate(review["hands"], 1):
            for seat in hand["seats"].values():
                if seat["player"] != name:
                    continue
                steps = [m["step"] for m in seat["missed_wins"]]
                steps += [d["step"] for d in seat["deal_ins"] if d["safe"]]
                out |= {f"/sessions/{session_id}/replay?hand={no}&step={s}" for s in steps}
    return out


@pytest.mark.parametrize("name", ["阿强", "小李", "老王", "阿芳"])
def test_a_players_page_has_their_figures_over_the_period_and_their_moments(
    alice, two_nights, name
):
    second = list(two_nights)[1]
    page = alice.get(f"/players/{name}?since=2026-12-04").get_data(as_text=True)
    text = html.unescape(page)
    start = text.index('id="efficiency-table"')
    table = text[start : text.index("</table>", start)]
    f = two_nights[second]["players"][name]
    cells = re.findall(r'data-label="[^"]*">([^<]*)<', table)
    assert cells == [
        str(f["decisions"]),
        "—" if f["best_share"] is None else f"{round(100 * f['best_share'])}%",
        "—" if f["average_lost"] is None else f"{f['average_lost']:.1f}",
        str(f["missed_wins"]),
        str(f["avoidable_deal_ins"]),
    ]
    assert _reviewed(page) == 1
    links = set(re.findall(r'href="(/sessions/[^"]+/replay\?hand=\d+&step=\d+)"', text))
    assert links == _moments({second: two_nights[second]}, name)
    whole = html.unescape(alice.get(f"/players/{name}").get_data(as_text=True))
    assert _reviewed(whole) == 2
    every = set(re.findall(r'href="(/sessions/[^"]+/replay\?hand=\d+&step=\d+)"', whole))
    assert every == _moments(two_nights, name)


def test_the_moments_lead_to_their_replay_steps(alice, two_nights):
    every = set().union(*(_moments(two_nights, n) for n in ("阿强", "小李", "老王", "阿芳")))
    assert every, "the seeds give at least one missed win or avoidable deal-in"
    for link in sorted(every)[:3]:
        assert alice.get(link).status_code == 200


def test_a_player_page_shows_what_the_roles_allow(app, alice, two_nights):
    """A member of the club (any role) sees it; a member of another club only, not."""
    assert alice.get("/players/小李").status_code == 200
    carol, bob = app.test_client(), app.test_client()
    login(carol, "carol")  # the club's auditor
    assert "efficiency-table" in carol.get("/players/小李").get_data(as_text=True)
    login(bob, "bob")  # another club's member
    assert bob.get("/players/小李").status_code == 404
