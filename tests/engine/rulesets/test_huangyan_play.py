"""Full play-by-play huangyan hands through engine.audit: 连庄, 下家坐庄, 换位 (play_session.jsonl).

Hand 1: 庄 自摸 5p; 8m (得) used as itself → (自摸 2 + 底胡 10) × 2^(得还原 + 无得) = 48;
南 东暗刻 8, 西 0, 北 七万/六筒暗刻 4+4 + 北风对 2 = 10.  Hand 2 (same seats, 连庄): 南 wins on
庄's 9p, 九筒 明刻 4 + 东暗刻 8 + 10 = 22 × 2 (无得) = 44.  Hand 3: 换位 (搓胡, first change),
hand 4: 换位 again with no pass of the deal in between, hand 5: 连庄 after hand 4.
"""

from pathlib import Path

import pytest

from engine.audit import audit_records
from engine.replay import replay
from events.codec import LogFormatError, parse_log

LOG = Path(__file__).resolve().parents[2] / "fixtures" / "huangyan" / "play_session.jsonl"


def _records():
    return parse_log(LOG.read_bytes()).records


def _codes(report):
    """(hand no, code) of every anomaly, session-level ones placed by their seq."""
    by_seq = {h["seq"]: h["no"] for h in report["hands"]}
    return [(h["no"], a["code"]) for h in report["hands"] for a in h["anomalies"]] + [
        (by_seq.get(a["seq"]), a["code"]) for a in report["anomalies"]
    ]


def test_the_session_replays_with_one_early_seat_change():
    report = audit_records(_records())
    assert _codes(report) == [(4, "seat_change_too_early")]
    assert not any(h["disputes"] for h in report["hands"])


def test_points_and_payments_of_the_played_hands():
    hands = audit_records(_records())["hands"]
    assert hands[0]["points"] == {"E": 48, "S": 8, "W": 0, "N": 10}
    assert (
        hands[0]["recorded_net"]
        == hands[0]["expected_net"]
        == {"E": 144, "S": -45, "W": -57, "N": -42}
    )
    assert hands[1]["points"] == {"E": 0, "S": 44, "W": 0, "N": 10}
    assert hands[1]["expected_net"] == {"E": -54, "S": 88, "W": -27, "N": -7}


def test_dealer_keeps_the_deal_only_when_he_wins():
    records = _records()
    hand2 = next(r for r in records if r["type"] == "hand" and r["no"] == 2)
    hand2["seats"] = {"E": "小李", "S": "老王", "W": "阿芳", "N": "阿强"}  # as if the deal passed
    assert (2, "dealer_rotation") in _codes(audit_records(records))


def test_after_a_non_dealer_win_the_next_seat_deals():
    records = _records()
    hand3 = next(r for r in records if r["type"] == "hand" and r["no"] == 3)
    del hand3["seat_change"]
    hand3["seats"] = {"E": "小李", "S": "老王", "W": "阿芳", "N": "阿强"}
    codes = _codes(audit_records(records))
    assert (3, "dealer_rotation") not in codes and (3, "seat_change_too_early") not in codes


def test_cuocai_refuses_a_change_before_two_rounds():
    codes = _codes(audit_records(_records(), {"seat_change_rule": "cuocai"}))
    assert (3, "seat_change_too_early") in codes and (4, "seat_change_too_early") in codes


RESTRICTIONS = LOG.with_name("restrictions.jsonl")


def test_claiming_with_a_wildcard_is_flagged():
    # Hand 1: 得 = 8m; 庄 discards an 8m and 南 碰s it with its two 8m (得不能碰).
    # 西 then wins on 南's 9p (单吊, nothing): (0 + 10) × 2 (无得) = 20.
    report = audit_records(parse_log(RESTRICTIONS.read_bytes()).records)
    assert _codes(report) == [(1, "claim_with_wildcard")]
    assert report["hands"][0]["points"]["W"] == 20


def test_a_kong_replacement_win_is_a_plain_self_draw():
    # Hand 2: 庄 暗杠 一筒 (32), draws 5p from the back and wins: 自摸 2 + 10, no 杠上开花 item;
    # its 8m (得) stands for itself in 789m: 得还原 1番 + 无得 1番 → 44 × 4 = 176.
    hand = audit_records(parse_log(RESTRICTIONS.read_bytes()).records)["hands"][1]
    assert "kong_replacement" in hand["wins"][0]["flags"]
    assert {(x["code"], x["value"] * x["count"]) for x in hand["items"]["E"]} == {
        ("kong_concealed_yao", 32),
        ("self_draw", 2),
        ("base", 10),
        ("restored", 1),
        ("hard", 1),
    }
    assert hand["points"]["E"] == 176


def test_a_flower_in_a_huangyan_log_is_refused():
    text = RESTRICTIONS.read_text(encoding="utf-8").replace(
        '"123456789m123p5p9p"', '"123456789m123p5p1f"'
    )
    with pytest.raises(LogFormatError, match="1f|flower|春"):
        parse_log(text)


@pytest.mark.parametrize("name", ["seed_examples.jsonl", "scoring_items.jsonl"])
def test_the_hand_computed_summary_logs_audit_clean(name):
    # Every recorded settlement in these logs is the hand-computed one (see test_huangyan_score).
    report = audit_records(parse_log(LOG.with_name(name).read_bytes()).records)
    assert report["ok"], _codes(report)
    settled = [h for h in report["hands"] if h["recorded_net"] is not None]
    assert settled and all(h["recorded_net"] == h["expected_net"] for h in settled)


def test_the_deal_and_the_indicator_leave_82_tiles_in_the_wall():
    # 136 − (14 + 3 × 13) dealt − 1 indicator set aside = 82; hand 1 then draws 4 (78),
    # hand 2 of restrictions.jsonl one replacement from the back (81).
    played = replay(_records())
    assert [h.outcome.wall_left for h in played.hands] == [78, 82, 78, 78, 82]
    kong = replay(parse_log(RESTRICTIONS.read_bytes()).records).hands[1]
    assert kong.outcome.wall_left == 81
