"""Hand analysis throughput: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_hand.py [--hands N] [--repeat R]

(a) 14-tile win checks without 得, side by side with the `mahjong` package's Agari.is_agari
    (converted before timing: Agari and is_winning_counts get the same 34-arrays — the counts
    form the replay and the simulator keep —, is_winning_hand a tile list);
(b) 17-tile win checks with 0-3 得 against Agari's 14-tile rate in the same run;
(c) waits and shanten for 13- and 16-tile hands;
(d) decompositions (every reading, with the winning tile) of winning 17-tile hands, 0-3 得.
Median of R runs, pinned to one core where the OS allows; side-by-side chunks in thread CPU time.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter

from engine.hand import (
    _tables,
    decompose,
    decompositions,
    is_winning_counts,
    is_winning_hand,
    shanten,
    waits,
)
from engine.tiles import FACES

CHOWS = [(FACES[i], FACES[i + 1], FACES[i + 2]) for i in range(27) if i % 9 <= 6]
SETS = [(f, f, f) for f in FACES] + CHOWS


def near_wins(rng: random.Random, count: int, size: int, n_wild: int = 0, wild: str = "5z"):
    """Hands built as pair + sets, 0-2 tiles changed, ``n_wild`` tiles replaced by the 得 kind."""
    out = []
    while len(out) < count:
        tiles = [rng.choice(FACES)] * 2
        for _ in range(size // 3):
            tiles += rng.choice(SETS)
        rng.shuffle(tiles)
        tiles = tiles[:size]
        for _ in range(rng.choice((0, 1, 2))):
            tiles[rng.randrange(size)] = rng.choice(FACES)
        tiles = [t for t in tiles if t != wild][: size - n_wild] + [wild] * n_wild
        tiles += [rng.choice(FACES) for _ in range(size - len(tiles))]
        if max(Counter(tiles).values()) <= 4 and tiles.count(wild) == n_wild:
            out.append(tiles)
    return out


def per_call(fn, items, repeat: int) -> float:
    """Median seconds per call of fn over items."""
    return side_by_side([(fn, items)], repeat)[0][0]


def side_by_side(
    cases, repeat: int, chunk: int = 250, alternate: bool = False
) -> tuple[list[float], list[float]]:
    """Median seconds per call of each (fn, items), and the median ratio of each case to the
    first. Chunks of items alternate between the cases, so the machine's load hits all alike;
    with ``alternate`` the cases' order is reversed every other chunk (no first-position bias).
    Each chunk is timed in this thread's CPU time: on a shared machine a longer chunk is more
    often descheduled, and wall time would charge that to the slower side."""
    samples: list[list[float]] = [[] for _ in cases]
    for r in range(repeat):
        for lo in range(0, len(cases[0][1]), chunk):
            order = list(zip(cases, samples, strict=True))
            if alternate and (r + lo // chunk) % 2:
                order.reverse()
            for (fn, items), out in order:
                part = items[lo : lo + chunk]
                start = time.thread_time()
                for item in part:
                    fn(item)
                out.append((time.thread_time() - start) / len(part))
    ratios = [statistics.median(b / a for a, b in zip(samples[0], s, strict=True)) for s in samples]
    return [statistics.median(s) for s in samples], ratios


def fresh_tables() -> None:
    _tables.SUITED.clear()
    _tables.HONORS.clear()
    _tables._need.cache_clear()
    for table in _tables._BY_COUNTS.values():
        table.clear()
    decompose._PARTS.clear()


def winning_hands(rng: random.Random, count: int, n_wild: int, wild: str = "5z"):
    """(tiles, winning tile): pair + five sets without the 得 face, ``n_wild`` tiles made 得."""
    out = []
    while len(out) < count:
        tiles = [rng.choice(FACES)] * 2 + [t for _ in range(5) for t in rng.choice(SETS)]
        if wild in tiles or max(Counter(tiles).values()) > 4:
            continue
        for i in rng.sample(range(17), n_wild):
            tiles[i] = wild
        out.append((tiles, rng.choice(tiles)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    rng = random.Random(2026)

    from mahjong.agari import Agari

    hands = near_wins(rng, args.hands, 14)
    arrays = [[Counter(h)[f] for f in FACES] for h in hands]
    agari = Agari()
    fresh_tables()
    cold = per_call(is_winning_hand, hands, 1)
    per_call(is_winning_counts, arrays, 1)  # fills the tables keyed by a suit's counts
    (peer, ours, by_counts), (_, ratio, ratio_counts) = side_by_side(
        [(agari.is_agari, arrays), (is_winning_hand, hands), (is_winning_counts, arrays)],
        args.repeat,
        alternate=True,
    )
    wins = sum(map(is_winning_hand, hands))
    print(f"(a) 14 tiles, no 得, {len(hands)} hands ({wins} wins), median of {args.repeat}:")
    print(
        f"    mahjong Agari.is_agari(34-array)       {peer * 1e6:6.2f} us/call  {1 / peer:10,.0f}/s"
    )
    print(
        f"    fupan is_winning_hand(list[str])       {ours * 1e6:6.2f} us/call  {1 / ours:10,.0f}/s"
        f"  -> {1 / ratio:.2f}x Agari's rate"
    )
    print(
        f"    fupan is_winning_counts(same 34-array) {by_counts * 1e6:6.2f} us/call"
        f"  {1 / by_counts:10,.0f}/s  -> {1 / ratio_counts:.2f}x Agari's rate"
    )
    print(
        f"    (ratios: median over paired chunks; first pass over fresh tables {cold * 1e6:.2f} us)"
    )

    print("(b) 17 tiles with 得 (白 5z is 得), against Agari's 14-tile rate in the same run:")
    for n_wild in range(4):
        hands17 = near_wins(rng, args.hands, 17, n_wild)
        rows17 = [[Counter(h)[f] for f in FACES] for h in hands17]
        fresh_tables()
        cold = per_call(lambda h: is_winning_hand(h, wildcards="5z"), hands17, 1)
        per_call(lambda h: is_winning_counts(h, wildcards="5z"), rows17, 1)
        (_, warm, by_counts), (_, r_list, r_counts) = side_by_side(
            [
                (agari.is_agari, arrays),
                (lambda h: is_winning_hand(h, wildcards="5z"), hands17),
                (lambda h: is_winning_counts(h, wildcards="5z"), rows17),
            ],
            args.repeat,
            alternate=True,
        )
        print(
            f"    {n_wild} 得: list {warm * 1e6:6.2f} us/call ({1 / r_list:.2f}x),"
            f" counts {by_counts * 1e6:6.2f} us/call ({1 / r_counts:.2f}x)"
            f"   (first pass {cold * 1e6:.2f} us/call)"
        )

    print("(c) waits and shanten:")
    for size in (13, 16):
        for n_wild in (0, 2):
            sample = near_wins(rng, max(args.hands // 5, 100), size, n_wild)
            w = per_call(lambda h: waits(h, wildcards="5z"), sample, args.repeat)
            s = per_call(lambda h: shanten(h, wildcards="5z"), sample, args.repeat)
            print(
                f"    {size} tiles, {n_wild} 得: waits {w * 1e6:7.1f} us   shanten {s * 1e6:7.1f} us"
            )
    print("(d) decompositions of winning 17-tile hands with the winning tile (白 5z is 得):")
    for n_wild in range(4):
        sample = winning_hands(rng, max(args.hands // 5, 100), n_wild)

        def read(hand):
            return sum(1 for _ in decompositions(hand[0], wildcards="5z", winning_tile=hand[1]))

        fresh_tables()
        cold = per_call(read, sample, 1)
        warm = per_call(read, sample, args.repeat)
        mean = sum(map(read, sample)) / len(sample)
        print(
            f"    {n_wild} 得: {warm * 1e6:7.1f} us/hand, {mean:5.1f} readings"
            f" (max {max(map(read, sample))}; first pass {cold * 1e6:.1f} us/hand)"
        )
    start = time.perf_counter()
    fresh_tables()
    entries = _tables.warm(8)
    print(f"warm(8): {entries} suit entries in {time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
