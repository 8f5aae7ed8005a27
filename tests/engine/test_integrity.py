"""engine.integrity: the exact tails, Benjamini–Hochberg, and each signal on hands built so that
the answer can be worked out by hand (the expected numbers below are that arithmetic)."""

from __future__ import annotations

import json

import pytest

from engine.audit import audit
from engine.integrity import HandFacts, HandRef, Shift, hand_facts, integrity, load_result
from engine.integrity.facts import CORRECTION, ENTRY, KEPT
from engine.integrity.signals import _reaches, feeding, money_flow, recording_favour, repeated_slips
from engine.integrity.stats import benjamini_hochberg, binomial_tail, tail_at_least
from engine.report import Report
from engine.simulate import generate_session

P = ("A", "B", "C", "D")


def hand(i: int, deal_ins=(), residual=None, shifts=(), players=P, plays=()) -> HandFacts:
    return HandFacts(
        HandRef("s1", i, i), players, tuple(deal_ins), residual or {}, tuple(shifts), tuple(plays)
    )


def one(signals: list[dict], kind: str, players: tuple) -> dict:
    found = [s for s in signals if s["kind"] == kind and s["players"] == players]
    assert len(found) == 1, found
    return found[0]


def test_tails_by_hand():
    assert binomial_tail(4, 2, 0.5) == pytest.approx(11 / 16)
    assert binomial_tail(4, 0, 0.5) == 1.0
    assert binomial_tail(4, 5, 0.5) == 0.0
    assert tail_at_least([0.5, 0.2], 1) == pytest.approx(1 - 0.5 * 0.8)
    assert tail_at_least([0.5, 0.2], 2) == pytest.approx(0.1)
    assert tail_at_least([0.5, 0.2, 0.1], 2) == pytest.approx(
        0.5 * 0.2 + 0.5 * 0.1 + 0.2 * 0.1 - 2 * 0.01
    )


def test_benjamini_hochberg_by_hand():
    # sorted 0.01 0.03 0.04 0.2 (m = 4): 0.04, 0.06, 0.0533, 0.2, then the running minimum from the top
    q = benjamini_hochberg([0.01, 0.04, 0.03, 0.2])
    assert q == pytest.approx([0.04, 0.16 / 3, 0.16 / 3, 0.2])
    assert benjamini_hochberg([]) == []


def test_feeding_by_hand():
    hands = [hand(1, [("A", ("B",))]), hand(2, [("A", ("B",))]), hand(3, [("C", ("D",))]),
             hand(4, [("D", ("C",))]), hand(5, [("B", ("C",))])]  # fmt: skip
    # Rates for A's deal-ins: each winner's wins on the discards of the two others but A, less
    # the one who gave most (ties: the later name), over the 5 hands sat with the one left,
    # drawn towards the table's mean (5 wins over 12 ordered pairs x 5 hands = 1/12 a hand)
    # by 200 hands' worth: (wins + 200/12 + 0.5) / (5 + 200 + 1). B keeps C (0 wins), C keeps
    # B (1 win: B->C), D keeps B (0 wins; C, who gave D its win, is left out).
    prior = 200 / 12 + 0.5
    b, c, d = prior, 1 + prior, prior
    chance = b / (b + c + d)
    s = one(feeding(hands, 2), "feeding", ("A", "B"))
    assert (s["hands"], s["events"], s["observed"]) == (5, 2, 2)
    assert s["expected"] == pytest.approx(2 * chance, abs=1e-6)
    assert s["effect"] == pytest.approx(1 / chance, abs=1e-4)
    assert s["p_value"] == pytest.approx(chance**2)
    assert [r.no for r in s["refs"]] == [1, 2]
    other = one(feeding(hands, 2), "feeding", ("A", "C"))
    assert other["observed"] == 0 and other["p_value"] == 1.0


def test_several_winners_on_one_discard():
    rates = {"B": 1.0, "C": 2.0, "D": 3.0}
    assert _reaches("B", ["B", "C", "D"], 2, rates.get) == pytest.approx((2 + 3) / (2 + 3 + 6))
    assert _reaches("B", ["B", "C", "D"], 1, rates.get) == pytest.approx(1 / 6)
    assert _reaches("B", ["B", "C", "D"], 3, rates.get) == 1.0
    # one discard, two winners: one event of A's, reaching B and C both
    hands = [hand(1, [("A", ("B", "C"))]), hand(2)]
    signals = feeding(hands, 1)
    assert one(signals, "feeding", ("A", "B"))["events"] == 1
    assert one(signals, "feeding", ("A", "B"))["observed"] == 1
    assert one(signals, "feeding", ("A", "C"))["observed"] == 1
    assert one(signals, "feeding", ("A", "D"))["observed"] == 0


def test_money_flow_by_hand():
    hands = [hand(i, residual={("A", "B"): 10}) for i in (1, 2, 3)]
    hands += [hand(4, residual={("B", "A"): 5}), hand(5)]
    s = one(money_flow(hands, 5), "money_flow", ("A", "B"))
    assert (s["hands"], s["events"], s["observed"]) == (5, 4, 3)
    assert s["p_value"] == pytest.approx(5 / 16)  # P(Bin(4, 1/2) >= 3)
    assert s["effect"] == 25  # 30 more, 5 less
    back = one(money_flow(hands, 5), "money_flow", ("B", "A"))
    assert back["p_value"] == pytest.approx(15 / 16) and back["effect"] == -25


def test_recording_favour_by_hand():
    gain_a = {"A": 6, "B": -2, "C": -2, "D": -2}
    gain_c = {"A": -2, "B": -2, "C": 6, "D": -2}
    tie = {"A": 3, "B": 3, "C": -3, "D": -3}
    hands = [hand(i, shifts=[Shift(CORRECTION if i % 2 else ENTRY, "R", gain_a)]) for i in range(6)]
    hands += [hand(i, shifts=[Shift(ENTRY, "R", gain_c)]) for i in (6, 7)]
    hands += [hand(8, shifts=[Shift(ENTRY, "R", tie), Shift(ENTRY, None, gain_a)])]
    s = one(recording_favour(hands, 8), "recording_favour", ("R", "A"))
    # the tie and the unknown recorder do not count: 6 of 8 for A;
    # P(Bin(8, 1/4) >= 6) = (28 * 9 + 8 * 3 + 1) / 4**8
    assert (s["hands"], s["observed"], s["expected"]) == (8, 6, 2)
    assert s["p_value"] == pytest.approx(277 / 65536)
    assert s["effect"] == 3
    assert one(recording_favour(hands, 8), "recording_favour", ("R", "B"))["observed"] == 0
    assert one(recording_favour(hands, 9), "recording_favour", ("R", "A"))["p_value"] is None


def test_repeated_slips_by_hand():
    gain_b = {"A": -1, "B": 3, "C": -1, "D": -1}
    hands = [hand(i, shifts=[Shift(KEPT, "R", gain_b)]) for i in range(3)]
    hands += [hand(3, shifts=[Shift(KEPT, "R", gain_b)], players=("A", "C", "D", "E"))]
    s = one(repeated_slips(hands, 3), "repeated_slips", ("B",))
    assert (s["hands"], s["observed"]) == (3, 3)  # hand 3 had no B
    assert s["p_value"] == pytest.approx(1 / 64)


def test_small_samples_are_never_flagged_and_strangers_never_compared():
    # A deals into B every hand, but only 20 hands: far below the minimum
    hands = [hand(i, [("A", ("B",))]) for i in range(20)]
    hands += [hand(20 + i, players=("A", "B", "C", "E")) for i in range(3)]
    result = integrity(hands, "club")
    assert result.signals and not any(s.flagged for s in result.signals)
    assert all(s.p_value is None and s.q_value is None for s in result.signals)
    pairs = {s.players for s in result.signals if s.kind == "feeding"}
    assert ("A", "E") in pairs and ("D", "E") not in pairs and ("E", "D") not in pairs


def test_flag_needs_the_q_value_and_the_sample():
    # 120 hands; A deals in 30 times, 24 of them to B; B, C and D deal in 20 times each,
    # spread evenly over the three others
    hands = []
    for i in range(120):
        ins = []
        if i < 24:
            ins = [("A", ("B",))]
        elif i < 30:
            ins = [("A", (("C", "D")[i % 2],))]
        elif i < 90:
            x = "BCD"[i % 3]
            ins = [(x, ([p for p in P if p != x][i // 3 % 3],))]
        hands.append(hand(i, ins))
    result = integrity(hands, "club")
    flagged = [(s.kind, s.players) for s in result.signals if s.flagged]
    assert flagged == [("feeding", ("A", "B"))]
    top = result.signals[0]
    assert top.q_value is not None and top.q_value <= 0.05 and top.p_value <= top.q_value
    tested = sum(s.enough for s in result.signals)
    assert top.q_value == pytest.approx(min(1.0, top.p_value * tested))  # the smallest p: times m


def test_result_round_trips_through_json():
    hands = [hand(i, [("A", ("B",))], residual={("C", "D"): 2}) for i in range(101)]
    result = integrity(hands, "club", since="2026-01-01")
    again = load_result(json.loads(json.dumps(result.to_json())))
    assert again == result and again.integrity_version == 1
    with pytest.raises(ValueError, match="newer"):
        load_result({**result.to_json(), "integrity_version": 99})


def test_hand_facts_from_a_report_follow_the_member_list():
    win = {"tile": "5m", "flags": [], "stands": True}
    hand = {
        "seq": 1, "no": 1, "seats": {"E": "小王", "S": "B", "W": "C", "N": "D"},
        "wins": [{"seat": "S", "how": "discard", "from": "E", **win},
                 {"seat": "W", "how": "discard", "from": "E", **win}],
        "expected_payments": [{"from": "E", "to": "S", "amount": 4},
                              {"from": "E", "to": "W", "amount": 2}],
        "recorded_payments": [{"from": "E", "to": "S", "amount": 6},
                              {"from": "E", "to": "W", "amount": 2}],
        "disputes": [{"hand": 1, "from": "E", "to": "S", "expected": 4, "recorded": 6,
                      "explanation": None}],
        "summary": True, "result": "win", "winners": ["S", "W"], "indicator": None, "wildcards": [],
        "points": {}, "items": {}, "steps": {}, "reading": {}, "limits": {}, "recorded_points": None,
        "expected_net": {}, "recorded_net": {}, "anomalies": [], "explanations": [], "top_ups": [],
        "taken_on_word": [],
    }  # fmt: skip
    report = Report.from_dict({
        "report_version": 2, "ok": False, "session": {"ruleset": "wenling", "options": {}},
        "hands": [hand], "totals": {}, "recorded_totals": {}, "corrections": [], "anomalies": [],
    })  # fmt: skip
    [facts] = hand_facts(report, "s9", names={"小王": "老王"}, recorded_by="B")
    assert facts.players == ("老王", "B", "C", "D")
    assert facts.deal_ins == (("老王", ("B", "C")),)
    assert facts.residual == {("老王", "B"): 2}
    [entry] = facts.shifts
    assert entry.kind == ENTRY and entry.by == "B" and entry.beneficiary == "B"
    assert facts.ref == HandRef("s9", 1, 1)


def test_hand_facts_of_a_simulated_session():
    records, _ = generate_session("zhoushan", 6, 3)
    report = audit(records)
    facts = hand_facts(report, "sim")
    assert len(facts) == 6
    for f, h in zip(facts, report.to_dict()["hands"], strict=True):
        assert f.players == tuple(h["seats"][s] for s in "ESWN")
        wins = sum(1 for w in h["wins"] if w["how"] == "discard")
        assert sum(len(ws) for _, ws in f.deal_ins) == wins
        assert f.residual == {} and f.shifts == ()  # an honest log: nothing beyond the rules


def test_a_small_excess_is_not_flagged_however_sure():
    # 1,800 hands: A deals in 600 times, 280 to B where about a third (200) is chance: p is tiny,
    # but 1.4 times chance is below the 1.5 a flag needs
    hands = []
    for i in range(1800):
        if i < 600:
            ins = [("A", ("B",))] if i < 280 else [("A", ("CD"[i % 2],))]
        else:
            x = "BCD"[i % 3]
            ins = [(x, ([p for p in P if p != x][i // 3 % 3],))]
        hands.append(hand(i, ins))
    s = next(s for s in integrity(hands, "club").signals if s.players == ("A", "B"))
    assert s.q_value < 1e-6 and 1.3 < s.effect < 1.5 and not s.flagged


def test_play_by_hand():
    from engine.integrity.signals import play
    from engine.integrity.stats import hypergeometric_tail

    # A deals in 10 times: 4 to B, 3 of them slower than A's best discard; 6 to C or D, 1 slower
    plays = (
        [("A", "B", True)] * 3
        + [("A", "B", False)]
        + [("A", "C", True)]
        + [("A", "CD"[i % 2], False) for i in range(5)]
    )
    hands = [hand(i, plays=(p,)) for i, p in enumerate(plays)]
    s = one(play(hands, 5), "play", ("A", "B"))
    assert (s["events"], s["observed"]) == (4, 3)
    assert s["expected"] == pytest.approx(4 * 4 / 10)
    # P(X >= 3), X ~ Hypergeometric(10 deal-ins, 4 slower, 4 drawn): (C(4,3)C(6,1) + C(4,4)) / C(10,4)
    assert s["p_value"] == pytest.approx((4 * 6 + 1) / 210)
    assert hypergeometric_tail(10, 4, 4, 3) == pytest.approx(25 / 210)
    assert one(play(hands, 11), "play", ("A", "B"))["p_value"] is None


def test_hand_facts_take_the_review_of_a_full_log():
    from engine.review import review_records

    records, _ = generate_session("zhoushan", 8, 4, collusion=None)
    facts = hand_facts(audit(records), "sim", review=review_records(records))
    dealt = [(d, w) for f in facts for d, ws in f.deal_ins for w in ws]
    plays = [(d, w) for f in facts for d, w, _ in f.plays]
    assert sorted(plays) == sorted(dealt)
