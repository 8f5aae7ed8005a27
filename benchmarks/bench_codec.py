"""How fast the codec parses a long session: ``python benchmarks/bench_codec.py [HANDS]``.

Builds a wenling session of HANDS full hands (deal, ~80 draws/discards, a win, a showdown, a
settlement: about 180 lines each), then times parse_log, canonical_json per record, and a
rejected file with an error on every line; last, the CPU time of parse_log per hand of a
simulated session (engine.simulate, the ingest pipeline's input). Prints figures; asserts nothing.
"""

from __future__ import annotations

import json
import random
import sys
import time

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


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100)
