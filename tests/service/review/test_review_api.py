"""GET /api/v1/sessions/<id>/review: the efficiency review, stored once per head and engine."""

from __future__ import annotations

import json
import re

from engine.review import review_records
from engine.simulate.session import generate_session
from events.codec import canonical_json
from events.models import ReviewRow
from service.db import engine
from tests.service.conftest import CLUB, login, verified
from workers import review as stored_reviews
from workers.tasks import engine_version


def _log(summary: bool = False) -> bytes:
    records, _ = generate_session("zhoushan", 2, seed=31, summary=summary, club=CLUB)
    return "".join(canonical_json(r) + "\n" for r in records).encode()


def test_review_of_a_session_is_computed_once_and_stored(alice, app):
    session_id = verified(alice, _log())
    response = alice.get(f"/api/v1/sessions/{session_id}/review")
    assert response.status_code == 200
    data = response.get_json()
    assert data["reviewable"] and data["version"] >= 1 and data["note"] is None
    hand = data["hands"][0]
    decision = hand["seats"]["E"]["decisions"][0]
    assert {
        "step",
        "line",
        "discard",
        "shanten_before",
        "shanten_after",
        "best",
        "effective",
        "best_effective",
    } <= set(decision)
    assert decision["line"] == decision["seq"] + 1
    assert set(data["players"]) == set(hand["seats"][s]["player"] for s in hand["seats"])
    with app.app_context():
        rows = stored_reviews.stored(session_id, data["head_seq"], engine_version(), engine())
        assert isinstance(rows, ReviewRow)
        kept = json.loads(rows.result)["hands"][0]["seats"]["E"]["decisions"]
        assert [d["seq"] for d in kept] == [d["seq"] for d in hand["seats"]["E"]["decisions"]]
    again = alice.get(f"/api/v1/sessions/{session_id}/review").get_json()
    assert again["hands"] == data["hands"] and again["seconds"] == data["seconds"]


def test_a_steps_options_are_computed_on_view(alice):
    """The stored review has each decision's figures; a step's options and their effective
    tiles come from .../hands/<hand>/steps/<step>, equal to the full review's."""
    session_id = verified(alice, _log())
    data = alice.get(f"/api/v1/sessions/{session_id}/review").get_json()
    lean = data["hands"][1]["seats"]["S"]["decisions"][2]
    assert "options" not in lean and "tenpai" not in lean
    url = f"/api/v1/sessions/{session_id}/review/hands/2/steps/{lean['step']}"
    got = alice.get(url).get_json()
    [step] = got["decisions"]
    records, _ = generate_session("zhoushan", 2, seed=31, club=CLUB)
    full = review_records(records).to_dict()["hands"][1]["seats"]["S"]["decisions"][2]
    assert step == {**full, "line": lean["line"]}
    assert {k: step[k] for k in lean} == lean
    assert step["options"] and step["options"][0]["tiles"]
    assert alice.get(f"/api/v1/sessions/{session_id}/review/hands/9/steps/3").status_code == 404


def test_a_summary_log_says_nothing_to_review(alice):
    session_id = verified(alice, _log(summary=True))
    data = alice.get(f"/api/v1/sessions/{session_id}/review").get_json()
    assert not data["reviewable"]
    assert data["note"]["en"] == "no play recorded: nothing to review"


def test_another_clubs_session_is_not_found(client, alice):
    session_id = verified(alice, _log())
    client.get("/logout")
    login(client, "bob")
    assert client.get(f"/api/v1/sessions/{session_id}/review").status_code == 404


def test_the_club_chart_counts_the_sessions_the_workers_reviewed(alice):
    empty = alice.get(f"/api/v1/clubs/{CLUB}/charts/efficiency").get_json()
    assert "0" in empty["layout"]["title"]["text"]
    verified(alice, _log())  # the workers review it after verifying it: nobody asks for it
    chart = alice.get(f"/api/v1/clubs/{CLUB}/charts/efficiency").get_json()
    assert "1" in chart["layout"]["title"]["text"]
    assert len(chart["data"][0]["x"]) == 4  # the four players


def test_the_dashboards_list_every_players_figures_over_the_period(alice):
    """Below the chart, a table per player over the reviewed sessions (the chart's hover aside):
    discards, share at best efficiency, tiles given up per discard, missed wins, avoidable
    deal-ins: the same figures as the session's review, summed (one session here)."""
    page = alice.get(f"/clubs/{CLUB}/dashboards").get_data(as_text=True)
    assert "还没有已复盘的场次" in page and "共 0 场已复盘" in page
    session_id = verified(alice, _log())
    players = alice.get(f"/api/v1/sessions/{session_id}/review").get_json()["players"]
    page = alice.get(f"/clubs/{CLUB}/dashboards").get_data(as_text=True)
    table = page[
        page.index('id="efficiency-table"') : page.index(
            "</table>", page.index('id="efficiency-table"')
        )
    ]
    assert "共 1 场已复盘" in page and "每次出牌少的有效牌" in table
    for name, f in players.items():
        row = table[table.index(f">{name}</a></b>") :].split("</tr>")[0]
        cells = re.findall(r'data-label="[^"]*">([^<]*)<', row)
        assert cells == [
            str(f["decisions"]),
            f"{round(100 * f['best_share'])}%",
            f"{f['average_lost']:.1f}",
            str(f["missed_wins"]),
            str(f["avoidable_deal_ins"]),
        ]


def test_the_dashboards_efficiency_is_over_the_sessions_the_filter_picks(alice):
    """The dashboards' form picks a night (or a table, a player); the table follows it."""
    verified(alice, _log())
    page = alice.get(f"/clubs/{CLUB}/dashboards").get_data(as_text=True)
    assert 'name="date"' in page and "共 1 场已复盘" in page
    started = alice.get("/api/v1/sessions").get_json()["sessions"][0]["started_at"][:10]
    assert "共 1 场已复盘" in alice.get(f"/clubs/{CLUB}/dashboards?date={started}").get_data(
        as_text=True
    )
    other = alice.get(f"/clubs/{CLUB}/dashboards?date=2001-01-01").get_data(as_text=True)
    assert "共 0 场已复盘" in other and "还没有已复盘的场次" in other


def test_a_review_the_workers_did_not_store_is_computed_on_first_ask(alice, app):
    session_id = verified(alice, _log())
    with app.app_context(), engine().begin() as c:  # its message lost, say
        c.execute(ReviewRow.__table__.delete())
    data = alice.get(f"/api/v1/sessions/{session_id}/review").get_json()
    assert data["reviewable"]
    with app.app_context():
        row = stored_reviews.stored(session_id, data["head_seq"], engine_version(), engine())
        assert row is not None
        kept = json.loads(row.result)["hands"]

    def steps(hands):
        return [
            sorted(d["step"] for s in h["seats"].values() for d in s["decisions"]) for h in hands
        ]

    assert steps(kept) == steps(data["hands"]) and steps(kept)[0]
