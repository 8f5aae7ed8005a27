"""The efficiency review's throughput: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_review.py [--hands N] [--repeat R] [--sessions S] [--oracle]

(a) shanten of 14-tile hands without 得, side by side with the `mahjong` package's
    Shanten.calculate_shanten on the same hands in the same run (each side its native input,
    converted before timing; chunks alternate so the shared machine's load hits both alike);
(b) shanten with 1-3 得, and the draw probe (shanten + effective tiles) of 13-tile hands;
(c) a whole full-log hand reviewed for all four seats, per ruleset: median and p95 ms;
(d) review time as a share of the verification (audit) of the same sessions;
(e) with --oracle: the brute-force reference of the tests on 20 000 hands per family, effective
    tiles included (the test file checks 1 200 by default to stay near a minute).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_hand import near_wins, side_by_side  # noqa: E402
from engine.audit import audit_records  # noqa: E402
from engine.efficiency import Hand, draws, shanten  # noqa: E402
from engine.hand import _tables  # noqa: E402
from engine.hand import shanten as hand_shanten  # noqa: E402
from engine.replay import replay  # noqa: E402
from engine.review import review_hand  # noqa: E402
from engine.rulesets import SHIPPED  # noqa: E402
from engine.simulate.session import generate_session  # noqa: E402
from engine.tiles import FACES  # noqa: E402


def calibrate() -> float:
    """Seconds of a fixed pure-Python loop: compare machines by this."""
    start = time.perf_counter()
    for _ in range(1000):
        sum(range(1000))
    return time.perf_counter() - start


def fourteen(rng: random.Random, n: int) -> list[list[str]]:
    """``n`` 14-tile hands: half near a win, half drawn at random from a full set."""
    wall = [f for f in FACES for _ in range(4)]
    return near_wins(rng, n // 2, 14) + [rng.sample(wall, 14) for _ in range(n - n // 2)]


def part_a(rng: random.Random, n: int, repeat: int) -> None:
    from mahjong.shanten import Shanten

    hands = fourteen(rng, n)
    ours = [Hand(tuple(h)) for h in hands]
    arrays = [[Counter(h)[f] for f in FACES] for h in hands]
    peer = Shanten()
    for h in fourteen(random.Random("a day of play"), 5 * n):
        shanten(Hand(tuple(h)))  # other hands fill the per-suit tables, as a worker's are
    pairs = dict(_tables._LOW), dict(_tables._HIGH)

    def warm() -> None:  # the hand memos empty, the per-suit and class-pair tables as after warming
        _tables.clear_hand_memos(class_pairs=True)
        _tables._LOW.update(pairs[0])
        _tables._HIGH.update(pairs[1])

    def cold() -> None:  # the class-pair tables empty too (only per-suit tables warm)
        _tables.clear_hand_memos(class_pairs=True)

    cases = [
        (shanten, ours, warm),
        (shanten, ours, cold),
        (hand_shanten, hands, warm),
        (peer.calculate_shanten, arrays, warm),
        (peer.calculate_shanten_for_regular_hand, arrays, warm),
    ]
    times: list[list[float]] = [[] for _ in cases]
    for r in range(repeat):
        for lo in range(0, len(hands), 250):
            order = list(zip(cases, times, strict=True))
            for (fn, items, reset), out in order[:: -1 if (r + lo // 250) % 2 else 1]:
                reset()
                part = items[lo : lo + 250]
                start = time.thread_time()
                for item in part:
                    fn(item)
                out.append((time.thread_time() - start) / len(part))
    med = [statistics.median(t) for t in times]

    def ratio(i: int, j: int) -> float:  # median over paired chunks of case j's time / case i's
        return statistics.median(b / a for a, b in zip(times[i], times[j], strict=True))

    print(f"(a) 14 tiles, no 得, {len(hands)} hands (half near a win), median of {repeat} over")
    print(
        "    chunks of 250 in alternating order, thread CPU time; the tables warmed on 5x as many"
    )
    print("    other hands,")
    print(f"    hand-level memos emptied before each chunk ({len(pairs[0]) + len(pairs[1])} class")
    print("    pairs after warming):")
    rows = [
        ("fupan efficiency.shanten(Hand)", ""),
        ("  same, class-pair tables emptied", ""),
        ("fupan engine.hand.shanten(list[str])", ""),
        ("mahjong calculate_shanten(34-array)", f"  -> efficiency.shanten {ratio(0, 3):.2f}x"),
        ("mahjong ..._for_regular_hand", f"  -> efficiency.shanten {ratio(0, 4):.2f}x"),
    ]
    for (label, note), t in zip(rows, med, strict=True):
        print(f"    {label:38s} {t * 1e6:7.2f} us {1 / t:10,.0f}/s{note}")
    print(
        f"    with the class-pair tables emptied: {ratio(1, 3):.2f}x calculate_shanten,"
        f" {ratio(1, 4):.2f}x the regular-hand call"
    )


def part_b(rng: random.Random, n: int, repeat: int) -> None:
    print(f"(b) with 得 (5z), {n} hands each, median of {repeat}:")
    for size in (14, 17):
        for n_wild in (1, 2, 3):
            hands = [
                Hand(tuple(h), wildcards=frozenset({"5z"})) for h in near_wins(rng, n, size, n_wild)
            ]
            probe = [Hand(h.concealed[:-1], wildcards=h.wildcards) for h in hands]
            (t, t_probe), _ = side_by_side([(shanten, hands), (draws, probe)], repeat)
            print(
                f"    {size} tiles, {n_wild} 得: shanten {1 / t:9,.0f}/s ({t * 1e6:6.1f} us);"
                f"  {size - 1}-tile draw probe {1 / t_probe:8,.0f}/s ({t_probe * 1e6:6.1f} us)"
            )


def part_cd(sessions: int, hands: int) -> None:
    print(f"(c)+(d) {sessions} simulated sessions of {hands} hands per ruleset (CPU time):")
    for name in SHIPPED:
        logs = [generate_session(name, hands, seed=900 + i)[0] for i in range(sessions)]
        review_hand(replay(logs[0]).hands[0])  # warm
        per_hand, audit_s, review_s = [], 0.0, 0.0
        for records in logs:
            start = time.process_time()
            audit_records(records)
            audit_s += time.process_time() - start
            start = time.process_time()
            rep = replay(records)
            for hand in rep.hands:
                t = time.process_time()
                review_hand(hand)
                per_hand.append(time.process_time() - t)
            review_s += time.process_time() - start
        per_hand.sort()
        p95 = per_hand[int(0.95 * (len(per_hand) - 1))]
        print(
            f"    {name:9s} a hand, four seats: median {statistics.median(per_hand) * 1e3:7.1f} ms,"
            f" p95 {p95 * 1e3:7.1f} ms;  review / verification = {review_s / audit_s:6.1f}x"
            f" ({review_s:.2f} s vs {audit_s:.2f} s)"
        )


def part_e() -> None:
    from tests.engine import efficiency_reference as ref
    from tests.engine.test_efficiency import _reference, random_hand

    for family in ("standard", "wenling"):
        rng = random.Random(f"bench-oracle-{family}")
        start, bad = time.perf_counter(), 0
        for _ in range(20_000):
            hand, shown = random_hand(rng, family)
            got = draws(hand)
            bad += (got.shanten, list(got.effective)) != _reference(hand, shown)
        print(
            f"(e) {family}: 20 000 hands, shanten and effective tiles vs the reference: "
            f"{bad} disagreements ({time.perf_counter() - start:.0f} s)"
        )
        ref.kept.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--session-hands", type=int, default=8)
    parser.add_argument("--oracle", action="store_true")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    print(f"calibration loop: {calibrate():.3f} s")
    rng = random.Random(2026)
    part_a(rng, args.hands, args.repeat)
    part_b(rng, args.hands // 4, args.repeat)
    part_cd(args.sessions, args.session_hands)
    if args.oracle:
        part_e()


if __name__ == "__main__":
    main()
