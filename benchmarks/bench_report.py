"""What the typed report costs: ``engine.audit.audit`` (replay, score, settle, compare, the
report built as engine.report types) against ``Report.to_dict`` (the JSON form the workers store),
per hand of 40-hand simulated sessions of each ruleset, best CPU time of 5. Prints, never
asserts. Run: python benchmarks/bench_report.py"""

import time

from engine.audit import audit
from engine.simulate import generate_session

sessions = [generate_session(r, 40, seed=7)[0] for r in ("wenling", "huangyan", "zhoushan", "xizhou")]
reports = [audit(s) for s in sessions]
def best(f, n=5):
    out = []
    for _ in range(n):
        t = time.process_time(); f(); out.append(time.process_time() - t)
    return min(out) / 160 * 1e6
a = best(lambda: [audit(s) for s in sessions])
d = best(lambda: [r.to_dict() for r in reports])
print(f"audit (typed) {a:.0f} µs/hand, to_dict {d:.1f} µs/hand ({100*d/(a+d):.1f} % of audit_records)")
