"""Replay + audit throughput on one core: ``python benchmarks/bench_verify.py [HANDS]``.

Sessions come from the simulator (``engine.simulate.generate_session``: legal full logs, four
bots, the ruleset's own settlement), HANDS hands each (default 300). Times are the best CPU time
of 3 (CPU, not wall: the machine is shared), with a calibration loop to compare machines.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import random
import sys
import time

import engine.replay as replay_module
from engine.audit import audit_records
from engine.replay import replay
from engine.rulesets import SHIPPED
from engine.simulate import generate_session


def best(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    calibrate = best(lambda: [sum(range(1000)) for _ in range(1000)]) * 1000
    print(f"calibration: sum(range(1000)) takes {calibrate:.1f} µs here (≈ 8 µs on an idle core)")
    for name in SHIPPED:
        records, _ = generate_session(name, hands, seed=1)
        t_replay = best(lambda records=records: replay(records))
        t_audit = best(lambda records=records: audit_records(records))
        print(
            f"{name:9} {len(records) / hands:4.0f} records a hand: replay {hands / t_replay:6.0f} "
            f"hands/s ({t_replay / len(records) * 1e6:4.1f} µs/record), replay + audit "
            f"{hands / t_audit:6.0f} hands/s"
        )
    records, _ = generate_session("wenling", hands, seed=1)
    probes = [random.Random(no).randrange(h.steps) for no, h in enumerate(replay(records).hands)]
    default = replay_module.CHECKPOINT_EVERY
    for every in (1, 4, 16, 64, 10_000):
        replay_module.CHECKPOINT_EVERY = every
        pairs = list(zip(replay(records).hands, probes, strict=True))
        cold = best(lambda pairs=pairs: [h.state_at(s) for h, s in pairs], repeat=1)
        warm = best(lambda pairs=pairs: [h.state_at(s) for h, s in pairs])
        print(
            f"wenling state_at, checkpoint every {every:>5}: first call of a hand "
            f"{cold / hands * 1e6:5.0f} µs (builds the snapshots), later {warm / hands * 1e6:4.0f} µs"
        )
    replay_module.CHECKPOINT_EVERY = default


if __name__ == "__main__":
    main()
