"""How fast the codec parses: ``python benchmarks/bench_codec.py [HANDS]`` or
``python benchmarks/bench_codec.py --against DIR [--sessions N] [--rounds N]``.

Builds a wenling session of HANDS full hands (deal, ~80 draws/discards, a win, a showdown, a
settlement: about 180 lines each), then times parse_log, canonical_json per record, and a
rejected file with an error on every line; last, the CPU time of parse_log per hand of a
simulated session (engine.simulate, the ingest pipeline's input).

``--against DIR`` (an older commit's tree) compares DIR's parse_log with this tree's on the first
N (default 250) of ``bench_pipeline``'s cached sessions, as a worker parses them: one long-lived
process per tree, each with every session parsed once (its known lines warm) and the collector
set as a worker sets it; the two are asked in turn (the order flipped every round) for one pass
over the sessions, each result dropped when the next is parsed, and report its CPU
(``time.process_time``) a hand. Prints each round's pair, the medians and the calibration loop.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from engine.model import SEATS
from engine.simulate import generate_session
from engine.tiles import FACES
from events.codec import LogFormatError, canonical_json, parse_log

PLAYERS = ["阿强", "小李", "老王", "阿芳"]


def session_log(hands: int, seed: int = 1) -> bytes:
    rng = random.Random(seed)
    rows: list[dict] = [{"type": "session", "ruleset": "wenling", "players": PLAYERS}]
    for no in range(1, hands + 1):
        rows.append({"type": "hand", "no": no, "seats": dict(zip(SEATS, PLAYERS, strict=True))})
        rows += [{"type": "dice", "seat": "E", "dice": [rng.randint(1, 6), rng.randint(1, 6)]}] * 2
        for seat in SEATS:
            rows.append({"type": "deal", "seat": seat, "tiles": rng.sample(FACES, 13)})
        rows.append({"type": "wildcard", "indicator": rng.choice(FACES)})
        for turn in range(84):
            seat = SEATS[turn % 4]
            rows.append({"type": "draw", "seat": seat, "tile": rng.choice(FACES)})
            rows.append(
                {
                    "type": "discard",
                    "seat": seat,
                    "tile": rng.choice(FACES),
                    "t": "2026-11-28T19:31:02+08:00",
                }
            )
        rows.append({"type": "win", "seat": "N", "how": "self_draw", "tile": "4p"})
        rows.append({"type": "showdown", "seat": "N", "concealed": "2345m334455p66z"})
        rows.append(
            {
                "type": "settlement",
                "payments": [{"from": s, "to": "N", "amount": 14} for s in "ESW"],
            }
        )
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows).encode()


def timed(fn, repeat: int = 3, clock=time.perf_counter) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        fn()
        best = min(best, clock() - start)
    return best


def simulated(hands: int = 16) -> None:
    """CPU per simulated full hand, the figure the ingest budget (2 ms a hand) is counted in."""
    records, _ = generate_session("wenling", hands, 1)
    data = "".join(canonical_json(r) + "\n" for r in records).encode()
    lines = data.count(b"\n")
    cpu = timed(lambda: parse_log(data), repeat=20, clock=time.process_time)
    print(
        f"simulated wenling session, {hands} hands, {lines} lines: parse_log CPU "
        f"{cpu / hands * 1e3:.2f} ms a hand, {cpu / lines * 1e6:.1f} µs a record (best of 20)"
    )


def main(hands: int) -> None:
    data = session_log(hands)
    lines = data.count(b"\n")
    parse = timed(lambda: parse_log(data))
    parsed = parse_log(data)
    canon = timed(lambda: [canonical_json(r) for r in parsed.records])
    bad = data.replace(b'"discard"', b'"discrad"')

    def reject() -> None:
        try:
            parse_log(bad)
        except LogFormatError:
            pass

    rejected = timed(reject)
    mb = len(data) / 1e6
    print(f"log: {hands} hands, {lines} lines, {mb:.2f} MB")
    print(f"parse_log: {parse:.3f} s  ({lines / parse:,.0f} lines/s, {mb / parse:.2f} MB/s)")
    print(f"canonical_json per record: {canon / lines * 1e6:.1f} µs")
    print(f"rejected file (an error on half the lines): {rejected:.3f} s")
    simulated()


def serve(code: Path, sessions: int) -> None:
    """One tree's side of --against: the sessions parsed once, then one timed pass per line read
    from stdin, its CPU ms a hand written back."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bench_pipeline import build_logs, plan

    sys.path.insert(0, str(code))  # before this tree: the events package below is code's
    for name in [m for m in sys.modules if m.split(".")[0] in ("engine", "events")]:
        del sys.modules[name]
    import events.codec as codec

    if not Path(codec.__file__).is_relative_to(code):
        raise SystemExit(f"{codec.__file__} is not {code}'s")
    hands = sum(count for _, count, _ in plan(10**9)[:sessions])
    logs = [data for data, _ in build_logs(hands)]
    for data in logs:
        codec.parse_log(data)
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 50)  # workers.celery_app.WORKER_YOUNG
    print("ready", flush=True)
    for _ in sys.stdin:
        parsed = None
        t = time.process_time()
        for data in logs:
            parsed = codec.parse_log(data)
        cpu = time.process_time() - t
        del parsed
        print(json.dumps(1000 * cpu / hands), flush=True)


def against(old: Path, sessions: int, rounds: int) -> None:
    from timing import calibrate

    trees = [old.resolve(), Path(__file__).resolve().parents[1]]
    before = calibrate()
    servers = [
        subprocess.Popen(
            [sys.executable, __file__, "--serve", str(tree), "--sessions", str(sessions)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for tree in trees
    ]
    for server in servers:
        assert server.stdout is not None and server.stdout.readline().strip() == "ready"
    spent: list[list[float]] = [[], []]
    for n in range(rounds):
        for i in (0, 1) if n % 2 == 0 else (1, 0):
            server = servers[i]
            assert server.stdin is not None and server.stdout is not None
            server.stdin.write("pass\n")
            server.stdin.flush()
            spent[i].append(json.loads(server.stdout.readline()))
        print(f"round {n + 1}: parse_log ms CPU a hand: {trees[0]} {spent[0][-1]:.4f} | "
              f"this tree {spent[1][-1]:.4f} ({spent[1][-1] / spent[0][-1]:.2f})", flush=True)  # fmt: skip
    for server in servers:
        assert server.stdin is not None
        server.stdin.close()
        server.wait()
    old_m, new_m = statistics.median(spent[0]), statistics.median(spent[1])
    print(f"min / median: {trees[0]} {min(spent[0]):.4f} / {old_m:.4f}; this tree "
          f"{min(spent[1]):.4f} / {new_m:.4f}; ratio of medians {new_m / old_m:.3f}; "
          f"calibration {before:.2f} s before, {calibrate():.2f} s after")  # fmt: skip


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("hands", nargs="?", type=int, default=100)
    parser.add_argument("--against", type=Path, help="an older tree to compare with")
    parser.add_argument("--sessions", type=int, default=250)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--serve", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.sessions)
    elif args.against:
        against(args.against, args.sessions, args.rounds)
    else:
        main(args.hands)
