"""Simulated hands per second per core, per ruleset: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_simulate.py [--hands N] [--repeat R]

For each ruleset: ``engine.simulate.generate_session`` of N hands (full logs, then summary
logs), best CPU time (``time.process_time``) of R runs, so other processes sharing the cores do
not count; the wall-clock rate of the same run is shown beside it. A generated hand includes
the bots' play, one replay of the hand (the legality check and the outcome) and the ruleset's
score, settle_input and settle. Then the outcome mix of the full run: how hands ended, the
flags of the wins, the liabilities, and the records per hand.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from engine.replay import replay
from engine.rulesets import SHIPPED
from engine.simulate import generate_session


def timed(ruleset: str, hands: int, summary: bool, repeat: int):
    best_cpu, best_wall, records = None, None, None
    for run in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        records, _ = generate_session(ruleset, hands, 1000 + run, summary=summary)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        best_cpu = cpu if best_cpu is None else min(best_cpu, cpu)
        best_wall = wall if best_wall is None else min(best_wall, wall)
    return hands / best_cpu, hands / best_wall, records


def mix(records: list[dict]) -> str:
    rp = replay(records)
    ends, flags, liable = Counter(), Counter(), Counter()
    for h in rp.hands:
        o = h.outcome
        ends["exhausted" if o.exhausted else "+".join(w.how for w in o.wins)] += 1
        flags.update(f for w in o.wins for f in w.flags)
        scorings = rp.ruleset.score(o, rp.opts)
        inp = rp.ruleset.settle_input(o, scorings, rp.opts)
        liable.update(x.kind for x in inp.liabilities)
    steps = sum(h.steps for h in rp.hands) / len(rp.hands)

    def fmt(c: Counter) -> str:
        return ", ".join(f"{k} {v}" for k, v in c.most_common()) or "-"

    return f"ends: {fmt(ends)}; flags: {fmt(flags)}; liabilities: {fmt(liable)}; {steps:.0f} records/hand"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{args.hands} hands per run, best of {args.repeat}")
    print(
        f"{'ruleset':<9} {'full cpu/s':>10} {'full wall/s':>11} {'summary cpu/s':>13} {'summary wall/s':>14}"
    )
    mixes = {}
    for name in SHIPPED:
        full_cpu, full_wall, records = timed(name, args.hands, False, args.repeat)
        sum_cpu, sum_wall, _ = timed(name, args.hands, True, args.repeat)
        print(f"{name:<9} {full_cpu:>10.0f} {full_wall:>11.0f} {sum_cpu:>13.0f} {sum_wall:>14.0f}")
        mixes[name] = mix(records)
    for name, text in mixes.items():
        print(f"{name}: {text}")


if __name__ == "__main__":
    main()
