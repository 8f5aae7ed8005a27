"""Replay + audit throughput on one core: ``python benchmarks/bench_verify.py [HANDS]``.

Until engine/simulate.py exists, the hands are random full wenling hands played here: a shuffled
144-tile wall, the deal, flowers/白 revealed and replaced from the back, then draw-and-discard of a
random tile until the dead wall (黄牌), about 150 records a hand — the replay's worst case, since
every live tile is drawn. Won hands come from the hand-written fixtures (replicated).

Prints figures (best CPU time of 3, with a calibration loop to compare machines); asserts
nothing.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

import engine.replay as replay_module
from engine.audit import audit_records
from engine.model import SEATS
from engine.replay import replay
from engine.rulesets import get_ruleset
from events.codec import parse_log

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ["阿强", "小李", "老王", "阿芳"]


def random_session(hands: int, seed: int = 7) -> list[dict]:
    """A wenling session of ``hands`` random exhausted hands, as canonical records."""
    rs = get_ruleset("wenling")
    opts = rs.options({})
    rng = random.Random(seed)
    tiles = [t for t, n in rs.tile_counts(opts).items() for _ in range(n)]
    lines = [{"type": "session", "ruleset": "wenling", "options": {}, "club": "bench",
              "table": "1", "players": PLAYERS, "started_at": "2026-11-28T19:30:00+08:00"}]
    order = list(PLAYERS)
    for no in range(1, hands + 1):
        lines.append({"type": "hand", "no": no, "seats": dict(zip(SEATS, order, strict=True))})
        lines += _play(rs, opts, rng, tiles[:])
        lines.append({"type": "exhausted"})
        order = order[1:] + order[:1]  # 黄牌: the deal passes to 南
    return parse_log("\n".join(json.dumps(r, ensure_ascii=False) for r in lines)).records


def _play(rs, opts, rng, wall: list[str]) -> list[dict]:
    rng.shuffle(wall)
    hands = {s: [wall.pop(0) for _ in range(rs.hand_size + (s == "E"))] for s in SEATS}
    out = [{"type": "deal", "seat": s, "tiles": list(hands[s])} for s in SEATS]
    indicator = wall.pop(0)
    wild = rs.wildcards(indicator, opts)
    out.append({"type": "wildcard", "indicator": indicator})
    back = 0

    def replace_bonus(seat):
        nonlocal back
        while bonus := [t for t in hands[seat] if rs.is_bonus(t, wild, opts)]:
            hands[seat].remove(bonus[0])
            out.append({"type": "reveal", "seat": seat, "tile": bonus[0]})
            tile = wall.pop()
            back += 1
            hands[seat].append(tile)
            out.append({"type": "draw", "seat": seat, "tile": tile, "from": "back"})

    for seat in SEATS:
        replace_bonus(seat)
    seat = "E"
    while True:
        tile = rng.choice(hands[seat])
        hands[seat].remove(tile)
        out.append({"type": "discard", "seat": seat, "tile": tile})
        seat = SEATS[(SEATS.index(seat) + 1) % 4]
        if len(wall) <= rs.dead_wall(back, opts):
            return out
        tile = wall.pop(0)
        hands[seat].append(tile)
        out.append({"type": "draw", "seat": seat, "tile": tile})
        replace_bonus(seat)


def best(fn, repeat: int = 3) -> float:
    """Best CPU time of ``repeat`` runs (CPU, not wall: the machine is shared)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def fixture_wins(copies: int) -> list[dict]:
    """The won wenling fixture hand replicated (renumbered, seats unchanged: 坐庄)."""
    recs = parse_log((ROOT / "tests/fixtures/replay/wenling_clean.jsonl").read_bytes()).records
    out = [recs[0]]
    for no in range(1, copies + 1):
        out += [{**recs[1], "no": no}, *recs[2:]]
    return out


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    calibrate = best(lambda: [sum(range(1000)) for _ in range(1000)]) * 1000
    print(f"calibration: sum(range(1000)) takes {calibrate:.1f} µs here (≈ 8 µs on an idle core)")
    session = random_session(hands)
    rp = replay(session)
    steps = sum(h.steps for h in rp.hands)
    bad = sum(len(h.anomalies) for h in rp.hands)
    print(f"{hands} random full wenling hands, {len(session)} records ({steps / hands:.0f} a hand), "
          f"{bad} anomalies")
    t = best(lambda: replay(session))
    print(f"replay:                {hands / t:8.0f} hands/s  ({t / len(session) * 1e6:.1f} µs/record)")
    t = best(lambda: audit_records(session))
    print(f"replay + audit:        {hands / t:8.0f} hands/s")
    wins = fixture_wins(hands)
    t = best(lambda: audit_records(wins))
    print(f"replay + audit, won fixture hand (wenling_clean, 15 records): {hands / t:8.0f} hands/s")
    probes = [random.Random(h.no).randrange(h.steps) for h in rp.hands]
    default = replay_module.CHECKPOINT_EVERY
    for every in (1, 4, 16, 64, 10_000):
        replay_module.CHECKPOINT_EVERY = every
        pairs = list(zip(replay(session).hands, probes, strict=True))
        cold = best(lambda pairs=pairs: [h.state_at(s) for h, s in pairs], repeat=1)
        warm = best(lambda pairs=pairs: [h.state_at(s) for h, s in pairs])
        print(f"checkpoint every {every:>5}: state_at first call of a hand {cold / hands * 1e6:6.0f} µs"
              f" (builds the snapshots), later calls {warm / hands * 1e6:6.0f} µs (random step)")
    replay_module.CHECKPOINT_EVERY = default


if __name__ == "__main__":
    main()
