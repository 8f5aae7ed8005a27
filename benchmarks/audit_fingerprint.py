"""Sha256 fingerprints of what the replay and the audit produce, to prove a speed-up changed
nothing: ``PYTHONHASHSEED=0 python benchmarks/audit_fingerprint.py [--tree DIR] [--sessions FILE]``.

Over every log under tests/fixtures (the ones that parse) and, per ruleset, simulated
sessions (two of 200 hands, 150 with faults, 80 summary hands with faults, 40 clean summary
hands): the report's JSON (sorted keys), the replay's anomalies and outcomes, ``state_at`` of
every step of the first 3 hands and of every 37th hand, and the efficiency review (detailed).
``--tree`` imports another checkout's ``engine`` (an older commit's worktree). The sessions are
simulated once and kept in ``--sessions`` (JSON), so both trees audit the same records even
when the simulator's rulesets differ. Prints one digest per kind and one over all.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _tree(argv: list[str]) -> str | None:
    """``--tree=DIR`` or ``--tree DIR``: read before argparse, as it decides what the imports
    below load."""
    for i, a in enumerate(argv):
        if a.startswith("--tree="):
            return a.split("=", 1)[1]
        if a == "--tree" and i + 1 < len(argv):
            return argv[i + 1]
    return None


_TREE = _tree(sys.argv)
sys.path.insert(0, str(Path(_TREE).resolve() if _TREE else ROOT))

RULESETS = ("wenling", "huangyan", "zhoushan", "xizhou")
# (hands, seed, faults, summary) per ruleset
SESSIONS = ((200, 1, 0.0, False), (200, 2, 0.0, False), (150, 3, 0.3, False),
            (80, 4, 0.2, True), (40, 5, 0.0, True))  # fmt: skip


def logs(sessions_file: Path) -> list[tuple[str, list[dict]]]:
    """(name, records) of every parsing fixture and every simulated session."""
    from events.codec import LogFormatError, parse_log

    out = []
    for path in sorted((ROOT / "tests" / "fixtures").rglob("*.jsonl")):
        try:
            out.append((str(path.relative_to(ROOT)), parse_log(path.read_bytes()).records))
        except LogFormatError:
            continue
    if not sessions_file.exists():
        from engine.simulate import generate_session

        made = {
            f"{rs} {hands} seed {seed} faults {faults} summary {summary}": generate_session(
                rs, hands, seed=seed, faults=faults, summary=summary
            )[0]
            for rs in RULESETS
            for hands, seed, faults, summary in SESSIONS
        }
        sessions_file.write_text(json.dumps(made), encoding="utf-8")
    out += json.loads(sessions_file.read_text(encoding="utf-8")).items()
    return out


def fingerprints(named_logs: list[tuple[str, list[dict]]]) -> dict[str, str]:
    from engine.audit import audit_records
    from engine.replay import replay
    from engine.review import review_records

    digests = {k: hashlib.sha256() for k in ("reports", "replay", "state_at", "reviews")}
    for name, records in named_logs:
        for d in digests.values():
            d.update(name.encode())
        try:
            report = json.dumps(audit_records(records), sort_keys=True, ensure_ascii=False)
        except ValueError as exc:  # a log the replay refuses: its error is the result
            report = f"{type(exc).__name__}: {exc}"
        digests["reports"].update(report.encode())
        try:
            rp = replay(records)
        except ValueError:
            continue
        digests["replay"].update(repr((rp.anomalies, rp.corrections)).encode())
        for n, hand in enumerate(rp.hands):
            digests["replay"].update(repr((hand.outcome, hand.anomalies, hand.outranked)).encode())
            if n < 3 or n % 37 == 0:
                for step in range(hand.steps):
                    digests["state_at"].update(repr(hand.state_at(step)).encode())
        try:
            review = json.dumps(review_records(records).to_dict(), sort_keys=True)
        except ValueError as exc:
            review = f"{type(exc).__name__}: {exc}"
        digests["reviews"].update(review.encode())
    out = {k: d.hexdigest() for k, d in digests.items()}
    out["all"] = hashlib.sha256("".join(out.values()).encode()).hexdigest()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tree", help="another checkout whose engine to fingerprint")
    parser.add_argument("--sessions", default="/tmp/fupan-audit-fingerprint-sessions.json",
                        help="the simulated sessions, made on first use")  # fmt: skip
    args = parser.parse_args()
    named = logs(Path(args.sessions))
    print(f"{len(named)} logs")
    for kind, digest in fingerprints(named).items():
        print(f"{kind:9} {digest}")


if __name__ == "__main__":
    main()
