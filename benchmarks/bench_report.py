"""What the typed report costs: ``engine.audit.audit`` (replay, score, settle, compare, the
report built as engine.report types) against ``Report.to_dict`` (the JSON form the workers
store), per hand of 40-hand simulated sessions of each ruleset, best CPU time of 5. Prints,
never asserts. Run: python benchmarks/bench_report.py"""

from __future__ import annotations

import time

from engine.audit import audit
from engine.simulate import generate_session

HANDS = 40
RULESETS = ("wenling", "huangyan", "zhoushan", "xizhou")


def best_per_hand(run, hands: int, repeat: int = 5) -> float:
    """Best CPU seconds of ``repeat`` runs, per hand, in µs."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times) / hands * 1e6


def main() -> None:
    sessions = [generate_session(r, HANDS, seed=7)[0] for r in RULESETS]
    reports = [audit(s) for s in sessions]
    hands = HANDS * len(sessions)
    typed = best_per_hand(lambda: [audit(s) for s in sessions], hands)
    json_form = best_per_hand(lambda: [r.to_dict() for r in reports], hands)
    print(f"audit (typed) {typed:.0f} µs/hand, to_dict {json_form:.1f} µs/hand "
          f"({100 * json_form / (typed + json_form):.1f} % of audit_records)")  # fmt: skip


if __name__ == "__main__":
    main()
