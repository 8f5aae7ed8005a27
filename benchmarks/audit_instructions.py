"""The audit's instructions a hand, as a worker pays them, counted under valgrind:
``valgrind --tool=callgrind --collect-atstart=no --toggle-collect=_operator_call
--callgrind-out-file=OUT python benchmarks/audit_instructions.py [--tree DIR] [--warm W]
[--sessions M]`` then ``grep summary OUT`` and divide by the hands it prints.

``bench_pipeline``'s cached sessions (its temp-dir cache: run it once first): the first W
(default 40, ~800 hands) are parsed and audited whole, to warm the memos as a worker's earlier
hands do; the next M (default 20, ~400 hands) are replayed, then audited (``engine.audit``'s
report, its encodable form, the open disputes and the anomaly count: what ``verify_session``
does with a replay) inside ``operator.call``, the one C function the count is toggled on, so
only that part is counted, not the start-up, the parsing nor the replay. An instruction count
does not move with the shared machine's load, unlike a clock. ``--tree`` imports another
checkout's ``engine`` and ``events``. Prints the hands counted; asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import operator
import sys
import tempfile
from pathlib import Path

parser = argparse.ArgumentParser()
parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[1]))
parser.add_argument("--warm", type=int, default=40, help="sessions audited first, uncounted")
parser.add_argument("--sessions", type=int, default=20, help="sessions counted")
args = parser.parse_args()
sys.path.insert(0, str(Path(args.tree).resolve()))

from engine import audit  # noqa: E402
from engine.replay import replay  # noqa: E402
from engine.report import encodable  # noqa: E402
from events.codec import parse_log  # noqa: E402

CACHE = Path(tempfile.gettempdir()) / "fupan-bench-pipeline-v1"
RULESETS = ("wenling", "huangyan", "zhoushan", "xizhou")  # bench_pipeline's plan, in turn


def cached_log(n: int) -> list[dict]:
    """Session ``n`` of bench_pipeline's plan (16-24 hands), parsed."""
    hands = 16 + n * 7 % 9
    path = CACHE / f"{RULESETS[n % len(RULESETS)]}-{hands}-{100 + n}.jsonl"
    return parse_log(path.read_bytes()).records


def verify(report: object) -> None:
    encodable(report)
    audit.open_disputes(report)  # type: ignore[arg-type]
    audit.anomaly_count(report)  # type: ignore[arg-type]


logs = [cached_log(n) for n in range(args.warm + args.sessions)]
for records in logs[: args.warm]:
    verify(audit.audit(records))
replays = [replay(records) for records in logs[args.warm :]]
gc.disable()  # (as audit.audit does around its work)
operator.call(lambda: [verify(audit._report(rp)) for rp in replays])
print(f"{sum(len(rp.hands) for rp in replays)} hands counted ({audit.__file__})")
