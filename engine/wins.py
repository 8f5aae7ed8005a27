"""Declared wins during a replayed hand: which discard or kong they take, the derived win flags,
whether the hand wins, and which of several win lines stands (the priority seat)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from engine.hand import HandError, is_winning_counts, is_winning_hand
from engine.model import (
    FLAG_BONUS_REPLACEMENT,
    FLAG_FIRST_DISCARD,
    FLAG_FIRST_DRAW,
    FLAG_HEAVEN,
    FLAG_KONG_REPLACEMENT,
    FLAG_LAST_TILE,
    SEATS,
    Action,
    HandOutcome,
    Meld,
    Record,
    Showdown,
    StepFields,
    Win,
    claim_order,
    who,
)
from engine.rulesets.base import Ruleset
from engine.state import Discard, RiverTile
from engine.state import names as _names
from engine.tiles import ALL_TILES, INDEX, english

# A seat's passed offers: (start, end) in ``offers`` and the hand (counts, melds) it saw them with.
Passed = tuple[int, int, tuple[tuple[int, ...], tuple[Meld, ...]]]


class WinRules:
    """Mixed into :class:`engine.table.Table`: the ``win`` record and the end-of-hand checks.
    The table's state and helpers these read are declared here (set by ``Table.__init__``)."""

    rs: Ruleset
    opts: Any
    summary: bool
    checking: bool
    round_wind: str
    revealed: dict[str, list[str]]
    indicator: str | None
    counts: dict[str, list[int]]
    size: dict[str, int]
    melds: dict[str, list[Meld]]
    discards: dict[str, list[RiverTile]]
    pending: dict[str, list[str]]
    seen: list[int]
    limits: tuple[int, ...]
    shown_at: dict[int, int]
    wall_draws: dict[str, int]
    last_draw: dict[str, tuple[str, str | None]]
    last_discard: str | None
    win_discard: str | None
    last_gang: tuple[str, str] | None
    robbed: tuple[str, str] | None
    offers: list[tuple[int, str, str]]
    passed: dict[str, list[Passed]]
    since: dict[str, int]
    discarded_wild: set[str]
    bonus_idx: tuple[int, ...]
    may_hold_bonus: set[str]
    wildcards: frozenset[str]
    dead_wall: int
    claims: int
    turn: str | None
    must: str | None
    wins: list[Win]
    win_seqs: list[int]
    outranked: tuple[tuple[int, Win], ...]
    exhausted: bool
    ended: bool
    showdowns: dict[str, Showdown]
    steps: list[StepFields]

    if TYPE_CHECKING:  # engine.table.Table's

        @property
        def wall_left(self) -> int: ...
        def flag(self, seq: int | None, code: str, message: str, severity: str = ...) -> None: ...
        def flag_once(self, key: str, seq: int, code: str, message: str) -> None: ...
        def _overcount(self, seq: int, tile: str) -> None: ...
        def holds(self, seat: str, tile: str, n: int) -> bool: ...
        def check_turn(self, seq: int, seat: str, must: str, what: str) -> None: ...
        def give_way(self, seat: str, rank: int, what: str) -> None: ...
        def showdown_of(self, seat: str) -> Showdown: ...
        def history(self) -> list[Action]: ...
        def record(
            self,
            seq: int,
            kind: str,
            seat: str,
            tile: str | None = ...,
            source: str | None = ...,
            from_seat: str | None = ...,
            tiles: tuple[str, ...] = ...,
        ) -> None: ...

    def on_win(self, seq: int, rec: Record) -> None:
        if self.exhausted:
            self.flag(seq, "play_after_end", "win after the hand was declared exhausted")
            return
        seat, how, tile, by = rec["seat"], rec["how"], rec.get("tile"), rec.get("from")
        flags: frozenset[str] = frozenset()
        if self.summary:  # the showdowns come later; finish() checks the hand
            flags = frozenset(rec.get("flags", ()))
        elif how == "discard":
            flags = self._win_on_discard(seq, seat, tile, by)
        elif how == "robbed_kong":
            self._win_robbing(seq, seat, tile, by)
        elif how == "self_draw":
            self.check_turn(seq, seat, "discard", "self-draws a win")
            flags = self._self_draw_flags(seat)
            if tile is not None and not self.holds(seat, tile, 1):
                self.flag(
                    seq,
                    "win_tile_not_in_hand",
                    f"{who(seat)} wins on {english(tile)} it does not hold",
                )
        if self.checking and not self.summary:
            self._check_win(seq, seat, how, tile)
        win = Win(seat, how, tile, by, flags)
        if self._admit(seq, win):
            self.wins.append(win)
            self.win_seqs.append(seq)
        self.ended, self.turn, self.must = True, None, None
        self.record(seq, "win", seat, tile=tile, source=how, from_seat=by)

    def _win_on_discard(
        self, seq: int, seat: str, tile: str | None, by: str | None
    ) -> frozenset[str]:
        if self.last_discard is None:  # a 吃/碰 just made on it gives way to the 胡
            self.give_way(seat, WIN_RANK, "win")
        if self.win_discard is None:
            self.flag(seq, "claim_no_discard", f"{who(seat)} wins on a discard but none was made")
            return frozenset()
        discarder = self.win_discard
        d = Discard(*self.discards[discarder][-1])
        if (discarder, d.tile) != (by, tile) or (self.last_discard is None and not self.wins):
            self.flag(
                seq,
                "claim_no_discard",
                f"{who(seat)} wins on {english(tile) if tile else '?'} from {who(by)}; the last discard "
                f"was {english(d.tile)} from {who(discarder)}",
            )
        if tile is None:
            return frozenset()
        self.discards[discarder][-1] = (d.tile, d.seq, d.claimed_by or seat)
        self.last_discard = None
        self.counts[seat][INDEX[tile]] += 1
        self.may_hold_bonus.add(seat)
        self.size[seat] += 1
        if tile in self.wildcards and not self.rs.thrown_wildcard_wins(self.opts):
            self.flag(
                seq,
                "win_on_discarded_wildcard",
                f"{who(seat)} wins on a discarded wildcard {english(tile)}",
            )
        flags = set()
        if self.wall_left <= self.dead_wall:
            flags.add(FLAG_LAST_TILE)
        if discarder == "E" and self.claims == 0 and self._discards_made() == 1:
            flags.add(FLAG_FIRST_DISCARD)
        return frozenset(flags)

    def _win_robbing(self, seq: int, seat: str, tile: str | None, by: str | None) -> None:
        gang, robbed = self.last_gang, self.robbed
        if gang is not None and gang == (by, tile):
            konger, tile = gang
            melds = self.melds[konger]
            i = next(
                k for k, m in enumerate(melds) if m.kind == "gang_added" and m.tiles[0] == tile
            )
            melds[i] = Meld("peng", (tile,) * 3, melds[i].from_seat)
            if "kong" in self.pending[konger]:
                self.pending[konger].remove("kong")
            self.keep_hand(konger)
            self.robbed, self.last_gang = gang, None
        elif robbed is None or robbed != (by, tile):
            self.flag(
                seq, "claim_no_discard", f"{who(seat)} robs a kong of {who(by)} that was not made"
            )
            return
        else:
            tile = robbed[1]
        self.counts[seat][INDEX[tile]] += 1
        self.may_hold_bonus.add(seat)
        self.size[seat] += 1

    def _self_draw_flags(self, seat: str) -> frozenset[str]:
        flags = set()
        source, cause = self.last_draw.get(seat, ("wall", None))
        if source == "back" and cause in _REPLACEMENT_FLAG:  # (not after a kong never made)
            flags.add(_REPLACEMENT_FLAG[cause])
        if self.wall_left <= self.dead_wall:
            flags.add(FLAG_LAST_TILE)
        if seat == "E" and self._discards_made() == 0:
            flags.add(FLAG_HEAVEN)
        if (
            seat != "E"
            and self.claims == 0
            and self.wall_draws[seat] == 1
            and not self.discards[seat]
        ):
            flags.add(FLAG_FIRST_DRAW)
        return frozenset(flags)

    def _discards_made(self) -> int:
        """Discards so far (counted at the rare win that asks, not kept at every discard)."""
        return sum(map(len, self.discards.values()))

    def note_offered(self, seq: int, by: str, tile: str) -> None:
        """Remember the tile ``by`` offers at step ``seq`` (an added kong; a discard: in
        ``play``). Whether it would have won for a seat is asked only when that seat later wins
        on another seat's tile before drawing (``_check_passed``): the cost falls on the rare
        win, not on every discard. A seat's hand is copied only when it changes after offers
        (``keep_hand``): on its own records but the draw, which forgets the offers."""
        self.offers.append((seq, by, tile))

    def keep_hand(self, seat: str) -> None:
        """Close the offers ``seat`` has seen since its hand last changed, with that hand (its
        hand is about to change)."""
        start, end = self.since.get(seat), len(self.offers)
        if start is not None and end > start:
            hand = (tuple(self.counts[seat]), tuple(self.melds[seat]))
            self.passed[seat].append((start, end, hand))
            self.since[seat] = end

    def _check_passed(self, seq: int, seat: str, how: str) -> None:
        """A win on another seat's tile after letting a winning one go by, before drawing."""
        if how not in ("discard", "robbed_kong") or not self.passed[seat]:
            return
        taken: int | None
        if how == "discard" and self.win_discard is not None:
            taken = self.discards[self.win_discard][-1][1]
        else:
            taken = next((a[0] for a in reversed(self.steps) if a[1] == "gang"), None)
        for start, end, (counts, melds) in self.passed[seat]:
            for at, by, tile in self.offers[start:end]:
                if (
                    by != seat
                    and at != taken
                    and _would_win(counts, melds, tile, self.wildcards)
                    and self._could_take(seat, counts, melds, at, by, tile)
                ):
                    self.flag(
                        seq,
                        "passed_win",
                        f"{who(seat)} let {english(tile)} go by (step {at}), which completed its "
                        f"hand, and may not win on another seat's tile before its next draw",
                    )
                    return

    def _could_take(
        self,
        seat: str,
        counts: tuple[int, ...],
        melds: tuple[Meld, ...],
        at: int,
        by: str,
        tile: str,
    ) -> bool:
        """Could ``seat`` have won on the tile offered at step ``at``, worth enough to be a win
        (xizhou's 1台起胡)? A seat that could not win let nothing go by. The hand is scored as
        the ruleset scores a win, on the play up to that step."""
        upto = tuple(a for a in self.history() if a.seq <= at)
        offer = next((a for a in reversed(upto) if a.seq == at), None)
        if offer is None:
            return True
        how = "robbed_kong" if offer.kind == "gang" else "discard"
        flags = set()
        if offer.wall_left is not None and offer.wall_left <= self.dead_wall:
            flags.add(FLAG_LAST_TILE)
        if how == "discard" and by == "E" and sum(a.kind == "discard" for a in upto) == 1:
            flags.add(FLAG_FIRST_DISCARD)
        row = list(counts)
        row[INDEX[tile]] += 1
        concealed = tuple(t for t, n in zip(ALL_TILES, row, strict=True) for _ in range(n))
        outcome = HandOutcome(
            no=0,
            seats={},
            round_wind=self.round_wind,
            indicator=self.indicator,
            wildcards=self.wildcards,
            showdowns={seat: Showdown(seat, concealed, melds, tuple(self.revealed[seat]))},
            wins=(Win(seat, how, tile, by, frozenset(flags)),),
            actions=upto,
        )
        try:
            scoring = self.rs.score(outcome, self.opts).get(seat)
        except (HandError, ValueError, KeyError, IndexError):
            return True
        return scoring is None or scoring.limit != "below_minimum"

    def _check_win(self, seq: int, seat: str, how: str, tile: str | None) -> None:
        if seat in self.discarded_wild and self.rs.discarded_wildcard_blocks_win:
            self.flag(
                seq,
                "won_after_discarding_wildcard",
                f"{who(seat)} wins after discarding a wildcard",
            )
        if self.rs.passed_win_waits_for_draw:
            self._check_passed(seq, seat, how)
        counts = self.counts[seat]
        held = [ALL_TILES[i] for i in self.bonus_idx if counts[i]]
        if held:
            self.flag_once(
                seat,
                seq,
                "bonus_not_revealed",
                f"{who(seat)} wins holding {_names(held)} that must be revealed",
            )
        if how != "instant" and self._wins_as_held(seat):
            return  # (the usual case: no Showdown to build, no tile list to check)
        why = self._why_not_winning(self.showdown_of(seat), how)
        if why:
            self.flag(seq, "not_winning", f"{who(seat)} declares a win: {why}")

    def _wins_as_held(self, seat: str) -> bool:
        """Do the seat's counts and melds make a winning hand (``is_winning_counts``)?"""
        try:
            return is_winning_counts(self.counts[seat], self.melds[seat], self.wildcards)
        except HandError:  # _why_not_winning says why
            return False

    def _admit(self, seq: int, win: Win) -> bool:
        """Is another win line allowed next to the ones before? Keeps the priority seat."""
        if not self.wins:
            return True
        prior = self.wins[-1]
        if any(w.seat == win.seat for w in self.wins):  # one hand, one win a seat: not paid twice
            self.flag(seq, "multiple_winners", f"{who(win.seat)} declares a second win")
            return False
        if win.how == prior.how == "instant":
            return True
        on_one_discard = (
            win.how == prior.how
            and win.how in ("discard", "robbed_kong")
            and (win.from_seat == prior.from_seat)
        )
        if not on_one_discard:
            self.flag(
                seq, "multiple_winners", f"{who(win.seat)} wins after {who(prior.seat)} already won"
            )
            return False
        if self.rs.multiple_discard_winners:
            return True
        d = win.from_seat or "E"
        order = _OTHERS[d]
        first = min(self.wins + [win], key=lambda w: order.index(w.seat) if w.seat in order else 3)
        loser = prior if first is win else win
        loser_seq = self.win_seqs[-1] if first is win else seq
        self.flag(
            loser_seq,
            "win_priority",
            f"{who(first.seat)} has priority over {who(loser.seat)} on {who(d)}'s discard; only it wins",
        )
        if first is win:
            self.wins[-1], self.win_seqs[-1] = win, seq
        self.outranked += ((loser_seq, loser),)
        return False

    def finish(self, seq: int) -> None:
        """End-of-hand checks: an unfinished hand, and a summary hand's winners."""
        if not self.ended:
            self.flag(seq, "hand_unfinished", "the hand has neither a win nor an exhausted line")
        if not self.summary:
            return
        self._check_shown_counts()
        outranked = (
            (w, wseq) for wseq, w in self.outranked
        )  # (no win, unless the winner's is none)
        for w, wseq in (*zip(self.wins, self.win_seqs, strict=True), *outranked):
            show = self.showdowns.get(w.seat)
            why = "it shows no hand" if show is None else self._why_not_winning(show, w.how)
            if why:
                self.flag(wseq, "not_winning", f"{who(w.seat)} declares a win: {why}")

    def _check_shown_counts(self) -> None:
        """A summary hand's tile counts: every winner on one discard shows that one tile (a seat
        it outranked too: its shown hand holds the tile it declared a win on)."""
        shared = Counter(
            (w.from_seat, w.tile)
            for w in (*self.wins, *(w for _, w in self.outranked))
            if w.how in ("discard", "robbed_kong") and w.tile
        )
        for (_, tile), n in shared.items():
            self.seen[INDEX[tile]] -= n - 1
        for i, seq in self.shown_at.items():
            if self.seen[i] > self.limits[i]:
                self._overcount(seq, ALL_TILES[i])

    def _why_not_winning(self, show: Showdown, how: str) -> str | None:
        """None when ``show`` wins (an instant win per the ruleset), else the reason."""
        if how == "instant":
            if self.rs.instant_win(show, self.wildcards, self.opts):
                return None
            return f"{_names(show.concealed)} is no instant win in {self.rs.title_en}"
        if how == "self_draw" and self.rs.instant_win(show, self.wildcards, self.opts):
            return None  # a limit completed by a draw during play (wenling's 3 得, 4 白 …)
        try:
            if is_winning_hand(list(show.concealed), show.melds, self.wildcards):
                return None
            return f"{_names(show.concealed)} is not one pair and sets"
        except HandError as exc:
            return f"{_names(show.concealed)}: {exc}"


WIN_RANK = 2  # a 胡's rank among the claims on one discard (engine.table._RANK)
_REPLACEMENT_FLAG = {"kong": FLAG_KONG_REPLACEMENT, "bonus": FLAG_BONUS_REPLACEMENT}

# Each seat's others in play order from it (下家, 对家, 上家): priority on its discard.
_OTHERS = {s: claim_order(s) for s in SEATS}


def _would_win(
    counts: tuple[int, ...], melds: tuple[Meld, ...], tile: str, wildcards: frozenset[str]
) -> bool:
    row = list(counts)
    row[INDEX[tile]] += 1
    try:
        return is_winning_counts(row, melds, wildcards)
    except HandError:  # a wrong hand size is reported elsewhere
        return False
