"""A simulated session: hands played by the bots, scored and settled by the ruleset exactly as
the audit does it, the seats rotated by ``rs.next_dealer``, optionally written in summary form
and with table mistakes injected (:mod:`engine.simulate.faults`).

Deterministic: every hand draws from its own ``random.Random`` seeded with the ruleset, the
session seed, the hand number and the attempt, so a hand does not depend on how many random
numbers earlier hands used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.model import SEATS, Action, HandOutcome, Record, name_seats
from engine.replay import replay
from engine.rulesets import get_ruleset
from engine.rulesets.base import Payment, Ruleset
from engine.simulate.collusion import Bias, Collusion, lean
from engine.simulate.faults import Scored, inject
from engine.simulate.play import play_hand
from engine.tiles import sorted_tiles

CLUB = "fupan simulate"
PLAYERS = ("阿强", "小李", "老王", "阿芳")
MAX_ATTEMPTS = 20
_WINDS = "ESWN"


class SimulationError(RuntimeError):
    """The simulator produced a hand the replay finds illegal: a bug, reported with the hand."""


def generate_session(
    ruleset: str,
    hands: int,
    seed: int,
    faults: float = 0.0,
    summary: bool = False,
    options: Mapping[str, Any] | None = None,
    on_hand: Callable[[], None] | None = None,
    club: str = CLUB,
    players: Sequence[str] = PLAYERS,
    collusion: Collusion | None = None,
    bias: Bias | None = None,
) -> tuple[list[Record], list[dict[str, Any]]]:
    """A session log of ``hands`` hands (canonical record dicts, ready for
    ``events.codec.canonical_json``) and the list of injected faults
    (``{"hand", "seq", "kind", "code", "note"}``); ``faults`` is the share of hands given one
    mistake. ``on_hand`` is called after each hand (a progress bar). ``club`` and ``players``
    name the session, so a club can upload the file as its own. ``collusion`` and ``bias``
    make the table dishonest on purpose (engine.simulate.collusion); a bias's extra payments
    are listed with the faults (code ``recording_bias``)."""
    rs = get_ruleset(ruleset)
    opts = rs.options(dict(options or {}))
    if hands < 1:
        raise ValueError("a session needs at least one hand")
    if not 0.0 <= faults <= 1.0:
        raise ValueError(f"the fault rate must be between 0 and 1 (got {faults})")
    check_names(club, players)
    session: Record = {
        "type": "session",
        "ruleset": ruleset,
        "options": {k: getattr(opts, k) for k in options or {}},  # typed: "5" -> 5
        "club": club,
        "table": str(seed),  # a number, as clubs name tables (the page says 第 N 桌 / table N)
        "players": list(players),
        "started_at": "2026-11-28T19:30:00+08:00",
    }
    records: list[Record] = [session]
    injected: list[dict[str, Any]] = []
    seats, passes = dict(zip(SEATS, players, strict=True)), 0
    fault_rng = random.Random(f"fupan-simulate-faults:{ruleset}:{seed}")
    bias_rng = random.Random(f"fupan-simulate-bias:{ruleset}:{seed}")
    for no in range(1, hands + 1):
        head: Record = {
            "type": "hand",
            "no": no,
            "seats": seats,
            "round_wind": _WINDS[passes // 4 % 4],
        }
        partners = collusion.seats(seats) if collusion else {}
        strength = collusion.strength if collusion else 0.0
        outcome, play, payments, scored = _hand(rs, opts, session, head, seed, partners, strength)
        body = summary_records(outcome, scored, rs.flag_rules) if summary else play
        settlement = settlement_record(payments, scored, rs)
        if fault_rng.random() < faults:
            body, settlement, fault = inject(
                fault_rng, rs, opts, outcome, scored, payments, body, settlement, full=not summary
            )
            if fault is not None:
                at = len(records) + 1 + fault.pop("at", len(body))
                injected.append({"hand": no, "seq": at, **fault})
        if bias is not None:
            settlement, fault = lean(bias_rng, bias, seats, settlement)
            if fault is not None:
                injected.append({"hand": no, "seq": len(records) + 1 + len(body), **fault})
        records += [head, *body, settlement]
        dealer = rs.next_dealer(outcome, opts)
        passes += dealer != "E"
        k = SEATS.index(dealer)
        seats = {SEATS[i]: seats[SEATS[(k + i) % 4]] for i in range(4)}
        if on_hand is not None:
            on_hand()
    return records, injected


def check_names(club: str, players: Sequence[str]) -> None:
    """``ValueError`` unless the club is named and the players are 4 distinct names (what the
    log format's session record requires)."""
    if not club.strip():
        raise ValueError("the club name must not be empty")
    if len(players) != 4 or len(set(players)) != 4 or not all(p.strip() for p in players):
        raise ValueError(
            f"players must be 4 distinct, non-empty names (got {', '.join(players)!r})"
        )


def _hand(
    rs: Ruleset,
    opts: Any,
    session: Record,
    head: Record,
    seed: int,
    partners: Mapping[str, str],
    strength: float,
) -> tuple[HandOutcome, list[Record], list[Payment], Scored]:
    """Play one hand, replay it, score and settle it. A win the ruleset does not score as one
    (xizhou's 0 台) is replayed with the next attempt's shuffle."""
    for attempt in range(MAX_ATTEMPTS):
        rng = random.Random(f"fupan-simulate:{rs.name}:{seed}:{head['no']}:{attempt}")
        play = play_hand(rs, opts, rng, partners, strength)
        rp = replay([session, head, *play])
        hand = rp.hands[0]
        if hand.anomalies:
            a = hand.anomalies[0]
            at = "?" if a.seq is None else a.seq - 1
            raise SimulationError(
                f"hand {head['no']} (seed {seed}, attempt {attempt}) breaks a rule at record "
                f"{at}: {a.code}: {name_seats(a.message, head['seats'], 'en')}"
            )
        outcome = hand.outcome
        scorings = rs.score(outcome, opts)
        if any(
            scorings.get(w.seat) and scorings[w.seat].limit in ("not_winning", "below_minimum")
            for w in outcome.wins
        ):
            continue
        inp = rs.settle_input(outcome, scorings, opts)
        return outcome, play, rs.settle(inp, opts), (scorings, inp)
    raise SimulationError(
        f"hand {head['no']} (seed {seed}): no scoring win in {MAX_ATTEMPTS} deals"
    )


def settlement_record(payments: list[Payment], scored: Scored, rs: Ruleset) -> Record:
    """The settlement line, with each scored seat's points as the ruleset pays on them."""
    scorings = rs.paid_scorings(*scored)
    record: Record = {
        "type": "settlement",
        "payments": [{"from": p.payer, "to": p.payee, "amount": p.amount} for p in payments],
    }
    if scorings:
        record["points"] = {s: scorings[s].points for s in SEATS if s in scorings}
    return record


def summary_records(
    outcome: HandOutcome, scored: Scored, known_flags: Iterable[str]
) -> list[Record]:
    """The hand as a summary log writes it: the indicator, four showdowns, the win(s) with the
    flags a summary must state (the replay's, plus ``bao_san_jia`` and ``after_kong`` where the
    ruleset knows them: ``known_flags``)."""
    out: list[Record] = []
    rec: Record
    if outcome.indicator:
        out.append({"type": "wildcard", "indicator": outcome.indicator})
    for seat in SEATS:
        show = outcome.showdowns[seat]
        rec = {"type": "showdown", "seat": seat, "concealed": sorted_tiles(show.concealed)}
        if show.melds:
            chained = iter(_kongs_on_replacement(outcome.actions or (), seat))
            rec["melds"] = [
                {
                    "kind": m.kind,
                    "tiles": sorted_tiles(m.tiles),
                    **({"from": m.from_seat} if m.from_seat else {}),
                    **({"on_replacement": True} if m.is_kong and next(chained, False) else {}),
                }
                for m in show.melds
            ]
        if show.revealed:
            rec["revealed"] = sorted_tiles(show.revealed)
        out.append(rec)
    liable = {
        (x.seat, x.beneficiary) for x in scored[1].liabilities if x.kind.startswith("bao_san_jia")
    }
    for w in outcome.wins:
        flags = set(w.flags)
        if (w.from_seat, w.seat) in liable:
            flags.add("bao_san_jia")
        if w.how == "discard" and _first_discard_after_kong(outcome, w.from_seat):
            flags.add("after_kong")
        rec = {"type": "win", "seat": w.seat, "how": w.how}
        if w.tile:
            rec["tile"] = w.tile
        if w.from_seat:
            rec["from"] = w.from_seat
        if flags & set(known_flags):
            rec["flags"] = sorted(flags & set(known_flags))
        out.append(rec)
    if outcome.exhausted:
        out.append({"type": "exhausted"})
    return out


def _kongs_on_replacement(actions: Iterable[Action], seat: str) -> list[bool]:
    """For each 杠 ``seat`` made, in order (its showdown lists its kongs so, a 加杠 where it was
    made): was it made at once on a 杠's replacement (杠上杠, a meld's ``on_replacement``)? Flowers
    shown and replaced on the way do not part them."""
    out, last = [], None
    for a in actions:
        if a.seat != seat or a.kind in ("win", "reveal") or (a.kind, a.source) == ("draw", "back"):
            continue
        if a.kind == "gang":
            out.append(last == "gang")
        last = a.kind
    return out


def _first_discard_after_kong(outcome: HandOutcome, seat: str | None) -> bool:
    """Was ``seat``'s last discard its first after a kong (xizhou's 还杠胡 needs it stated)?"""
    discards = 0
    for a in reversed(outcome.actions or ()):
        if a.seat == seat and a.kind == "discard":
            discards += 1
        elif a.seat == seat and a.kind == "gang":
            return discards == 1
    return False
