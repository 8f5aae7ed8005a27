"""结算 (seed C.1-3 and 被包方处罚办法 1-4) through engine.audit on
tests/fixtures/wenling/settlement.jsonl (multiplier 2), and settle() on hand-made inputs."""

from engine.audit import audit_records
from engine.model import Win
from engine.rulesets.base import Liability, Scoring, SettleInput
from tests.engine.rulesets.wenling_helpers import RS, hands, records


def _flows(payments):
    return {(p["from"], p["to"]): p["amount"] for p in payments}


def report():
    return audit_records(records("settlement.jsonl"))


def test_session_reconciles_except_the_forgotten_fan():
    rep = report()
    assert rep["anomalies"] == []
    assert [bool(h["disputes"]) for h in rep["hands"]] == [False, False, False, False, True]
    assert all(h["anomalies"] == [] for h in rep["hands"])


def test_winner_paid_by_each_and_nonwinners_pay_the_difference():
    h1 = report()["hands"][0]
    # 南 80: each other seat pays 80/10 × 2 = 16. 西 210, 东 40, 北 10:
    # 东→西 (210-40)/10×2 = 34, 北→西 40, 北→东 6.
    assert h1["points"] == {"E": 40, "S": 80, "W": 210, "N": 10}
    assert _flows(h1["expected_payments"]) == {
        ("E", "S"): 16,
        ("W", "S"): 16,
        ("N", "S"): 16,
        ("E", "W"): 34,
        ("N", "W"): 40,
        ("N", "E"): 6,
    }


def test_bao_san_jia_the_liable_seat_pays_everything():
    h2 = report()["hands"][1]
    # 西 liable, its points count 0: pays 南 3 × 16 = 48; pays 东 40/10×2 = 8 and 北 2;
    # pays what 北 owed 东: (40-10)/10×2 = 6 → 西→东 14.
    assert _flows(h2["expected_payments"]) == {("W", "S"): 48, ("W", "E"): 14, ("W", "N"): 2}


def test_two_instant_winners_each_paid_by_the_nonwinners():
    h3 = report()["hands"][2]
    assert h3["winners"] == ["S", "N"] and h3["limits"] == {"S": "laizi", "N": "laizi"}
    assert _flows(h3["expected_payments"]) == {
        ("E", "S"): 100,
        ("W", "S"): 100,
        ("E", "N"): 100,
        ("W", "N"): 100,
        ("E", "W"): 2,
    }


def test_huang_pai_pays_nothing_and_the_dealer_passes():
    h4 = hands("settlement.jsonl")[4]
    assert RS.score(h4.outcome, h4.opts) == {}
    assert report()["hands"][3]["expected_payments"] == []
    assert RS.next_dealer(h4.outcome, h4.opts) == "S"


def test_forgotten_fan_is_explained():
    disputes = report()["hands"][4]["disputes"]
    assert {(d["from"], d["to"], d["expected"], d["recorded"]) for d in disputes} == {
        ("E", "S", 16, 8),
        ("W", "S", 16, 8),
        ("N", "S", 16, 8),
    }
    assert disputes[0]["explanation"]["code"] == "fan_missed"


ON_DISCARD = (Win("S", "discard", "5p", "W"),)


def _inp(points, liabilities=()):
    return SettleInput(wins=ON_DISCARD, points=points, liabilities=liabilities)


def _pay(inp, **options):
    return {(p.payer, p.payee): p.amount for p in RS.settle(inp, RS.options(options))}


def test_unrounded_points_round_up_when_settled_from_the_command_line():
    # 南 132 counts as 140: 14 each; 东 0 北 0 西 0.
    assert _pay(_inp({"S": 132, "E": 0, "W": 0, "N": 0})) == {
        ("E", "S"): 14,
        ("W", "S"): 14,
        ("N", "S"): 14,
    }


def test_multiplier_scales_every_payment():
    assert _pay(_inp({"S": 50, "E": 20, "W": 0, "N": 0}), multiplier=3) == {
        ("E", "S"): 15,
        ("W", "S"): 15,
        ("N", "S"): 15,
        ("W", "E"): 6,
        ("N", "E"): 6,
    }


def test_bao_on_a_laizi_win_follows_the_option():
    h = hands("settlement.jsonl")[2]
    laizi = {"S": Scoring("S", 500, limit="laizi")}
    on = RS.settle_input(h.outcome, laizi, RS.options())
    off = RS.settle_input(h.outcome, laizi, RS.options({"bao_on_laizi": False}))
    assert on.liabilities == (Liability("bao_san_jia", "W", "S"),)
    assert off.liabilities == ()


def test_bao_not_applied_is_an_explanation():
    h = hands("settlement.jsonl")[2]
    scorings = RS.score(h.outcome, h.opts)
    inp = RS.settle_input(h.outcome, scorings, h.opts)
    codes = [m.code for m in RS.mistakes(h.outcome, scorings, inp, h.opts)]
    assert "bao_not_applied" in codes and "bao_wrongly_applied" not in codes
    h1 = hands("settlement.jsonl")[1]
    s1 = RS.score(h1.outcome, h1.opts)
    mistakes = {
        m.code: m
        for m in RS.mistakes(h1.outcome, s1, RS.settle_input(h1.outcome, s1, h1.opts), h1.opts)
    }
    wrongly = {(p.payer, p.payee): p.amount for p in mistakes["bao_wrongly_applied"].payments}
    assert wrongly == {("W", "S"): 48, ("W", "E"): 14, ("W", "N"): 2}
    assert {"fan_missed", "hu_missed", "fan_added", "nonwinners_not_settled"} <= set(mistakes)


def _slips(fixture, no):
    h = hands(fixture)[no]
    scorings = RS.score(h.outcome, h.opts)
    inp = RS.settle_input(h.outcome, scorings, h.opts)
    return {
        m.code: {(p.payer, p.payee): p.amount for p in m.payments}
        for m in RS.mistakes(h.outcome, scorings, inp, h.opts)
    }


def test_cap_ignored_and_rounded_down_are_explanations():
    # winner_items 18: raw 640 → the table paid 64 instead of 50 (cap ignored).
    assert _slips("winner_items.jsonl", 18)["cap_ignored"][("E", "S")] == 64
    # winner_items 4: raw 136 → the table paid 13 instead of 14 (rounded down).
    assert _slips("winner_items.jsonl", 4)["rounded_down"][("E", "S")] == 13


def test_nonwinners_given_the_base_20_is_an_explanation():
    # settlement hand 1 with +20 for non-winners: 东 (16+20)×2 = 72 → 80, 西 (26+20)×8 = 368 → 370,
    # 北 (8+20) = 28 → 30: 东→西 (370-80)/10×2 = 58, 北→西 68, 北→东 10.
    slips = _slips("settlement.jsonl", 1)["nonwinner_base_toggled"]
    assert {k: v for k, v in slips.items() if "S" not in k} == {
        ("E", "W"): 58,
        ("N", "W"): 68,
        ("N", "E"): 10,
    }


def test_payments_say_why():
    inp = _inp({"S": 80, "E": 40, "W": 210, "N": 10}, (Liability("bao_san_jia", "W", "S"),))
    why = {(p.payer, p.payee): p.reason for p in RS.settle(inp, RS.options())}
    # a seat is a placeholder the audit names with the hand's player (engine.model.who)
    win, diff = "胡牌：没胡的一家付胡家 牌点 ÷ 10", "闲家差额：没胡的两家按牌点之差 ÷ 10 互付"
    # the rules behind one payment are clauses: "；" between them in Chinese, "; " in English
    assert why[("W", "S")] == f"包三家(代{{E}})；{win}；包三家(代{{N}})"
    assert why[("W", "E")] == f"{diff}；包三家(代{{N}})"
    en = {(p.payer, p.payee): p.en for p in RS.settle(inp, RS.options())}
    assert en[("W", "E")] == (
        "non-winners settle the difference of their points ÷ 10; "
        "the liable seat pays in place of {N}"
    )
    plain = {
        (p.payer, p.payee): p.reason for p in RS.settle(_inp({"S": 80, "E": 40}), RS.options())
    }
    assert plain[("E", "S")] == win and plain[("W", "E")] == diff
