"""A night's ledger: net per player over sessions, and "settle up" with the fewest transfers.

Fewest transfers = players with a non-zero balance minus the most groups that each sum to zero
(each group of k clears in k-1 transfers). That is exact by a subset DP up to ``EXACT_LIMIT``
players with a balance; beyond it we clear greedily (largest debtor pays largest creditor),
which is at most one transfer per player and what clubs do by hand anyway.
"""

from __future__ import annotations

from collections.abc import Mapping

EXACT_LIMIT = 14


def settle_up(net: Mapping[str, int]) -> list[dict]:
    """Transfers ``{"from", "to", "amount"}`` clearing every balance (they must sum to zero)."""
    if sum(net.values()) != 0:
        raise ValueError("balances do not sum to zero")
    people = sorted(p for p, v in net.items() if v)
    groups = _zero_groups(people, net) if len(people) <= EXACT_LIMIT else [people]
    transfers: list[dict] = []
    for group in groups:
        transfers.extend(_clear_greedily({p: net[p] for p in group}))
    return transfers


def _zero_groups(people: list[str], net: Mapping[str, int]) -> list[list[str]]:
    """Split into the most zero-sum groups: best[mask] = most groups among the players of mask."""
    n = len(people)
    full = (1 << n) - 1
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = (mask & -mask).bit_length() - 1
        total[mask] = total[mask & (mask - 1)] + net[people[low]]
    best = [0] * (1 << n)
    back = [0] * (1 << n)
    for mask in range(1, 1 << n):
        for i in range(n):
            if mask >> i & 1:
                prev = mask ^ (1 << i)
                value = best[prev] + (1 if total[mask] == 0 else 0)
                if value > best[mask] or back[mask] == 0:
                    best[mask], back[mask] = value, prev
    # Walk back: every time the running subset sums to zero a group closes.
    groups, current, mask = [], [], full
    while mask:
        prev = back[mask]
        current.append(people[(mask ^ prev).bit_length() - 1])
        if total[prev] == 0:
            groups.append(current)
            current = []
        mask = prev
    return groups


def _clear_greedily(balances: dict[str, int]) -> list[dict]:
    transfers = []
    debtors = sorted(((-v, p) for p, v in balances.items() if v < 0), reverse=True)
    creditors = sorted(((v, p) for p, v in balances.items() if v > 0), reverse=True)
    while debtors and creditors:
        owe, debtor = debtors.pop(0)
        due, creditor = creditors.pop(0)
        amount = min(owe, due)
        transfers.append({"from": debtor, "to": creditor, "amount": amount})
        if owe > amount:
            debtors.insert(0, (owe - amount, debtor))
            debtors.sort(reverse=True)
        if due > amount:
            creditors.insert(0, (due - amount, creditor))
            creditors.sort(reverse=True)
    return transfers
