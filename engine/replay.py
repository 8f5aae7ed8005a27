"""Replay a session log (the codec's canonical dicts) through its ruleset, hand by hand.

Corrections are applied first, keeping both the original and the correction visible. Each hand is
driven through :class:`engine.table.Table`; bad play never raises, it becomes anomalies. The first
:meth:`HandReplay.state_at` of a hand snapshots its table every ``CHECKPOINT_EVERY`` records, so
later calls re-apply fewer records; a batch audit never pays for the snapshots (measurements in
``docs/replay.md`` and ``docs/performance.md``).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import pairwise, repeat
from operator import itemgetter, methodcaller
from typing import Any

from engine.model import RECORD_EN, SEATS, HandOutcome, Record, Win
from engine.rulesets import get_ruleset
from engine.rulesets.base import Anomaly, Ruleset
from engine.state import ERROR, TableState
from engine.table import Table

CHECKPOINT_EVERY = 16
_FULL_TYPES = frozenset({"deal", "draw"})


class ReplayError(ValueError):
    """The log cannot be replayed at all (no session record first)."""


@dataclass(frozen=True)
class Correction:
    """A ``correction`` record and what it did: ``original`` is the targeted record,
    ``replacement`` None for a void; ``applied`` False when the target was invalid;
    ``inserted`` the records that follow the replacement (a hand whose shape changed)."""

    seq: int
    target: int
    original: Record | None
    replacement: Record | None
    reason: str | None
    by: str | None
    applied: bool
    inserted: tuple[Record, ...] = ()


@dataclass
class HandReplay:
    """One hand: its records (the ``hand`` record first, corrections applied), the outcome the
    ruleset scores, the anomalies found, the recorded settlement, and the table at each step."""

    no: int
    seq: int
    records: tuple[tuple[int, Record], ...]
    summary: bool
    seat_change: bool
    outcome: HandOutcome
    anomalies: list[Anomaly]
    settlement: Record | None
    ruleset: Ruleset = field(repr=False)
    opts: Any = field(repr=False)
    _checkpoints: list[Table] | None = field(repr=False, default=None)
    # Win lines left out of the outcome for a priority seat's win on the same discard.
    outranked: tuple[Win, ...] = ()

    @property
    def steps(self) -> int:
        return len(self.records)

    def state_at(self, step: int) -> TableState:
        """The table after the ``step``-th record of the hand (0 = the ``hand`` record)."""
        if not 0 <= step < len(self.records):
            raise IndexError(f"step {step} out of range 0..{len(self.records) - 1}")
        if self._checkpoints is None:
            self._checkpoints = self._snapshots()
        base = step - step % CHECKPOINT_EVERY
        table = self._checkpoints[base // CHECKPOINT_EVERY].clone()
        table.checking = False
        table.play(self.records[base + 1 : step + 1])
        seq = self.records[step][0]
        actions = self.outcome.actions or ()
        phases = self.ruleset.phases(tuple(a for a in actions if a.seq <= seq), self.opts)
        return table.state(step, seq, phases)

    def _snapshots(self) -> list[Table]:
        """The table before step 1 and after every ``CHECKPOINT_EVERY``-th record."""
        table = Table(self.ruleset, self.opts, self.summary)
        table.checking = False
        snaps = [table.clone()]
        for start in range(1, len(self.records), CHECKPOINT_EVERY):
            table.play(self.records[start : start + CHECKPOINT_EVERY])
            if start + CHECKPOINT_EVERY <= len(self.records):
                snaps.append(table.clone())
        return snaps


@dataclass
class Replay:
    """The whole session: the session record in force, its ruleset and options, the hands, the
    corrections, and anomalies that belong to no hand."""

    session: Record
    ruleset: Ruleset
    opts: Any
    hands: list[HandReplay]
    corrections: list[Correction]
    anomalies: list[Anomaly]


def replay(records: list[Record], overrides: Mapping[str, Any] | None = None) -> Replay:
    """Replay a session. Raises only for a log without a session record, an unknown ruleset
    (``UnknownRuleset``) or bad options (``OptionError``) — all ``ValueError``."""
    with no_gc_pauses():
        return _replay(records, overrides)


@contextmanager
def no_gc_pauses() -> Iterator[None]:
    """The cyclic collector off while a session is replayed (and, by the audit, scored): both
    allocate many short-lived objects and hardly any cycles, and the collector's passes over
    them cost 10-20 % of a wenling audit. It is switched back on (if it was on) right after."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _replay(records: list[Record], overrides: Mapping[str, Any] | None) -> Replay:
    if not records or records[0].get("type") != "session":
        raise ReplayError("the first record must be the session record")
    anomalies: list[Anomaly] = []
    # (C loops over every record, here and below; ``dict.__getitem__`` itself, not an
    # itemgetter: a parsed record is a dict subclass, whose ``[]`` looks the method up first)
    types = list(map(dict.__getitem__, records, repeat("type")))
    if "correction" in types:
        effective, corrections = apply_corrections(records, anomalies)
        types = list(map(itemgetter("type"), map(itemgetter(1), effective)))
    else:
        effective, corrections = list(enumerate(records)), []
    session = effective[0][1]
    name: Any = session.get("ruleset")  # (checked by get_ruleset)
    rs = get_ruleset(name)
    opts = rs.options({**session.get("options", {}), **(overrides or {})})
    starts = _positions(types, "hand")
    for seq, rec in effective[1 : starts[0] if starts else None]:
        anomalies.append(
            Anomaly(
                seq,
                "record_outside_hand",
                ERROR,
                f"{RECORD_EN.get(rec['type'], 'a record')} before the first hand",
            )
        )
    hands = [
        _replay_hand(effective[start:end], types[start:end], rs, opts)
        for start, end in pairwise([*starts, len(effective)])
    ]
    return Replay(session, rs, opts, hands, corrections, anomalies)


def _positions(items: list[str], value: str) -> list[int]:
    """Where ``value`` occurs in ``items`` (``list.index`` scans in C from one to the next)."""
    found: list[int] = []
    at = -1
    try:
        while True:
            at = items.index(value, at + 1)
            found.append(at)
    except ValueError:
        return found


def apply_corrections(
    records: list[Record], anomalies: list[Anomaly]
) -> tuple[list[tuple[int, Record]], list[Correction]]:
    """The records in force as (seq, record), corrections applied in order: a later correction
    of the same record wins (the codec refuses corrections of the session or of a correction).
    A correction's ``inserted`` records follow its replacement, with the correction's own seq
    (they are its line's), so a drawn hand corrected to a win gains its showdowns."""
    if "correction" not in map(methodcaller("get", "type"), records):
        return list(enumerate(records)), []
    current: dict[int, list[tuple[int, Record]]] = {
        seq: [(seq, rec)] for seq, rec in enumerate(records)
    }
    corrections: list[Correction] = []
    for seq, rec in enumerate(records):
        if rec.get("type") != "correction":
            continue
        target: Any = rec.get("target")  # checked below
        replacement = None if rec.get("void") else rec.get("replacement")
        inserted = tuple(rec.get("inserted") or ()) if replacement is not None else ()
        ok = (
            isinstance(target, int)
            and 0 < target < seq
            and records[target].get("type") != "correction"
            and all(
                isinstance(r, dict) and "type" in r for r in (replacement or {"type": 0}, *inserted)
            )
        )
        slot = current.get(target) if ok else None
        original = slot[0][1] if slot else None
        if ok:
            current[target] = (
                []
                if replacement is None
                else [(target, replacement), *((seq, r) for r in inserted)]
            )
        else:
            anomalies.append(
                Anomaly(
                    seq,
                    "correction_target",
                    ERROR,
                    f"the correction of step {target} cannot be applied",
                )
            )
        corrections.append(
            Correction(seq, target, original, replacement, rec.get("reason"), rec.get("by"), ok,
                       inserted)
        )  # fmt: skip
    effective = [
        (at, rec)
        for slot in current.values()
        for at, rec in slot
        if rec.get("type") != "correction"
    ]
    return effective, corrections


def _replay_hand(
    records: list[tuple[int, Record]], kinds: list[str], rs: Ruleset, opts: Any
) -> HandReplay:
    """One hand's records (``kinds``: their types) replayed."""
    head_seq, head = records[0]
    summary = _FULL_TYPES.isdisjoint(kinds)
    table = Table(rs, opts, summary, head.get("round_wind", "E"))
    table.play(records[1:], kinds[1:])
    table.finish(records[-1][0])
    outcome = HandOutcome(
        no=head["no"],
        seats=dict(head["seats"]),
        round_wind=head.get("round_wind", "E"),
        indicator=table.indicator,
        wildcards=table.wildcards,
        showdowns=dict(table.showdowns) if summary else {s: table.showdown_of(s) for s in SEATS},
        wins=tuple(table.wins),
        exhausted=table.exhausted,
        actions=None if summary else table.outcome_actions(),
        wall_left=None if summary else table.wall_left,
    )
    return HandReplay(
        no=head["no"],
        seq=head_seq,
        records=tuple(records),
        summary=summary,
        seat_change=bool(head.get("seat_change")),
        outcome=outcome,
        anomalies=sorted(table.anomalies, key=lambda a: (a.seq is None, a.seq or 0)),
        settlement=table.settlement,
        ruleset=rs,
        opts=opts,
        outranked=tuple(w for _, w in table.outranked),
    )
