"""Replay + audit of this tree against another commit, alternated in one run:
``python benchmarks/bench_verify_ab.py [--against REF] [--hands N | --pipeline N] [--rounds R]``.

The same simulated sessions (made once, by this tree's simulator: one of N hands per ruleset, or
with ``--pipeline`` the first N hands of ``bench_pipeline``'s sessions, 16-24 hands each, what a
worker verifies) are audited by ``engine.audit.audit_records`` of both trees, each in a fresh child process that
imports only its own tree (REF is unpacked with ``git archive`` into a temporary folder). The
children alternate, R rounds, the first to run swapping each round, so the shared machine's load
falls on both alike; each child reports the best CPU time of 3 per ruleset. Prints each tree's
hands/s, its CPU a hand and the median over the rounds of the paired ratio (this tree's speed
over REF's), with the calibration loop (``timing.calibrate``) before and after. Prints figures;
asserts nothing.
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
sys.path.insert(0, str(ROOT))  # (this tree's events, for --pipeline's parse)

from timing import calibrate  # noqa: E402

# Run inside each tree (its folder first on sys.path): the best CPU seconds of 3 audits of a
# ruleset's sessions.
CHILD = """
import json, sys, time
from engine.audit import audit_records
sessions = json.load(open(sys.argv[1], encoding="utf-8"))
out = {}
for name, logs in sessions.items():
    best = None
    for _ in range(3):
        t = time.process_time()
        for records in logs:
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
    parser.add_argument("--pipeline", type=int, metavar="N",
                        help="the first N hands of bench_pipeline's sessions instead")  # fmt: skip
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    logs, hands = pipeline_logs(args.pipeline) if args.pipeline else session_logs(args.hands)
    print(f"calibration before: {calibrate():.2f} s (0.17-0.18 s on the idle reference machine)")
    with tempfile.TemporaryDirectory() as tmp:
        sessions = Path(tmp) / "sessions.json"
        sessions.write_text(json.dumps(logs), encoding="utf-8")
        trees = {"this tree": ROOT, args.against: unpack(args.against, Path(tmp) / "ref")}
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
        for round_no in range(args.rounds):
            order = list(trees) if round_no % 2 == 0 else list(reversed(trees))
            for name in order:
                runs[name].append(audit_times(trees[name], sessions))
    print(f"calibration after: {calibrate():.2f} s")
    what = (
        f"bench_pipeline's first {args.pipeline} hands"
        if args.pipeline
        else f"{args.hands} hands a ruleset"
    )
    print(f"replay + audit, {what}, {args.rounds} alternated rounds "
          f"(best CPU of 3 in each; µs: CPU a hand):")  # fmt: skip
    print(f"{'ruleset':9} {'this tree':>19} {args.against:>19}  ratio (median of rounds)")
    new_runs, old_runs = runs["this tree"], runs[args.against]
    for ruleset in new_runs[0]:
        new = statistics.median(r[ruleset] for r in new_runs)
        old = statistics.median(r[ruleset] for r in old_runs)
        ratio = statistics.median(
            o[ruleset] / n[ruleset] for n, o in zip(new_runs, old_runs, strict=True)
        )
        n = hands[ruleset]
        print(f"{ruleset:9} {n / new:7,.0f}/s {new / n * 1e6:5.0f} µs {n / old:7,.0f}/s "
              f"{old / n * 1e6:5.0f} µs  {ratio:.2f}x")  # fmt: skip


def session_logs(hands: int) -> tuple[dict[str, list[list[dict]]], dict[str, int]]:
    """One simulated session of ``hands`` hands per ruleset (seed 1)."""
    from engine.rulesets import SHIPPED
    from engine.simulate import generate_session

    logs = {n: [generate_session(n, hands, seed=1)[0]] for n in SHIPPED}
    return logs, dict.fromkeys(SHIPPED, hands)


def pipeline_logs(hands: int) -> tuple[dict[str, list[list[dict]]], dict[str, int]]:
    """bench_pipeline's sessions (its cache) up to ``hands`` hands, by ruleset, and "all"."""
    from bench_pipeline import plan, simulated_log

    from events.codec import parse_log

    logs: dict[str, list[list[dict]]] = {"all": []}
    counts = {"all": 0}
    for session in plan(hands):
        records = parse_log(simulated_log(session)).records
        logs.setdefault(session[0], []).append(records)
        logs["all"].append(records)
        counts[session[0]] = counts.get(session[0], 0) + session[1]
        counts["all"] += session[1]
    return logs, counts


if __name__ == "__main__":
    main()
