"""Summary logs (showdown only) written in code for hand-computed tests: a session, hands of
showdown/win/settlement records, read through the codec like an upload."""

import json

from events.codec import parse_log

SEATS = {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"}


def log(
    ruleset: str, *hands: list[dict], options: dict | None = None, round_wind: str | None = None
) -> list[dict]:
    """Canonical records of a summary log: a session, then each hand's records after its
    ``hand`` line (numbered from 1); ``round_wind`` (圈风) on every hand line when given."""
    lines = [
        {
            "type": "session",
            "ruleset": ruleset,
            "options": options or {},
            "players": list(SEATS.values()),
        }
    ]
    for no, records in enumerate(hands, start=1):
        lines.append({"type": "hand", "no": no, "seats": SEATS})
        if round_wind:
            lines[-1]["round_wind"] = round_wind
        lines += records
    return parse_log("\n".join(json.dumps(r, ensure_ascii=False) for r in lines)).records


def paid(hand: dict) -> list[tuple[str, str, int]]:
    return sorted((p["from"], p["to"], p["amount"]) for p in hand["expected_payments"])


def show(seat, concealed, melds=(), revealed=None):
    rec = {
        "type": "showdown",
        "seat": seat,
        "concealed": concealed,
        "melds": [{"kind": k, "tiles": t, "from": f} for k, t, f in melds],
    }
    if revealed:
        rec["revealed"] = revealed
    return rec


def win(seat, how, tile=None, by=None, flags=None):
    rec = {"type": "win", "seat": seat, "how": how}
    if tile:
        rec["tile"] = tile
    if by:
        rec["from"] = by
    if flags:
        rec["flags"] = flags
    return rec


def settlement(*payments: tuple[str, str, int], points: dict | None = None) -> dict:
    rec = {
        "type": "settlement",
        "payments": [{"from": a, "to": b, "amount": n} for a, b, n in payments],
    }
    if points:
        rec["points"] = points
    return rec


def codes_at(hand: dict) -> list[tuple[int, str]]:
    """(seq, code) of a hand's anomalies."""
    return [(a["seq"], a["code"]) for a in hand["anomalies"]]
