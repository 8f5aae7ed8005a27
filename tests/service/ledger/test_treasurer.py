"""The treasurer's path through the API (issue 16): a hand's arithmetic, disputes counted by
hand and closed by either resolution, the ledger in money with open disputes named, transfers
marked paid as appended rows, the CSV, and plotly served compressed under a hashed URL."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import replace
from decimal import Decimal

import pytest
from sqlalchemy import text

from service.db import engine
from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import CLUB, EN, csrf_token, fixture_log, verified
from workers.celery_app import wait_embedded

DISPUTED = "audit/fan_missed.jsonl"  # huangyan, one hand, three payment lines differ
SETTLEMENT = "wenling/settlement.jsonl"  # wenling, 5 hands, the 5th disputed (a forgotten 番)
NIGHT = "2026-11-28"


@pytest.fixture
def disputed(alice):
    return verified(alice, fixture_log(DISPUTED))


def _post(client, url: str, **body):
    return client.post(url, json=body, headers={"X-CSRFToken": csrf_token(client, "/")})


# -- 1. the hand's arithmetic ---------------------------------------------------------------


def test_hand_api_gives_every_scoring_seats_steps_and_each_payments_rule(alice):
    sid = verified(alice, fixture_log(SETTLEMENT))
    hand = alice.get(f"/api/v1/sessions/{sid}/hands/1").get_json()
    # 西: 26 胡 × 2^3 = 208, rounded up to 210 (wenling's 牌点汇总); the seed's numbers.
    west = [(s["code"], s["operand"], s["value"]) for s in hand["steps"]["W"]]
    assert west == [("hu_sum", None, 26), ("fan_sum", None, 3), ("doubled", 3, 208),
                    ("round_up", 10, 210), ("cap", 500, 210)]  # fmt: skip
    assert set(hand["steps"]) == {"E", "S", "W", "N"}  # the non-winners score in wenling
    by_pair = {(p["from"], p["to"]): p for p in hand["expected_payments"]}
    assert by_pair["E", "W"]["formula"] == "(210 − 40) ÷ 10 × 2"
    assert by_pair["E", "W"]["rule_en"] and by_pair["E", "W"]["reason"].startswith("闲家差额：")
    # the non-winners' tiles as shown, not only the winner's
    assert set(hand["shown"]) == {"E", "S", "W", "N"}
    assert hand["shown"]["W"]["revealed"] and hand["unit"]
    page = alice.get(f"/sessions/{sid}/hands/1").get_data(as_text=True)
    assert page.count('class="grid arithmetic"') == 4
    assert "(210 − 40) ÷ 10 × 2" in page


# -- 2. disputes by hand, closed by either resolution ---------------------------------------


def test_a_hand_with_three_differing_payments_is_one_dispute(alice, disputed):
    listed = alice.get("/api/v1/sessions").get_json()["sessions"]
    assert [s["disputes"] for s in listed if s["id"] == disputed] == [1]
    assert "1 dispute" in alice.get("/", headers=EN).get_data(as_text=True)


@pytest.mark.parametrize("action", ["keep_recorded", "accept_expected"])
def test_either_resolution_closes_the_dispute_in_lists_and_filters(alice, disputed, action):
    hand = alice.get(f"/api/v1/sessions/{disputed}/hands/1").get_json()
    paid = [(p["from"], p["to"], p["amount"]) for p in hand["recorded_payments"]]
    assert _post(alice, f"/api/v1/sessions/{disputed}/hands/1/resolution", action=action,
                 reason="agreed at the table").status_code == 201  # fmt: skip
    assert wait_embedded(BACKGROUND_BUDGET)
    listed = alice.get("/api/v1/sessions").get_json()["sessions"]
    assert [s["disputes"] for s in listed if s["id"] == disputed] == [0]
    assert alice.get("/api/v1/sessions?disputed=1").get_json()["sessions"] == []
    assert alice.get(f"/api/v1/clubs/{CLUB}/disputes").get_json()["disputes"] == []
    resolved = alice.get(f"/api/v1/clubs/{CLUB}/disputes?state=resolved").get_json()["disputes"]
    assert [d["hand"] for d in resolved] == [1]
    after = alice.get(f"/api/v1/sessions/{disputed}/hands/1").get_json()
    # what the table really paid stays beside the resolution, whichever outcome
    assert [(p["from"], p["to"], p["amount"]) for p in after["resolution"]["paid"]] == paid
    assert after["resolution"]["action"] == action
    page = alice.get(f"/sessions/{disputed}").get_data(as_text=True)
    hands = re.search(r'<table class="grid cards" id="hands">.*?</table>', page, re.S).group(0)
    assert 'class="badge dispute"' not in hands and 'class="badge resolved"' in hands
    assert 'class="paid-at-table"' in hands
    again = _post(alice, f"/api/v1/sessions/{disputed}/hands/1/resolution", action=action,
                  reason="sent twice")  # fmt: skip
    assert again.status_code == 409  # a kept difference took a second resolution (201)
    assert wait_embedded(BACKGROUND_BUDGET)
    assert alice.get(f"/api/v1/sessions/{disputed}/hands/1").get_json()["resolution"]["reason"] == (
        f"{action}: agreed at the table"
    )


def test_the_session_page_says_why_each_disputed_hand_is_disputed_and_what_to_pay(
    alice, monkeypatch
):
    """The audit's ``explanations`` and ``top_ups`` (by player name), shown inline; the report
    is the engine's with those two fields added as the audit will give them."""
    from engine.report import Explanation, TopUp
    from workers import tasks

    real = tasks.audit.audit
    why = Explanation("fan_missed", "老王漏算一番", "老王: one 番 not counted")
    fix = TopUp("S", "W", 7, "小李", "老王", "小李再付老王 7", "小李 owes 老王 7 more")

    def with_top_ups(records, overrides=None):
        report = real(records, overrides)
        hands = [replace(h, explanations=(why,), top_ups=(fix,)) if h.disputes else h
                 for h in report.hands]  # fmt: skip
        return replace(report, hands=tuple(hands))

    monkeypatch.setattr(tasks.audit, "audit", with_top_ups)
    sid = verified(alice, fixture_log(DISPUTED))
    for headers, said in (({}, "老王漏算一番"), (EN, "老王: one 番 not counted")):
        page = alice.get(f"/sessions/{sid}", headers=headers).get_data(as_text=True)
        why = re.search(r'id="hand-1-why".*?</tr>', page, re.S).group(0)
        assert said in why  # the explanation in the page's language
        assert re.search(r"小李 → 老王 <b>7</b>", why)


# -- 3. the ledger ----------------------------------------------------------------------------


def test_ledger_in_money_names_open_disputes_and_settles_on_either_basis(alice, disputed):
    money = _post(alice, f"/api/v1/clubs/{CLUB}/ledger/money", point_value="0.5", money_unit="元")
    assert money.status_code == 200
    recorded = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}").get_json()
    owed = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}&basis=owed").get_json()
    assert recorded["money"] == {"value": "0.5", "unit": "元"}
    assert recorded["open_disputes"] == 1
    [table] = recorded["tables"]
    assert [(o["session"], o["hands"]) for o in table["open"]] == [(disputed, 1)]
    hand = alice.get(f"/api/v1/sessions/{disputed}/hands/1").get_json()
    names = hand["seats"]
    assert owed["totals"] == {names[s]: n for s, n in hand["expected_net"].items()}
    assert recorded["totals"] != owed["totals"]
    page = alice.get(f"/clubs/{CLUB}/ledger?date={NIGHT}").get_data(as_text=True)
    assert 'id="open-disputes"' in page and "元" in page
    first = recorded["nights"][0]["transfers"][0]
    assert f"{first['amount'] / 2:g} 元" in page  # every amount has its money beside it
    assert alice.post(f"/api/v1/clubs/{CLUB}/ledger/money", json={"point_value": "half"},
                      headers={"X-CSRFToken": csrf_token(alice, "/")}).status_code == 400  # fmt: skip


def test_marking_a_transfer_paid_appends_a_row_and_moves_it_to_paid(app, alice, disputed):
    view = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}").get_json()
    t = view["nights"][0]["transfers"][0]
    url = f"/api/v1/clubs/{CLUB}/ledger/paid"
    part = t["amount"] - 1
    assert _post(alice, url, night=NIGHT, basis="recorded", amount=part,
                 **{"from": t["from"], "to": t["to"]}).status_code == 201  # fmt: skip
    view = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}").get_json()
    now = view["nights"][0]["transfers"][0]
    assert (now["paid"], now["outstanding"]) == (part, 1)
    payer = next(p for p in view["players"] if p["player"] == t["from"])
    assert (payer["paid"], payer["outstanding"]) == (part, payer["net"] + part)
    assert _post(alice, url, night=NIGHT, basis="recorded", amount=1,
                 **{"from": t["from"], "to": t["to"]}).status_code == 201  # fmt: skip
    view = alice.get(f"/api/v1/clubs/{CLUB}/ledger?date={NIGHT}").get_json()
    assert view["nights"][0]["transfers"][0]["outstanding"] == 0
    assert [(m["amount"], m["by"]) for m in view["marks"]] == [(part, "alice"), (1, "alice")]
    with app.app_context(), engine().connect() as c:
        rows = c.execute(text("SELECT amount, by FROM web_ledger_payment ORDER BY id")).all()
    assert [tuple(r) for r in rows] == [(part, "alice"), (1, "alice")]  # two rows, none updated
    bad = _post(
        alice, url, night="yesterday", basis="recorded", amount=1, **{"from": "a", "to": "b"}
    )
    assert bad.status_code == 400 and "night" in bad.get_json()["message"]


def test_marking_paid_needs_the_auditor_or_admin_role(app, alice, disputed):
    from tests.service.conftest import login

    with app.app_context():
        from service.accounts import auth

        auth.add_member(auth.create_user("dave", "correct horse 42"),
                        auth.get_or_create_club(CLUB), "member")  # fmt: skip
    dave = app.test_client()
    login(dave, "dave")
    refused = _post(dave, f"/api/v1/clubs/{CLUB}/ledger/paid", night=NIGHT, basis="recorded",
                    amount=1, **{"from": "阿强", "to": "小李"})  # fmt: skip
    assert refused.status_code == 403


def test_ledger_csv_has_date_session_hand_and_both_amounts(alice, disputed):
    response = alice.get(f"/clubs/{CLUB}/ledger.csv?date={NIGHT}", headers=EN)
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    assert list(rows[0]) == ["date", "table", "session", "hand no.", "player",
                             "recorded at the table", "owed", "dispute", "resolution"]  # fmt: skip
    s = alice.get(f"/api/v1/sessions/{disputed}").get_json()["session"]
    start = s["started_at"][:16].replace("T", " ")
    assert {r["date"] for r in rows} == {NIGHT}
    assert {r["session"] for r in rows} == {f"{start}, table {s['table']}"}  # not the 32-hex id
    hand = alice.get(f"/api/v1/sessions/{disputed}/hands/1").get_json()
    for r in rows:
        seat = next(s for s, p in hand["seats"].items() if p == r["player"])
        assert (int(r["recorded at the table"]), int(r["owed"])) == (
            hand["recorded_net"][seat],
            hand["expected_net"][seat],
        )
        assert (r["dispute"], r["resolution"]) == ("open", "")


# -- 5. page weight ---------------------------------------------------------------------------


def test_plotly_is_served_compressed_under_its_content_hash_for_a_year(alice, disputed):
    page = alice.get(f"/clubs/{CLUB}/dashboards").get_data(as_text=True)
    src = re.search(r'data-plotly="([^"]*plotly[^"]*)"', page).group(1)
    assert re.search(r"plotly-[0-9a-f]{16}\.min\.js$", src)
    for encoding, limit in (("br", 1_350_000), ("gzip", 1_500_000)):
        response = alice.get(src, headers={"Accept-Encoding": encoding})
        assert response.headers["Content-Encoding"] == encoding
        assert len(response.get_data()) < limit
        assert "max-age=31536000" in response.headers["Cache-Control"]
        assert "immutable" in response.headers["Cache-Control"]
    assert alice.get(src.replace(src[-23:-7], "0" * 16)).status_code == 404  # another version
    html = alice.get(f"/sessions/{disputed}", headers={"Accept-Encoding": "gzip"})
    assert html.headers.get("Content-Encoding") == "gzip"  # the pages too (Flask-Compress)


# -- 4. the dashboards --------------------------------------------------------------------------


def test_disputes_by_rule_item_count_one_cause_once_whichever_seat_made_it():
    """Two hands where the table forgot the same 番, once for 老王 (W) and once for 小李 (S):
    one rule item, two disputed hands."""
    from engine.report import Report
    from workers.digests import digest

    def hand(seq: int, seat: str, player: str) -> dict:
        why = {  # as reports made before seats were named gave them: by seat letter
            "code": "fan_missed",
            "zh": f"胡牌家{seat}漏算无得",
            "en": f"no wildcard in hand (fan) missed ({seat})",
        }
        if seq > 1:  # as the audit gives them now: by player name
            why = {
                **why,
                "zh": f"胡牌家{player}漏算无得",
                "en": f"no wildcard in hand (fan) missed ({player})",
            }
        return {"seq": seq, "no": seq, "seats": {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"},
                "summary": True, "result": "win", "indicator": None, "wildcards": [], "items": {},
                "steps": {}, "reading": {}, "limits": {}, "recorded_points": None,
                "expected_payments": [], "recorded_payments": [], "anomalies": [], "top_ups": [],
                "taken_on_word": [],
                "wins": [], "winners": [], "points": {}, "expected_net": {}, "recorded_net": {},
                "disputes": [{"hand": seq, "from": seat, "to": "E", "expected": 2, "recorded": 1,
                              "explanation": why}],
                "explanations": [why]}  # fmt: skip

    report = Report.from_dict({
        "report_version": 2, "ok": False, "session": {"ruleset": "huangyan", "options": {}},
        "hands": [hand(1, "W", "老王"), hand(2, "S", "小李")], "totals": {}, "recorded_totals": {},
        "corrections": [], "anomalies": []})  # fmt: skip
    d = digest(report)
    assert d.disputed_hands == 2 and d.explanations[0] == d.explanations[1]
    # one item, stored as data (code, zh, en): a page shows one language, never the code
    assert d.explanations[0] == {"code": "fan_missed", "zh": "胡牌家漏算无得",
                                 "en": "no wildcard in hand (fan) missed"}  # fmt: skip


def test_a_rule_item_is_shown_in_the_pages_language_alone(app):
    """The dashboards' item labels: one language, no code; "unexplained" translated (digests
    stored before items were data are emptied by migration 0012)."""
    from engine.report import Explanation
    from service.club.digests import item_label
    from workers.digests import rule_item

    seats = {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"}
    why = Explanation("fan_missed", "胡牌家小李漏算无得", "no wildcard in hand (fan) missed (小李)")
    item = rule_item(why, seats)
    assert item == {
        "code": "fan_missed",
        "zh": "胡牌家漏算无得",
        "en": "no wildcard in hand (fan) missed",
    }
    # a report made before seats were named (letters), and a seat known only by its wind
    old = Explanation("fan_missed", "胡牌家S漏算无得", "no wildcard in hand (fan) missed (S)")
    assert rule_item(old, seats) == item
    windy = Explanation(
        "fan_missed", "胡牌家南漏算无得", "no wildcard in hand (fan) missed (South)"
    )
    assert rule_item(windy, {"E": "阿强"}) == item
    for lang, expected, unexplained in (
        ("zh", item["zh"], "原因不明"),
        ("en", item["en"], "unexplained"),
    ):
        with app.test_request_context(headers={"Accept-Language": lang}):
            assert item_label(item) == expected
            assert item_label(None) == unexplained


def test_payment_slips_and_other_readings_are_items_whoever_made_them():
    """A payment slip's text is mostly seats ("阿强付给小李的款付了两次"): taking the players out
    left "payment to paid twice"; each is its item's own label, the same for any seats, and
    the explanations the audit makes carry those codes."""
    from engine.explain import ITEM_LABELS, table_slips
    from engine.model import name_seats
    from engine.replay import replay
    from engine.report import Explanation
    from engine.simulate import generate_session
    from workers.digests import rule_item

    records, _ = generate_session("wenling", 4, seed=22, summary=True)
    labels, hands = {}, 0
    for hand in replay(records).hands:
        rs, opts, outcome = hand.ruleset, hand.opts, hand.outcome
        try:
            inp = rs.settle_input(outcome, rs.score(outcome, opts), opts)
        except Exception:
            continue
        hands += 1
        for m in table_slips(rs, outcome, inp, opts):
            why = Explanation(
                m.code, name_seats(m.zh, outcome.seats, "zh"), name_seats(m.en, outcome.seats, "en")
            )
            labels.setdefault(m.code, set()).add(tuple(rule_item(why, outcome.seats).values()))
    assert hands and {"paid_twice", "paid_by_wrong_seat", "paid_to_wrong_seat"} <= set(labels)
    for code in ("winner_not_paid", "paid_twice", "paid_by_wrong_seat", "paid_to_wrong_seat"):
        assert labels.get(code, {(code, *ITEM_LABELS[code])}) == {(code, *ITEM_LABELS[code])}
    assert ITEM_LABELS["paid_twice"] == ("一笔款付了两次", "a payment paid twice")
    zh, en = zip(*ITEM_LABELS.values(), strict=True)
    assert len(set(zh)) == len(set(en)) == len(ITEM_LABELS)
    other = Explanation("other_reading", "小李的牌按另一种读法算", "小李's hand read another way")
    assert rule_item(other, {"S": "小李"}) == {"code": "other_reading", "zh": "牌按另一种读法算",
                                               "en": "a hand read another way"}  # fmt: skip


def test_ledger_csv_gives_the_money_too_once_a_point_has_a_value(alice, disputed):
    assert _post(alice, f"/api/v1/clubs/{CLUB}/ledger/money", point_value="0.5").status_code == 200
    response = alice.get(f"/clubs/{CLUB}/ledger.csv?date={NIGHT}")
    rows = list(csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))
    for r in rows:  # half a 元 a point, as the club said (the page's language: Chinese)
        assert Decimal(r["牌桌实付（元）"]) * 2 == int(r["牌桌实付"])
        assert Decimal(r["应付（元）"]) * 2 == int(r["应付"])


def test_a_tables_heading_id_holds_no_space(alice):
    """A simulated table is named "seed 0": its heading's id on the ledger reads table-seed-0."""
    data = fixture_log(DISPUTED).replace(b'"table": "1"', b'"table": "seed 0"', 1)
    verified(alice, data)
    html = alice.get(f"/clubs/{CLUB}/ledger?date={NIGHT}").get_data(as_text=True)
    assert 'id="table-seed-0"' in html
    assert not re.findall(r'id="[^"]*\s[^"]*"', html)
