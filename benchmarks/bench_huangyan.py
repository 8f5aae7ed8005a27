"""Huangyan scoring and settlement throughput: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_huangyan.py [--hands N] [--repeat R]

(a) RULESET.score of one winning hand (the best 得 reading) plus three non-winners, with 0-3 得
    in the winner's hand (random pair + four sets, the 得 kind 5z replacing tiles);
(b) RULESET.settle and RULESET.mistakes for one hand;
(c) engine.audit of tests/fixtures/huangyan/play_session.jsonl (5 full hands).
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
from engine.tiles import FACES
from events.codec import parse_log

RS = get_ruleset("huangyan")
OPTS = RS.options()
WILD = "5z"
PLAIN = [f for f in FACES if f != WILD]
CHOWS = [(FACES[i], FACES[i + 1], FACES[i + 2]) for i in range(27) if i % 9 <= 6]
SETS = [(f, f, f) for f in PLAIN] + CHOWS
LOSER = ("1z", "1z", "1z", "7z", "7z", "2m", "5m", "8m", "3p", "6p", "9p", "4s", "4s")


def winning_hand(rng: random.Random, n_wild: int) -> tuple[str, ...]:
    tiles = winning_tiles(rng, 4, PLAIN, SETS)
    for i in rng.sample(range(14), n_wild):
        tiles[i] = WILD
    return tuple(tiles)


def outcomes(rng: random.Random, count: int, n_wild: int) -> list[HandOutcome]:
    out = []
    for _ in range(count):
        tiles = winning_hand(rng, n_wild)
        shows = {s: Showdown(s, LOSER) for s in "ESW"} | {"N": Showdown("N", tiles)}
        win = Win("N", "self_draw", rng.choice(tiles))
        out.append(
            HandOutcome(
                no=1,
                seats=dict.fromkeys("ESWN", "x"),
                wildcards=frozenset({WILD}),
                showdowns=shows,
                wins=(win,),
            )
        )
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    rng = random.Random(5)
    print(f"(a) score, {args.hands} hands each, median of {args.repeat}")
    for n_wild in range(4):
        hands = outcomes(rng, args.hands, n_wild)
        t = median_time(lambda h=hands: [RS.score(o, OPTS) for o in h], args.repeat)
        print(f"    {n_wild} 得: {t / args.hands * 1e3:8.3f} ms/hand")
    hands = outcomes(rng, args.hands, 1)
    scored = [(o, RS.score(o, OPTS)) for o in hands]
    inputs = [(o, s, RS.settle_input(o, s, OPTS)) for o, s in scored]
    t = median_time(lambda: [RS.settle(i, OPTS) for _, _, i in inputs], args.repeat)
    print(f"(b) settle: {t / args.hands * 1e6:8.1f} µs/hand", end="; ")
    t = median_time(lambda: [list(RS.mistakes(o, s, i, OPTS)) for o, s, i in inputs], args.repeat)
    print(f"mistakes: {t / args.hands * 1e6:8.1f} µs/hand")
    log = Path(__file__).resolve().parents[1] / "tests/fixtures/huangyan/play_session.jsonl"
    records = parse_log(log.read_bytes()).records
    t = median_time(lambda: audit_records(records), args.repeat)
    print(f"(c) audit of play_session.jsonl (5 full hands): {t * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
