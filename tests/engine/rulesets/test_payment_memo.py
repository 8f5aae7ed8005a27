"""``payment`` hands out shared Payments: each keeps its own words and arithmetic, which a
Payment's equality ignores."""

from engine.rulesets.base import Payment, payment


def test_payments_equal_but_worded_differently_stay_apart():
    a = payment("E", "S", 30, "胡牌", "a win", "30 ÷ 10 × 1")
    b = payment("E", "S", 30, "胡牌", "a win", "60 ÷ 20 × 1")
    assert a == b  # equality ignores the words and the arithmetic
    assert (a.formula, b.formula) == ("30 ÷ 10 × 1", "60 ÷ 20 × 1")
    assert payment("E", "S", 30, "胡牌", "a win", "30 ÷ 10 × 1") is a
    assert a == Payment("E", "S", 30, "胡牌", "a win", "30 ÷ 10 × 1")
