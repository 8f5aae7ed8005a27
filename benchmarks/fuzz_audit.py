"""Seeded fuzzing of the audit: valid logs (the fixtures and simulated sessions of every ruleset,
full and summary, with and without table mistakes) with a few records changed or corrected,
through the path ``fupan verify`` takes (codec, replay, audit); ``--deep`` also through what the
pages read (the table at every step of every hand, the efficiency review). Each must give a
report or a refusal naming a line (``LogFormatError``, or the replay's own
``ReplayError``/``UnknownRuleset``/``OptionError``), never a traceback: no exception escapes, and
no ruleset call fails inside the audit's guard (which reports ``score_failed`` and logs the
traceback).

    .venv/bin/python benchmarks/fuzz_audit.py 100000 --seed 1
    .venv/bin/python benchmarks/fuzz_audit.py 2000 --seed 1 --deep

The same seed gives the same logs; a failing one is printed with its index and mutations so it
can be replayed. ``tests/engine/test_audit_fuzz.py`` runs a share of it in every test run, with a
seed that changes every day. Figures in docs/performance.md ("Fuzzing the audit").
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine.audit import audit_records  # noqa: E402
from engine.replay import ReplayError, replay  # noqa: E402
from engine.review import review_records  # noqa: E402
from engine.rulesets import UnknownRuleset  # noqa: E402
from engine.rulesets.base import OptionError  # noqa: E402
from engine.simulate import generate_session  # noqa: E402
from engine.tiles import ALL_TILES  # noqa: E402
from events.codec import LogFormatError, canonical_json, parse_log  # noqa: E402

RULESETS = ("wenling", "huangyan", "xizhou", "zhoushan")
REFUSALS = (LogFormatError, ReplayError, UnknownRuleset, OptionError)
# Odd values a mutated field is given: seats, tiles (flowers too), the words of the format in the
# wrong place, numbers, and wrong types.
ODD_VALUES: tuple = (
    "E", "S", "W", "N", "X", "1m", "9p", "5z", "1f", "3f", "8f", "0m", "self_draw", "discard",
    "robbed_kong", "instant", "exposed", "added", "concealed", "back", "wall", "", "白", "九筒",
    -3, 0, 1, 3, 200, True, False, None, ["1m", "2m", "3m"], ["5z", "1f", "9s"], [], {},
)  # fmt: skip
_TILE_KEYS = ("tile", "indicator", "tiles", "concealed", "revealed")


@dataclass
class Result:
    """What a fuzz run found: logs run, refused by the codec or the replay, and the failures
    (index, mutations, error) with their count."""

    logs: int = 0
    refused: int = 0
    failures: list[dict] = field(default_factory=list)


def base_logs(seed: int, sessions: int = 6) -> list[list[str]]:
    """The logs to mutate, as canonical JSON lines: every fixture log of the tests, and
    ``sessions`` short simulated sessions per ruleset, full and summary, some with mistakes."""
    logs = []
    for path in sorted((ROOT / "tests" / "fixtures").rglob("*.jsonl")):
        try:
            logs.append(parse_log(path.read_bytes()).canonical_lines)
        except LogFormatError:
            continue  # a fixture of a format error: nothing to audit
    for ruleset in RULESETS:
        for k in range(sessions):
            records, _ = generate_session(ruleset, 1 + k % 3, seed * 1000 + k, faults=0.3 * (k % 2),
                                          summary=k % 3 == 2)  # fmt: skip
            logs.append([canonical_json(r) for r in records])
    return logs


def mutate(rng: random.Random, lines: list[str]) -> tuple[list[str], list[str]]:
    """``lines`` with 1–3 changes (a field given an odd value, a tile swapped for another, a
    line dropped, doubled or moved, a correction of a line inserted after it), and the changes
    in words."""
    lines, done = list(lines), []
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(1, len(lines)) if len(lines) > 1 else 0
        op = rng.choice(("field", "tile", "tile", "drop", "dup", "move", "correct"))
        if op == "correct":
            at = rng.randint(i + 1, len(lines))
            lines.insert(at, json.dumps(_correction(rng, lines, i), ensure_ascii=False))
            done.append(f"a correction of line {i + 1} inserted at line {at + 1}")
            continue
        rec = json.loads(lines[i])
        if op == "field" and isinstance(rec, dict):
            key = rng.choice(sorted(rec) + ["tile", "seat", "from", "tiles", "how", "kind"])
            rec[key] = rng.choice(ODD_VALUES)
            lines[i] = json.dumps(rec, ensure_ascii=False)
            done.append(f"line {i + 1}: {key} = {rec[key]!r}")
        elif op == "tile" and isinstance(rec, dict) and any(k in rec for k in _TILE_KEYS):
            key = rng.choice([k for k in _TILE_KEYS if k in rec])
            rec[key] = _retile(rng, rec[key])
            lines[i] = json.dumps(rec, ensure_ascii=False)
            done.append(f"line {i + 1}: {key} retiled to {rec[key]!r}")
        elif op == "drop" and len(lines) > 2:
            del lines[i]
            done.append(f"line {i + 1} dropped")
        elif op == "dup":
            lines.insert(i, lines[i])
            done.append(f"line {i + 1} doubled")
        elif op == "move":
            to = rng.randrange(1, len(lines)) if len(lines) > 1 else 0
            lines.insert(to, lines.pop(i))
            done.append(f"line {i + 1} moved to {to + 1}")
    return lines, done


def _correction(rng: random.Random, lines: list[str], target: int) -> dict:
    """A correction of the record at seq ``target`` (the log has no blank line): void, or
    another play record of the log in its place (a field of it made odd now and then), with
    some records inserted after it now and then (the recorder's corrections that change a
    hand's shape)."""
    fix: dict = {"type": "correction", "target": target, "reason": "fuzz", "by": "fuzz"}
    others = [json.loads(line) for line in lines[1:]]
    others = [r for r in others if isinstance(r, dict) and r.get("type") not in _NOT_PLAY]
    if not others or rng.random() < 0.25:
        return {**fix, "void": True}
    fix["replacement"] = dict(rng.choice(others))
    if rng.random() < 0.3:
        fix["replacement"][rng.choice(["seat", "tile", "from", "how"])] = rng.choice(ODD_VALUES)
    if rng.random() < 0.4:
        fix["inserted"] = rng.sample(others, min(len(others), rng.randint(1, 3)))
    return fix


_NOT_PLAY = ("session", "correction")  # what a correction may not put in a record's place


def _retile(rng: random.Random, value):
    """One tile of a tile field replaced by any tile of the full set, flowers included."""
    tile = rng.choice(ALL_TILES)
    if isinstance(value, str) and len(value) >= 2 and len(value) % 2 == 0:
        k = 2 * rng.randrange(len(value) // 2)
        return value[:k] + tile + value[k + 2 :]
    if isinstance(value, list) and value:
        value = list(value)
        value[rng.randrange(len(value))] = tile
        return value
    return tile


class _GuardCatcher(logging.Handler):
    """Counts the audit's guard catching a ruleset's failure (a traceback in the log)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.caught: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.caught.append(f"{record.getMessage()}: {record.exc_info[1]!r}")


def check(data: bytes, catcher: _GuardCatcher, deep: bool = False) -> str | None:
    """None when ``data`` is audited or refused cleanly, else what went wrong; ``deep``: the
    table at every step of every hand and the efficiency review too."""
    catcher.caught.clear()
    try:
        records = parse_log(data).records
        audit_records(records)
        if deep:
            for hand in replay(records).hands:
                for step in range(hand.steps):
                    hand.state_at(step)
            review_records(records)
    except REFUSALS:
        return "refused"
    except Exception as exc:  # what the fuzz looks for: any other exception is a crash
        return f"{type(exc).__name__}: {exc}"
    return catcher.caught[0] if catcher.caught else None


def mutated_logs(seed: int, count: int) -> Iterator[tuple[int, bytes, list[str]]]:
    """``count`` mutated logs for ``seed``: (index, bytes, the changes)."""
    rng = random.Random(f"fupan-fuzz-audit:{seed}")
    logs = base_logs(seed)
    for n in range(count):
        lines, done = mutate(rng, rng.choice(logs))
        yield n, "\n".join(lines).encode("utf-8"), done


@contextmanager
def guard_catcher() -> Iterator[_GuardCatcher]:
    """Count (and keep out of the output) the tracebacks the audit's guard logs meanwhile."""
    catcher = _GuardCatcher()
    logger = logging.getLogger("engine.audit")
    logger.addHandler(catcher)
    propagate, logger.propagate = logger.propagate, False
    try:
        yield catcher
    finally:
        logger.removeHandler(catcher)
        logger.propagate = propagate


def fuzz(seed: int, count: int, deep: bool = False) -> Result:
    """Run ``count`` mutated logs of ``seed`` through the audit (``deep``: see check)."""
    result = Result()
    with guard_catcher() as catcher:
        for n, data, done in mutated_logs(seed, count):
            result.logs += 1
            why = check(data, catcher, deep)
            if why == "refused":
                result.refused += 1
            elif why is not None:
                result.failures.append({"index": n, "mutations": done, "error": why})
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", type=int, nargs="?", default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deep", action="store_true", help="every step's table and the review too")
    args = parser.parse_args()
    start, cpu = time.perf_counter(), time.process_time()
    result = fuzz(args.seed, args.count, args.deep)
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    for f in result.failures[:20]:
        print(f"log {f['index']}: {f['error']} after {'; '.join(f['mutations'])}")
    print(
        f"seed {args.seed}: {result.logs} mutated logs, {result.refused} refused with a line, "
        f"{len(result.failures)} tracebacks, {took:.0f} s wall, {cpu:.0f} s CPU "
        f"({result.logs / cpu:.0f} logs per CPU second)"
    )
    sys.exit(1 if result.failures else 0)


if __name__ == "__main__":
    main()
