"""The recorder's play-by-play mode with the Flask test client: every tap judged live by the
replay (each seat's hand, the anomalies with the tap that caused them), the finished hand scored
like a summary entry, saved once as the full v1 records, and corrected like any hand."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.audit import audit_records
from engine.replay import replay
from engine.tiles import parse_tiles
from events import store
from events.codec import parse_log
from service.db import engine
from tests.conftest import BACKGROUND_BUDGET
from tests.service.conftest import CLUB, FIXTURES, csrf_token
from workers import review as stored_reviews
from workers.celery_app import wait_embedded
from workers.tasks import engine_version

PLAYERS = ["阿强", "小李", "老王", "阿芳"]
API = "/api/v1/record"
CLEAN = parse_log((FIXTURES / "replay/clean.jsonl").read_bytes()).records  # canonical
TAPS = [r for r in CLEAN if r["type"] in ("discard", "draw", "win")]


def play(taps=TAPS, **changes) -> dict:
    """The huangyan hand of tests/fixtures/replay/clean.jsonl, tap by tap."""
    deal = {r["seat"]: r["tiles"] for r in CLEAN if r["type"] == "deal"}
    return {"deal": deal, "indicator": "5z", "taps": [dict(t) for t in taps], **changes}


def post(client, path: str, body):
    return client.post(path, json=body, headers={"X-CSRFToken": csrf_token(client, "/record")})


def records(client, sid: str) -> list[dict]:
    with client.application.app_context():
        return store.read_records(session_id=sid, engine=engine())


@pytest.fixture
def table(alice) -> str:
    body = {"club": CLUB, "table": "1", "ruleset": "huangyan", "options": {}, "players": PLAYERS}
    r = post(alice, f"{API}/sessions", body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["session"]["id"]


def test_each_tap_is_judged_live_and_nothing_is_stored(alice, table):
    dealt = post(alice, f"{API}/play", {"session_id": table, "entry": {"play": play(taps=[])}})
    assert dealt.status_code == 200, dealt.get_json()
    v = dealt.get_json()
    assert v["anomalies"] == [] and v["turn"] == "E" and v["hand_size"] == 13
    assert v["concealed"]["E"] == parse_tiles("111234567m1199p5s")
    two = post(alice, f"{API}/play", {"session_id": table, "entry": {"play": play(TAPS[:2])}})
    v = two.get_json()
    assert v["discards"]["E"] == ["5s"] and "9p" in v["concealed"]["S"]
    assert v["turn"] == "S" and v["ended"] is False and v["anomalies"] == []
    # S discards a tile it does not hold, then W discards out of turn: each named by its tap
    bad = [*TAPS[:2], {"type": "discard", "seat": "S", "tile": "9s"},
           {"type": "discard", "seat": "W", "tile": "2z"}]  # fmt: skip
    v = post(alice, f"{API}/play", {"session_id": table, "entry": {"play": play(bad)}}).get_json()
    assert [(a["tap"], a["code"]) for a in v["anomalies"]] == [
        (2, "discard_not_in_hand"),
        (3, "wrong_turn"),
    ]
    assert v["anomalies"][0]["zh"] == "打出手里没有的牌"
    assert records(alice, table) == records(alice, table)[:1]  # the session record alone


def test_the_finished_hand_is_scored_like_an_upload_of_the_same_play(alice, table):
    r = post(alice, f"{API}/evaluate", {"session_id": table, "entry": {"play": play()}})
    assert r.status_code == 200, r.get_json()
    v = r.get_json()
    assert v["winning"] == {"ok": True, "shanten": -1} and v["anomalies"] == []
    upload = audit_records(CLEAN)["hands"][0]
    assert v["items"] == upload["items"] and v["points"] == upload["points"]
    assert [(p["from"], p["to"], p["amount"]) for p in v["expected_payments"]] == [
        (p["from"], p["to"], p["amount"]) for p in upload["expected_payments"]
    ]
    paid = [
        {"from": p["from"], "to": p["to"], "amount": p["amount"]} for p in v["expected_payments"]
    ]
    paid[0]["amount"] += 4
    entry = {"play": play(), "payments": paid}
    disputed = post(alice, f"{API}/evaluate", {"session_id": table, "entry": entry}).get_json()
    assert [(d["from"], d["recorded"] - d["expected"]) for d in disputed["disputes"]] == [
        (paid[0]["from"], 4)
    ]


def test_saving_appends_the_full_records_once(alice, table):
    entry = {"client_id": "play-0001", "no": 1, "play": play(dice=[{"seat": "E", "dice": [3, 4]}])}
    r = post(alice, f"{API}/sessions/{table}/hands", entry)
    assert r.status_code == 201, r.get_json()
    again = post(alice, f"{API}/sessions/{table}/hands", entry)
    assert again.status_code == 200 and again.get_json()["duplicate"] is True
    saved = records(alice, table)
    assert [x["type"] for x in saved] == [
        "session", "hand", "dice", "deal", "deal", "deal", "deal", "wildcard",
        "discard", "draw", "discard", "win",
        "showdown", "showdown", "showdown", "showdown",  # huangyan: non-winners score too
        "settlement",
    ]  # fmt: skip
    assert saved[1]["client_id"] == "play-0001"
    assert saved[2:12] == CLEAN[2:12]  # the play as the club's own full log has it
    assert saved[12]["seat"] == "E" and saved[12]["concealed"] == parse_tiles("111234567m11999p")
    assert parse_log(store_log(alice, table)).records == saved
    hand = replay(saved).hands[0]
    assert not hand.summary and hand.anomalies == []
    state = alice.get(f"{API}/sessions/{table}").get_json()
    assert state["next"]["no"] == 2 and state["hands"][0]["entry"]["play"]["taps"] == TAPS


def test_a_saved_play_gets_its_review_from_the_workers(alice, table):
    entry = {"client_id": "play-0002", "no": 1, "play": play()}
    assert post(alice, f"{API}/sessions/{table}/hands", entry).status_code == 201
    assert wait_embedded(BACKGROUND_BUDGET)
    with alice.application.app_context():
        head = store.get_session(session_id=table, engine=engine()).head_seq
        row = stored_reviews.stored(table, head, engine_version(), engine())
    assert row is not None, "no review stored after the hand was saved"
    [hand] = json.loads(row.result)["hands"]
    assert not hand["summary"]
    for seat in "ESWN":
        thrown = [t["tile"] for t in TAPS if t["type"] == "discard" and t["seat"] == seat]
        assert [d["discard"] for d in hand["seats"][seat]["decisions"]] == thrown


def store_log(client, sid: str) -> bytes:
    with client.application.app_context():
        return store.export_log(session_id=sid, engine=engine())


def test_an_exhausted_play_and_a_correction(alice, table):
    drawn = play(taps=[TAPS[0], {"type": "exhausted"}])
    r = post(alice, f"{API}/sessions/{table}/hands", {"client_id": "play-0002", "play": drawn})
    assert r.status_code == 201, r.get_json()
    types = [x["type"] for x in records(alice, table)]
    assert types[-3:] == ["discard", "exhausted", "settlement"] and "showdown" not in types
    entry = alice.get(f"{API}/sessions/{table}").get_json()["hands"][0]["entry"]
    assert entry["play"]["taps"] == [TAPS[0], {"type": "exhausted"}]
    before = records(alice, table)
    entry["play"]["taps"][0]["tile"] = "1m"  # E discarded 1m, not 5s
    fixed = post(alice, f"{API}/sessions/{table}/hands/1/correction",
                 {"entry": entry, "reason": "E threw 1m"})  # fmt: skip
    assert fixed.status_code == 201, fixed.get_json()
    after = records(alice, table)
    assert after[: len(before)] == before
    assert [(c["type"], c["target"], c["replacement"]) for c in after[len(before) :]] == [
        ("correction", types.index("discard"), {"type": "discard", "seat": "E", "tile": "1m"})
    ]


def test_unfinished_or_broken_plays_are_refused_with_the_tap_named(alice, table):
    cases = [
        (play(TAPS[:3]), "play.taps"),
        (play(indicator=None), "play.indicator"),
        (play([*TAPS[:3], {"type": "fly"}]), "play.taps.3"),
        (play([*TAPS[:3], {"type": ["win"]}]), "play.taps.3"),  # was a 500 (unhashable)
        (play([{"type": {}}]), "play.taps.0"),
        (play([{"type": "discard", "seat": "E", "tile": "xx"}, *TAPS[1:]]), "play.taps.0"),
        (play(deal={"E": ["1m"], "Q": []}), "play.deal"),
        ({"taps": [{"type": "win", "seat": "E", "how": "instant"}]}, "play.deal"),
        ({"deal": [], "taps": []}, "play.deal"),
    ]
    for p, field in cases:
        r = post(alice, f"{API}/sessions/{table}/hands", {"client_id": "play-0003", "play": p})
        assert r.status_code == 422, (p, r.get_json())
        assert (r.get_json()["field"] or "").startswith(field), (field, r.get_json())
    assert records(alice, table) == records(alice, table)[:1]
    assert post(alice, f"{API}/play", {"session_id": table, "entry": {}}).status_code == 400
    live = post(
        alice, f"{API}/play", {"session_id": table, "entry": {"play": play([{"type": []}])}}
    )
    assert live.status_code == 422 and live.get_json()["field"] == "play.taps.0"


@pytest.mark.parametrize("entry", ["x", -1, 1.5, True, ["E"], [None]])
def test_a_correction_that_is_not_an_entry_is_refused_and_the_hand_kept(alice, table, entry):
    drawn = play(taps=[TAPS[0], {"type": "exhausted"}])
    r = post(alice, f"{API}/sessions/{table}/hands", {"client_id": "play-0004", "play": drawn})
    assert r.status_code == 201, r.get_json()
    before = records(alice, table)
    fixed = post(
        alice, f"{API}/sessions/{table}/hands/1/correction", {"entry": entry, "reason": "r"}
    )
    assert fixed.status_code == 400 and "entry" in fixed.get_json()["message"]  # was a 500
    assert records(alice, table) == before


@pytest.mark.parametrize("ruleset", ["wenling", "huangyan", "zhoushan", "xizhou"])
def test_simulated_hands_played_in_are_stored_and_judged_as_their_logs(alice, ruleset):
    from engine.simulate.session import generate_session
    from service.recorder.play import play_of

    sim, _faults = generate_session(ruleset, 2, seed=5)
    body = {"club": CLUB, "table": "9", "ruleset": ruleset, "options": {}, "players": PLAYERS}
    sid = post(alice, f"{API}/sessions", body).get_json()["session"]["id"]
    for i, hand in enumerate(replay(sim).hands):
        entry = {"client_id": f"sim-{ruleset}-{i}", "no": hand.no, "play": play_of(hand)}
        r = post(alice, f"{API}/sessions/{sid}/hands", entry)
        assert r.status_code == 201, r.get_json()
    plays = ("hand", "showdown", "settlement", "session")
    stored = records(alice, sid)
    assert [x for x in stored if x["type"] not in plays] == [
        x for x in sim if x["type"] not in plays
    ]
    state = alice.get(f"{API}/sessions/{sid}").get_json()
    report = audit_records(sim)["hands"]
    assert [h["seats"] for h in state["hands"]] == [h["seats"] for h in report]
    assert [h["expected_payments"] for h in state["hands"]] == [
        h["expected_payments"] for h in report
    ]
    assert all(h["disputes"] == [] for h in state["hands"])  # paid as the engine said


TAP = st.fixed_dictionaries(
    {"type": st.sampled_from(["draw", "discard", "chi", "peng", "gang", "win", "reveal", "x"])},
    optional={
        "seat": st.sampled_from(["E", "S", "W", "N", "Q", 1]),
        "tile": st.sampled_from(["1m", "5z", "9p", "1f", "x", 3]),
        "tiles": st.lists(st.sampled_from(["1m", "2m", "3m", "x"]), max_size=3),
        "kind": st.sampled_from(["exposed", "concealed", "added", "x"]),
        "how": st.sampled_from(["self_draw", "discard", "instant", "x"]),
        "from": st.sampled_from(["E", "S", "wall", "back"]),
    },
)


@pytest.mark.slow
@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])  # fmt: skip
@given(taps=st.lists(TAP, max_size=6), dealt=st.booleans())
def test_any_play_gets_an_answer_never_a_crash(alice, table, taps, dealt):
    p = play(taps) if dealt else {"taps": taps}
    for path, body in (
        ("play", {"session_id": table, "entry": {"play": p}}),
        ("evaluate", {"session_id": table, "entry": {"play": p}}),
    ):
        r = post(alice, f"{API}/{path}", body)
        assert r.status_code in (200, 422), (p, r.get_json())
        assert set(r.get_json()) >= ({"error", "message"} if r.status_code >= 400 else {"records"})


def test_a_hand_another_phone_saves_during_the_save_is_a_409_not_a_500(alice, table, monkeypatch):
    """Phone B's hand lands between phone A's head check and its read of the stream: A's hand,
    entered as the same number, is refused as saved meanwhile (it was a 500: the codec found two
    hands numbered 1), and B's is stored once."""
    drawn = play(taps=[TAPS[0], {"type": "exhausted"}])
    read = store.read_records
    raced = []

    def phone_b_first(**kw):
        if not raced:
            raced.append(None)  # B's own save reads the stream too
            raced[0] = post(alice, f"{API}/sessions/{table}/hands",
                            {"client_id": "phone-b-01", "play": drawn, "no": 1})  # fmt: skip
        return read(**kw)

    monkeypatch.setattr(store, "read_records", phone_b_first)
    a = post(
        alice, f"{API}/sessions/{table}/hands", {"client_id": "phone-a-01", "play": drawn, "no": 1}
    )
    assert raced[0].status_code == 201, raced[0].get_json()
    assert a.status_code == 409 and a.get_json()["field"] == "no", a.get_json()
    monkeypatch.undo()
    assert [h["no"] for h in alice.get(f"{API}/sessions/{table}").get_json()["hands"]] == [1]
