"""舟山 算分规则: one hand-computed v1 summary log per 台 item and per settlement rule
(tests/fixtures/zhoushan/items.jsonl; each hand's note shows the arithmetic), replayed, then
through score() and settle(), and the whole path through the audit. Defaults: 底 1, stake 1, cap 4, the discarder pays alone."""

import pytest

from engine.audit import audit_records
from engine.model import HandOutcome, Showdown, Win
from engine.rulesets import get_ruleset
from engine.tiles import parse_tiles
from tests.engine.rulesets.review_helpers import fixture_records
from tests.engine.rulesets.tai_helpers import by_code, flows, pay, summary_hands

RS = get_ruleset("zhoushan")

# hand no -> {winner: {item code: 台}} (value × count), read off the seed clause by clause.
EXPECTED_LINES = {
    1: {"S": {"red_pung": 1}},
    2: {"N": {"green_pung": 1, "white_pung": 1, "zimo": 1}},
    3: {"W": {"own_flower": 2}},
    4: {"S": {"flower_set": 2, "own_flower": 1}},
    5: {"E": {"all_flowers": 4, "zimo": 1}},
    6: {"S": {"duidao": 1}},
    7: {"E": {"kanchan": 1}},
    8: {"N": {"penchan": 1}},
    9: {"W": {"dandiao": 1}},
    10: {"N": {"dandiao": 2, "zimo": 1}},
    11: {"S": {"pengpeng": 2, "duidao": 1}},
    12: {"W": {"hunyise": 2}},
    13: {"S": {"qingyise": 4, "duidao": 1}},
    14: {"N": {"gang_kai": 2}},
    15: {"S": {"gang_kai": 2}},
    16: {"E": {"gang_kai": 2}},
    17: {"W": {"kanchan": 1}},
    18: {"N": {"paihu": 1}},
    19: {"N": {}},
    20: {"S": {"haidi": 4}},
    21: {"S": {"zimo": 1}},
    22: {"E": {"tianhu": 4, "zimo": 1}},
    23: {"S": {"dihu": 1, "zimo": 1}},
    24: {"W": {"quanfeng": 1}},
    25: {"S": {"red_pung": 1}, "N": {"kanchan": 1, "green_pung": 1}},
}
# hands whose raw 台 exceed the cap of 4
RAW = {5: 5, 13: 5, 22: 5}


def hands(**options):
    return summary_hands("zhoushan/items.jsonl", **options)


@pytest.mark.parametrize("no", sorted(EXPECTED_LINES))
def test_items_points_and_payments_match_the_hand_computed_log(no):
    hand = hands()[no - 1]
    scorings = RS.score(hand.outcome, hand.opts)
    assert {seat: by_code(s) for seat, s in scorings.items()} == EXPECTED_LINES[no]
    for seat, s in scorings.items():
        raw = sum(EXPECTED_LINES[no][seat].values())
        assert s.raw == RAW.get(no, raw) and s.points == min(raw, 4)
    payments = RS.settle(RS.settle_input(hand.outcome, scorings, hand.opts), hand.opts)
    recorded = {(p["from"], p["to"]): p["amount"] for p in hand.settlement["payments"]}
    assert flows(payments) == recorded


def test_discard_payer_all_makes_all_three_pay():
    # hand 1: 中3个 1台 -> every loser pays 底1 + 1 = 2
    hand = hands(discard_payer="all")[0]
    assert flows(pay(RS, hand)) == {("E", "S"): 2, ("W", "S"): 2, ("N", "S"): 2}


def test_stake_and_base_options():
    # hand 2: 3台 self-drawn; stake 2, no 底 -> each pays 2 x 3 = 6
    hand = hands(stake=2, base=0)[1]
    assert flows(pay(RS, hand)) == {("E", "N"): 6, ("S", "N"): 6, ("W", "N"): 6}


def test_no_cap_pays_the_raw_tai():
    # hand 13: 清一色 4 + 对倒 1 = 5; cap 0 -> W pays 1 + 5 = 6
    hand = hands(cap=0)[12]
    scorings = RS.score(hand.outcome, hand.opts)
    assert scorings["S"].points == 5
    assert flows(RS.settle(RS.settle_input(hand.outcome, scorings, hand.opts), hand.opts)) == {
        ("W", "S"): 6
    }


def test_haidi_both_counts_a_self_drawn_last_tile():
    # hand 21: 海底 4 + 自摸 1 = 5 -> 4; each pays 5
    hand = hands(haidi="both")[20]
    scorings = RS.score(hand.outcome, hand.opts)
    assert by_code(scorings["S"]) == {"haidi": 4, "zimo": 1} and scorings["S"].points == 4


def test_tile_numbers_flower_order_changes_the_own_flowers():
    # hand 3: with 梅1兰2菊3竹4 西 owns 秋 and 菊 (8f); W revealed 春 秋 竹 -> only 秋: 1台
    hand = hands(flower_order="tile_numbers")[2]
    assert by_code(RS.score(hand.outcome, hand.opts)["W"]) == {"own_flower": 1}


def test_tanki_self_draw_option():
    # hand 10 with 自摸单钓 counted as 2 in all (the 2 includes 自摸): 1 + 1 = 2
    hand = hands(tanki_self_draw_tai=1)[9]
    assert RS.score(hand.outcome, hand.opts)["N"].points == 2


def test_next_dealer():
    hs = hands()
    assert RS.next_dealer(hs[6].outcome, RS.options()) == "E"  # dealer won: 连庄
    assert RS.next_dealer(hs[0].outcome, RS.options()) == "S"  # S won: 下庄
    assert RS.next_dealer(hs[24].outcome, RS.options()) == "N"  # 一炮多响 on W: N is first


def test_a_hand_that_is_not_a_win_scores_nothing():
    hand = hands()[0]
    broken = HandOutcome(no=1, seats=hand.outcome.seats, wins=hand.outcome.wins)
    assert RS.score(broken, hand.opts)["S"].limit == "not_winning"


def test_the_full_path_replay_and_audit_agree_with_every_hand():
    # codec -> replay -> score/settle -> audit: no hand anomaly, no dispute, the same 台
    report = audit_records(fixture_records("zhoushan/items.jsonl"))
    for h in report["hands"]:
        assert (h["no"], h["anomalies"], h["disputes"]) == (h["no"], [], [])
        expected = {s: min(sum(v.values()), 4) for s, v in EXPECTED_LINES[h["no"]].items()}
        assert h["points"] == expected


@pytest.mark.parametrize("concealed", ["123m", "11111m23456789m99p", "123456789m123p555z"])
def test_impossible_tiles_score_as_not_winning_not_a_traceback(concealed):
    show = Showdown("S", tuple(parse_tiles(concealed)))
    outcome = HandOutcome(
        no=1, seats={}, showdowns={"S": show}, wins=(Win("S", "discard", "1m", "W"),)
    )
    for name in ("zhoushan", "xizhou"):
        rs = get_ruleset(name)
        assert rs.score(outcome, rs.options())["S"].limit == "not_winning"
