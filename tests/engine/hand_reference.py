"""Slow, obviously-correct references for engine.hand, written independently of its tables."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement

from engine.tiles import FACES

CHOWS = [(FACES[i], FACES[i + 1], FACES[i + 2]) for i in range(27) if i % 9 <= 6]
SETS = [(f, f, f) for f in FACES] + CHOWS


def groupings(tokens: list[tuple[str, bool]]) -> set[tuple]:
    """Every (pair, sorted sets) split of (face, is_wild) tokens; a group is (kind, faces, wild)."""
    out: set[tuple] = set()

    def rec(rest: list, pair, sets: list) -> None:
        if not rest:
            if pair is not None:
                out.add((pair, tuple(sorted(sets, key=_order))))
            return
        first = rest[0]
        shapes = [("pair", (first[0],) * 2), ("pung", (first[0],) * 3)]
        shapes += [("chow", c) for c in CHOWS if first[0] in c]
        for kind, shape in shapes:
            if kind == "pair" and pair is not None:
                continue
            for chosen in _pick(rest, shape):
                left = list(rest)
                for tok in chosen:
                    left.remove(tok)
                wild = tuple(tok[1] for tok in chosen)
                group = (kind, shape, wild if kind == "chow" else tuple(sorted(wild)))
                if kind == "pair":
                    rec(left, group, sets)
                else:
                    rec(left, pair, sets + [group])

    rec(sorted(tokens, key=lambda t: (FACES.index(t[0]), t[1])), None, [])
    return out


def _pick(tokens: list, shape: tuple[str, ...]) -> set[tuple]:
    """Ways to take one token per place of ``shape``, using the first token."""
    options: set[tuple] = set()

    def rec(i: int, chosen: tuple, pool: list) -> None:
        if i == len(shape):
            if tokens[0] in chosen:
                options.add(chosen)
            return
        for tok in set(pool):
            if tok[0] == shape[i]:
                rest = list(pool)
                rest.remove(tok)
                rec(i + 1, chosen + (tok,), rest)

    rec(0, (), tokens)
    return options


def _order(group: tuple) -> tuple:
    return (tuple(FACES.index(f) for f in group[1]), group[0], group[2])


def substitutions(n_wild: int):
    """Every multiset of faces the 得 may stand for."""
    return combinations_with_replacement(FACES, n_wild)


def readings(real: list[str], n_wild: int) -> set[tuple]:
    """Every reading, by substituting each 得 by each face and splitting every way."""
    out: set[tuple] = set()
    for faces in substitutions(n_wild):
        out |= groupings([(t, False) for t in real] + [(f, True) for f in faces])
    return out


def is_win(counts: Counter) -> bool:
    """Plain pair + sets check on face counts (any number of copies)."""
    for pair in [f for f, c in counts.items() if c >= 2]:
        rest = counts.copy()
        rest[pair] -= 2
        if _sets(rest):
            return True
    return False


def _sets(counts: Counter) -> bool:
    live = [f for f in FACES if counts[f]]
    if not live:
        return True
    f = live[0]
    candidates = [(f, f, f)] if counts[f] >= 3 else []
    candidates += [c for c in CHOWS if c[0] == f and all(counts[t] for t in c)]
    for group in candidates:
        for t in group:
            counts[t] -= 1
        ok = _sets(counts)
        for t in group:
            counts[t] += 1
        if ok:
            return True
    return False


def is_win_brute(real: list[str], n_wild: int) -> bool:
    base = Counter(real)
    return any(is_win(base + Counter(faces)) for faces in substitutions(n_wild))


def winning_targets(size: int) -> list[Counter]:
    """Every pair + sets multiset of ``size`` (3n+2) tiles."""
    out = []
    for pair in FACES:
        for sets in combinations_with_replacement(SETS, (size - 2) // 3):
            c = Counter([pair, pair])
            for s in sets:
                c.update(s)
            out.append(c)
    return out


def shanten_brute(real: list[str], n_wild: int, targets: list[Counter]) -> int:
    """Fewest draws to reach some target hand, minus one; a 得 covers any missing tile."""
    have = Counter(real)
    draws = min(max(sum((t - have).values()) - n_wild, 0) for t in targets)
    return draws - 1
