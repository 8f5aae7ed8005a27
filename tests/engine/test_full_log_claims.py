"""A full log's play claims checked like a summary's (issue 26): a win on a discard that was never
made, or on a kong that was never added, is no win and owes nothing; a kong of tiles the seat
does not hold is not scored as a kong. What the table paid for them is a dispute. The logs are
simulated clean hands (engine.simulate) with one record changed, in each of the four rulesets."""

from __future__ import annotations

import pytest

from engine.audit import audit_records
from engine.simulate import generate_session
from tests.engine.rulesets.review_helpers import fixture_records

RULESETS = ("wenling", "huangyan", "xizhou", "zhoushan")


def first_hand(ruleset: str, want) -> tuple[list[dict], int]:
    """A one-hand session whose play satisfies ``want(records)`` (the session and hand lines
    first), and the seq of its win line."""
    for seed in range(1, 200):
        records, _ = generate_session(ruleset, 1, seed)
        if want(records):
            return records, next(i for i, r in enumerate(records) if r["type"] == "win")
    raise AssertionError(f"no simulated {ruleset} hand fits")


def discard_win(records: list[dict]) -> bool:
    return any(r["type"] == "win" and r["how"] == "discard" for r in records)


def codes_at(hand: dict, seq: int) -> set[str]:
    return {a["code"] for a in hand["anomalies"] if a["seq"] == seq}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_win_on_a_discard_never_made_owes_nothing(ruleset):
    records, at = first_hand(ruleset, discard_win)
    assert records[at - 1]["type"] == "discard"
    del records[at - 1]  # the discard the win takes was never made
    at -= 1
    hand = audit_records(records)["hands"][0]
    assert "claim_no_discard" in codes_at(hand, at)
    assert hand["wins"][0]["stands"] is False
    assert hand["expected_payments"] == []
    assert hand["disputes"]  # what the table paid for it
    # the simulated table paid the win as if the discard had been made: that is the explanation.
    # (Not in wenling: there the discarder keeps the tile, which changes its own 牌点, and what it
    # paid for all three (包三家) rested on the discard the log no longer has.)
    if ruleset != "wenling":
        assert hand["explanations"][0]["code"] == "false_win_paid"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_win_on_a_discard_of_another_seat_owes_nothing(ruleset):
    records, at = first_hand(ruleset, discard_win)
    win = records[at]
    others = [s for s in "ESWN" if s not in (win["seat"], win["from"])]
    records[at] = {**win, "from": others[0]}  # that seat threw no such tile
    hand = audit_records(records)["hands"][0]
    assert "claim_no_discard" in codes_at(hand, at)
    assert hand["expected_payments"] == []
    assert all(d["from"] != others[0] or d["expected"] == 0 for d in hand["disputes"])
    assert hand["disputes"]


def test_a_robbed_kong_never_added_owes_nothing():
    records, at = first_hand("huangyan", discard_win)
    win = records[at]
    del records[at - 1]
    at -= 1
    records[at] = {**win, "how": "robbed_kong"}  # nobody was adding a kong
    hand = audit_records(records)["hands"][0]
    assert "claim_no_discard" in codes_at(hand, at)
    assert hand["expected_payments"] == [] and hand["disputes"]


# wenling_clean.jsonl with W given a turn before E wins: S throws 5z, W draws 9p, makes the
# kong under test and throws the 9p, and E wins on it. W (a non-winner, scored in wenling)
# holds 7 888 99m 34678p 2256s 2z: three 8m and one 7m.
def wenling_with_w_kong(kong: dict) -> list[dict]:
    records = fixture_records("replay/wenling_clean.jsonl")[:12]  # up to S's draw
    records += [
        {"type": "draw", "seat": "S", "tile": "5z", "from": "wall"},
        {"type": "discard", "seat": "S", "tile": "5z"},
        {"type": "draw", "seat": "W", "tile": "9p", "from": "wall"},
        {"type": "gang", "seat": "W", **kong},
        {"type": "discard", "seat": "W", "tile": "9p"},
        {"type": "win", "seat": "E", "how": "discard", "tile": "9p", "from": "W"},
    ]
    return records


def w_items(records: list[dict]) -> tuple[set[str], list[str]]:
    hand = audit_records(records)["hands"][0]
    return {a["code"] for a in hand["anomalies"] if a["seq"] == 15}, [
        i["code"] for i in hand["items"]["W"]
    ]


def test_a_concealed_kong_of_three_tiles_is_not_scored_as_a_kong():
    codes, items = w_items(wenling_with_w_kong({"kind": "concealed", "tile": "8m"}))
    assert "gang_without_tiles" in codes
    assert not any("kong" in code for code in items)
    assert "pung_concealed" in items  # the three 8m it holds


def test_an_added_kong_without_a_pung_is_not_scored_as_a_kong():
    codes, items = w_items(wenling_with_w_kong({"kind": "added", "tile": "7m"}))
    assert "gang_without_tiles" in codes
    assert not any("kong" in code for code in items)
    assert "pung_concealed" in items  # its 888m, untouched


@pytest.mark.parametrize("kind", ["added", "concealed"])
def test_huangyan_a_kong_of_a_pair_is_not_scored(kind):
    # huangyan (non-winners score their 胡 too): clean.jsonl with W given a turn; W holds only
    # a pair of 2s (789m 34678p 2256s 2z + 9p) and declares a kong of it. Scored as a kong, W had
    # 8 (明杠) or 16 (暗杠) 胡; it holds a pair, which earns nothing.
    records = fixture_records("replay/clean.jsonl")[:9]  # up to E's discard
    records += [
        {"type": "draw", "seat": "S", "tile": "3z", "from": "wall"},
        {"type": "discard", "seat": "S", "tile": "3z"},
        {"type": "draw", "seat": "W", "tile": "9p", "from": "wall"},
        {"type": "gang", "seat": "W", "kind": kind, "tile": "2s"},
        {"type": "discard", "seat": "W", "tile": "9p"},
        {"type": "win", "seat": "E", "how": "discard", "tile": "9p", "from": "W"},
    ]
    hand = audit_records(records)["hands"][0]
    assert [(a["seq"], a["code"]) for a in hand["anomalies"]] == [(12, "gang_without_tiles")]
    assert (hand["items"]["W"], hand["points"]["W"]) == ([], 0)
