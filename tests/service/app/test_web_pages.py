"""Every page and its JSON twin, with the access rules: another club's data is a 404."""

from __future__ import annotations

import csv
import io
import re

import pytest

from engine.replay import replay
from events import store
from service.db import engine
from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import CLUB, EN, csrf_token, fixture_log, login, verified
from workers.celery_app import wait_embedded

DISPUTED = "audit/fan_missed.jsonl"  # one full-log hand, the table forgot 硬碰硬
CLEAN = "replay/clean.jsonl"


@pytest.fixture
def sessions(alice):
    return {
        "disputed": verified(alice, fixture_log(DISPUTED)),
        "clean": verified(alice, fixture_log(CLEAN)),
    }


def _other_member(app):
    client = app.test_client()
    login(client, "bob")
    return client


def test_session_list_and_filters(alice, sessions):
    html = alice.get("/").get_data(as_text=True)
    assert all(sid in html for sid in sessions.values())
    disputed = alice.get("/api/v1/sessions?disputed=1").get_json()["sessions"]
    assert [s["id"] for s in disputed] == [sessions["disputed"]]
    assert alice.get("/api/v1/sessions?player=nobody").get_json()["sessions"] == []
    assert (
        len(alice.get("/api/v1/sessions?player=阿强&date=2026-11-28").get_json()["sessions"]) == 2
    )
    assert alice.get("/api/v1/sessions?date=2026-11-29").get_json()["sessions"] == []
    assert alice.get("/api/v1/sessions?table=9").get_json()["sessions"] == []
    bad = alice.get("/api/v1/sessions?date=yesterday")
    message = bad.get_json()["message"]  # names the value refused and shows a day as it must be
    assert bad.status_code == 400 and "'yesterday'" in message
    assert re.search(r"\b\d{4}-\d{2}-\d{2}\b", message), message


def test_another_clubs_member_sees_nothing(app, sessions):
    bob = _other_member(app)
    sid = sessions["disputed"]
    assert bob.get("/api/v1/sessions").get_json()["sessions"] == []
    for path in (
        f"/sessions/{sid}",
        f"/sessions/{sid}/hands/1",
        f"/sessions/{sid}/replay",
        f"/api/v1/sessions/{sid}",
        f"/api/v1/sessions/{sid}/status",
        f"/api/v1/sessions/{sid}/hands/1",
        f"/api/v1/sessions/{sid}/hands/1/steps/0",
        f"/clubs/{CLUB}/ledger",
        f"/clubs/{CLUB}/disputes",
        f"/clubs/{CLUB}/dashboards",
        f"/api/v1/clubs/{CLUB}/ledger",
        "/players/阿强",
    ):
        assert bob.get(path).status_code == 404, path
    resolve = bob.post(
        f"/api/v1/sessions/{sid}/hands/1/resolution",
        data={"action": "accept_expected", "reason": "x", "csrf_token": csrf_token(bob, "/")},
    )
    assert resolve.status_code == 404


def test_unknown_session_is_404(alice):
    assert alice.get("/sessions/nope").status_code == 404
    assert alice.get("/api/v1/sessions/nope").get_json()["error"] == "not_found"


def test_session_page_shows_hands_payments_badges_totals(alice, sessions):
    sid = sessions["disputed"]
    html = alice.get(f"/sessions/{sid}").get_data(as_text=True)
    assert 'id="hand-1"' in html and '<span class="badge dispute">争议</span>' in html
    assert "老王 → 小李" not in html  # payments go to the winner 老王
    assert "阿强 → 老王 <b>10</b>" in html and "阿强 → 老王 <b>20</b>" in html
    view = alice.get(f"/api/v1/sessions/{sid}").get_json()
    assert view["totals"]["recorded"] == {"阿强": 14, "小李": -17, "老王": 20, "阿芳": -17}
    assert sum(view["totals"]["expected"].values()) == 0
    assert view["hands"][0]["disputes"][0]["explanation"]["code"]
    clean = alice.get(f"/sessions/{sessions['clean']}").get_data(as_text=True)
    assert (
        '<span class="badge dispute">' not in clean
        and '<span class="badge ok">无误</span>' in clean
    )


def test_hand_page_itemises_scoring_in_chinese_or_english(alice, sessions):
    sid = sessions["disputed"]
    view = alice.get(f"/api/v1/sessions/{sid}/hands/1").get_json()
    lines = view["items"]["W"]
    assert lines and all(line["zh"] and line["en"] for line in lines)
    html = alice.get(f"/sessions/{sid}/hands/1").get_data(as_text=True)
    english = alice.get(f"/sessions/{sid}/hands/1", headers=EN).get_data(as_text=True)
    link = f'<a href="/rules/huangyan?session={sid}#item-{{}}">{{}}</a>'  # each item's rules entry
    for line in lines:
        zh, en = (link.format(line["code"], name) for name in (line["zh"], line["en"]))
        assert f"<td>{zh}</td>" in html and f"<td>{en}</td>" in english
        assert f"<td>{en}</td>" not in html and f"<td>{zh}</td>" not in english
    assert "漏算" in html  # the explanation of the dispute
    assert alice.get(f"/sessions/{sid}/hands/2").status_code == 404


def test_replay_step_matches_the_engine(app, alice, sessions):
    sid = sessions["clean"]
    with app.app_context():
        records = store.read_records(session_id=sid, engine=engine())
    hand = replay(records).hands[0]
    for step in range(hand.steps):
        got = alice.get(f"/api/v1/sessions/{sid}/hands/1/steps/{step}").get_json()
        state = hand.state_at(step)
        assert got["steps"] == hand.steps - 1
        for seat, shown in got["seats"].items():
            tiles = shown["concealed"] + ([shown["drawn"]] if shown["drawn"] else [])
            assert sorted(tiles) == sorted(state.concealed[seat]), (step, seat)
            assert shown["discards"] == [d.tile for d in state.discards[seat]]
        assert got["wall"] == state.wall_left and got["turn"] == state.turn
    assert alice.get(f"/api/v1/sessions/{sid}/hands/1/steps/{hand.steps}").status_code == 404
    assert alice.get(f"/api/v1/sessions/{sid}/hands/2/steps/0").status_code == 404
    page = alice.get(f"/sessions/{sid}/replay?hand=1&step=3").get_data(as_text=True)
    assert 'data-step="3"' in page and "replay.js" in page
    assert alice.get(f"/sessions/{sid}/replay?hand=1&step=999").status_code == 404


def test_replay_reports_waits_and_shanten(alice, sessions):
    sid = sessions["clean"]
    last = alice.get(f"/api/v1/sessions/{sid}/hands/1/steps/0").get_json()["steps"]
    end = alice.get(f"/api/v1/sessions/{sid}/hands/1/steps/{last}").get_json()
    assert end["seats"]["E"]["shanten"] == -1  # the winner's hand is complete
    tenpai = [s for s in end["seats"].values() if s["shanten"] == 0]
    assert all(s["waits"] for s in tenpai)


def test_ledger_settles_up_and_exports_csv(alice, sessions):
    view = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date=2026-11-28").get_json()
    assert sum(view["totals"].values()) == 0
    balance = dict(view["totals"])
    for t in view["transfers"]:
        balance[t["from"]] += t["amount"]
        balance[t["to"]] -= t["amount"]
    assert set(balance.values()) == {0}
    assert len(view["transfers"]) <= len([v for v in view["totals"].values() if v]) - 1
    for table in view["tables"]:
        left = dict(table["net"])
        for t in table["transfers"]:
            left[t["from"]] += t["amount"]
            left[t["to"]] -= t["amount"]
        assert set(left.values()) == {0}
    response = alice.get(f"/clubs/{CLUB}/ledger.csv?date=2026-11-28")
    assert response.mimetype == "text/csv"
    rows = csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff")))
    totals: dict[str, int] = {}
    for r in rows:  # one row per player per hand: they add up to the night's totals
        totals[r["玩家"]] = totals.get(r["玩家"], 0) + int(r["牌桌实付"] or 0)
    assert {p: n for p, n in totals.items() if n} == {p: n for p, n in view["totals"].items() if n}
    assert "结账（最少转账）" in alice.get(f"/clubs/{CLUB}/ledger").get_data(as_text=True)


def test_auditor_resolves_a_dispute_by_appending_a_correction(app, client, alice, sessions):
    sid = sessions["disputed"]
    with app.app_context():
        before = store.read_records(session_id=sid, engine=engine())
    open_ = alice.get(f"/api/v1/clubs/{CLUB}/disputes").get_json()["disputes"]
    assert [d["session"]["id"] for d in open_] == [sid]
    response = alice.post(
        f"/api/v1/sessions/{sid}/hands/1/resolution",
        json={"action": "accept_expected", "reason": "table agreed"},
        headers={"X-CSRFToken": csrf_token(alice, "/")},
    )
    assert response.status_code == 201
    assert wait_embedded(BACKGROUND_BUDGET)
    with app.app_context():
        after = store.read_records(session_id=sid, engine=engine())
    assert after[: len(before)] == before  # nothing edited
    assert after[-1]["type"] == "correction" and after[-1]["by"] == "alice"
    assert alice.get(f"/api/v1/clubs/{CLUB}/disputes").get_json()["disputes"] == []
    done = alice.get(f"/api/v1/clubs/{CLUB}/disputes?state=resolved").get_json()["disputes"]
    assert (
        done[0]["resolution"]["by"] == "alice" and "table agreed" in done[0]["resolution"]["reason"]
    )
    assert done[0]["disputes"] == []  # the audit agrees with the corrected settlement
    assert alice.get(f"/api/v1/sessions/{sid}/status").get_json()["status"] == "ok"


def test_resolving_needs_the_auditor_role_and_a_reason(app, alice, sessions):
    sid = sessions["disputed"]
    token = csrf_token(alice, "/")
    url = f"/api/v1/sessions/{sid}/hands/1/resolution"
    assert (
        alice.post(
            url, json={"action": "accept_expected"}, headers={"X-CSRFToken": token}
        ).status_code
        == 400
    )
    assert (
        alice.post(
            url, json={"action": "shrug", "reason": "x"}, headers={"X-CSRFToken": token}
        ).status_code
        == 400
    )
    assert (
        alice.post(url, json={"action": "accept_expected", "reason": "x"}).status_code == 400
    )  # no CSRF
    with app.app_context():
        from service.accounts import auth

        member = auth.create_user("dave", "correct horse 42")
        auth.add_member(member, auth.get_or_create_club(CLUB), "member")
    dave = app.test_client()
    login(dave, "dave")
    refused = dave.post(
        url,
        json={"action": "keep_recorded", "reason": "x"},
        headers={"X-CSRFToken": csrf_token(dave, "/")},
    )
    assert refused.status_code == 403
    assert 'class="filters resolve"' not in dave.get(f"/clubs/{CLUB}/disputes").get_data(
        as_text=True
    )
    assert 'class="filters resolve"' in alice.get(f"/clubs/{CLUB}/disputes").get_data(as_text=True)


def test_player_page(alice, sessions):
    view = alice.get("/api/v1/players/老王").get_json()
    assert len(view["sessions"]) == 2
    assert view["total"] == sum(s["net"] for s in view["sessions"])
    assert "老王" in alice.get("/players/老王").get_data(as_text=True)
    assert alice.get("/api/v1/players/nobody").status_code == 404
    fig = alice.get("/api/v1/players/老王/charts/balance").get_json()
    assert [t["name"] for t in fig["data"]] == ["老王"]
    assert fig["data"][0]["y"][-1] == view["total"]


def test_dashboards_embed_plotly_figures(alice, sessions):
    html = alice.get(f"/clubs/{CLUB}/dashboards").get_data(as_text=True)
    for name in ("balance", "disputes_by_table", "disputes_by_item", "hand_values"):
        assert f'id="chart-{name}"' in html
    src = re.search(r'data-plotly="(/plotly-[0-9a-f]+\.min\.js)"', html).group(1)
    assert "cdn" not in html.lower()
    fig = alice.get(f"/api/v1/clubs/{CLUB}/charts/balance").get_json()
    assert {trace["name"] for trace in fig["data"]} == {"阿强", "小李", "老王", "阿芳"}
    assert alice.get(f"/api/v1/clubs/{CLUB}/charts/nope").status_code == 404
    flow = alice.get(f"/api/v1/sessions/{sessions['disputed']}/charts/flow").get_json()
    assert flow["data"][0]["type"] == "sankey"
    js = alice.get(src, headers={"Accept-Encoding": "identity"})
    assert js.status_code == 200 and b"plotly" in js.data[:2000].lower()


@pytest.mark.parametrize(
    "name",
    [
        "bonus_not_revealed",
        "tile_overcount",
        "hand_size",
        "discard_not_in_hand",
        "claims_and_kongs",
    ],
)
def test_every_step_of_a_broken_log_replays(alice, name):
    """Bad play is shown, never a server error: unrevealed flowers, too many tiles, …"""
    sid = verified(alice, fixture_log(f"replay/{name}.jsonl"))
    first = alice.get(f"/api/v1/sessions/{sid}/hands/1/steps/0").get_json()
    for hand in range(1, first["hands"] + 1):
        last = alice.get(f"/api/v1/sessions/{sid}/hands/{hand}/steps/0").get_json()["steps"]
        for step in range(last + 1):
            response = alice.get(f"/api/v1/sessions/{sid}/hands/{hand}/steps/{step}")
            assert response.status_code == 200, (hand, step)
    marked = [m for m in first["marks"]]
    for step in marked:
        assert alice.get(f"/api/v1/sessions/{sid}/hands/1/steps/{step}").get_json()["anomalies"]


def test_replay_marks_the_disputed_settlement(alice, sessions):
    sid = sessions["disputed"]
    first = alice.get(f"/api/v1/sessions/{sid}/hands/1/steps/0").get_json()
    assert first["marks"], "the dispute is a step to jump to"
    at = alice.get(f"/api/v1/sessions/{sid}/hands/1/steps/{first['marks'][-1]}").get_json()
    assert at["record"]["type"] == "settlement"
    disputes = [a for a in at["anomalies"] if a["code"] == "dispute"]
    assert len(disputes) == 3 and "漏算" in disputes[0]["message"]
    clean = alice.get(f"/api/v1/sessions/{sessions['clean']}/hands/1/steps/0").get_json()
    assert clean["marks"] == [] and clean["next_mark"] is None


def test_session_list_pages(alice, sessions):
    newest = alice.get("/api/v1/sessions?limit=1").get_json()["sessions"]
    older = alice.get("/api/v1/sessions?limit=1&offset=1").get_json()["sessions"]
    assert len(newest) == len(older) == 1 and newest[0]["id"] != older[0]["id"]
    assert alice.get("/api/v1/sessions?offset=2").get_json()["sessions"] == []
    assert 'id="older"' in alice.get("/?limit=1").get_data(as_text=True)
    assert alice.get("/api/v1/sessions?limit=0").status_code == 400
    assert alice.get("/api/v1/sessions?limit=x").status_code == 400


def test_no_list_links_to_an_empty_page(alice, sessions, monkeypatch):
    """The last page has no "older" link (a page of exactly ``limit`` rows used to have one)."""
    from service.sessions import disputes
    from tests.conftest import with_table

    assert 'id="older"' not in alice.get("/?limit=2").get_data(as_text=True)
    assert alice.get("/api/v1/sessions?limit=2").get_json()["more"] is False
    assert alice.get("/api/v1/sessions?limit=1").get_json()["more"] is True
    monkeypatch.setattr(disputes, "DISPUTE_PAGE", 1)
    queue = f"/clubs/{CLUB}/disputes"
    assert 'id="older"' not in alice.get(queue).get_data(as_text=True)  # one disputed session
    verified(alice, with_table(fixture_log(DISPUTED).decode(), "2").encode())
    first, last = (alice.get(f"{queue}?offset={k}").get_data(as_text=True) for k in (0, 1))
    assert 'id="older"' in first and 'id="older"' not in last
    assert "dispute-item" in last


def test_paging_combines_with_filters(alice, sessions):
    both = alice.get("/api/v1/sessions?player=老王").get_json()["sessions"]
    assert len(both) == 2
    second = alice.get("/api/v1/sessions?player=老王&limit=1&offset=1").get_json()["sessions"]
    assert [s["id"] for s in second] == [both[1]["id"]]
    disputed = alice.get("/api/v1/sessions?player=老王&disputed=1&limit=1").get_json()["sessions"]
    assert [s["id"] for s in disputed] == [sessions["disputed"]]
    assert alice.get("/api/v1/sessions?disputed=1&offset=1").get_json()["sessions"] == []


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["wenling", "huangyan", "zhoushan", "xizhou"])
def test_replay_of_a_simulated_session_matches_the_engine_at_every_step(app, alice, ruleset):
    """Flowers, 得, kongs and claims of every ruleset, through the JSON the viewer draws."""
    import json

    from engine.hand import is_winning_hand
    from engine.simulate import generate_session

    records, _ = generate_session(ruleset, 2, seed=7, faults=0.5)
    records[0] = {**records[0], "club": CLUB}
    sid = verified(
        alice, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records).encode()
    )
    with app.app_context():
        hands = replay(store.read_records(session_id=sid, engine=engine())).hands
    waits_seen = []
    for no, hand in enumerate(hands, start=1):
        for step in range(hand.steps):
            got = alice.get(f"/api/v1/sessions/{sid}/hands/{no}/steps/{step}").get_json()
            state = hand.state_at(step)
            for seat, shown in got["seats"].items():
                tiles = shown["concealed"] + ([shown["drawn"]] if shown["drawn"] else [])
                assert sorted(tiles) == sorted(state.concealed[seat]), (no, step, seat)
                assert shown["revealed"] == list(state.revealed[seat])
                assert [m["tiles"] for m in shown["melds"]] == [
                    list(m.tiles) for m in state.melds[seat]
                ]
                for wait in shown["waits"]:  # each wait completes the hand
                    held = [t for t in tiles if not t.endswith("f") or t in state.wildcards]
                    assert is_winning_hand(held + [wait], state.melds[seat], state.wildcards)
                    waits_seen.append(wait)
            assert got["wildcards"] == sorted(state.wildcards)
    assert waits_seen, "somebody was 听牌 at some step"


def test_an_empty_list_says_how_to_start_and_a_filtered_one_says_nothing_matched(alice):
    empty = alice.get("/").get_data(as_text=True)
    assert "还没有场次" in empty and 'href="/record"' in empty and "<th>俱乐部</th>" not in empty
    assert "没有符合条件的场次" in alice.get("/?table=9").get_data(as_text=True)


def test_the_disputes_queue_pages_over_sessions(alice, sessions, monkeypatch):
    from service.sessions import disputes

    monkeypatch.setattr(disputes, "DISPUTE_PAGE", 1)
    url = f"/api/v1/clubs/{CLUB}/disputes"
    first = alice.get(url).get_json()
    assert [d["session"]["id"] for d in first["disputes"]] == [sessions["disputed"]]
    assert first["prev_offset"] is None and first["next_offset"] is None  # no empty page linked
    second = alice.get(f"{url}?offset=1").get_json()  # the open queue skips the clean session
    assert second["disputes"] == [] and second["next_offset"] is None
    pages = [alice.get(f"{url}?state=all&offset={o}").get_json() for o in (0, 1)]
    assert sorted(len(p["disputes"]) for p in pages) == [0, 1] and pages[1]["prev_offset"] == 0
    assert pages[0]["next_offset"] == 1 and pages[1]["next_offset"] is None
    assert alice.get(f"{url}?offset=x").status_code == 400


def test_the_ledger_opens_on_the_newest_night_and_adds_up_all_on_request(alice, sessions):
    later = fixture_log(DISPUTED).replace(b"2026-11-28T19:30", b"2026-11-29T19:30", 1)
    verified(alice, later)
    url = f"/api/v1/clubs/{CLUB}/ledger"
    newest, night, every = (
        alice.get(url + q).get_json() for q in ("", "?date=2026-11-28", "?date=all")
    )
    assert newest["date"] == "2026-11-29" and every["date"] is None
    assert newest == alice.get(url + "?date=2026-11-29").get_json()
    for player, amount in every["totals"].items():
        assert amount == newest["totals"].get(player, 0) + night["totals"].get(player, 0)
    assert any(every["totals"].values())
    assert ">全部日期</a>" in alice.get(f"/clubs/{CLUB}/ledger").get_data(as_text=True)
