"""The recorder's API with the Flask test client: open a session, evaluate a hand live, save it
(once per client id), correct it, and who may do what."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from events import store
from events.receipts import ReceiptInvalid
from service.db import engine
from tests.service.conftest import CLUB, OTHER_CLUB, csrf_token, login

PLAYERS = ["阿强", "小李", "老王", "阿芳"]
API = "/api/v1/record"


# S (门风 南) holds a concealed 南 pung and two 得 (indicator 9s); wins on W's 5p.
def _tiles(mpsz: str) -> list[str]:
    from engine.tiles import parse_tiles

    return parse_tiles(mpsz)


def win_entry(client_id: str = "hand-0001", **changes) -> dict:
    entry = {
        "client_id": client_id,
        "result": "win",
        "indicator": "9s",
        "win": {"seat": "S", "how": "discard", "tile": "5p", "from": "W"},
        "shows": {"S": {"concealed": _tiles("123m456m234p68p222z9s9s")}},
    }
    entry.update(changes)
    return entry


def post(client, path: str, body: dict):
    return client.post(path, json=body, headers={"X-CSRFToken": csrf_token(client, "/record")})


@pytest.fixture
def table(alice) -> str:
    r = post(
        alice,
        f"{API}/sessions",
        {"club": CLUB, "table": "3", "ruleset": "wenling", "options": {}, "players": PLAYERS},
    )
    assert r.status_code == 201, r.get_json()
    state = r.get_json()
    assert state["next"] == {"no": 1, "seats": dict(zip("ESWN", PLAYERS, strict=True))}
    return state["session"]["id"]


def test_evaluate_shows_the_engine_result_before_saving(alice, table):
    r = post(alice, f"{API}/evaluate", {"session_id": table, "entry": win_entry()})
    assert r.status_code == 200, r.get_json()
    v = r.get_json()
    assert v["winning"] == {"ok": True, "shanten": -1}
    codes = {line["code"] for line in v["items"]["S"]}
    assert "fan_seat_wind" in codes and "two_de" in codes
    assert len(v["reading"]["S"]) == 2 and all(x.startswith("9s→") for x in v["reading"]["S"])
    assert v["expected_payments"] and all(p["to"] == "S" for p in v["expected_payments"])
    assert v["recorded_payments"] == [
        {k: p[k] for k in p if k not in ("reason", "rule_en", "formula")}  # the rule is not paid
        for p in v["expected_payments"]
    ]
    assert v["disputes"] == []
    assert store.get_session(session_id=table, engine=_engine(alice)).head_seq == 0


def _engine(client):
    with client.application.app_context():
        return engine()


def test_a_fifth_copy_is_refused(alice, table):
    entry = win_entry(shows={"S": {"concealed": _tiles("5555p123m456m234p22z9s")}})
    r = post(alice, f"{API}/evaluate", {"session_id": table, "entry": entry})
    assert r.status_code == 422
    assert "5" in r.get_json()["message"] and r.get_json()["field"] == "tiles"


def test_a_refused_entry_is_explained_in_the_pages_language(alice, table):
    entry = win_entry(shows={"S": {"concealed": _tiles("5555p123m456m234p22z9s")}})
    r = post(alice, f"{API}/evaluate", {"session_id": table, "entry": entry})
    assert r.get_json()["message"] == "输入了 5 张五筒；整副牌只有 4 张"
    alice.set_cookie("fupan_lang", "en")
    r = post(alice, f"{API}/evaluate", {"session_id": table, "entry": entry})
    assert r.get_json()["message"] == "5 copies of 5 Dots entered; the set has 4"
    r = post(
        alice, f"{API}/evaluate", {"session_id": table, "entry": {**win_entry(), "indicator": None}}
    )
    assert (r.get_json()["message"], r.get_json()["field"]) == (
        "enter the wildcard indicator",
        "indicator",
    )


def test_invalid_entries_get_clear_errors(alice, table):
    cases = [
        ({"result": "maybe"}, "result"),
        (win_entry(win={"seat": "S", "how": "discard", "tile": "5p", "from": "S"}), "win.from"),
        (win_entry(win={"seat": "S", "how": "discard", "tile": "xx", "from": "W"}), "win.tile"),
        (win_entry(indicator=None), "indicator"),
        (win_entry(shows={"W": {"concealed": ["1m"]}}), "shows"),
        (win_entry(payments=[{"from": "W", "to": "S", "amount": -3}]), "amount"),
    ]
    for entry, field in cases:
        r = post(alice, f"{API}/evaluate", {"session_id": table, "entry": entry})
        assert r.status_code == 422, (entry, r.get_json())
        assert field in (r.get_json()["field"] or ""), (field, r.get_json())
    assert post(alice, f"{API}/evaluate", []).status_code == 400


def test_an_override_is_a_dispute_with_its_explanation(alice, table):
    expected = post(
        alice, f"{API}/evaluate", {"session_id": table, "entry": win_entry()}
    ).get_json()
    paid = [
        {"from": p["from"], "to": p["to"], "amount": p["amount"]}
        for p in expected["expected_payments"]
    ]
    paid[0]["amount"] += 10
    r = post(alice, f"{API}/evaluate", {"session_id": table, "entry": win_entry(payments=paid)})
    v = r.get_json()
    assert [(d["from"], d["to"], d["recorded"] - d["expected"]) for d in v["disputes"]] == [
        (paid[0]["from"], paid[0]["to"], 10)
    ]
    saved = post(alice, f"{API}/sessions/{table}/hands", win_entry(payments=paid))
    assert saved.status_code == 201 and saved.get_json()["disputes"] == v["disputes"]
    state = alice.get(f"{API}/sessions/{table}").get_json()
    assert state["hands"][0]["disputes"] == v["disputes"]


def test_save_appends_v1_records_once_per_client_id(alice, table):
    r = post(alice, f"{API}/sessions/{table}/hands", win_entry())
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["receipt"]["receipt"]["kind"] == "record"
    again = post(alice, f"{API}/sessions/{table}/hands", win_entry())
    assert again.status_code == 200 and again.get_json()["duplicate"] is True
    records = store.read_records(session_id=table, engine=_engine(alice))
    assert [r["type"] for r in records] == [
        "session",
        "hand",
        "wildcard",
        "showdown",
        "win",
        "settlement",
    ]
    assert records[1]["client_id"] == "hand-0001"
    assert records[3]["concealed"] == sorted(_tiles("123m456m234p568p222z9s9s"), key=_order)
    # the stream is a valid v1 log an upload would give, and its receipt still proves it
    from events.codec import parse_log

    assert parse_log(store.export_log(session_id=table, engine=_engine(alice))).records == records
    with alice.application.app_context():
        check = store.check_receipt(document=r.get_json()["receipt"], engine=engine())
    assert check.event_count == 6


def _order(tile: str) -> int:
    from engine.tiles import sort_key

    return sort_key(tile)


def test_next_hand_rotates_the_dealer_and_a_drawn_hand_is_saved(alice, table):
    # a non-dealer (S) won: the next dealer is S (wenling passes the deal), seats rotate
    assert post(alice, f"{API}/sessions/{table}/hands", win_entry()).status_code == 201
    nxt = alice.get(f"{API}/sessions/{table}").get_json()["next"]
    assert nxt["no"] == 2 and nxt["seats"]["E"] == PLAYERS[1]
    assert nxt["seats"] == {"E": "小李", "S": "老王", "W": "阿芳", "N": "阿强"}
    drawn = post(
        alice, f"{API}/sessions/{table}/hands", {"client_id": "hand-0002", "result": "exhausted"}
    )
    assert drawn.status_code == 201, drawn.get_json()
    state = alice.get(f"{API}/sessions/{table}").get_json()
    assert [h["result"] for h in state["hands"]] == ["win", "exhausted"]
    assert state["hands"][1]["seats"] == nxt["seats"]


def test_a_wrong_entry_is_corrected_never_edited(alice, table):
    assert post(alice, f"{API}/sessions/{table}/hands", win_entry()).status_code == 201
    before = store.read_records(session_id=table, engine=_engine(alice))
    fixed = win_entry(win={"seat": "S", "how": "discard", "tile": "5p", "from": "N"})
    r = post(
        alice,
        f"{API}/sessions/{table}/hands/1/correction",
        {"entry": fixed, "reason": "N paid, not W"},
    )
    assert r.status_code == 201, r.get_json()
    after = store.read_records(session_id=table, engine=_engine(alice))
    assert after[: len(before)] == before
    appended = after[len(before) :]
    assert {c["type"] for c in appended} == {"correction"}
    assert [c["target"] for c in appended] == [4]  # the win line; the payments are the same
    assert all(c["by"] == "alice" and c["reason"] == "N paid, not W" for c in appended)
    state = alice.get(f"{API}/sessions/{table}").get_json()
    assert state["hands"][0]["wins"][0]["from"] == "N"
    retried = post(
        alice, f"{API}/sessions/{table}/hands/1/correction", {"entry": fixed, "reason": "N paid"}
    )  # the answer was lost and the phone sends it again: nothing more is appended
    assert retried.status_code == 200 and retried.get_json()["corrections"] == 0
    assert store.read_records(session_id=table, engine=_engine(alice)) == after
    no_reason = post(
        alice, f"{API}/sessions/{table}/hands/1/correction", {"entry": fixed, "reason": " "}
    )
    assert no_reason.status_code == 422


def test_a_correction_changes_the_result_drawn_to_win_and_back(alice, table):
    """A slip at the table (黄牌 saved for a win, the wrong winner) is fixed by appended
    corrections; the hand's result, winner and how change, the original lines stay, the stream
    stays a valid v1 log, and the settlement keeps its line (a dispute resolution targets it)."""
    drawn = {"client_id": "hand-0001", "result": "exhausted"}
    assert post(alice, f"{API}/sessions/{table}/hands", drawn).status_code == 201
    before = store.read_records(session_id=table, engine=_engine(alice))
    assert [r["type"] for r in before] == ["session", "hand", "exhausted", "settlement"]
    fix = f"{API}/sessions/{table}/hands/1/correction"
    r = post(alice, fix, {"entry": win_entry(), "reason": "S won on W's 5p"})
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["result"] == "win" and r.get_json()["corrections"] == 2
    after = store.read_records(session_id=table, engine=_engine(alice))
    assert after[: len(before)] == before
    assert [(c["type"], c["target"]) for c in after[len(before) :]] == [
        ("correction", 2),
        ("correction", 3),
    ]
    assert [x["type"] for x in [after[4]["replacement"], *after[4]["inserted"]]] == [
        "wildcard",
        "showdown",
        "win",
    ]
    hand = alice.get(f"{API}/sessions/{table}").get_json()["hands"][0]
    assert hand["result"] == "win" and hand["wins"][0]["seat"] == "S"
    assert [p["amount"] for p in hand["recorded_payments"]] == [12, 12, 12]
    assert hand["disputes"] == []
    from events.codec import parse_log

    assert parse_log(store.export_log(session_id=table, engine=_engine(alice))).records == after

    # another winner, another way: N self-drew the same tiles
    n_tiles = {"N": {"concealed": _tiles("123m456m234p68p222z9s9s")}}
    entry = win_entry(win={"seat": "N", "how": "self_draw", "tile": "5p"}, shows=n_tiles)
    r = post(alice, fix, {"entry": entry, "reason": "it was N, self-drawn"})
    assert r.status_code == 201, r.get_json()
    hand = alice.get(f"{API}/sessions/{table}").get_json()["hands"][0]
    assert [(w["seat"], w["how"]) for w in hand["wins"]] == [("N", "self_draw")]
    assert {p["to"] for p in hand["recorded_payments"]} == {"N"}

    # and back to a drawn hand: the extra lines are dropped, nothing is paid
    r = post(alice, fix, {"entry": drawn, "reason": "nobody won after all"})
    assert r.status_code == 201, r.get_json()
    hand = alice.get(f"{API}/sessions/{table}").get_json()["hands"][0]
    assert hand["result"] == "exhausted" and hand["wins"] == []
    assert hand["recorded_payments"] == []
    again = post(alice, fix, {"entry": drawn, "reason": "retried"})
    assert again.status_code == 200 and again.get_json()["corrections"] == 0
    nxt = alice.get(f"{API}/sessions/{table}").get_json()["next"]
    assert nxt["no"] == 2


def test_only_club_members_record(client, alice, table):
    assert alice.get(f"{API}/sessions/{table}").status_code == 200
    alice.post("/logout", data={"csrf_token": csrf_token(alice, "/record")})
    assert client.get(f"{API}/sessions/{table}").status_code == 401
    assert login(client, "bob").status_code == 302
    assert client.get(f"{API}/sessions/{table}").status_code == 404
    assert client.get(f"/record/{table}").status_code == 404
    assert post(client, f"{API}/sessions/{table}/hands", win_entry()).status_code == 404
    assert (
        post(client, f"{API}/evaluate", {"session_id": table, "entry": win_entry()}).status_code
        == 404
    )
    opened = post(
        client,
        f"{API}/sessions",
        {"club": CLUB, "table": "1", "ruleset": "wenling", "players": PLAYERS},
    )
    assert opened.status_code == 404
    mine = post(
        client,
        f"{API}/sessions",
        {"club": OTHER_CLUB, "table": "1", "ruleset": "wenling", "players": PLAYERS},
    )
    assert mine.status_code == 201


def test_writes_need_the_csrf_header_from_a_browser(alice, table):
    r = alice.post(f"{API}/sessions/{table}/hands", json=win_entry())
    assert r.status_code == 400 and r.get_json()["error"] == "csrf"


def test_an_uploaded_session_is_not_recorded_into(alice):
    from tests.service.conftest import fixture_log, upload

    sid = upload(alice, fixture_log("audit/summary.jsonl")).get_json()["accepted"][0]["session_id"]
    assert post(alice, f"{API}/sessions/{sid}/hands", win_entry()).status_code == 409
    assert alice.get(f"{API}/sessions/{sid}").status_code == 409


def test_the_page_and_the_session_list(alice, table):
    assert "record.js" in alice.get(f"/record/{table}").get_data(as_text=True)
    assert alice.get("/record").status_code == 200
    listed = alice.get(f"{API}/sessions").get_json()["sessions"]
    assert [s["id"] for s in listed] == [table]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["E", "S", "5p", "9s", "win", "x"]),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.sampled_from(["result", "win", "seat", "how", "tile", "from", "shows", "S",
                                       "concealed", "melds", "kind", "tiles", "revealed",
                                       "indicator", "payments", "amount", "to"]), inner, max_size=5),
    max_leaves=12,
)  # fmt: skip


@pytest.mark.slow
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(entry=JSON)
def test_any_entry_gets_an_answer_never_a_crash(alice, table, entry):
    for body in (
        {"session_id": table, "entry": entry},
        {"session_id": table, "entry": entry, "no": entry},
    ):
        r = post(alice, f"{API}/evaluate", body)
        assert r.status_code in (200, 400, 404, 422), (entry, r.get_json())
        assert set(r.get_json()) >= ({"error", "message"} if r.status_code >= 400 else {"records"})
    saved = post(
        alice,
        f"{API}/sessions/{table}/hands",
        {"client_id": "fuzz-entry-1", **(entry if isinstance(entry, dict) else {})},
    )
    assert saved.status_code in (200, 201, 400, 422), saved.get_json()


def test_receipts_of_a_recorded_session_stay_valid_as_it_grows(alice, table):
    from tests.service.conftest import fixture_log, upload

    first = post(alice, f"{API}/sessions/{table}/hands", win_entry()).get_json()["receipt"]
    assert (
        post(
            alice,
            f"{API}/sessions/{table}/hands",
            {"client_id": "hand-0002", "result": "exhausted"},
        ).status_code
        == 201
    )
    with alice.application.app_context():
        head = store.get_session(session_id=table, engine=engine()).head_seq
        resolved = store.append_corrections(  # what an auditor's resolution appends
            session_id=table,
            expected_seq=head,
            engine=engine(),
            corrections=[
                {
                    "type": "correction",
                    "target": 5,
                    "reason": "keep",
                    "by": "carol",
                    "replacement": {"type": "settlement", "payments": []},
                }
            ],
        )
        assert resolved.receipt["receipt"]["kind"] == "record"
        log = store.export_log(session_id=table, engine=engine())
        for receipt in (first, resolved.receipt):
            assert store.check_receipt(document=receipt, engine=engine()).session_id == table
            assert (
                store.check_receipt(document=receipt, log=log, engine=engine()).session_id == table
            )
        assert store.check_chains(engine=engine()).broken == []
        tampered = log.replace('"no":2', '"no":3')
        with pytest.raises(ReceiptInvalid):
            store.check_receipt(document=resolved.receipt, log=tampered, engine=engine())
    uploaded = upload(alice, fixture_log("audit/summary.jsonl")).get_json()["accepted"][0][
        "session_id"
    ]
    with alice.application.app_context():
        s = store.get_session(session_id=uploaded, engine=engine())
        with pytest.raises(store.AppendInvalid):
            store.append_records(
                session_id=uploaded,
                records=[{"type": "exhausted"}],
                expected_seq=s.head_seq,
                engine=engine(),
            )


@pytest.mark.parametrize("ruleset", ["wenling", "huangyan", "zhoushan", "xizhou"])
def test_every_ruleset_is_recorded_and_evaluated(alice, ruleset):
    from engine.rulesets import get_ruleset

    rs = get_ruleset(ruleset)
    info = alice.get(f"{API}/rulesets").get_json()[ruleset]
    assert info["tiles"] == sorted(rs.tile_counts(rs.options()), key=_order)
    for o in info["options"]:  # what the form shows: labels in both languages, not the codes
        assert o["text"]["zh"] and o["text"]["en"]
        assert "_" not in o["name"] or o["name"] not in o["text"]["zh"] + o["text"]["en"]
        if isinstance(o["default"], str):
            assert o["default"] in [c["value"] for c in o["choices"]]
            assert all(c["zh"] and c["en"] and c["value"] not in (c["zh"], c["en"])
                       for c in o["choices"])  # fmt: skip
    r = post(
        alice,
        f"{API}/sessions",
        {"club": CLUB, "table": "9", "ruleset": ruleset, "players": PLAYERS},
    )
    sid = r.get_json()["session"]["id"]
    sets = _tiles("123m456m789m234p678p")[: rs.hand_size // 3 * 3]
    entry = {"client_id": "any-ruleset", "result": "win",
             "win": {"seat": "E", "how": "self_draw", "tile": "5s"},
             "shows": {"E": {"concealed": [*sets, "5s"]}}}  # fmt: skip
    if info["has_indicator"]:
        entry["indicator"] = "1z"
    v = post(alice, f"{API}/evaluate", {"session_id": sid, "entry": entry}).get_json()
    assert v["winning"] == {"ok": True, "shanten": -1}, v
    assert v["expected_net"]["E"] > 0 and sum(v["expected_net"].values()) == 0
    assert post(alice, f"{API}/sessions/{sid}/hands", entry).status_code == 201


def test_non_winners_showdowns_score_in_wenling(alice, table):
    entry = win_entry(shows={
        "S": {"concealed": _tiles("123m456m234p68p222z9s9s")},
        "W": {"concealed": _tiles("111m45m78p9p246s333z66z"), "revealed": ["3f"]},
    })  # fmt: skip
    v = post(alice, f"{API}/evaluate", {"session_id": table, "entry": entry}).get_json()
    assert v["points"]["W"] > 0 and "fan_seat_wind" in {line["code"] for line in v["items"]["W"]}
    assert [r["seat"] for r in v["records"] if r["type"] == "showdown"] == ["S", "W"]
    assert any(p["to"] == "W" for p in v["expected_payments"])  # 闲家差额 between non-winners


def test_a_hand_entered_for_seats_that_moved_on_is_refused(alice, table):
    """Two phones enter hand 1; the second save (another client id) must not become hand 2
    with hand 1's seat letters."""
    assert post(alice, f"{API}/sessions/{table}/hands", win_entry(no=1)).status_code == 201
    late = post(alice, f"{API}/sessions/{table}/hands", win_entry("hand-other", no=1))
    assert late.status_code == 409 and late.get_json()["field"] == "no"
    assert "作为第 2 局输入" in late.get_json()["message"]  # in the page's language (zh)
    assert len(alice.get(f"{API}/sessions/{table}").get_json()["hands"]) == 1


def test_instant_wins_and_win_flags(alice, table):
    # 3 得 held at the deal: an instant 腊子, no winning tile
    instant = {"client_id": "instant-1", "result": "win", "indicator": "9s",
               "win": {"seat": "W", "how": "instant"},
               "shows": {"W": {"concealed": _tiles("123m456m234p678p2z9s9s9s")}}}  # fmt: skip
    v = post(alice, f"{API}/evaluate", {"session_id": table, "entry": instant}).get_json()
    win = next(r for r in v["records"] if r["type"] == "win")
    assert win == {"type": "win", "seat": "W", "how": "instant"}
    assert v["limits"] == {"W": "laizi"} and v["expected_net"]["W"] > 0
    assert v["winning"] == {"ok": True, "shanten": None}  # the ruleset's instant win
    # 杠上开花: the flag a summary hand must state (no play to derive it from)
    bloom = win_entry(
        win={"seat": "S", "how": "self_draw", "tile": "5p", "flags": ["kong_replacement"]},
        shows={"S": {"concealed": _tiles("123m234p68p222z9s9s"),
                     "melds": [{"kind": "gang_concealed", "tiles": _tiles("4444m")}]}},
    )  # fmt: skip
    plain = {**bloom, "win": {**bloom["win"], "flags": []}}
    codes = {}
    for name, entry in (("bloom", bloom), ("plain", plain)):
        r = post(alice, f"{API}/evaluate", {"session_id": table, "entry": entry}).get_json()
        assert r["winning"]["ok"], r
        codes[name] = {line["code"] for line in r["items"]["S"]}
    assert codes["bloom"] - codes["plain"] == {"kong_bloom"}
    bad = win_entry(win={"seat": "S", "how": "self_draw", "tile": "5p", "flags": "bloom"})
    assert post(alice, f"{API}/evaluate", {"session_id": table, "entry": bad}).status_code == 422


def test_a_kong_made_on_a_kongs_replacement(alice):
    # 北 明杠s 南's 5p, 暗杠s its fourth 7s drawn as the replacement (on_replacement: 杠上杠) and
    # wins 5m on the second replacement: 杠上开花 2 + 坎张 1 = 3台, "抓别人的牌开杠，补牌后成胡，被开杠
    # 那家付3家": 南 pays 9 alone (docs/rules/zhoushan.md); saved, the entry comes back with it.
    r = post(
        alice,
        f"{API}/sessions",
        {"club": CLUB, "table": "7", "ruleset": "zhoushan", "players": PLAYERS},
    )
    sid = r.get_json()["session"]["id"]
    chained = {"kind": "gang_concealed", "tiles": _tiles("7777s"), "on_replacement": True}
    melds = [{"kind": "gang_exposed", "tiles": _tiles("5555p"), "from": "S"}, chained]
    entry = {"client_id": "chain-hand-1", "result": "win",
             "win": {"seat": "N", "how": "self_draw", "tile": "5m", "flags": ["kong_replacement"]},
             "shows": {"N": {"concealed": _tiles("123m46m99s"), "melds": melds}}}  # fmt: skip
    v = post(alice, f"{API}/evaluate", {"session_id": sid, "entry": entry}).get_json()
    assert [(p["from"], p["to"], p["amount"]) for p in v["expected_payments"]] == [("S", "N", 9)]
    r = post(alice, f"{API}/sessions/{sid}/hands", entry)
    assert r.status_code == 201, r.get_json()
    saved = alice.get(f"{API}/sessions/{sid}").get_json()["hands"][0]["entry"]
    assert saved["shows"]["N"]["melds"][1]["on_replacement"] is True
    # Said of the first meld (no kong before it), the entry is refused, naming the field.
    first = {**entry, "shows": {"N": {**entry["shows"]["N"], "melds": [chained, melds[0]]}}}
    r = post(alice, f"{API}/evaluate", {"session_id": sid, "entry": first})
    assert r.status_code == 422 and r.get_json()["field"] == "melds.0.on_replacement"


def test_a_seat_change_is_recorded_as_entered(alice, table):
    """换位: the players changed seats; the hand carries seat_change and its own seating."""
    drawn = {"client_id": "hand-0001", "result": "exhausted"}
    assert post(alice, f"{API}/sessions/{table}/hands", drawn).status_code == 201
    seats = {"E": "阿芳", "S": "老王", "W": "小李", "N": "阿强"}
    bad = {"client_id": "hand-0002", "result": "exhausted", "seat_change": True}
    for wrong in (None, {**seats, "N": "阿芳"}, {"E": "阿芳"}):
        r = post(alice, f"{API}/sessions/{table}/hands", {**bad, "seats": wrong})
        assert r.status_code == 422 and r.get_json()["field"] == "seats"
    r = post(alice, f"{API}/sessions/{table}/hands", {**bad, "seats": seats})
    assert r.status_code == 201, r.get_json()
    hand = [
        x
        for x in store.read_records(session_id=table, engine=_engine(alice))
        if x["type"] == "hand"
    ][-1]
    assert hand["seats"] == seats and hand["seat_change"] is True
    state = alice.get(f"{API}/sessions/{table}").get_json()
    assert state["hands"][1]["seats"] == seats
    assert state["next"]["no"] == 3 and set(state["next"]["seats"].values()) == set(PLAYERS)


def test_several_winners_on_one_discard_where_the_ruleset_allows(alice, table):
    r = post(
        alice,
        f"{API}/sessions",
        {"club": CLUB, "table": "7", "ruleset": "zhoushan", "players": PLAYERS},
    )
    sid = r.get_json()["session"]["id"]
    entry = {"client_id": "double-win", "result": "win",
             "win": {"seat": "E", "how": "discard", "tile": "5s", "from": "W", "also": ["S"]},
             "shows": {"E": {"concealed": _tiles("123m456m789m234p5s")},
                       "S": {"concealed": _tiles("123p456p789p111z5s")}}}  # fmt: skip
    v = post(alice, f"{API}/evaluate", {"session_id": sid, "entry": entry}).get_json()
    wins = [r for r in v["records"] if r["type"] == "win"]
    assert [(w["seat"], w["tile"], w["from"]) for w in wins] == [("E", "5s", "W"), ("S", "5s", "W")]
    shown = {r["seat"]: r["concealed"] for r in v["records"] if r["type"] == "showdown"}
    assert all(c.count("5s") == 2 for c in shown.values())  # each winner shows the one tile
    assert v["expected_net"]["E"] > 0 and v["expected_net"]["S"] > 0 and v["expected_net"]["W"] < 0
    r = post(alice, f"{API}/sessions/{sid}/hands", entry)
    assert r.status_code == 201, r.get_json()
    saved = alice.get(f"{API}/sessions/{sid}").get_json()["hands"][0]
    assert saved["entry"]["win"]["also"] == ["S"]
    assert saved["entry"]["shows"]["S"]["concealed"].count("5s") == 1  # the shared tile apart
    single = win_entry(
        win={"seat": "S", "how": "discard", "tile": "5p", "from": "W", "also": ["N"]}
    )
    r = post(alice, f"{API}/evaluate", {"session_id": table, "entry": single})
    assert r.status_code == 422 and r.get_json()["field"] == "win.also"  # wenling: one winner


def test_append_records_on_sqlite_and_postgresql(database_url):
    """The store's side of the recorder, on both databases: a recorded session grows by
    validated batches, each with a receipt that still verifies after later batches."""
    from events.codec import LogFormatError, parse_log

    session_line = (
        '{"type":"session","ruleset":"wenling","club":"c","table":"1",'
        '"players":["阿强","小李","老王","阿芳"]}'
    )
    opened = store.ingest_parsed(parsed=parse_log(session_line), kind="record")
    sid = opened.session.id
    seats = dict(zip("ESWN", PLAYERS, strict=True))
    first = store.append_records(
        session_id=sid, expected_seq=0,
        records=[{"type": "hand", "no": 1, "seats": seats}, {"type": "exhausted"}],
    )  # fmt: skip
    assert first.session.head_seq == 2 and first.receipt["receipt"]["uploaded"] == 3
    with pytest.raises(store.ConcurrencyConflict):
        store.append_records(session_id=sid, expected_seq=0, records=[{"type": "exhausted"}])
    with pytest.raises(LogFormatError, match="seats"):
        store.append_records(
            session_id=sid, expected_seq=2,
            records=[{"type": "hand", "no": 2, "seats": {**seats, "E": "外人"}}],
        )  # fmt: skip
    with pytest.raises(LogFormatError, match="increase"):
        store.append_records(
            session_id=sid, expected_seq=2, records=[{"type": "hand", "no": 1, "seats": seats}]
        )
    with pytest.raises(store.CorrectionInvalid, match="by"):
        store.append_records(
            session_id=sid, expected_seq=2,
            records=[{"type": "correction", "target": 2, "void": True, "reason": "x"}],
        )  # fmt: skip
    with pytest.raises(store.AppendInvalid):
        store.append_records(session_id=sid, expected_seq=2, records=[json.loads(session_line)])
    second = store.append_records(
        session_id=sid, expected_seq=2,
        records=[{"type": "hand", "no": 2, "seats": seats}, {"type": "exhausted"}],
    )  # fmt: skip
    assert store.get_session(session_id=sid).head_seq == 4
    for stored in (opened, first, second):
        assert store.check_receipt(document=stored.receipt).event_count == (
            stored.receipt["receipt"]["head_seq"] + 1
        )
    assert store.check_chains().broken == []
