"""付筹码篇: the seed's two worked examples, payment by payment, and the settlement options."""

import pytest

from engine.model import Win
from engine.rulesets import get_ruleset
from engine.rulesets.base import SettleInput

RS = get_ruleset("huangyan")


def _settle(winner, points, how="self_draw", **options):
    inp = SettleInput(wins=(Win(winner, how, "1m"),), points=points)
    return {(p.payer, p.payee): p.amount for p in RS.settle(inp, RS.options(options))}


def _net(payments):
    net = dict.fromkeys("ESWN", 0)
    for (payer, payee), amount in payments.items():
        net[payer] -= amount
        net[payee] += amount
    return net


def test_seed_example_dealer_wins():
    # 莊家胡 20胡, 南 28, 西 6, 北 12.
    # 1. 南西北 each pay the dealer 20 in full.
    # 2. 闲家之间相减再除以2: 西→南 (28-6)/2 = 11, 西→北 (12-6)/2 = 3, 北→南 (28-12)/2 = 8.
    paid = _settle("E", {"E": 20, "S": 28, "W": 6, "N": 12})
    assert paid == {
        ("S", "E"): 20,
        ("W", "E"): 20,
        ("N", "E"): 20,
        ("W", "S"): 11,
        ("W", "N"): 3,
        ("N", "S"): 8,
    }
    assert _net(paid) == {"E": 60, "S": -1, "W": -34, "N": -25}


def test_seed_example_non_dealer_wins():
    # 北风家胡 12胡, 南 28, 西 6, 庄 20.
    # 1. 庄家 pays 北 12 in full; 南, 西 pay 12/2 = 6 each.
    # 2. dealer and non-dealers settle full differences: 庄→南 28-20 = 8, 西→庄 20-6 = 14.
    # 3. the two others halve: 西→南 (28-6)/2 = 11.
    paid = _settle("N", {"E": 20, "S": 28, "W": 6, "N": 12}, how="discard")
    assert paid == {
        ("E", "N"): 12,
        ("S", "N"): 6,
        ("W", "N"): 6,
        ("E", "S"): 8,
        ("W", "E"): 14,
        ("W", "S"): 11,
    }
    assert _net(paid) == {"E": -6, "S": 13, "W": -31, "N": 24}


def test_odd_halves_round_up_by_default_and_down_by_option():
    # 南 wins 13: the two 闲家 owe 6.5 each; 西 27 vs 北 0: (27-0)/2 = 13.5.
    points = {"E": 0, "S": 13, "W": 27, "N": 0}
    up = _settle("S", points)
    assert up[("W", "S")] == 7 and up[("N", "S")] == 7 and up[("N", "W")] == 14
    down = _settle("S", points, half_rounding="down")
    assert down[("W", "S")] == 6 and down[("N", "S")] == 6 and down[("N", "W")] == 13


def test_li_per_hu_multiplies_before_halving():
    # 2 粒 per 胡: 北 wins 13 → dealer 26, the others 13 each (no rounding needed).
    paid = _settle("N", {"E": 0, "S": 0, "W": 0, "N": 13}, li_per_hu=2)
    assert paid == {("E", "N"): 26, ("S", "N"): 13, ("W", "N"): 13}


def test_equal_points_pay_nothing_and_a_missing_seat_counts_zero():
    paid = _settle("E", {"E": 30, "S": 8, "W": 8})
    assert paid == {("S", "E"): 30, ("W", "E"): 30, ("N", "E"): 30, ("N", "S"): 4, ("N", "W"): 4}


def test_a_drawn_hand_pays_nothing():
    assert RS.settle(SettleInput(wins=(), points={"E": 20, "S": 4}), RS.options()) == []


@pytest.mark.parametrize("winner", ["E", "S", "W", "N"])
def test_payments_always_balance_to_the_winners_take(winner):
    points = {"E": 17, "S": 33, "W": 5, "N": 12}
    paid = _settle(winner, points)
    net = _net(paid)
    assert sum(net.values()) == 0
    take = points[winner] * 3 if winner == "E" else points[winner] + 2 * ((points[winner] + 1) // 2)
    assert net[winner] == take


def test_two_winners_are_refused_with_a_clear_message():
    inp = SettleInput(
        wins=(Win("N", "discard", "1m", "E"), Win("S", "discard", "1m", "E")),
        points={"N": 12, "S": 20},
    )
    with pytest.raises(ValueError, match="one winner per hand, not 2 \\(N, S\\)"):
        RS.settle(inp, RS.options())
