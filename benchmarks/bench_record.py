"""The recorder's live evaluation (POST /api/v1/record/evaluate without HTTP and database):
prints figures, asserts nothing.

    .venv/bin/python benchmarks/bench_record.py [--hands N]

For N random 17-tile wenling winning hands with 3 得 (九条; a discard win on a tile that is not a
得), and for comparison with 2 得 (3 得 is the 腊子 limit, scored without the readings): the time of ``service.recorder.recorder.evaluate`` (the codec's check of the would-be records, the
replay, the audit of the hand: scoring over every 得 reading, settlement) per call, p50 and p95
(target p95 < 20 ms), and of the same call when the table's payments differ (a second audit with
the explanation of the dispute). Then through HTTP (Flask test client, a bearer token, SQLite in
a temporary folder) on a session that already holds ``--session-hands`` hands: the evaluate call
and the poll of the session state, p50 and p95 of 30 calls each.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time

from bench_wenling import WILD, winning_tiles

from engine.replay import replay
from events.codec import parse_log
from service.recorder.recorder import Table, evaluate

SESSION = ('{"type":"session","ruleset":"wenling","options":{},"club":"c","table":"1",'
           '"players":["甲","乙","丙","丁"]}')  # fmt: skip


def entries(rng: random.Random, count: int, n_wild: int) -> list[dict]:
    out = []
    for i in range(count):
        tiles = winning_tiles(rng, 5)
        for k in rng.sample(range(17), n_wild):
            tiles[k] = WILD
        win = rng.choice([t for t in tiles if t != WILD])
        tiles.remove(win)
        out.append(
            {
                "client_id": f"bench-{i:06d}",
                "result": "win",
                "indicator": WILD,
                "win": {"seat": "S", "how": "discard", "tile": win, "from": "W"},
                "shows": {"S": {"concealed": tiles}},
            }
        )
    return out


def percentiles(table: Table, items: list[dict]) -> tuple[float, float, float]:
    times = []
    for entry in items:
        t = time.perf_counter()
        evaluate(table, entry)
        times.append((time.perf_counter() - t) * 1000)
    q = statistics.quantiles(times, n=20)
    return statistics.median(times), q[18], max(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--session-hands", type=int, default=24)
    args = parser.parse_args()
    records = parse_log(SESSION).records
    table = Table(session=None, records=records, rp=replay(records))
    for n_wild in (3, 2):
        items = entries(random.Random(11), args.hands, n_wild)
        evaluate(table, items[0])  # warm the hand tables
        p50, p95, worst = percentiles(table, items)
        print(
            f"evaluate, 17 tiles, {n_wild} 得, {args.hands} hands: p50 {p50:.2f} ms  "
            f"p95 {p95:.2f} ms  max {worst:.2f} ms"
        )
        paid = [{**e, "payments": overpaid(table, e)} for e in items]
        p50, p95, worst = percentiles(table, paid)
        print(
            f"  … with the table's payments overridden (dispute + explanation): "
            f"p50 {p50:.2f} ms  p95 {p95:.2f} ms  max {worst:.2f} ms"
        )
    http_figures(args.session_hands)


def http_figures(session_hands: int) -> None:
    client = bench_client()
    api = "/api/v1/record"
    body = {"club": "club", "table": "1", "ruleset": "wenling", "players": ["甲", "乙", "丙", "丁"]}
    sid = client.post(f"{api}/sessions", json=body).get_json()["session"]["id"]
    hands = entries(random.Random(5), session_hands + 1, 2)
    for entry in hands[:-1]:
        client.post(f"{api}/sessions/{sid}/hands", json=entry)
    calls = {
        "evaluate": lambda: client.post(
            f"{api}/evaluate", json={"session_id": sid, "entry": hands[-1]}
        ),
        "poll (session state)": lambda: client.get(f"{api}/sessions/{sid}"),
    }
    for label, call in calls.items():
        times = []
        for _ in range(30):
            t = time.perf_counter()
            call()
            times.append((time.perf_counter() - t) * 1000)
        q = statistics.quantiles(times, n=20)
        print(
            f"HTTP {label}, session of {session_hands} hands: p50 {statistics.median(times):.1f} ms  "
            f"p95 {q[18]:.1f} ms"
        )


def bench_client():
    """A Flask test client with a member's bearer token, on SQLite in a temporary folder."""
    folder = tempfile.mkdtemp(prefix="bench-record-")
    os.environ.update(
        FUPAN_DATA_DIR=folder,
        FUPAN_DATABASE_URL=f"sqlite:///{folder}/fupan.sqlite3",
        FUPAN_SECRET_KEY="bench",
    )
    from service.accounts import auth
    from service.app import create_app

    app = create_app({"TESTING": True})
    with app.app_context():
        user = auth.create_user("bench", "bench-password")
        auth.add_member(user, auth.get_or_create_club("club"), "member")
        client = app.test_client()
        client.environ_base["HTTP_AUTHORIZATION"] = "Bearer " + auth.issue_token(user)
    return client


def overpaid(table: Table, entry: dict) -> list[dict]:
    """The engine's payments, each one more: a dispute the audit must explain."""
    return [
        {"from": p["from"], "to": p["to"], "amount": p["amount"] + 1}
        for p in evaluate(table, entry)["expected_payments"]
    ]


if __name__ == "__main__":
    main()
