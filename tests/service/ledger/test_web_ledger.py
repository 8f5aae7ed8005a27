"""Settle-up: every balance cleared, with the fewest transfers (checked against brute force)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.ledger.settle import settle_up


def _apply(net, transfers):
    left = dict(net)
    for t in transfers:
        assert t["amount"] > 0
        left[t["from"]] += t["amount"]
        left[t["to"]] -= t["amount"]
    return left


def _fewest(net) -> int:
    """Brute force: players with a balance minus the most disjoint zero-sum groups."""
    people = [p for p, v in net.items() if v]
    best = 0

    def groups(rest, count):
        nonlocal best
        if not rest:
            best = max(best, count)
            return
        first, others = rest[0], rest[1:]
        for k in range(len(others) + 1):
            for combo in itertools.combinations(others, k):
                if net[first] + sum(net[p] for p in combo) == 0:
                    groups([p for p in others if p not in combo], count + 1)

    groups(people, 0)
    return len(people) - best


balances = st.lists(st.integers(-50, 50), min_size=1, max_size=7).map(
    lambda xs: {f"p{i}": x for i, x in enumerate(xs)} | {"last": -sum(xs)}
)


@settings(max_examples=150, deadline=None)
@given(balances)
def test_settle_up_clears_everything_with_the_fewest_transfers(net):
    transfers = settle_up(net)
    assert set(_apply(net, transfers).values()) <= {0}
    assert len(transfers) == _fewest(net)


def test_two_independent_debts_stay_two_transfers():
    transfers = settle_up({"a": -5, "b": 5, "c": -3, "d": 3})
    assert sorted((t["from"], t["to"], t["amount"]) for t in transfers) == [
        ("a", "b", 5),
        ("c", "d", 3),
    ]


def test_balances_must_sum_to_zero():
    with pytest.raises(ValueError, match="sum to zero"):
        settle_up({"a": 1})


def test_many_players_fall_back_to_greedy_but_still_clear():
    net = {f"p{i}": (i % 7) - 3 for i in range(30)}
    net["bank"] = -sum(net.values())
    transfers = settle_up(net)
    assert set(_apply(net, transfers).values()) <= {0}
    assert len(transfers) < len(net)
