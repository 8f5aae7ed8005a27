"""The table during one hand: the mutable machine the replay drives record by record.

It keeps counts arrays (42 ints per seat) and small lists, so a step costs a few microseconds and
a snapshot is a handful of list copies; nothing is deep-copied per step. Legality problems never
raise: they become :class:`Anomaly` entries (codes in ``docs/replay.md``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import fields
from functools import lru_cache
from itertools import compress, repeat
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple

from engine.model import (
    RECORD_EN,
    SEATS,
    Action,
    Meld,
    PendingActions,
    Record,
    Showdown,
    StepFields,
    Win,
    make_actions,
    next_seat,
    prev_seat,
    who,
)
from engine.rulesets.base import CLAIMED_DISCARD, Anomaly, Ruleset
from engine.state import ERROR, WARNING, Discard, RiverTile, TableState
from engine.state import names as _names
from engine.tiles import ALL_TILES, INDEX, english
from engine.wins import WIN_RANK, Passed, WinRules

PLAY_TYPES = frozenset(
    {"deal", "wildcard", "reveal", "draw", "discard", "chi", "peng", "gang", "win", "exhausted"}
)
# The records whose ``seat`` the codec checks (any other record's extra fields are ignored).
SEATED_TYPES = frozenset(
    {"dice", "deal", "reveal", "draw", "discard", "chi", "peng", "gang", "win", "showdown"}
)
ACTION_KINDS = frozenset({"dice", "reveal", "draw", "discard", "chi", "peng", "gang", "win"})
UNMADE_KONG = "unmade_kong"  # the cause of a replacement draw after a kong that was not made
_GANG_KIND = {"exposed": "gang_exposed", "concealed": "gang_concealed", "added": "gang_added"}


class Table(WinRules):
    """One hand being replayed. ``checking`` off skips the costly checks when re-applying
    records from a checkpoint (the anomalies are already known then).

    Its state is in slots: more than 30 attributes in an instance dict make CPython give up
    its shared-key layout, and every ``self.x`` of the play loop then costs a dict lookup."""

    __slots__ = (
        "rs", "opts", "summary", "round_wind", "checking", "checked_kinds", "limits", "total",
        "hs", "counts", "size", "melds", "revealed", "discards", "seen", "shown_at", "pending",
        "dealt", "wall_draws", "discarded_wild", "offers", "passed", "since", "tracks_passed",
        "reported", "back_draws", "flowers_out", "left", "dead_wall", "dead_walls", "turn",
        "must", "last_draw", "last_discard", "win_discard", "last_gang", "robbed",
        "just_claimed", "claims", "indicator", "wildcards", "bonus_idx", "bonus_at",
        "may_hold_bonus", "wins", "win_seqs", "outranked", "exhausted", "ended", "showdowns",
        "settlement", "steps", "made", "anomalies",
    )  # fmt: skip

    def __init__(self, rs: Ruleset, opts: Any, summary: bool, round_wind: str = "E") -> None:
        self.rs, self.opts, self.summary = rs, opts, summary
        self.round_wind = round_wind  # (a passed win is scored: wins.WinRules._could_take)
        self.checking = True
        fixed = _fixed(rs, opts)
        self.checked_kinds, self.limits, self.total = fixed.checked_kinds, fixed.limits, fixed.total
        self.hs = rs.hand_size
        self.counts = _seat_counts()
        # the tiles each seat holds, a meld counting 3 (its concealed counts' sum + 3 a meld)
        self.size = dict.fromkeys(SEATS, 0)
        self.melds: dict[str, list[Meld]] = _seat_lists()
        self.revealed: dict[str, list[str]] = _seat_lists()
        self.discards: dict[str, list[RiverTile]] = _seat_lists()
        self.seen = [0] * 42
        self.shown_at: dict[int, int] = {}  # summary hands: tile -> last showdown seq
        self.pending: dict[str, list[str]] = _seat_lists()  # causes of owed back draws (bonus/kong)
        self.dealt: set[str] = set()
        self.wall_draws = dict.fromkeys(SEATS, 0)
        self.discarded_wild: set[str] = set()
        # 过胡 (wins.WinRules.note_offered): (seq, seat, tile) of each tile offered, and per seat
        # since its last draw (start, end, its hand) of the offers it saw with that hand
        self.offers: list[tuple[int, str, str]] = []
        self.passed: dict[str, list[Passed]] = _seat_lists()
        self.since = dict.fromkeys(SEATS, 0)  # offers from here on are seen with today's hand
        self.tracks_passed = rs.passed_win_waits_for_draw
        self.reported: set[tuple[str, str]] = set()  # (code, key) reported once per hand
        self.back_draws = 0
        self.flowers_out = 0
        self.left = self.total  # the wall's tiles not yet taken, the dead wall's included
        self.dead_wall = fixed.dead_wall  # kept in step in replaced()
        self.dead_walls = fixed.dead_walls
        self.turn: str | None = None
        self.must: str | None = None  # "draw" or "discard"
        self.last_draw: dict[str, tuple[str, str | None]] = {}  # seat -> (source, cause)
        # the seat of the discard a claim may take, and of the one a win line takes (both the
        # last tile of that seat's river: only a discard adds to a river)
        self.last_discard: str | None = None
        self.win_discard: str | None = None
        self.last_gang: tuple[str, str] | None = None  # (seat, tile) of an added kong
        self.robbed: tuple[str, str] | None = None  # the added kong a win has robbed
        # the claim just made, until its seat draws or discards: what it may not discard next,
        # and what a claim of higher rank on the same discard undoes (胡 > 碰/杠 > 吃)
        self.just_claimed: _Claim | None = None
        self.claims = 0
        self.indicator: str | None = None
        self.wildcards: frozenset[str] = frozenset()
        self.bonus_idx: tuple[int, ...] = fixed.bonus_idx
        self.bonus_at = fixed.bonus_at
        # seats that may hold a tile that must be revealed (every seat that may is in it; a
        # discard looks at the seat's bonus counts only then, and drops it when none is held)
        self.may_hold_bonus: set[str] = set()
        self.wins: list[Win] = []
        self.win_seqs: list[int] = []
        # (seq, win) of the win lines a priority seat's win on the same discard outranks
        self.outranked: tuple[tuple[int, Win], ...] = ()
        self.exhausted = False
        self.ended = False
        self.showdowns: dict[str, Showdown] = {}
        self.settlement: Record | None = None  # the recorded one (the last line counts)
        # Every play step: its Action fields, made into Actions only when read (history(),
        # by one C map over the steps since the last read).
        self.steps: list[StepFields] = []
        self.made: list[Action] = []  # the steps made into Actions so far
        self.anomalies: list[Anomaly] = []

    # -- bookkeeping -----------------------------------------------------------------------
    def clone(self) -> Table:
        """A snapshot sharing nothing mutable with ``self`` (steps are append-only: shared).
        Its slots are copied by C loops (``copy.copy`` sets a slotted object's attributes one
        by one in Python: twice the cost of a snapshot)."""
        t: Table = _new_object(Table)
        deque(map(setattr, repeat(t), Table.__slots__, _slot_values(self)), maxlen=0)
        t.counts, t.size = {s: c[:] for s, c in self.counts.items()}, dict(self.size)
        t.melds = {s: m[:] for s, m in self.melds.items()}
        t.revealed = {s: r[:] for s, r in self.revealed.items()}
        t.discards = {s: d[:] for s, d in self.discards.items()}
        t.seen, t.shown_at = self.seen[:], dict(self.shown_at)
        t.pending = {s: p[:] for s, p in self.pending.items()}
        t.dealt, t.discarded_wild, t.reported = set(self.dealt), set(self.discarded_wild), set()
        t.may_hold_bonus = set(self.may_hold_bonus)
        t.offers, t.passed = self.offers[:], {s: p[:] for s, p in self.passed.items()}
        t.since = dict(self.since)
        t.wall_draws, t.last_draw = dict(self.wall_draws), dict(self.last_draw)
        t.wins, t.win_seqs, t.showdowns = self.wins[:], self.win_seqs[:], dict(self.showdowns)
        t.anomalies = []
        return t

    def flag(self, seq: int | None, code: str, message: str, severity: str = ERROR) -> None:
        self.anomalies.append(Anomaly(seq, code, severity, message))

    def flag_once(self, key: str, seq: int, code: str, message: str) -> None:
        if (code, key) not in self.reported:
            self.reported.add((code, key))
            self.flag(seq, code, message)

    @property
    def wall_left(self) -> int:
        return self.left

    def replaced(self, back_draw: bool, flower: bool) -> None:
        """Count a replacement draw or a revealed flower; the dead wall may depend on them."""
        self.back_draws += back_draw
        self.flowers_out += flower
        key = (self.back_draws, self.flowers_out)
        dead = self.dead_walls.get(key)
        if dead is None:
            dead = self.dead_walls[key] = self.rs.dead_wall(*key, self.opts)
        self.dead_wall = dead

    def _bonus_indexes(self) -> tuple[int, ...]:
        return _bonus_indexes(self.rs, self.opts, self.wildcards)

    def concealed(self, seat: str) -> list[str]:
        return list(self._concealed(seat))

    def _concealed(self, seat: str) -> tuple[str, ...]:
        """A seat's tiles in ``ALL_TILES`` order: each held face's run of its count, made once
        (the faces not held, two in three, skipped by a C ``compress``; fewer instructions than
        chaining the runs or adding tuples)."""
        counts = self.counts[seat]
        tiles: list[str] = []
        try:
            for i in compress(_INDEXES, counts):
                tiles += _RUNS[i][counts[i]]
        except IndexError:  # more than 8 of a tile: an overcounted log's hand
            return tuple(t for i in compress(_INDEXES, counts) for t in (ALL_TILES[i],) * counts[i])
        return tuple(tiles)

    def see(self, seq: int, tiles: Iterable[str], hand: list[int]) -> None:
        """Count ``tiles`` as seen and add them to a seat's ``hand`` (its counts row)."""
        seen, limits = self.seen, self.limits
        for t in tiles:
            i = INDEX[t]
            hand[i] += 1
            seen[i] += 1
            if seen[i] > limits[i]:
                self._overcount(seq, t)

    def _overcount(self, seq: int, tile: str) -> None:
        i = INDEX[tile]
        self.flag_once(
            tile,
            seq,
            "tile_overcount",
            f"{english(tile)} seen {self.seen[i]} times; the set has {self.limits[i]}",
        )

    def take(self, seat: str, tile: str) -> bool:
        """Remove one tile from a seat's hand; False if it does not hold it."""
        c = self.counts[seat]
        i = INDEX[tile]
        if c[i] <= 0:
            return False
        c[i] -= 1
        self.size[seat] -= 1
        return True

    def holds(self, seat: str, tile: str, n: int) -> bool:
        return self.counts[seat][INDEX[tile]] >= n

    def check_size(self, seq: int, seat: str, expected: int) -> None:
        if not self.checking:
            return
        size = self.size[seat]
        if size != expected:
            self.flag_once(
                seat,
                seq,
                "hand_size",
                f"{who(seat)} holds {size} tiles (melds count 3); expected {expected}",
            )

    def check_turn(self, seq: int, seat: str, must: str, what: str) -> None:
        """(Draws and discards call it only when ``seat``/``must`` differ from the turn.)"""
        if self.turn is not None and (seat != self.turn or self.must != must):
            expected = f"{who(self.turn)} to {self.must}" if self.must else "nobody"
            self.flag(seq, "wrong_turn", f"{who(seat)} {what} out of turn; expected {expected}")

    def record(
        self,
        seq: int,
        kind: str,
        seat: str,
        tile: str | None = None,
        source: str | None = None,
        from_seat: str | None = None,
        tiles: tuple[str, ...] = (),
    ) -> None:
        """Append the step and ask the ruleset about it (draws and discards: in play)."""
        if not self.checking:
            return
        step: StepFields = (seq, kind, seat, tile, source, from_seat, self.left, tiles)
        if kind in self.checked_kinds:
            self.ask(step)
        self.steps.append(step)

    def history(self) -> list[Action]:
        """The steps so far as Actions (read only: not a copy)."""
        made, steps = self.made, self.steps
        if len(made) < len(steps):
            made += make_actions(steps[len(made) :])
        return made

    def outcome_actions(self) -> tuple[Action, ...] | PendingActions:
        """The hand's steps for its HandOutcome (made into Actions only if it reads them)."""
        return PendingActions(self.made, self.steps[len(self.made) :])

    def ask(self, step: StepFields) -> None:
        """The ruleset's check of a step given the steps before it (both read as they are: no
        Action is made for a check)."""
        found = self.rs.check(step, self.steps, self.opts)
        if found:
            seq = step[0]
            known = {(a.seq, a.code) for a in self.anomalies if a.seq == seq}
            self.anomalies.extend(a for a in found if (a.seq, a.code) not in known)

    # -- records ---------------------------------------------------------------------------
    def apply(self, seq: int, rec: Record) -> None:
        self.play(((seq, rec),))

    def play(
        self, records: Sequence[tuple[int, Record]], kinds: Iterable[str] | None = None
    ) -> None:
        """Apply ``(seq, record)`` pairs in order; ``kinds``, their types, when the caller has
        them (a parsed record is a dict subclass, whose every ``[]`` costs a call). Draws and
        discards, nine records in ten, are played in ``_play``, not through a handler: their
        usual case (a turn's draw from the live wall, a discard in turn) costs no call. Records
        after the hand's end go through ``_after_end`` (so the play loop never asks whether the
        hand has ended)."""
        if kinds is None:
            kinds = map(itemgetter("type"), map(itemgetter(1), records))
        rest = zip(records, kinds, strict=True)
        if not self.ended:
            self._play(rest)
        self._after_end(rest)

    def _after_end(self, records: Iterator[tuple[tuple[int, Record], str]]) -> None:
        """The records after the hand ended: play records are flagged (a second win line on the
        same discard excepted), the others handled."""
        offered = self.checking and self.tracks_passed
        for (seq, rec), kind in records:
            if kind in PLAY_TYPES and not (kind == "win" and self.wins):
                self.flag(
                    seq,
                    "play_after_end",
                    f"{RECORD_EN.get(kind, 'a record')} after the hand ended",
                )
                continue
            if offered and kind in SEATED_TYPES:
                self.keep_hand(rec["seat"])
            handler = _HANDLERS.get(kind)
            if handler is not None:
                handler(self, seq, rec)

    def _play(self, records: Iterator[tuple[tuple[int, Record], str]]) -> None:
        """Play ``records`` until the hand ends (a win or an exhausted line) or they run out."""
        counts, seen, limits = self.counts, self.seen, self.limits
        size, rivers = self.size, self.discards
        wall_draws, last_draw = self.wall_draws, self.last_draw
        checked, checking, turn_size = self.checked_kinds, self.checking, self.hs + 1
        ask_draw, ask_discard = "draw" in checked, "discard" in checked
        ask_claimed = CLAIMED_DISCARD in checked
        offered = checking and self.tracks_passed  # (wins.WinRules.note_offered)
        offers, passed, since = self.offers, self.passed, self.since
        append = self.steps.append
        may_hold_bonus = self.may_hold_bonus
        for (seq, rec), kind in records:
            if kind == "draw":
                seat, tile, source = rec["seat"], rec["tile"], rec.get("from", "wall")
                if (
                    source != "wall"
                    or seat != self.turn
                    or self.must != "draw"
                    or self.left <= self.dead_wall
                ):
                    cause = self._draw_checks(seq, seat, source)
                    if cause is None:  # a turn's draw (a replacement comes from the dead wall)
                        self.turn, self.must = seat, "discard"
                        wall_draws[seat] += 1
                        expected = turn_size
                    else:
                        expected = self.hs + (seat == self.turn and self.must == "discard")
                    last_draw[seat] = (source, cause)
                else:  # the usual draw: the seat's turn, from the live wall
                    self.must = "discard"
                    wall_draws[seat] += 1
                    expected = turn_size
                    last_draw[seat] = _TURN_DRAW
                i = INDEX[tile]
                counts[seat][i] += 1
                size[seat] = held = size[seat] + 1
                if self.bonus_at[i]:
                    may_hold_bonus.add(seat)
                seen[i] += 1
                if seen[i] > limits[i]:
                    self._overcount(seq, tile)
                self.left -= 1
                self.last_discard = self.last_gang = self.just_claimed = None
                if offered:  # what it let go by before this draw no longer counts
                    passed[seat].clear()
                    since[seat] = len(offers)
                if held != expected:
                    self.check_size(seq, seat, expected)
                if checking:
                    step: StepFields = (seq, kind, seat, tile, source, None, self.left, ())
                    if ask_draw:
                        self.ask(step)
                    append(step)
            elif kind == "discard":
                seat, tile = rec["seat"], rec["tile"]
                if seat != self.turn or self.must != "discard":
                    self.check_turn(seq, seat, "discard", "discards")
                c, i = counts[seat], INDEX[tile]
                claimed = self.just_claimed
                if checking:
                    if claimed or seat in may_hold_bonus:
                        self._check_discard(seq, seat, tile, c)
                    if offered:
                        if len(offers) > since[seat]:  # (rare: not after its draw)
                            self.keep_hand(seat)
                        offers.append((seq, seat, tile))
                if c[i] > 0:
                    c[i] -= 1
                    size[seat] -= 1
                else:
                    self.flag(
                        seq,
                        "discard_not_in_hand",
                        f"{who(seat)} discards {english(tile)} it does not hold",
                    )
                if tile in self.wildcards:
                    self.discarded_wild.add(seat)
                rivers[seat].append((tile, seq, None))  # a Discard's fields; built in state()
                self.last_discard = self.win_discard = seat
                self.last_gang = self.just_claimed = None
                self.turn, self.must = _NEXT[seat], "draw"
                if checking:
                    step = (seq, kind, seat, tile, None, None, self.left, ())
                    if ask_discard or (claimed and ask_claimed):
                        self.ask(step)
                    append(step)
            else:
                if offered and kind in SEATED_TYPES:  # a seat's hand changes on its own records
                    self.keep_hand(rec["seat"])  # only (抢杠: see _win_robbing)
                handler = _HANDLERS.get(kind)
                if handler is not None:
                    handler(self, seq, rec)
                    if self.ended:
                        return

    def on_dice(self, seq: int, rec: Record) -> None:
        seat, thrower = rec["seat"], self.rs.dice_thrower
        if thrower is not None and seat != thrower:
            self.flag(
                seq,
                "dice_not_dealer",
                f"{who(seat)} threw the dice; the dealer ({who(thrower)}) throws",
                WARNING,
            )
        self.record(seq, "dice", seat)

    def on_deal(self, seq: int, rec: Record) -> None:
        seat, tiles = rec["seat"], rec["tiles"]
        if seat in self.dealt:
            self.flag(seq, "duplicate_deal", f"{who(seat)} is dealt twice")
            return
        self.dealt.add(seat)
        expected = self.hs + (1 if seat == "E" else 0)
        if len(tiles) != expected:
            self.flag(
                seq,
                "unknown_seat_tile",
                f"{who(seat)} is dealt {len(tiles)} tiles; the deal gives {expected}",
            )
        self.see(seq, tiles, self.counts[seat])
        self.may_hold_bonus.add(seat)
        self.size[seat] += len(tiles)
        self.left -= len(tiles)
        if self.turn is None:
            self.turn, self.must = "E", "discard"

    def on_wildcard(self, seq: int, rec: Record) -> None:
        """The 得 indicator turned up; a ruleset (or its options) that plays without 得 has no
        indicator to turn, so its line is reported and changes nothing."""
        wild = frozenset(self.rs.wildcards(rec["indicator"], self.opts))
        if not wild:
            self.flag(
                seq,
                "wildcard_unused",
                f"a wildcard indicator ({_names((rec['indicator'],))}) recorded where the rules"
                " play without wildcards: ignored",
                WARNING,
            )
            return
        self.indicator, self.wildcards = rec["indicator"], wild
        self.bonus_idx = self._bonus_indexes()
        self.bonus_at = _bonus_flags(self.bonus_idx)
        self.may_hold_bonus.update(SEATS)
        if not self.rs.indicator_in_wall(self.opts):
            self.see(seq, (rec["indicator"],), [0] * len(ALL_TILES))  # (in no seat's hand)
            if not self.summary:
                self.left -= 1

    def on_reveal(self, seq: int, rec: Record) -> None:
        seat, tile = rec["seat"], rec["tile"]
        counts, i = self.counts[seat], INDEX[tile]
        if counts[i] <= 0:
            self.flag(
                seq, "reveal_not_in_hand", f"{who(seat)} reveals {english(tile)} it does not hold"
            )
            return
        counts[i] -= 1  # (take(), inline)
        self.size[seat] -= 1
        self.revealed[seat].append(tile)
        if tile[1] == "f":  # (is_flower)
            self.replaced(False, True)
        self.pending[seat].append("bonus")
        if self.checking:  # (record(), inline: five a hand)
            step: StepFields = (seq, "reveal", seat, tile, None, None, self.left, ())
            if "reveal" in self.checked_kinds:
                self.ask(step)
            self.steps.append(step)

    def _draw_checks(self, seq: int, seat: str, source: str) -> str | None:
        """A draw out of the usual: a replacement draw's cause (None: a turn's draw), flagged
        when there is none, when the wall has run out, or when it is not the seat's turn."""
        cause = None
        if source == "back":
            if self.pending[seat]:
                cause = self.pending[seat].pop(0)
            else:
                self.flag(
                    seq,
                    "back_draw_without_cause",
                    f"{who(seat)} draws from the back with no flower revealed or kong made",
                    WARNING,
                )
            self.replaced(True, False)
        if cause is None:
            if self.left <= self.dead_wall:
                self.flag_once(
                    "wall",
                    seq,
                    "wall_exhausted",
                    f"{who(seat)} draws with {self.wall_left} live tiles left (the hand ends "
                    f"at {self.dead_wall})",
                )
            if seat != self.turn or self.must != "draw":
                if self.pending[seat] and seat == self.turn and self.turn is not None:
                    self.flag(  # (a replacement owed: "在最后一张牌中补回", "补牌从最后一张牌开始")
                        seq,
                        "wrong_turn",
                        f"{who(seat)} draws from the live wall; the replacement for its "
                        f"{_OWED_EN.get(self.pending[seat][0], 'kong')} comes from the back",
                    )
                else:
                    self.check_turn(seq, seat, "draw", "draws")
        return cause

    def _check_discard(self, seq: int, seat: str, tile: str, counts: list[int]) -> None:
        """A discard by a seat that may hold a tile it must reveal (``counts``: its hand), or
        right after its claim."""
        for i in self.bonus_idx:  # a loop, not a list: nearly always none is held
            if counts[i]:
                held = [ALL_TILES[i] for i in self.bonus_idx if counts[i]]
                self.flag_once(
                    seat,
                    seq,
                    "bonus_not_revealed",
                    f"{who(seat)} plays on holding {_names(held)} that must be revealed",
                )
                break
        else:
            self.may_hold_bonus.discard(seat)
        claim = self.just_claimed
        if claim and self.rs.forbid_discard_of_claimed:
            if claim.seat == seat and tile in claim.barred:
                self.flag(
                    seq,
                    "discard_of_claimed",
                    f"{who(seat)} discards {english(tile)} right after claiming it",
                )

    def _claimed(self, seq: int, seat: str, what: str, rank: int) -> tuple[str, str] | None:
        """The discard being claimed (discarder, tile), marked as taken; None if there is none.
        ``rank``: the claim's (``_RANK``); a lower claim just made on the discard gives way."""
        if self.just_claimed is not None and self.last_discard is None:
            self.give_way(seat, rank, what)
        by = self.last_discard
        if by is None or by == seat:
            self.flag(seq, "claim_no_discard", f"{who(seat)} claims {what} with no discard to take")
            return None
        river = self.discards[by]
        tile, dseq, _ = river[-1]
        river[-1] = (tile, dseq, seat)
        self.last_discard = None
        return by, tile

    def _check_wild_claim(self, seq: int, seat: str, tiles: tuple[str, ...]) -> None:
        if self.rs.wildcard_claims_allowed or not self.wildcards.intersection(tiles):
            return
        self.flag(
            seq, "claim_with_wildcard", f"{who(seat)} claims with a wildcard ({_names(tiles)})"
        )

    def _claim_done(
        self,
        seq: int,
        seat: str,
        kind: str,
        meld: Meld,
        taken: tuple[str, ...],
        own: tuple[str, ...],
    ) -> None:
        """``taken``: the tiles its seat may not discard next; ``own``: those it took from its
        hand (given back if the claim gives way)."""
        self.melds[seat].append(meld)
        self.size[seat] += 3
        self.turn, self.must = seat, "discard"
        self.claims += 1
        self.just_claimed = _new_claim(_Claim, (seq, seat, kind, meld, own, taken))
        if not self.checking:
            return
        if kind != "gang" and self.size[seat] != self.hs + 1:
            self.check_size(seq, seat, self.hs + 1)
        tiles = meld.tiles
        step: StepFields = (
            seq,
            kind,
            seat,
            tiles[0] if kind != "chi" else taken[0],
            meld.kind if kind == "gang" else None,
            meld.from_seat,
            self.left,
            tiles,
        )  # (as record() makes it)
        if kind in self.checked_kinds:
            self.ask(step)
        self.steps.append(step)

    def give_way(self, seat: str, rank: int, what: str) -> None:
        """``seat`` claims (``what``, of ``rank``) the discard another seat has just claimed: by
        the seeds' 优先级 (胡 > 碰/明杠 > 吃) a claim of higher rank takes it over, and the
        earlier claim is undone (its meld back into its seat's hand, its step out of the play,
        so no ruleset counts it) and noted (``claim_outranked``, a warning: the table did right).
        A claim of the same or lower rank takes nothing (``claim_no_discard``, by the caller)."""
        c = self.just_claimed
        if c is None or seat in (c.seat, c.meld.from_seat) or _RANK[c.kind] >= rank:
            return
        self.just_claimed = None
        self.melds[c.seat].remove(c.meld)
        counts = self.counts[c.seat]
        for t in c.own:
            counts[INDEX[t]] += 1
        self.size[c.seat] += len(c.own) - 3
        if c.kind == "gang":
            self.pending[c.seat].remove("kong")
        by = c.meld.from_seat
        assert by is not None  # (a claim's meld names its discarder)
        river = self.discards[by]
        tile, dseq, _ = river[-1]
        river[-1] = (tile, dseq, None)
        self.last_discard = by
        self.claims -= 1
        if not self.checking:
            return
        at = next(i for i in range(len(self.steps) - 1, -1, -1) if self.steps[i][0] == c.seq)
        del self.steps[at]
        del self.made[at:]
        self.flag(
            c.seq,
            "claim_outranked",
            f"{who(c.seat)}'s {_CLAIM_EN[c.kind]} of {english(tile)} gives way to {who(seat)}'s "
            f"{what} (a win before a pung or kong, a pung or kong before a chow)",
            WARNING,
        )

    def on_chi(self, seq: int, rec: Record) -> None:
        seat, own = rec["seat"], tuple(rec["tiles"])
        got = self._claimed(seq, seat, "a chow", _RANK["chi"])
        if got is None:
            return
        by, tile = got
        if by != _PREV[seat]:
            self.flag(
                seq,
                "chi_not_from_left",
                f"{who(seat)} chows {english(tile)} from {who(by)}, not its left",
            )
        run, in_sequence, barred = _chow(tile, own)
        if not in_sequence:
            self.flag(seq, "chi_not_sequence", f"{_names(run)} is not a sequence")
        if self.wildcards and not self.rs.wildcard_claims_allowed:
            self._check_wild_claim(seq, seat, (tile, *own))
        counts, missing = self.counts[seat], []
        for t in own:  # (take(), inline)
            i = INDEX[t]
            if counts[i] > 0:
                counts[i] -= 1
                self.size[seat] -= 1
            else:
                missing.append(t)
        if missing:
            self.flag(
                seq, "chi_without_tiles", f"{who(seat)} chows without holding {_names(missing)}"
            )
            took = list(own)
            for t in missing:
                took.remove(t)
            own = tuple(took)
        self._claim_done(seq, seat, "chi", _meld("chi", run, by), barred, own)

    def on_peng(self, seq: int, rec: Record) -> None:
        seat = rec["seat"]
        got = self._claimed(seq, seat, "a pung", _RANK["peng"])
        if got is None:
            return
        by, tile = got
        if self.wildcards and not self.rs.wildcard_claims_allowed:
            self._check_wild_claim(seq, seat, (tile,))
        counts, i = self.counts[seat], INDEX[tile]
        if counts[i] < 2:
            self.flag(seq, "peng_without_pair", f"{who(seat)} pungs {english(tile)} without a pair")
        if self.offers and self.rs.passed_peng_any_tile(self.opts):
            self._check_passed_peng(seq, seat)
        taken = max(0, min(counts[i], 2))  # (take() twice, inline)
        counts[i] -= taken
        self.size[seat] -= taken
        self._claim_done(
            seq, seat, "peng", _meld("peng", (tile,) * 3, by), (tile,), (tile,) * taken
        )

    def _check_passed_peng(self, seq: int, seat: str) -> None:
        """A 碰 after the seat let a discard go that it could have pung (a pair of it in the hand
        it held then, nobody else's 碰/杠/胡 taking it) since its last draw: any tile."""
        claimed = len(self.offers) - 1  # the discard pung now
        taken: set[int] | None = None  # the seqs of the others' 碰/杠/胡, made when first asked
        for start, end, (counts, _) in self.passed[seat]:
            for k in range(start, min(end, claimed)):
                at, by, tile = self.offers[k]
                if (
                    by == seat
                    or counts[INDEX[tile]] < 2
                    or (tile in self.wildcards and not self.rs.wildcard_claims_allowed)
                    or not any(d[1] == at for d in self.discards[by])  # (an added kong)
                ):
                    continue
                after = next((s for s in self.steps if s[0] > at), None)
                if after is not None:
                    if after[2] == seat:
                        continue
                    if taken is None:
                        taken = {s[0] for s in self.steps if s[1] in _CLAIM_KINDS and s[2] != seat}
                    if after[0] in taken:
                        continue
                self.flag(
                    seq,
                    "passed_peng",
                    f"{who(seat)} let {english(tile)} go by (step {at}), which it could pung, and "
                    "may not pung again before its next draw",
                )
                return

    def on_gang(self, seq: int, rec: Record) -> None:
        """A kong of tiles the seat does not hold (or an added kong with no 碰) is flagged and
        not made: the seat keeps what it held and no kong is scored or counted. The play goes on
        as the table played it: a claimed discard stays taken, the turn moves, and the
        replacement draw is owed (``UNMADE_KONG``: no 杠上开花 on it)."""
        seat, kind, tile = rec["seat"], _GANG_KIND[rec["kind"]], rec["tile"]
        pung = None
        if kind == "gang_exposed":
            got = self._claimed(seq, seat, "an exposed kong", _RANK["gang"])
            if got is None:
                return
            by, claimed = got
            if claimed != tile:
                self.flag(
                    seq,
                    "claim_no_discard",
                    f"{who(seat)} kongs {english(tile)} but the discard was {english(claimed)}",
                )
            self._check_wild_claim(seq, seat, (tile,))
            need, meld = 3, _meld(kind, (tile,) * 4, by)
        else:
            self.check_turn(seq, seat, "discard", "kongs")
            need = 4 if kind == "gang_concealed" else 1
            meld = _meld(kind, (tile,) * 4, None)
            if kind == "gang_added":
                pung = next(
                    (m for m in self.melds[seat] if m.kind == "peng" and m.tiles[0] == tile), None
                )
                if pung is None:
                    self.flag(
                        seq,
                        "gang_without_tiles",
                        f"{who(seat)} adds to a pung of {english(tile)} it lacks",
                    )
                    self.pending[seat].append(UNMADE_KONG)
                    return
        if not self.holds(seat, tile, need):
            self.flag(
                seq,
                "gang_without_tiles",
                f"{who(seat)} kongs {english(tile)} without {need} in hand",
            )
            self.pending[seat].append(UNMADE_KONG)
            if kind == "gang_exposed":
                self.turn, self.must = seat, "discard"
            return
        if pung is not None:
            self.melds[seat].remove(pung)
            self.size[seat] -= 3
            meld = _meld(kind, (tile,) * 4, pung.from_seat)
            self.last_gang = (seat, tile)
            if self.checking and self.tracks_passed:
                self.note_offered(seq, seat, tile)  # a 抢杠 let go is a passed 胡 too
        for _ in range(need):
            self.take(seat, tile)
        self.pending[seat].append("kong")
        if kind == "gang_exposed":
            self._claim_done(seq, seat, "gang", meld, (tile,), (tile,) * need)
        else:
            self.melds[seat].append(meld)
            self.size[seat] += 3
            self.record(seq, "gang", seat, tile=tile, source=kind, tiles=meld.tiles)

    def on_exhausted(self, seq: int, rec: Record) -> None:
        if self.wins:
            self.flag(seq, "play_after_end", "exhausted after a win")
            return
        if not self.summary and self.wall_left > self.dead_wall:
            self.flag(
                seq,
                "exhausted_early",
                f"declared exhausted with {self.wall_left} live tiles left "
                f"(the hand ends at {self.dead_wall})",
                WARNING,
            )
        self.exhausted = self.ended = True
        self.turn = self.must = None

    def on_settlement(self, seq: int, rec: Record) -> None:
        if self.settlement is not None:
            self.flag(
                seq,
                "duplicate_settlement",
                "a second settlement line for the hand; the last one counts",
                WARNING,
            )
        self.settlement = rec

    def on_showdown(self, seq: int, rec: Record) -> None:
        seat = rec["seat"]
        shown = Showdown(
            seat,
            tuple(rec["concealed"]),
            tuple(
                _meld(m["kind"], tuple(m["tiles"]), m.get("from"), m.get("on_replacement") is True)
                for m in rec.get("melds", ())
            ),
            tuple(rec.get("revealed", ())),
        )
        self.showdowns[seat] = shown
        if self.summary:
            self.counts[seat] = [0] * 42
            for t in shown.concealed:
                self.counts[seat][INDEX[t]] += 1
            self.size[seat] = len(shown.concealed) + 3 * len(shown.melds)
            self.may_hold_bonus.add(seat)
            self.melds[seat], self.revealed[seat] = list(shown.melds), list(shown.revealed)
            # Counted now, checked in finish(): winners on one discard each show its tile.
            for t in (
                *shown.concealed,
                *shown.revealed,
                *(t for m in shown.melds for t in m.tiles),
            ):
                self.seen[INDEX[t]] += 1
                self.shown_at[INDEX[t]] = seq
        elif self.checking and _shape(shown) != _shape(self.showdown_of(seat)):
            mine = self.showdown_of(seat)
            self.flag(
                seq,
                "showdown_mismatch",
                f"{who(seat)} shows {_names(shown.concealed)}; the replay has {_names(mine.concealed)}"
                + ("" if _melds(shown) == _melds(mine) else " (melds differ)")
                + ("" if sorted(shown.revealed) == sorted(mine.revealed) else " (revealed differ)"),
            )

    # -- results ---------------------------------------------------------------------------
    def showdown_of(self, seat: str) -> Showdown:
        return _showdown(
            seat, self._concealed(seat), tuple(self.melds[seat]), tuple(self.revealed[seat])
        )

    def state(self, step: int, seq: int, phases: frozenset[str]) -> TableState:
        return TableState(
            step=step,
            seq=seq,
            concealed={s: self._concealed(s) for s in SEATS},
            melds={s: tuple(m) for s, m in self.melds.items()},
            revealed={s: tuple(r) for s, r in self.revealed.items()},
            discards={s: tuple(Discard(*d) for d in r) for s, r in self.discards.items()},
            wall_left=None if self.summary else self.wall_left,
            turn=self.turn,
            indicator=self.indicator,
            wildcards=self.wildcards,
            phases=phases,
            ended=self.ended,
            winners=tuple(w.seat for w in self.wins),
        )


def _seat_lists() -> dict[str, list[Any]]:
    """An empty list per seat (a display: twice as fast as a comprehension, once a hand)."""
    return {"E": [], "S": [], "W": [], "N": []}


def _seat_counts() -> dict[str, list[int]]:
    """No tile per seat: 42 counts each."""
    return {"E": [0] * 42, "S": [0] * 42, "W": [0] * 42, "N": [0] * 42}


class _Fixed(NamedTuple):
    """What a hand's table takes from its ruleset and options before the deal."""

    checked_kinds: frozenset[str]
    limits: tuple[int, ...]
    total: int
    dead_wall: int
    bonus_idx: tuple[int, ...]
    bonus_at: tuple[bool, ...]
    # rs.dead_wall by (back draws, flowers out), filled as asked (a function of its arguments:
    # asked at every replacement, ten times a hand)
    dead_walls: dict[tuple[int, int], int]


def _fixed(rs: Ruleset, opts: Any) -> _Fixed:
    """Memoised for the last (ruleset, options) asked, by identity: a session's hands share
    them, and hashing the options dataclass costs more than the rest (the triple is swapped
    whole, so threads are safe)."""
    global _last_fixed
    last = _last_fixed
    if last[0] is rs and last[1] is opts:
        return last[2]
    limits, total = _tile_limits(rs, opts)
    idx = _bonus_indexes(rs, opts, frozenset())
    fixed = _Fixed(_checked_kinds(rs), limits, total, rs.dead_wall(0, 0, opts), idx,
                   _bonus_flags(idx), {})  # fmt: skip
    _last_fixed = (rs, opts, fixed)
    return fixed


_last_fixed: tuple[object, object, _Fixed] = (None, None, _Fixed(frozenset(), (), 0, 0, (), (), {}))


def _checked_kinds(rs: Ruleset) -> frozenset[str]:
    """The step kinds to ask ``rs.check`` about (none if it does not override it)."""
    if type(rs).check is Ruleset.check:
        return frozenset()
    return ACTION_KINDS if rs.checked_kinds is None else rs.checked_kinds


@lru_cache(maxsize=256)
def _tile_limits(rs: Ruleset, opts: Any) -> tuple[tuple[int, ...], int]:
    """Copies of each tile (by index) in the set, and the set's size (memoised per ruleset)."""
    counts = rs.tile_counts(opts)
    return tuple(counts.get(t, 0) for t in ALL_TILES), sum(counts.values())


@lru_cache(maxsize=256)
def _bonus_flags(indexes: tuple[int, ...]) -> tuple[bool, ...]:
    """Whether each tile (by index) must be revealed (a draw asks about the tile it takes)."""
    return tuple(i in indexes for i in range(len(ALL_TILES)))


@lru_cache(maxsize=256)
def _bonus_indexes(rs: Ruleset, opts: Any, wildcards: frozenset[str]) -> tuple[int, ...]:
    """Indexes of the tiles that must be revealed (memoised: asked for every hand)."""
    return tuple(i for i, t in enumerate(ALL_TILES) if rs.is_bonus(t, wildcards, opts))


# Each tile's runs: _RUNS[i][n] is n copies of ALL_TILES[i] (a count past 8 is an overcount
# already reported; such a hand is not worth a faster path).
_RUNS = tuple(tuple((t,) * n for n in range(9)) for t in ALL_TILES)
_INDEXES = range(len(ALL_TILES))
_NEXT = {s: next_seat(s) for s in SEATS}
_slot_values = attrgetter(*Table.__slots__)  # (Table.clone)
_CLAIM_KINDS = frozenset({"peng", "gang", "win"})  # the steps that take a discard from a pung
# The seeds' 优先级 of the claims on one discard (wenling: 吃 "优先级最低，低于胡牌、碰或明杠", 碰
# "优先级低于胡牌，高于吃"; the others silent, docs/rules): a higher claim takes a lower one's tile.
_RANK = {"chi": 0, "peng": 1, "gang": 1, "win": WIN_RANK}
_CLAIM_EN = {"chi": "chow", "peng": "pung", "gang": "exposed kong"}
_OWED_EN = {"bonus": "revealed tile"}  # what a replacement draw is owed for (else a kong)


class _Claim(NamedTuple):
    """The claim just made (``Table.just_claimed``)."""

    seq: int
    seat: str
    kind: str  # chi, peng or gang (exposed)
    meld: Meld
    own: tuple[str, ...]  # the tiles it took from its seat's hand
    barred: tuple[str, ...]  # the tiles its seat may not discard next (吃张打张)


_new_object = object.__new__
# A _Claim made by tuple's own constructor (a claim or two a hand; a NamedTuple's __new__ is a
# Python function: ≈ 1% of a replay's instructions).
_new_claim = tuple.__new__
_TURN_DRAW = ("wall", None)  # (source, cause) of a turn's draw from the live wall
_PREV = {s: prev_seat(s) for s in SEATS}
_HANDLERS = {name[3:]: getattr(Table, name) for name in dir(Table) if name.startswith("on_")}


# Melds repeat (a frozen dataclass costs ≈ 1 µs to make); immutable, so shared.
_meld = lru_cache(maxsize=4096)(Meld)
# Showdown's slot setters in field order (unpacking fails at import if its fields change).
_set_seat, _set_concealed, _set_melds, _set_revealed = (
    getattr(Showdown, f.name).__set__ for f in fields(Showdown)
)


def _showdown(
    seat: str, concealed: tuple[str, ...], melds: tuple[Meld, ...], revealed: tuple[str, ...]
) -> Showdown:
    """``Showdown(seat, concealed, melds, revealed)`` made by its slots' own setters: a frozen
    dataclass's ``__init__`` sets each field through ``object.__setattr__``, which costs
    twice as much (four a hand)."""
    shown: Showdown = _new_object(Showdown)
    _set_seat(shown, seat)
    _set_concealed(shown, concealed)
    _set_melds(shown, melds)
    _set_revealed(shown, revealed)
    return shown


@lru_cache(maxsize=4096)
def _chow(tile: str, own: tuple[str, ...]) -> tuple[tuple[str, ...], bool, tuple[str, ...]]:
    """A 吃 of ``tile`` with ``own``: its tiles in order, whether they make a sequence, and the
    tiles its claimer may not discard next (``_chi_barred``)."""
    run = sorted((tile, *own), key=INDEX.__getitem__)
    return tuple(run), len(own) == 2 and _is_run(run), _chi_barred(tile, run)


def _is_run(run: list[str]) -> bool:
    if len(run) != 3:
        return False
    a, b, c = run
    return (
        a[1] == b[1] == c[1]
        and a[1] in "mps"
        and int(b[0]) == int(a[0]) + 1
        and int(c[0]) == int(b[0]) + 1
    )


def _chi_barred(tile: str, run: list[str]) -> tuple[str, ...]:
    """吃张打张: the claimed tile and the other end (claim 3 with 45: 3 and 6), for
    ``forbid_discard_of_claimed``."""
    barred = [tile]
    if _is_run(run) and tile in (run[0], run[2]):
        end = int(run[2][0]) + 1 if tile == run[0] else int(run[0][0]) - 1
        if 1 <= end <= 9:
            barred.append(f"{end}{tile[1]}")
    return tuple(barred)


def _melds(show: Showdown) -> list[tuple[str, tuple[str, ...]]]:
    return sorted((m.kind, tuple(sorted(m.tiles, key=INDEX.__getitem__))) for m in show.melds)


def _shape(show: Showdown) -> tuple[list[str], list[tuple[str, tuple[str, ...]]], list[str]]:
    key = INDEX.__getitem__
    return (sorted(show.concealed, key=key), _melds(show), sorted(show.revealed, key=key))
