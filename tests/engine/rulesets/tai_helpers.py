"""Shared by the zhoushan and xizhou (台 ruleset) tests: summary logs replayed, 台 items and
payments as plain dicts, the audit's explanation of a disputed settlement, and play steps and
whole played-out hands built in code."""

import json
import random
from collections import deque

from engine.audit import pair_flows
from engine.model import Action
from engine.replay import replay
from engine.rulesets.base import Payment
from engine.tiles import FACES, FLOWERS
from events.codec import parse_log
from tests.engine.rulesets.review_helpers import fixture_records

PLAYERS = ["阿强", "小李", "老王", "阿芳"]


def summary_hands(path: str, **options):
    """The replayed hands (HandReplay: outcome, settlement, opts) of a summary log under
    ``tests/fixtures``."""
    return replay(fixture_records(path), options).hands


def by_code(scoring) -> dict[str, int]:
    """{item code: 台} (value × count) of a scoring."""
    return {ln.code: ln.value * ln.count for ln in scoring.lines}


def flows(payments) -> dict[tuple[str, str], int]:
    """{(payer, payee): amount}, amounts of the same pair added."""
    out = {}
    for p in payments:
        out[(p.payer, p.payee)] = out.get((p.payer, p.payee), 0) + p.amount
    return out


def pay(rs, hand):
    """What ``rs`` says a replayed hand should pay: score, settle_input, settle."""
    scorings = rs.score(hand.outcome, hand.opts)
    return rs.settle(rs.settle_input(hand.outcome, scorings, hand.opts), hand.opts)


def explain(rs, hand, paid: dict) -> str | None:
    """The code of the first mistake whose payments reconcile ``paid`` (what the audit reports)."""
    scorings = rs.score(hand.outcome, hand.opts)
    inp = rs.settle_input(hand.outcome, scorings, hand.opts)
    recorded = pair_flows(Payment(a, b, n) for (a, b), n in paid.items())
    for m in rs.mistakes(hand.outcome, scorings, inp, hand.opts):
        if pair_flows(m.payments) == recorded:
            return m.code
    return None


def errors(hand) -> list[tuple[int, str]]:
    """(seq, code) of a replayed hand's error anomalies."""
    return [(a.seq, a.code) for a in hand.anomalies if a.severity == "error"]


def act(seq, kind, seat, tile=None, source=None, from_seat=None, wall_left=50):
    return Action(seq, kind, seat, tile, source, from_seat, wall_left)


def play_out(
    ruleset: str, flowers_drawn: int, stop_at: int, dealer_kong: bool = False, claim_last=False
) -> list[dict]:
    """A full hand where every seat throws what it draws until ``stop_at`` live tiles are left:
    ``flowers_drawn`` flowers come up first (replaced from the back), the others stay in the
    wall. ``dealer_kong``: the dealer konged four 1m first. ``claim_last``: the last tile drawn
    is one a later seat holds a pair of, and that seat 碰s its discard."""
    faces = [t for t in FACES for _ in range(4)]
    random.Random(7).shuffle(faces)
    if dealer_kong:
        faces = ["1m"] * 4 + [t for t in faces if t != "1m"]
    deal, rest = faces[:53], faces[53:]
    hands = {"E": deal[:14], "S": deal[14:27], "W": deal[27:40], "N": deal[40:53]}
    claimer = None
    if claim_last:  # all 8 flowers come up first and the wall is drawn to its last tile
        drawer = "SWNE"[(len(rest) - 1) % 4]
        claimer, pair = next(
            (seat, t) for seat in "ESWN" if seat != drawer for t in hands[seat]
            if hands[seat].count(t) == 2 and t in rest[:-9]
        )  # fmt: skip
        k = rest.index(pair)
        rest[k], rest[-9] = rest[-9], rest[k]
    live = rest[:-8] + list(FLOWERS[flowers_drawn:]) + rest[-8:]
    wall = deque(list(FLOWERS[:flowers_drawn]) + live)
    recs = [
        {"type": "session", "ruleset": ruleset, "options": {}, "club": "c", "table": "1",
         "players": PLAYERS, "started_at": "2026-11-28T19:30:00+08:00"},
        {"type": "hand", "no": 1, "seats": dict(zip("ESWN", PLAYERS, strict=True))},
    ]  # fmt: skip
    recs += [{"type": "deal", "seat": s, "tiles": tiles} for s, tiles in hands.items()]
    left = len(wall)
    if dealer_kong:
        recs.append({"type": "gang", "seat": "E", "kind": "concealed", "tile": "1m"})
        recs.append({"type": "draw", "seat": "E", "tile": wall.pop(), "from": "back"})
        left -= 1
    recs.append(
        {"type": "discard", "seat": "E", "tile": recs[-1]["tile"] if dealer_kong else deal[13]}
    )
    turn = 0
    while left > stop_at:
        seat = "SWNE"[turn % 4]
        tile, left = wall.popleft(), left - 1
        recs.append({"type": "draw", "seat": seat, "tile": tile})
        while tile in FLOWERS:
            recs.append({"type": "reveal", "seat": seat, "tile": tile})
            tile, left = wall.pop(), left - 1
            recs.append({"type": "draw", "seat": seat, "tile": tile, "from": "back"})
        recs.append({"type": "discard", "seat": seat, "tile": tile})
        turn += 1
    if claimer:
        recs.append({"type": "peng", "seat": claimer})
        other = next(t for t in hands[claimer] if t != recs[-2]["tile"])
        recs.append({"type": "discard", "seat": claimer, "tile": other})
    recs.append({"type": "exhausted"})
    return parse_log("\n".join(json.dumps(r, ensure_ascii=False) for r in recs)).records
