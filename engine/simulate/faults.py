"""One realistic table mistake per chosen hand, so the audit has something to find.

Scoring faults record the payments of one of the ruleset's own ``mistakes()`` (a 番/台 missed or
added, a 胡 item forgotten, the cap ignored, no round-up, the wrong seat paying …): only the
first mistake with a given net flow is offered, so the audit, which names the first mistake that
reconciles a settlement, names the one injected. Log faults (full logs only) break the play
without changing who won, so only this hand is flagged: ``out_of_turn`` swaps a discard with the
next seat's draw, ``tile_miscount`` deals a non-dealer one tile short (小相公).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.audit import pair_flows
from engine.model import HandOutcome, name_seats, next_seat
from engine.rulesets.base import Mistake, Payment, Ruleset, Scoring, SettleInput

LOG_FAULTS = ("out_of_turn", "tile_miscount")
LOG_SHARE = 0.25  # of the faults in a full log, when the hand also offers a scoring fault

Record = dict[str, Any]  # one log record, as JSON
Scored = tuple[Mapping[str, Scoring], SettleInput]  # the hand's scorings and settle input


def scoring_faults(
    rs: Ruleset, opts: Any, outcome: HandOutcome, scored: Scored, payments: list[Payment]
) -> list[Mistake]:
    """The ruleset's mistakes that change the net flows, each the first with its flows, and
    writable in a log (no negative amount, nobody paying himself)."""
    scorings, inp = scored
    seen = {frozenset(pair_flows(payments).items())}
    out: list[Mistake] = []
    for m in rs.mistakes(outcome, scorings, inp, opts):
        flows = frozenset(pair_flows(m.payments).items())
        if flows in seen:
            continue
        seen.add(flows)
        if all(p.amount >= 0 and p.payer != p.payee for p in m.payments):
            out.append(m)
    return out


def inject(
    rng: random.Random,
    rs: Ruleset,
    opts: Any,
    outcome: HandOutcome,
    scored: Scored,
    payments: list[Payment],
    body: list[Record],
    settlement: Record,
    full: bool,
) -> tuple[list[Record], Record, Record | None]:
    """``(body, settlement, fault)`` with one mistake put in; ``fault`` is ``{"kind", "code",
    "note", "at"}`` (``at``: index in ``body``, ``len(body)`` for the settlement) or None when
    the hand offers none (a drawn hand in a summary log)."""
    mistakes = scoring_faults(rs, opts, outcome, scored, payments)
    if full and (not mistakes or rng.random() < LOG_SHARE):
        return _log_fault(rng, body, settlement)
    if not mistakes:
        return body, settlement, None
    m = rng.choice(mistakes)
    paid = [{"from": p.payer, "to": p.payee, "amount": p.amount} for p in m.payments]
    fault: Record = {
        "kind": "settlement",
        "code": m.code,
        "note": name_seats(m.en, outcome.seats, "en"),
        "at": len(body),
    }
    return body, {**settlement, "payments": paid}, fault


def _log_fault(
    rng: random.Random, body: list[Record], settlement: Record
) -> tuple[list[Record], Record, Record]:
    body = list(body)
    swaps = [
        j
        for j in range(len(body) - 1)
        if body[j]["type"] == "discard"
        and body[j + 1]["type"] == "draw"
        and body[j + 1]["from"] == "wall"
        and body[j + 1]["seat"] == next_seat(body[j]["seat"])
    ]
    if swaps and rng.random() < 0.5:
        j = rng.choice(swaps)
        body[j], body[j + 1] = body[j + 1], body[j]
        return (
            body,
            settlement,
            {
                "kind": "log",
                "code": "out_of_turn",
                "note": "a draw before the previous seat's discard",
                "at": j,
            },
        )
    j = rng.choice([j for j, r in enumerate(body) if r["type"] == "deal" and r["seat"] != "E"])
    tiles = list(body[j]["tiles"])
    tiles.pop(rng.randrange(len(tiles)))
    body[j] = {**body[j], "tiles": tiles}
    return (
        body,
        settlement,
        {
            "kind": "log",
            "code": "tile_miscount",
            "note": f"{body[j]['seat']} dealt one tile short",
            "at": j,
        },
    )
