"""The efficiency review's throughput: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_review.py [--hands N] [--repeat R] [--sessions S] [--oracle]

(a) shanten of 14-tile hands without 得, side by side with the `mahjong` package's
    Shanten.calculate_shanten on the same hands in the same run (each side its native input,
    converted before timing; chunks alternate so the shared machine's load hits both alike);
(b) shanten with 1-3 得, and the draw probe (shanten + effective tiles) of 13-tile hands;
(c) a whole full-log hand reviewed for all four seats, per ruleset: median and p95 ms, as the
    workers review it (each decision's figures; a tree before review version 2: in full), and
    a step's detail on view (``review_step``, where the tree has it);
(d) review time as a share of the verification (audit) of the same sessions;
(e) with --oracle: the brute-force reference of the tests on 20 000 hands per family, effective
    tiles included (the test file checks 1 200 by default to stay near a minute);
(f) with --workers: the share in the workers, the tasks themselves on a fresh SQLite store:
    ``fupan.review_session`` time / ``fupan.verify_session`` time of the same sessions.
(g) with --only g: (d) in a warm process, as a worker's after a day: the tables filled by
    reviewing 2 other sessions a ruleset first, then review (as the workers do) and audit CPU
    time of the same sessions;
(h) with --only h: sha256 of ``fupan review --json`` over the fixture logs and 12 simulated
    sessions (3 a ruleset, seeds 500-502): a change meant to keep the output prints the same hashes.
``--only cd,f`` runs only those parts; ``--tree DIR`` runs them on another checkout's code (an
older commit's worktree), so old and new can be timed alternately by the same script.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

_TREE = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--tree=")), None)
sys.path.insert(0, _TREE or str(Path(__file__).resolve().parents[1]))

from benchmarks.bench_hand import near_wins, side_by_side  # noqa: E402
from engine.audit import audit_records  # noqa: E402
from engine.efficiency import Hand, draws, shanten  # noqa: E402
from engine.hand import _tables  # noqa: E402
from engine.hand import shanten as hand_shanten  # noqa: E402
from engine.replay import replay  # noqa: E402
from engine.review import review_hand, review_records  # noqa: E402

try:  # review version 2: the workers store each decision's figures, the detail is on view
    from engine.review import review_step  # type: ignore[attr-defined,unused-ignore]  # noqa: E402

    STORED: dict[str, bool] = {"detail": False}
except ImportError:  # an older tree: the workers reviewed every decision in full
    review_step = None
    STORED = {}
from engine.rulesets import SHIPPED  # noqa: E402
from engine.simulate.session import generate_session  # noqa: E402
from engine.tiles import FACES  # noqa: E402


def calibrate() -> float:
    """Seconds of a fixed pure-Python loop: compare machines by this."""
    start = time.perf_counter()
    for _ in range(1000):
        sum(range(1000))
    return time.perf_counter() - start


def fourteen(rng: random.Random, n: int) -> list[list[str]]:
    """``n`` 14-tile hands: half near a win, half drawn at random from a full set."""
    wall = [f for f in FACES for _ in range(4)]
    return near_wins(rng, n // 2, 14) + [rng.sample(wall, 14) for _ in range(n - n // 2)]


def part_a(rng: random.Random, n: int, repeat: int) -> None:
    from mahjong.shanten import Shanten

    hands = fourteen(rng, n)
    ours = [Hand(tuple(h)) for h in hands]
    arrays = [[Counter(h)[f] for f in FACES] for h in hands]
    peer = Shanten()
    for h in fourteen(random.Random("a day of play"), 5 * n):
        shanten(Hand(tuple(h)))  # other hands fill the per-suit tables, as a worker's are
    pairs = dict(_tables._LOW), dict(_tables._HIGH)

    def warm() -> None:  # the class-keyed tables emptied, the class pairs as after warming
        _tables.clear_class_tables()
        _tables._LOW.update(pairs[0])
        _tables._HIGH.update(pairs[1])

    def cold() -> None:  # the class-pair tables empty too (only per-suit tables warm)
        _tables.clear_class_tables()

    cases = [
        (shanten, ours, warm),
        (shanten, ours, cold),
        (hand_shanten, hands, warm),
        (peer.calculate_shanten, arrays, warm),
        (peer.calculate_shanten_for_regular_hand, arrays, warm),
    ]
    times: list[list[float]] = [[] for _ in cases]
    for r in range(repeat):
        for lo in range(0, len(hands), 250):
            order = list(zip(cases, times, strict=True))
            for (fn, items, reset), out in order[:: -1 if (r + lo // 250) % 2 else 1]:
                reset()
                part = items[lo : lo + 250]
                start = time.thread_time()
                for item in part:
                    fn(item)
                out.append((time.thread_time() - start) / len(part))
    med = [statistics.median(t) for t in times]

    def ratio(i: int, j: int) -> float:  # median over paired chunks of case j's time / case i's
        return statistics.median(b / a for a, b in zip(times[i], times[j], strict=True))

    print(f"(a) 14 tiles, no 得, {len(hands)} hands (half near a win), median of {repeat} over")
    print(
        "    chunks of 250 in alternating order, thread CPU time; the tables warmed on 5x as many"
    )
    print("    other hands,")
    print(f"    class-keyed tables emptied before each chunk, then {len(pairs[0]) + len(pairs[1])}")
    print("    class pairs put back as after warming:")
    rows = [
        ("fupan efficiency.shanten(Hand)", ""),
        ("  same, class-pair tables emptied", ""),
        ("fupan engine.hand.shanten(list[str])", ""),
        ("mahjong calculate_shanten(34-array)", f"  -> efficiency.shanten {ratio(0, 3):.2f}x"),
        ("mahjong ..._for_regular_hand", f"  -> efficiency.shanten {ratio(0, 4):.2f}x"),
    ]
    for (label, note), t in zip(rows, med, strict=True):
        print(f"    {label:38s} {t * 1e6:7.2f} us {1 / t:10,.0f}/s{note}")
    print(
        f"    with the class-pair tables emptied: {ratio(1, 3):.2f}x calculate_shanten,"
        f" {ratio(1, 4):.2f}x the regular-hand call"
    )


def part_b(rng: random.Random, n: int, repeat: int) -> None:
    print(f"(b) with 得 (5z), {n} hands each, median of {repeat}:")
    for size in (14, 17):
        for n_wild in (1, 2, 3):
            hands = [
                Hand(tuple(h), wildcards=frozenset({"5z"})) for h in near_wins(rng, n, size, n_wild)
            ]
            probe = [Hand(h.concealed[:-1], wildcards=h.wildcards) for h in hands]
            (t, t_probe), _ = side_by_side([(shanten, hands), (draws, probe)], repeat)
            print(
                f"    {size} tiles, {n_wild} 得: shanten {1 / t:9,.0f}/s ({t * 1e6:6.1f} us);"
                f"  {size - 1}-tile draw probe {1 / t_probe:8,.0f}/s ({t_probe * 1e6:6.1f} us)"
            )


def part_cd(sessions: int, hands: int) -> None:
    print(f"(c)+(d) {sessions} simulated sessions of {hands} hands per ruleset (CPU time):")
    for name in SHIPPED:
        logs = [generate_session(name, hands, seed=900 + i)[0] for i in range(sessions)]
        review_hand(replay(logs[0]).hands[0], **STORED)  # warm
        per_hand, audit_s, review_s, per_step = [], 0.0, 0.0, []
        for records in logs:
            start = time.process_time()
            audit_records(records)
            audit_s += time.process_time() - start
            start = time.process_time()
            rep = replay(records)
            for hand in rep.hands:
                t = time.process_time()
                got = review_hand(hand, **STORED)
                per_hand.append(time.process_time() - t)
            review_s += time.process_time() - start
            if review_step is not None and got.decisions:  # the last hand's steps, on view
                for x in got.decisions[:: max(1, len(got.decisions) // 8)]:
                    t = time.process_time()
                    review_step(hand, x.step)
                    per_step.append(time.process_time() - t)
        per_hand.sort()
        p95 = per_hand[int(0.95 * (len(per_hand) - 1))]
        step = f"; a step on view {statistics.median(per_step) * 1e3:5.1f} ms" if per_step else ""
        print(
            f"    {name:9s} a hand, four seats: median {statistics.median(per_hand) * 1e3:7.1f} ms,"
            f" p95 {p95 * 1e3:7.1f} ms;  review / verification = {review_s / audit_s:6.1f}x"
            f" ({review_s:.2f} s vs {audit_s:.2f} s){step}"
        )


def part_e() -> None:
    from tests.engine import efficiency_reference as ref
    from tests.engine.test_efficiency import _reference, random_hand

    for family in ("standard", "wenling"):
        rng = random.Random(f"bench-oracle-{family}")
        start, bad = time.perf_counter(), 0
        for _ in range(20_000):
            hand, shown = random_hand(rng, family)
            got = draws(hand)
            bad += (got.shanten, list(got.effective)) != _reference(hand, shown)
        print(
            f"(e) {family}: 20 000 hands, shanten and effective tiles vs the reference: "
            f"{bad} disagreements ({time.perf_counter() - start:.0f} s)"
        )
        ref.kept.cache_clear()


def part_f(sessions: int, hands: int) -> None:
    """The two tasks as a worker runs them (store reads, the engine, the result's write), one
    session after the other, each verification first with its review not queued."""
    import tempfile

    os.environ["FUPAN_DATA_DIR"] = tempfile.mkdtemp(prefix="bench-review-")
    for name in ("FUPAN_DATABASE_URL", "FUPAN_BROKER_URL"):
        os.environ.pop(name, None)
    from events import store
    from events.codec import canonical_json
    from workers import tasks

    tasks.review_soon = lambda _session_id: None  # timed on its own below
    print(f"(f) workers: {sessions} sessions of {hands} hands per ruleset, task CPU time:")
    for name in SHIPPED:
        ids = []
        for i in range(sessions):
            records = generate_session(name, hands, seed=950 + i)[0]
            text = "".join(canonical_json(r) + "\n" for r in records)
            ids.append(store.ingest(data=text.encode()).session.id)
        verify = review = 0.0
        for session_id in ids:
            start = time.thread_time()
            assert tasks.verify_session.apply(args=[session_id]).get() == "ok"
            verify += time.thread_time() - start
            start = time.thread_time()
            assert tasks.review_session.apply(args=[session_id]).get() == "reviewed"
            review += time.thread_time() - start
        print(
            f"    {name:9s} verify_session {verify / len(ids) * 1e3:7.1f} ms, review_session"
            f" {review / len(ids) * 1e3:7.1f} ms a session: review / verification ="
            f" {review / verify:5.1f}x"
        )


def part_g(sessions: int, hands: int) -> None:
    print(f"(g) warm: {sessions} sessions of {hands} hands per ruleset after 2 others (CPU time):")
    for name in SHIPPED:
        for seed in (980, 981):
            review_records(generate_session(name, hands, seed=seed)[0], **STORED)
    for name in SHIPPED:
        logs = [generate_session(name, hands, seed=900 + i)[0] for i in range(sessions)]
        start = time.process_time()
        for records in logs:
            audit_records(records)
        audit_s = time.process_time() - start
        start = time.process_time()
        for records in logs:
            review_records(records, **STORED)
        review_s = time.process_time() - start
        print(
            f"    {name:9s} review {review_s / len(logs) * 1e3:6.0f} ms, audit"
            f" {audit_s / len(logs) * 1e3:5.1f} ms a session: {review_s / audit_s:5.1f}x"
        )


def part_h() -> None:
    """The review JSON's hashes, as ``fupan review LOG --json`` prints it."""
    import contextlib
    import hashlib
    import io
    import tempfile

    from events.codec import canonical_json
    from service.commands.review import review

    root = Path(__file__).resolve().parents[1]
    logs = sorted((root / "tests" / "fixtures").rglob("*.jsonl"))
    tmp = Path(tempfile.mkdtemp(prefix="bench-review-hash-"))
    sims = []
    for name in SHIPPED:
        for seed in (500, 501, 502):
            records = generate_session(name, 8, seed=seed)[0]
            path = tmp / f"{name}-{seed}.jsonl"
            path.write_text("".join(canonical_json(r) + "\n" for r in records))
            sims.append(path)
    for label, paths in (("fixture logs", logs), ("simulated sessions", sims)):
        total = hashlib.sha256()
        for path in paths:
            out = io.StringIO()
            with (
                contextlib.redirect_stdout(out),
                contextlib.redirect_stderr(out),
                contextlib.suppress(SystemExit, Exception),
            ):
                review(path, None, True)
            text = out.getvalue().replace(str(path), path.name)
            total.update(path.name.encode() + b"\0" + text.encode())
        print(f"(h) {len(paths)} {label}: sha256 {total.hexdigest()}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sessions", type=int, default=3)
    parser.add_argument("--session-hands", type=int, default=8)
    parser.add_argument("--oracle", action="store_true")
    parser.add_argument("--workers", action="store_true")
    parser.add_argument("--only", default="", help="comma-separated parts: a,b,cd,e,f,g,h")
    parser.add_argument("--tree", help="run another checkout's code (given as --tree=DIR)")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    print(f"calibration loop: {calibrate():.3f} s")
    rng = random.Random(2026)
    only = set(filter(None, args.only.split(",")))
    if not only or "a" in only:
        part_a(rng, args.hands, args.repeat)
    if not only or "b" in only:
        part_b(rng, args.hands // 4, args.repeat)
    if not only or "cd" in only:
        part_cd(args.sessions, args.session_hands)
    if (args.oracle and not only) or "e" in only:
        part_e()
    if (args.workers and not only) or "f" in only:
        part_f(args.sessions, args.session_hands)
    if "g" in only:
        part_g(args.sessions, args.session_hands)
    if "h" in only:
        part_h()


if __name__ == "__main__":
    main()
