"""Replay + audit of this tree against another commit, alternated in one run:
``python benchmarks/bench_verify_ab.py [--against REF] [--hands N] [--rounds R]``.

The same simulated sessions (made once, by this tree's simulator, N hands per ruleset) are
audited by ``engine.audit.audit_records`` of both trees, each in a fresh child process that
imports only its own tree (REF is unpacked with ``git archive`` into a temporary folder). The
children alternate, R rounds, the first to run swapping each round, so the shared machine's load
falls on both alike; each child reports the best CPU time of 3 per ruleset. Prints each tree's
hands/s and the median over the rounds of the paired ratio (this tree's speed over REF's).
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Run inside each tree (its folder first on sys.path): the best CPU seconds of 3 audits a ruleset.
CHILD = """
import json, sys, time
from engine.audit import audit_records
sessions = json.load(open(sys.argv[1], encoding="utf-8"))
out = {}
for name, records in sessions.items():
    best = None
    for _ in range(3):
        t = time.process_time()
        audit_records(records)
        t = time.process_time() - t
        best = t if best is None else min(best, t)
    out[name] = best
print(json.dumps(out))
"""


def unpack(ref: str, into: Path) -> Path:
    """The engine of commit ``ref`` in ``into`` (``git archive``: no worktree to clean up)."""
    tar = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "engine"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into


def audit_times(tree: Path, sessions: Path) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(sessions)],
        cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", default="main", help="the commit to compare with")
    parser.add_argument("--hands", type=int, default=200, help="hands a ruleset")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    from engine.rulesets import SHIPPED
    from engine.simulate import generate_session

    with tempfile.TemporaryDirectory() as tmp:
        sessions = Path(tmp) / "sessions.json"
        sessions.write_text(
            json.dumps({n: generate_session(n, args.hands, seed=1)[0] for n in SHIPPED}),
            encoding="utf-8",
        )
        trees = {"this tree": ROOT, args.against: unpack(args.against, Path(tmp) / "ref")}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for round_no in range(args.rounds):
            order = list(trees) if round_no % 2 == 0 else list(reversed(trees))
            for name in order:
                runs[name].append(audit_times(trees[name], sessions))
    print(f"replay + audit, {args.hands} hands a ruleset, {args.rounds} alternated rounds "
          f"(best CPU of 3 in each):")  # fmt: skip
    print(f"{'ruleset':9} {'this tree':>12} {args.against:>12}  ratio (median of rounds)")
    new_runs, old_runs = runs["this tree"], runs[args.against]
    for ruleset in new_runs[0]:
        new = statistics.median(r[ruleset] for r in new_runs)
        old = statistics.median(r[ruleset] for r in old_runs)
        ratio = statistics.median(
            o[ruleset] / n[ruleset] for n, o in zip(new_runs, old_runs, strict=True)
        )
        print(f"{ruleset:9} {args.hands / new:9,.0f}/s {args.hands / old:9,.0f}/s  {ratio:.2f}x")


if __name__ == "__main__":
    main()
