"""The report digests behind the ledger, player page and club charts: they say what the reports
say, and a report is parsed once per process (verification rows never change)."""

from __future__ import annotations

from service import digests, queries
from tests.service.conftest import CLUB, fixture_log, verified


def test_a_digest_says_what_the_report_says_and_is_read_once(app, alice, monkeypatch):
    session_id = verified(alice, fixture_log("audit/fan_missed.jsonl"))
    with app.app_context():
        v = queries.latest_verifications([session_id])[session_id]
        report = queries.report_of(v)
        first = digests.digests([(session_id, v.id)])[v.id]
    hands = report["hands"]
    assert first.recorded_totals == report["recorded_totals"] and first.hands == len(hands)
    assert first.disputed_hands == sum(1 for h in hands if h["disputes"]) > 0
    assert len(first.explanations) == first.disputed_hands
    assert sum(first.wins.values()) == sum(len(h["wins"]) for h in hands) > 0
    assert sorted(first.winner_points) == sorted(
        h["points"][w] for h in hands for w in h["winners"] if w in h["points"])  # fmt: skip

    def no_read(ids):
        assert ids == [], f"parsed again: {ids}"
        return {}

    monkeypatch.setattr(queries, "reports", no_read)
    with app.app_context():
        assert digests.digests([(session_id, v.id)])[v.id] is first
    player = alice.get("/api/v1/players/阿强").get_json()["sessions"][0]
    assert player["net"] == report["recorded_totals"]["阿强"]
    assert player["wins"] == first.wins.get("阿强", 0)
    assert alice.get(f"/api/v1/clubs/{CLUB}/charts/disputes_by_item").status_code == 200
