"""Full play-by-play logs written by hand in a compact step notation, for the hand-computed
liability and payment cases (test_played_liabilities_<ruleset>.py): the replay, not a flag or
a showdown, must find who is liable.

Steps, separated by spaces or newlines (seat first):
``E-1m`` discard, ``S+5z`` draw, ``S*5z`` draw from the back (kong or flower replacement),
``S~5z`` draw and throw it (摸切), ``S!1f`` reveal a flower, ``S:chi:23m``, ``S:peng``,
``S:gang:exposed|concealed|added:5m``, ``S:hu:4p:W`` (win on W's discard), ``S:zimo:4p``
(self-draw), ``S:qiang:4p:E`` (robbing E's added kong), ``S:instant`` (wenling's 腊子 at the
deal), ``exhausted``."""

import json
from collections import Counter, deque

from engine.audit import audit_records
from engine.replay import replay
from engine.rulesets import get_ruleset
from engine.tiles import FLOWERS, parse_tiles
from events.codec import parse_log

SEATS = {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"}


def _step(token: str) -> list[dict]:
    if token == "exhausted":
        return [{"type": "exhausted"}]
    seat, op, rest = token[0], token[1], token[2:]
    if op in "-+*~!":
        kind = {"-": "discard", "+": "draw", "*": "draw", "~": "draw", "!": "reveal"}[op]
        rec = {"type": kind, "seat": seat, "tile": rest}
        if op == "*":
            rec["from"] = "back"
        return [rec, {"type": "discard", "seat": seat, "tile": rest}] if op == "~" else [rec]
    word, *args = rest.split(":")
    if word == "chi":
        return [{"type": "chi", "seat": seat, "tiles": args[0]}]
    if word == "peng":
        return [{"type": "peng", "seat": seat}]
    if word == "gang":
        return [{"type": "gang", "seat": seat, "kind": args[0], "tile": args[1]}]
    how = {"hu": "discard", "zimo": "self_draw", "qiang": "robbed_kong", "instant": "instant"}[word]
    rec = {"type": "win", "seat": seat, "how": how}
    if args:
        rec["tile"] = args[0]
    if len(args) > 1:
        rec["from"] = args[1]
    return [rec]


def full_log(
    ruleset: str,
    deals: dict[str, str],
    steps: str,
    options: dict | None = None,
    indicator: str | None = None,
    end: tuple[dict, ...] = (),
) -> list[dict]:
    """The canonical records of a one-hand full log: the deals (E's 14 tiles first), the 得
    indicator when given, then ``steps``, then the records ``end`` (a settlement …)."""
    recs: list[dict] = [
        {"type": "session", "ruleset": ruleset, "options": options or {},
         "players": list(SEATS.values())},
        {"type": "hand", "no": 1, "seats": SEATS},
    ]  # fmt: skip
    if indicator:
        recs.append({"type": "dice", "seat": "E", "dice": [3, 4]})
        recs.append({"type": "dice", "seat": "E", "dice": [2, 6]})
    recs += [{"type": "deal", "seat": s, "tiles": t} for s, t in deals.items()]
    if indicator:
        recs.append({"type": "wildcard", "indicator": indicator})
    for token in steps.split():
        recs += _step(token)
    recs += end
    return parse_log("\n".join(json.dumps(r, ensure_ascii=False) for r in recs)).records


def audited(records: list[dict]) -> dict:
    """The report of the log's one hand, which must replay without an anomaly."""
    hand = audit_records(records)["hands"][0]
    assert hand["anomalies"] == [], hand["anomalies"]
    return hand


def check_played(
    ruleset: str,
    deals: dict[str, str],
    steps: str,
    points: dict[str, int],
    payments: dict[tuple[str, str], int],
    dealer: str,
    options: dict | None = None,
) -> None:
    """A hand-computed full log (得 = 9s): every seat's points, the payments and who deals next."""
    recs = full_log(ruleset, deals, steps, options=options, indicator="9s")
    hand = audited(recs)
    assert hand["points"] == points
    assert flows(hand) == payments
    assert next_dealer(recs) == dealer


def flows(hand: dict) -> dict[tuple[str, str], int]:
    """The audit's expected payments as {(payer, payee): amount}, the same pair added."""
    out: dict[tuple[str, str], int] = {}
    for p in hand["expected_payments"]:
        out[(p["from"], p["to"])] = out.get((p["from"], p["to"]), 0) + p["amount"]
    return out


def next_dealer(records: list[dict]) -> str:
    """Which of this hand's seats deals the next one."""
    h = replay(records).hands[0]
    return get_ruleset(records[0]["ruleset"]).next_dealer(h.outcome, h.opts)


def drain(
    ruleset: str, deals: dict[str, str], stop: int, last=(), held_back=(), start="S", taken=""
) -> str:
    """Steps from ``start``'s turn on: every seat in turn draws and throws what it draws until
    ``stop`` live tiles are left. The wall is what the deals leave, less the tiles ``held_back``
    (an indicator) and ``taken`` (drawn before); the kinds in ``last`` come last. A flower drawn
    is revealed and replaced from the back."""
    left = Counter(get_ruleset(ruleset).tile_counts(get_ruleset(ruleset).options()))
    left -= Counter(parse_tiles("".join(deals.values()) + taken) + list(held_back))
    wall = deque(sorted(left.elements(), key=lambda t: (t in last, t)))
    steps, turn = [], 0
    while len(wall) > stop:
        seat, tile = "ESWN"[("ESWN".index(start) + turn) % 4], wall.popleft()
        steps.append(f"{seat}+{tile}")
        while tile in FLOWERS:
            tile = wall.pop()
            steps += [f"{seat}!{steps[-1][2:]}", f"{seat}*{tile}"]
        steps.append(f"{seat}-{tile}")
        turn += 1
    return " ".join(steps)
