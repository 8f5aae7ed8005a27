"""Detection power of the integrity signals: how often a colluding pair is flagged, and how
often an honest pair is, on simulated seasons where the truth is known. Prints, asserts nothing.

    .venv/bin/python benchmarks/bench_integrity.py [--seasons 200] [--bank 12000]
        [--lengths 200,500,1000,2000] [--strengths 0.25,0.5,1.0] [--direct 30] [--jobs 2]

Seasons are cheap: only the play matters to the feeding signal (who dealt into whom), so each
hand is ``engine.simulate.play.play_hand`` of zhoushan (一炮多响 allowed) with four players
seated in a random order, colluders 1 and 2 helping each other at the strength (no replay, no
scoring, no log). A **bank** of ``--bank`` such hands is played per strength (and one honest
bank); a season of n hands draws n hands from its bank at random (a bootstrap), and
``engine.integrity.integrity`` runs on it exactly as on a club (every signal of every pair,
Benjamini–Hochberg over all of them, the same threshold and minimum sample). Rows are printed
as they are done. ``--direct N`` also plays N seasons of 1,000 hands at strength 0.5 straight
from the simulator, to check the bootstrap against seasons that share no hand.

A colluding pair counts as found when any signal of the pair (either direction) is flagged; an
honest pair is one of the other pairs, in the honest seasons and, separately, in the colluding
seasons (their deal-ins shift when two players help each other).
"""

from __future__ import annotations

import argparse
import random
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations

from engine.integrity import HandFacts, HandRef, integrity
from engine.model import SEATS
from engine.rulesets import get_ruleset
from engine.simulate.play import play_hand

PLAYERS = ("P1", "P2", "P3", "P4")
PAIR = frozenset(PLAYERS[:2])
RULESET = "zhoushan"


def play(strength: float, seed: int) -> HandFacts:
    """One hand's facts: random seating, colluders P1 and P2 at ``strength``."""
    rng = random.Random(f"bench-integrity:{strength}:{seed}")
    names = list(PLAYERS)
    rng.shuffle(names)
    seats = dict(zip(SEATS, names, strict=True))
    at = {p: s for s, p in seats.items()}
    partners = {at["P1"]: at["P2"], at["P2"]: at["P1"]} if strength else {}
    rs = get_ruleset(RULESET)
    records = play_hand(rs, rs.options({}), rng, partners, strength)
    deal_ins: dict[str, list[str]] = {}
    for r in records:
        if r["type"] == "win" and r["how"] == "discard":
            deal_ins.setdefault(seats[r["from"]], []).append(seats[r["seat"]])
    return HandFacts(
        HandRef("bench", seed, seed),
        tuple(names),
        tuple((d, tuple(w)) for d, w in deal_ins.items()),
    )


def bank(strength: float, size: int, offset: int = 0) -> list[HandFacts]:
    return [play(strength, offset + i) for i in range(size)]


def verdict(hands: list[HandFacts]) -> tuple[bool, int, int]:
    """(colluding pair flagged, honest pairs flagged, honest pairs compared)."""
    flagged = {frozenset(s.players) for s in integrity(hands, "bench").signals if s.flagged}
    honest = [frozenset(p) for p in combinations(PLAYERS, 2) if frozenset(p) != PAIR]
    return PAIR in flagged, sum(p in flagged for p in honest), len(honest)


def point(args: tuple) -> tuple:
    """Detection and false alarms over ``seasons`` bootstrap seasons of ``length`` hands."""
    hands, length, seasons, seed = args
    rng = random.Random(seed)
    found = alarms = pairs = 0
    for _ in range(seasons):
        hit, false, n = verdict([hands[rng.randrange(len(hands))] for _ in range(length)])
        found += hit
        alarms += false
        pairs += n
    return found / seasons, alarms / pairs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seasons", type=int, default=200)
    ap.add_argument("--bank", type=int, default=8000)
    ap.add_argument("--lengths", default="200,500,1000,2000")
    ap.add_argument("--strengths", default="0.25,0.5,1.0")
    ap.add_argument("--direct", type=int, default=0, help="direct seasons of 1,000 hands at 0.5")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    lengths = [int(x) for x in args.lengths.split(",")]
    strengths = [float(x) for x in args.strengths.split(",")]
    cpu, wall = time.process_time(), time.perf_counter()
    print(
        f"{RULESET}, banks of {args.bank} hands per strength, {args.seasons} bootstrap seasons "
        f"per point, {args.jobs} processes",
        flush=True,
    )
    print("strength | length | colluding pair flagged | honest pairs flagged", flush=True)
    with ProcessPoolExecutor(args.jobs) as pool:
        per = args.bank // args.jobs
        for s in [0.0, *strengths]:
            parts = pool.map(bank, [s] * args.jobs, [per] * args.jobs, range(0, args.bank, per))
            hands = [h for part in parts for h in part]
            jobs = [(hands, n, args.seasons, hash((s, n)) & 0xFFFF) for n in lengths]
            for n, (found, alarms) in zip(lengths, pool.map(point, jobs), strict=True):
                label = "honest" if s == 0 else f"{s}"
                pair = "—" if s == 0 else f"{found:.1%}"
                print(
                    f"{label:>8} | {n:>6} | {pair:>22} | {alarms:.2%}  "
                    f"({time.perf_counter() - wall:.0f} s)",
                    flush=True,
                )
        if args.direct:
            starts = [10_000_000 + 1000 * i for i in range(args.direct)]
            seasons = pool.map(bank, [0.5] * args.direct, [1000] * args.direct, starts)
            direct = [verdict(season) for season in seasons]
            found = sum(d[0] for d in direct) / len(direct)
            alarms = sum(d[1] for d in direct) / sum(d[2] for d in direct)
            print(
                f"direct: {args.direct} seasons of 1,000 hands at strength 0.5 (no shared "
                f"hand): pair flagged {found:.1%}, honest pairs flagged {alarms:.2%}",
                flush=True,
            )
    print(
        f"\ntotal {time.perf_counter() - wall:.0f} s wall, {time.process_time() - cpu:.0f} s CPU "
        f"in the main process"
    )


if __name__ == "__main__":
    main()
