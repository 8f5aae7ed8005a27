"""Wenling winner scoring throughput next to the PyPI ``mahjong`` HandCalculator: prints
figures, asserts nothing.

    .venv/bin/python benchmarks/bench_wenling.py [--hands N] [--repeat R]

(a) score_winner (the maximum over every 得 reading) of random 17-tile winning hands (5 sets +
    pair) with 0, 1, 2, 3 得 (九条), pinned to one core, after one untimed pass (the first pass
    over fresh tables is printed apart);
(b) mahjong.HandCalculator.estimate_hand_value on random riichi 14-tile winning hands;
(c) the ratio wenling hands/s ÷ mahjong hands/s per 得 count (target ≥ 1.0): chunks of hands
    alternate between the two, so the shared machine's load hits both alike, and the ratio is
    the median over the paired chunks; then settle + mistakes;
(d) score_nonwinner of random 16-tile showdowns (0-2 得) and RULESET.score of the hands of a
    simulated session (one winner and three non-winners a hand), µs each.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from bench_hand import side_by_side
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.tile import TilesConverter

from engine.hand import _tables, decompose
from engine.model import HandOutcome, Showdown, Win
from engine.replay import replay
from engine.rulesets import get_ruleset
from engine.rulesets.wenling.nonwinner import score_nonwinner
from engine.rulesets.wenling.winner import score_winner
from engine.simulate import generate_session
from engine.tiles import FACES

RS = get_ruleset("wenling")
OPTS = RS.options()
WILD = "9s"
WILDS = frozenset({WILD})
PLAIN = [f for f in FACES if f != WILD]
CHOWS = [(FACES[i], FACES[i + 1], FACES[i + 2]) for i in range(27) if i % 9 <= 6]
SETS = [(f, f, f) for f in PLAIN] + [c for c in CHOWS if WILD not in c]


def winning_tiles(rng: random.Random, n_sets: int, faces=PLAIN, sets=SETS) -> list[str]:
    while True:
        tiles = [rng.choice(faces)] * 2
        for _ in range(n_sets):
            tiles += rng.choice(sets)
        if max(tiles.count(t) for t in tiles) <= 4:
            return tiles


def wenling_hands(rng: random.Random, count: int, n_wild: int) -> list[tuple[HandOutcome, Win]]:
    out = []
    for _ in range(count):
        tiles = winning_tiles(rng, 5)
        for i in rng.sample(range(17), n_wild):
            tiles[i] = WILD
        win = Win("S", "discard", rng.choice([t for t in tiles if t != WILD] or tiles), "W")
        outcome = HandOutcome(
            no=1,
            seats=dict.fromkeys("ESWN", "x"),
            indicator=WILD,
            wildcards=frozenset({WILD}),
            showdowns={"S": Showdown("S", tuple(tiles))},
            wins=(win,),
        )
        out.append((outcome, win))
    return out


def riichi_hands(rng: random.Random, count: int) -> list[tuple[list[int], int]]:
    out = []
    for _ in range(count):
        tiles = winning_tiles(rng, 4, FACES, [(f, f, f) for f in FACES] + CHOWS)
        by_suit = {s: "".join(t[0] for t in tiles if t[1] == s) for s in "mpsz"}
        arr = TilesConverter.string_to_136_array(
            man=by_suit["m"], pin=by_suit["p"], sou=by_suit["s"], honors=by_suit["z"]
        )
        out.append((arr, rng.choice(arr)))
    return out


def rate(fn, items, repeat: int) -> float:
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        for item in items:
            fn(item)
        runs.append(time.perf_counter() - t)
    return len(items) / statistics.median(runs)


def first_pass(fn, items) -> float:
    """Calls per second over fresh per-suit tables (a worker's first hands)."""
    _tables.SUITED.clear()
    _tables.HONORS.clear()
    _tables._need.cache_clear()
    decompose._PARTS.clear()
    return rate(fn, items, 1)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    rng = random.Random(7)
    calc = HandCalculator()
    riichi = riichi_hands(rng, args.hands)
    print(f"{args.hands} hands per row, {args.repeat} rounds of alternating chunks of 50 hands")
    print(
        "(a) wenling score_winner (max over every 得 reading) | (b) mahjong HandCalculator | (c) ratio"
    )

    def ours(h):
        return score_winner(h[0], h[1], OPTS)

    def peer(h):
        return calc.estimate_hand_value(h[0], h[1])

    for n_wild in range(4):
        hands = wenling_hands(rng, args.hands, n_wild)
        cold = first_pass(ours, hands)
        (t_ours, t_peer), (_, ratio) = side_by_side(
            [(ours, hands), (peer, riichi)], args.repeat, 50
        )
        print(
            f"    {n_wild} 得: {1 / t_ours:9.0f} hands/s | {1 / t_peer:9.0f} hands/s |"
            f" {ratio:5.2f}   (first pass {cold:.0f} hands/s)"
        )
    hands = wenling_hands(rng, args.hands, 1)
    inputs = []
    for outcome, _ in hands:
        scorings = RS.score(outcome, OPTS)
        inputs.append((outcome, scorings, RS.settle_input(outcome, scorings, OPTS)))
    r = rate(lambda i: (RS.settle(i[2], OPTS), list(RS.mistakes(*i, OPTS))), inputs, args.repeat)
    print(f"(c) settle + mistakes: {r:9.0f} hands/s")
    wall = [f for f in FACES for _ in range(4)]
    shows = []
    for _ in range(args.hands):
        n_wild = rng.choice((0, 0, 1, 2))
        shows.append(
            Showdown(rng.choice("ESWN"), (*rng.sample(wall, 16 - n_wild), *[WILD] * n_wild))
        )
    r = rate(lambda s: score_nonwinner(s, WILDS, False, OPTS), shows, args.repeat)
    print(f"(d) score_nonwinner, 16 tiles: {1e6 / r:6.1f} µs")
    outcomes = [h.outcome for h in replay(generate_session("wenling", args.hands, seed=1)[0]).hands]
    r = rate(lambda o: RS.score(o, OPTS), outcomes, args.repeat)
    print(f"    RULESET.score, a simulated hand: {1e6 / r:6.1f} µs")


if __name__ == "__main__":
    main()
