"""The recorder's play-by-play mode: prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_record_play.py [--ruleset wenling] [--session-hands 24]

A simulated session (``engine.simulate``) of ``--session-hands`` hands is the table so far; its
next simulated hand is entered tap by tap. Without HTTP and database: ``recorder_play.live``
after every tap of that hand (each call replays the hand's records so far), p50, p95 and max, and
``recorder.evaluate`` of the finished play (the showdowns read off the replay, the audit). Then
through HTTP (Flask test client, bearer token, SQLite) on a recorded session that already holds
the session's hands, played in: the first ``POST /play`` (the session read and replayed), then
``POST /play`` at the middle of the hand and the session poll, 30 calls each.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench_record import bench_client

from engine.replay import replay
from engine.simulate.session import generate_session
from service.recorder.play import live, play_of
from service.recorder.recorder import Table, evaluate


def stats(times: list[float]) -> str:
    q = statistics.quantiles(times, n=20)
    return f"p50 {statistics.median(times):.2f} ms  p95 {q[18]:.2f} ms  max {max(times):.2f} ms"


def timed(fn, calls) -> list[float]:
    times = []
    for args in calls:
        t = time.perf_counter()
        fn(*args)
        times.append((time.perf_counter() - t) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="wenling")
    parser.add_argument("--session-hands", type=int, default=24)
    args = parser.parse_args()
    sim, _ = generate_session(args.ruleset, args.session_hands + 1, seed=3)
    hands = replay(sim).hands
    last = hands[-1]
    before = sim[: last.seq]
    table = Table(session=None, records=before, rp=replay(before))
    play = play_of(last)
    prefixes = [
        ({"play": {**play, "taps": play["taps"][:k]}},) for k in range(len(play["taps"]) + 1)
    ]
    live(table, *prefixes[-1])  # warm the ruleset's tables
    times = timed(lambda entry: live(table, entry), prefixes)
    print(f"{args.ruleset}: hand {last.no}, {len(play['taps'])} taps after the deal")
    print(f"live (POST /play without HTTP), after every tap: {stats(times)}")
    finished = [({"play": play},)] * 30
    print(f"evaluate of the finished play: {stats(timed(lambda e: evaluate(table, e), finished))}")
    http_figures(args.ruleset, hands, prefixes[len(prefixes) // 2][0])


def http_figures(ruleset: str, hands, middle: dict) -> None:
    client = bench_client()
    api = "/api/v1/record"
    body = {"club": "club", "table": "1", "ruleset": ruleset, "players": list(hands[0].outcome.seats.values())}  # fmt: skip
    sid = client.post(f"{api}/sessions", json=body).get_json()["session"]["id"]
    for h in hands[:-1]:
        entry = {"client_id": f"bench-{h.no:04d}", "play": play_of(h)}
        saved = client.post(f"{api}/sessions/{sid}/hands", json=entry)
        if saved.status_code != 201:
            raise SystemExit(f"hand {h.no} was not saved: {saved.get_json()}")
    calls = {
        "POST /play, mid-hand": lambda: client.post(
            f"{api}/play", json={"session_id": sid, "entry": middle}
        ),
        "poll (session state)": lambda: client.get(f"{api}/sessions/{sid}"),
    }
    first = timed(calls["POST /play, mid-hand"], [()])[0]
    print(f"HTTP first POST /play (reads the store, replays the session): {first:.1f} ms")
    for label, call in calls.items():
        times = timed(call, [()] * 30)
        print(f"HTTP {label}, session of {len(hands) - 1} played hands: {stats(times)}")


if __name__ == "__main__":
    main()
