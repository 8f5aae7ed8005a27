"""Zhoushan and xizhou (台 rulesets) scoring throughput: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_tai.py [--hands N] [--repeat R]

(a) RULESET.score of one random winning hand (pair + four sets, some flowers, self-draw or
    discard) per ruleset;
(b) settle_input + settle, and mistakes, for those hands;
(c) engine.audit of each ruleset's tests/fixtures/<name>/flow.jsonl (full logs).
Median of R runs.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

from bench_wenling import winning_tiles
from timing import median_time

from engine.audit import audit_records
from engine.model import HandOutcome, Showdown, Win
from engine.rulesets import get_ruleset
from engine.tiles import FACES, FLOWERS
from events.codec import parse_log

CHOWS = [(FACES[i], FACES[i + 1], FACES[i + 2]) for i in range(27) if i % 9 <= 6]
SETS = [(f, f, f) for f in FACES] + CHOWS * 2
FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures"


def outcome(rng: random.Random) -> HandOutcome:
    tiles = winning_tiles(rng, 4, FACES, SETS)
    flowers = tuple(rng.sample(FLOWERS, rng.randint(0, 3)))
    seat = rng.choice("ESWN")
    win = (
        Win(seat, "self_draw", rng.choice(tiles))
        if rng.random() < 0.4
        else Win(seat, "discard", rng.choice(tiles), "E" if seat != "E" else "S")
    )
    show = Showdown(seat, tuple(tiles), (), flowers)
    return HandOutcome(no=1, seats=dict.fromkeys("ESWN", "x"), showdowns={seat: show}, wins=(win,))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(11)
    hands = [outcome(rng) for _ in range(args.hands)]
    for name in ("zhoushan", "xizhou"):
        rs = get_ruleset(name)
        opts = rs.options()
        n = args.hands
        t = median_time(lambda rs=rs, o=opts: [rs.score(h, o) for h in hands], args.repeat)
        print(f"{name}: (a) score {t / n * 1e3:.3f} ms/hand ({n} hands, median of {args.repeat})")
        scored = [(h, rs.score(h, opts)) for h in hands]
        inputs = [(h, s, rs.settle_input(h, s, opts)) for h, s in scored]
        t = median_time(
            lambda rs=rs, o=opts, sc=scored: [
                rs.settle(rs.settle_input(h, s, o), o) for h, s in sc
            ],
            args.repeat,
        )
        print(f"{name}: (b) settle_input + settle {t / n * 1e6:.1f} µs/hand")
        t = median_time(
            lambda rs=rs, o=opts, ins=inputs: [list(rs.mistakes(h, s, i, o)) for h, s, i in ins],
            args.repeat,
        )
        print(f"{name}: (b) mistakes {t / n * 1e3:.3f} ms/hand")
        records = parse_log((FIXTURES / name / "flow.jsonl").read_bytes()).records
        t = median_time(lambda r=records: audit_records(r), args.repeat)
        print(f"{name}: (c) audit of {name}/flow.jsonl ({len(records)} records) {t * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
