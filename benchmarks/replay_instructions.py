"""Instruction counts of the replay (or replay + audit) of the worker's records, for callgrind:

    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no \
        --toggle-collect=starmap_next --callgrind-out-file=/dev/null \
        python benchmarks/replay_instructions.py [--tree=DIR] [--audit] [HANDS]

The first HANDS hands (default 300) of ``bench_pipeline``'s sessions, parsed by
``events.codec.parse_log`` as a worker parses them (its read-only shared records), are replayed
once to warm the process (imports, memo tables), then once more inside ``itertools.starmap``,
the only C function callgrind counts (``--toggle-collect``; the engine never calls it):
"Collected" is that pass's instructions. The collector is set as the worker sets it
(``gc.freeze``, a young generation of 100,000). ``--tree`` imports another checkout's
``engine`` (a commit unpacked with ``git archive REF engine``). Prints figures; asserts nothing.
"""

from __future__ import annotations

import gc
import sys
from itertools import starmap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_TREE = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--tree=")), None)
sys.path.insert(0, str(Path(_TREE).resolve() if _TREE else ROOT))
sys.path.insert(1, str(ROOT / "benchmarks"))


def main() -> None:
    from bench_pipeline import plan, simulated_log

    from engine.audit import audit_records
    from engine.replay import replay
    from events.codec import parse_log

    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    hands = int(args[0]) if args else 300
    run = audit_records if "--audit" in sys.argv else replay
    logs = [parse_log(simulated_log(session)).records for session in plan(hands)]
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 50)  # workers.celery_app.WORKER_YOUNG
    for records in logs:
        run(records)
    for _ in starmap(run, [(records,) for records in logs]):
        pass
    print(f"{len(logs)} sessions, {hands} hands: {run.__name__}")


if __name__ == "__main__":
    main()
