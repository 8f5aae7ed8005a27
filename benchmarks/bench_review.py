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


def part_a(rng: random.Random, n: int, repeat: int) -> None:
    from mahjong.shanten import Shanten

    hands = near_wins(rng, n // 2, 14) + [
        rng.sample([f for f in FACES for _ in range(4)], 14) for _ in range(n - n // 2)
    ]
    ours = [Hand(tuple(h)) for h in hands]
    arrays = [[Counter(h)[f] for f in FACES] for h in hands]
    peer = Shanten()
    for h in ours:
        shanten(h)  # fill the per-suit tables (a worker's hold a day's suit patterns)
    cases = [
        (shanten, ours),
        (hand_shanten, hands),
        (peer.calculate_shanten, arrays),
        (peer.calculate_shanten_for_regular_hand, arrays),
    ]
    times = [[] for _ in cases]
    for _ in range(repeat):
        for lo in range(0, len(hands), 250):
            for (fn, items), out in zip(cases, times, strict=True):
                _tables.clear_hand_memos()  # only the per-suit tables stay warm: no hand is seen twice
                part = items[lo : lo + 250]
                start = time.perf_counter()
                for item in part:
                    fn(item)
                out.append((time.perf_counter() - start) / len(part))
    t_ours, t_low, t_peer, t_reg = (statistics.median(t) for t in times)
    r_peer = statistics.median(p / o for o, p in zip(times[0], times[2], strict=True))
    r_reg = statistics.median(p / o for o, p in zip(times[0], times[3], strict=True))
    print(f"(a) 14 tiles, no 得, {len(hands)} hands (half near a win), median of {repeat}, the")
    print("    hand-level memos emptied before each chunk (per-suit tables warm, as in a worker):")
    print(
        f"    fupan efficiency.shanten(Hand)        {t_ours * 1e6:7.2f} us  {1 / t_ours:10,.0f}/s"
    )
    print(f"    fupan engine.hand.shanten(list[str])  {t_low * 1e6:7.2f} us  {1 / t_low:10,.0f}/s")
    print(
        f"    mahjong calculate_shanten(34-array)   {t_peer * 1e6:7.2f} us  {1 / t_peer:10,.0f}/s"
        f"  -> efficiency.shanten is {r_peer:.2f}x its rate"
    )
    print(
        f"    mahjong ..._for_regular_hand          {t_reg * 1e6:7.2f} us  {1 / t_reg:10,.0f}/s"
        f"  -> efficiency.shanten is {r_reg:.2f}x its rate"
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
