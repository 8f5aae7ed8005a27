"""Walk one replayed hand record by record and review every seat's decisions.

The hand is driven through its own :class:`engine.table.Table` (checks off: the verification
already reported the anomalies), and each discard is looked at *before* it is applied, with the
seat's tiles and what it could see then. What a win would pay is the ruleset's own ``score`` of
that win, so the review weighs waits the way the table pays them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from engine.efficiency import (
    Candidate,
    Choices,
    Hand,
    Unseen,
    candidates,
    seen_count,
    shanten,
    shown,
)
from engine.hand import HandError, is_winning_hand
from engine.model import (
    FLAG_FIRST_DISCARD,
    FLAG_LAST_TILE,
    SEATS,
    Action,
    HandOutcome,
    Meld,
    Showdown,
    Win,
    claim_order,
)
from engine.replay import HandReplay
from engine.review.model import (
    Claim,
    DealIn,
    Decision,
    Detail,
    HandReview,
    MissedWin,
    Option,
    TenpaiChoice,
    Wait,
    WinCheck,
)
from engine.rulesets.base import Ruleset, Scoring
from engine.shapes import Shape
from engine.table import Table
from engine.tiles import ALL_TILES, INDEX

_CLAIMS = frozenset({"chi", "peng", "gang"})
# a discard judged: (shanten_before, shanten_after, best, best_shanten, effective,
# best_effective), its detail, each discard's shanten, the unseen effective tiles of a discard
# (for a deal-in's safe tiles), whether the tiles left are within 听牌 by the standard shape
# (None: not read)
_Judged = tuple[
    tuple[int, int, tuple[str, ...], int, int, int],
    Detail | None,
    dict[str, int],
    Callable[[str], int],
    bool | None,
]
# records that change only their own seat's tiles (a claim takes another seat's discard from its
# river, not from its hand); any other record may change every seat's
_OWN_TILES = frozenset({"draw", "discard", "chi", "peng", "gang", "reveal"})
_OPEN_MELDS = frozenset({"chi", "peng", "gang_exposed", "gang_added"})  # a seat with one: not 门清
_WINDOW_ENDS = frozenset({"draw", "discard", "chi", "peng", "gang", "exhausted", "hand"})


def review_hand(hand: HandReplay, detail: bool = True) -> HandReview:
    """The review of one hand; a summary hand (showdowns only) has nothing to review. Without
    ``detail`` (what the workers store) each decision has its figures only: the discards are
    ranked by probing the effective tiles of the ones at the lowest shanten alone, and the 听牌
    cuts' waits are not scored (:func:`review_step` gives a step's detail on view)."""
    head = hand.records[0][1]
    seats = dict(head.get("seats", {}))
    if hand.summary:
        return HandReview(hand.no, hand.seq, seats, True)
    return _Walk(hand, seats, detail).run()


def review_step(hand: HandReplay, step: int) -> tuple[Decision, ...]:
    """The decisions at ``step`` of a hand (a discard: one or none) with their detail; the hand
    is walked up to that step only, nothing else reviewed (what the replay asks on view)."""
    if hand.summary:
        return ()
    return _Walk(hand, {}, True, step).run().decisions


class _Walk:
    def __init__(
        self, hand: HandReplay, seats: dict[str, str], detail: bool, only: int | None = None
    ):
        self.hand, self.seats = hand, seats
        self.detail, self.only = detail, only
        self.rs: Ruleset = hand.ruleset
        self.opts: Any = hand.opts
        self.table = Table(self.rs, self.opts, summary=False)
        self.table.checking = False
        self.copies = dict(self.rs.tile_counts(self.opts))
        self.decisions: list[Decision] = []
        self.missed: list[MissedWin] = []
        self.deal_ins: list[DealIn] = []
        self.claims: list[Claim] = []
        self.wins: list[WinCheck] = []
        # seat -> its last decision and candidates
        # seat -> its last decision, each discard's shanten then, the unseen count of a discard
        self.last: dict[str, tuple[Decision, dict[str, int], Callable[[str], int]]] = {}
        # seat -> its tiles before its last draw (their shanten is read at a self-drawn win only),
        # and before its last draw of a 得 or a bonus tile (what makes a limit: wenling's 3 得, 4 白)
        self.before_draw: dict[str, _Tiles] = {}
        self.before_special: dict[str, _Tiles] = {}
        self.discarded = False  # a discard was made: the deal is over
        self.passed: set[str] = set()  # seats that let a winning discard go since their draw
        self.drew: set[str] = set()  # seats that drew in this hand (the dealer's deal is its draw)
        self.actions = hand.outcome.actions or ()
        # seat -> its tiles as read so far; dropped before a record that may change them
        self.hands: dict[str, _Tiles] = {}
        self.ranked: tuple[int, _Tiles] | None = None  # a decision's step, its tiles after it
        self.before_seq: tuple[int, tuple[Action, ...]] = (-1, ())  # actions up to a seq
        self.kinds: tuple[Any, ...] | None = None  # see _kinds
        # seat -> [the changes when it was counted, its river's length then, what it shows
        # (efficiency.shown, packed) and, of that, the concealed kongs it keeps face down (seen
        # by itself only)]
        self.shown: dict[str, list[int]] = {}
        self.changes = 0  # records other than draws and discards so far

    # -- the walk -------------------------------------------------------------------------------
    def run(self) -> HandReview:
        records = self.hand.records
        only = self.only
        for step in range(1, len(records)):
            seq, rec = records[step]
            kind, seat = rec.get("type"), rec.get("seat")
            before: int | None = None
            ready = True  # a draw: whether the tile drawn may complete the hand
            if only is not None:
                if step > only:
                    break
                if step == only and kind == "discard" and seat in SEATS:
                    self._discard(step, seq, seat, rec["tile"])
            elif kind == "discard" and seat in SEATS:
                self._discard(step, seq, seat, rec["tile"])
                self.discarded = True
            elif kind in _CLAIMS and seat in SEATS:
                before = self._shanten(seat)
                if kind == "gang" and rec.get("kind") == "added" and rec.get("tile"):
                    self._offered(step, seq, seat, rec["tile"], "robbed_kong")
            elif kind == "draw" and seat in SEATS:
                self.drew.add(seat)
                self.before_draw[seat] = self._tiles(seat, True)
                if self._special(rec.get("tile")):
                    self.before_special[seat] = self.before_draw[seat]
                ready = self._may_complete(seat)
                self.passed.discard(seat)
            elif kind == "win" and seat in SEATS:
                self._win(step, seq, rec)
            if kind != "draw" and kind != "discard":
                self.changes += 1
            if kind in _OWN_TILES and seat in self.hands:
                del self.hands[seat]  # only its own tiles change
            elif kind not in _OWN_TILES:
                self.hands.clear()  # a win may take a robbed kong back, a 得 changes every hand
            try:
                self.table.apply(seq, rec)
            except (KeyError, ValueError, TypeError):  # a record the replay already reported
                continue
            if only is not None:
                continue
            if kind == "discard" and seat in SEATS and self.ranked and self.ranked[0] == step:
                self.hands[seat] = self.ranked[1]  # what its ranking read of the tiles left
            elif kind == "draw" and seat in SEATS:
                self._after_draw(step, seq, seat, rec["tile"], ready)
            elif kind in _CLAIMS and seat in SEATS and before is not None:
                after = self._shanten(seat)
                if after is not None:
                    self.claims.append(
                        Claim(step, seq, seat, kind, rec.get("tile") or "", before, after)
                    )
        return HandReview(
            self.hand.no,
            self.hand.seq,
            self.seats,
            False,
            tuple(self.decisions),
            tuple(self.missed),
            tuple(self.deal_ins),
            tuple(self.claims),
            tuple(self.wins),
        )

    # -- a seat's view --------------------------------------------------------------------------
    def _tiles(self, seat: str, kept: bool = False) -> _Tiles:
        """What is read of the seat's tiles now (``kept``: with their Hand or shanten, to be
        read after they change)."""
        got = self.hands.get(seat)
        if got is None:
            got = self.hands[seat] = _Tiles()
        if kept and got.hand is None and got.shanten == _UNREAD:
            self._hand(seat)
        return got

    def _hand(self, seat: str) -> Hand:
        """The seat's tiles now, built again only after a record that may change them (other
        seats' discards are checked against every seat's hand)."""
        got = self._tiles(seat)
        if got.hand is not None:
            return got.hand
        t = self.table
        wild, shapes, bonus = self._kinds()
        got.hand = Hand(
            tuple(t.concealed(seat)),
            tuple(t.melds[seat]),
            tuple(t.revealed[seat]),
            wild,
            shapes,
            bonus,
        )
        return got.hand

    def _kinds(self) -> tuple[frozenset[str], tuple[Shape, ...], frozenset[str]]:
        """(the 得 kinds, the winning shapes, the bonus kinds) now: read again when the table
        sets its 得 (or its bonus kinds) anew."""
        t, kinds = self.table, self.kinds
        if kinds is None or kinds[0] is not t.wildcards or kinds[1] is not t.bonus_idx:
            wild = t.wildcards
            bonus = _bonus(t.bonus_idx)
            kinds = self.kinds = (wild, t.bonus_idx, _shapes(self.rs, wild, self.opts), bonus)
        return kinds[0], kinds[2], kinds[3]

    def _may_complete(self, seat: str) -> bool:
        """Whether one more tile may make the seat's hand one pair + sets: not when its
        concealed tiles are two or more tiles from 听牌 by the standard shape (read once per
        state of the hand)."""
        got = self._tiles(seat)
        if got.ready is None:
            hand = self._hand(seat)
            try:
                got.ready = shanten(Hand(hand.concealed, wildcards=hand.wildcards)) <= 0
            except HandError:
                got.ready = True  # a wrong size: the win check itself says no
        return got.ready

    def _unseen(self, seat: str, concealed: tuple[str, ...]) -> Unseen:
        """The kinds the seat (holding ``concealed``) cannot see (``efficiency.unseen``). What
        each seat shows is counted again only after a record other than a draw or discard (it
        may change melds, revealed tiles and rivers in place); between them a river only grows
        by discards, which are added to its count. A concealed kong the ruleset keeps face down
        (``concealed_kong_hidden_while_closed``) is seen by its own seat only."""
        t, parts, total, changes = self.table, self.shown, 0, self.changes
        hide = self.rs.concealed_kong_hidden_while_closed
        for s in SEATS:
            river = t.discards[s]
            got = parts.get(s)
            if got is None or got[0] != changes:
                melds = t.melds[s]
                down = seen_count(_face_down(melds)) if hide else 0
                got = parts[s] = [changes, len(river), shown(melds, t.revealed[s], river), down]
            elif got[1] != len(river):  # discards since: only appended (a claim is a change)
                got[2] += seen_count([d[0] for d in river[got[1] :] if d[2] is None])
                got[1] = len(river)
            total += got[2] if s == seat else got[2] - got[3]
        aside = t.indicator if t.indicator and not self.rs.indicator_in_wall(self.opts) else None
        return Unseen(self.copies, total + seen_count([*concealed, *([aside] if aside else [])]))

    def _shanten(self, seat: str) -> int | None:
        return _read_shanten(self._tiles(seat, True))

    # -- discards -------------------------------------------------------------------------------
    def _discard(self, step: int, seq: int, seat: str, tile: str) -> None:
        hand = self._hand(seat)
        if tile not in hand.concealed or len(hand.concealed) % 3 != 2:
            return
        try:
            seen = self._unseen(seat, hand.concealed)
            judge = self._detailed if self.detail else self._figures
            figures, detail, shanten_of, count, ready = judge(seq, seat, tile, hand, seen)
        except HandError:
            return
        if self.only is None and seat not in self.drew and not any(self.table.discards.values()):
            self._dealt_win(step, seq, seat, hand)
        decision = Decision(step, seq, seat, tile, *figures, detail=detail)
        self.decisions.append(decision)
        self.ranked = (step, _Tiles(ready, decision.shanten_after))
        self.last[seat] = (decision, shanten_of, count)
        if self.only is None:
            self._offered(step, seq, seat, tile, "discard")

    def _figures(self, seq: int, seat: str, tile: str, hand: Hand, seen: Unseen) -> _Judged:
        """The stored figures: only the discards at the lowest shanten are probed."""
        got = Choices(hand, seen, tile)
        best, low = got.best, got.best_shanten
        figures = (got.now, got.shanten[tile], best, low, got.count(tile), got.best_count)
        return figures, None, got.shanten, got.count, got.ready

    def _detailed(
        self, seq: int, seat: str, tile: str, hand: Hand, seen: Mapping[str, int]
    ) -> _Judged:
        """The figures and the detail: every discard probed, the 听牌 cuts' waits scored."""
        ranked = candidates(hand, seen)
        top, key = ranked[0], _key(ranked[0])
        chosen = next(c for c in ranked if c.tile == tile)
        detail = Detail(
            rank=sum(1 for c in ranked if _key(c) < _key(chosen)) + 1,
            given_up=()
            if _key(chosen) == key
            else tuple(k for k in top.effective if k not in chosen.effective),
            options=tuple(Option(c.tile, c.shanten, c.effective) for c in ranked),
            tenpai=self._tenpai(seq, seat, hand, ranked),
        )
        best = tuple(c.tile for c in ranked if _key(c) == key)
        figures = (shanten(hand), chosen.shanten, best, top.shanten, chosen.count, top.count)
        counts = {c.tile: c.count for c in ranked}
        return figures, detail, {c.tile: c.shanten for c in ranked}, counts.__getitem__, None

    def _tenpai(
        self, seq: int, seat: str, hand: Hand, ranked: list[Candidate]
    ) -> tuple[TenpaiChoice, ...]:
        """Every discard that leaves 听牌, each wait valued by what a *later* win on it pays:
        self-drawn, and on each other seat's discard (docs/review.md: the probability model).
        None of the flags of the draw just made (天胡, 地胡, 杠上开花). Nothing for a seat the
        ruleset no longer lets win (wenling: it threw a 得, or this cut throws one)."""
        out = []
        rs, wild = self.rs, self.table.wildcards
        barred = rs.discarded_wildcard_blocks_win and seat in self.table.discarded_wild
        others = claim_order(seat)
        for c in ranked:
            if c.shanten != 0:
                continue
            rest = hand.without(c.tile)
            stop = barred or (rs.discarded_wildcard_blocks_win and c.tile in wild)
            waits = []
            for k, n in c.effective.items():
                won = rest.with_tile(k)
                thrown = not stop and self._thrown(k, hand)
                waits.append(
                    Wait(
                        k,
                        n,
                        0 if stop else self._paid(seq, seat, won, k, None),
                        {o: self._paid(seq, seat, won, k, o) if thrown else 0 for o in others},
                    )
                )
            out.append(TenpaiChoice(c.tile, tuple(waits)))
        return tuple(out)

    def _thrown(self, tile: str, hand: Hand) -> bool:
        """Can another seat throw ``tile`` to be won on? Not a kind the ruleset has shown and
        replaced when drawn (flowers, wenling's 白), nor a 得 when nobody wins on a thrown one
        (wenling 特殊处罚1, huangyan's option)."""
        rs = self.rs
        return tile not in hand.bonus and not (
            tile in self.table.wildcards and not rs.thrown_wildcard_wins(self.opts)
        )

    def _offered(self, step: int, seq: int, by: str, tile: str, how: str) -> None:
        """Did a seat that could have won on this discard (or added kong: ``robbed_kong``) let it
        go, when it completed its hand (漏胡)?"""
        near = [s for s in SEATS if s != by and self._may_complete(s)]
        if not near:  # no other seat is one tile from one pair + sets
            return
        declared = [r.get("seat") for r in self._window(step) if r.get("type") == "win"]
        for seat in self._could_win(by, declared):
            if seat not in near or not self._may_win_on(seat, tile):
                continue
            hand = self._hand(seat).with_tile(tile)
            if not _wins(hand):
                continue
            value = self._value(seq, seat, hand, tile, how, by, self._offer_flags(how, by))
            if value is not None:  # a legal win, if worth 0 (zhoushan: no minimum)
                self.missed.append(MissedWin(step, seq, seat, tile, how, by, value))
                self.passed.add(seat)

    def _offer_flags(self, how: str, by: str) -> frozenset[str]:
        """The flags a win on the tile offered now would carry, as the table gives a win on a
        discard: 海底 on the last tiles, 地胡 on the dealer's first discard (none on a kong)."""
        if how != "discard":
            return frozenset()
        t, flags = self.table, set()
        if t.wall_left <= t.dead_wall:
            flags.add(FLAG_LAST_TILE)
        if by == "E" and t.claims == 0 and not any(t.discards.values()):
            flags.add(FLAG_FIRST_DISCARD)
        return frozenset(flags)

    def _could_win(self, by: str, declared: list[Any]) -> tuple[str, ...]:
        """The seats that did not declare and could have won on ``by``'s tile next to the ones
        that did: all of them under 一炮多响; else only those ahead of the winner in claim order
        (the ones behind could not have won)."""
        order: tuple[str, ...] = claim_order(by)
        ranks = [order.index(s) for s in declared if s in order]
        if ranks and not self.rs.multiple_discard_winners:
            order = order[: min(ranks)]
        return tuple(s for s in order if s not in declared)

    def _window(self, step: int) -> list[dict[str, Any]]:
        """The records after ``step`` up to the next draw, discard or claim: the claim window."""
        out = []
        for _, rec in self.hand.records[step + 1 :]:
            if rec.get("type") in _WINDOW_ENDS:
                break
            out.append(rec)
        return out

    def _may_win_on(self, seat: str, tile: str) -> bool:
        rs, t = self.rs, self.table
        if tile in t.wildcards and not rs.thrown_wildcard_wins(self.opts):
            return False
        if rs.discarded_wildcard_blocks_win and seat in t.discarded_wild:
            return False
        return not (rs.passed_win_waits_for_draw and seat in self.passed)

    # -- draws and wins -------------------------------------------------------------------------
    def _after_draw(self, step: int, seq: int, seat: str, tile: str, ready: bool) -> None:
        """A drawn tile that completed the hand, not declared before the seat's next discard
        (``ready``: the hand before it was near enough for one pair + sets, else only a limit
        can have completed it)."""
        t = self.table
        if self.rs.discarded_wildcard_blocks_win and seat in t.discarded_wild:
            return
        hand = self._hand(seat)
        if not (ready and _wins(hand)) and not self._limit_made(seat, hand, tile):
            return
        shown = False  # a bonus tile shown: the draw after it is its replacement, same turn
        for _, rec in self.hand.records[step + 1 :]:
            kind = rec.get("type")
            if rec.get("seat") != seat or kind not in ("win", "discard", "draw", "reveal"):
                continue
            if kind == "win":
                return
            if kind == "discard" or (kind == "draw" and not shown):
                break
            shown = kind == "reveal"
        flags = t._self_draw_flags(seat)
        value = self._value(seq, seat, hand, tile, "self_draw", None, flags)
        if value is not None:
            self.missed.append(MissedWin(step, seq, seat, tile, "self_draw", None, value))

    def _dealt_win(self, step: int, seq: int, seat: str, hand: Hand) -> None:
        """The dealer's first discard with no draw before it: its dealt tiles end with its first
        draw (the 14th, wenling's 17th), so a complete deal thrown away is a missed self-drawn
        win (天胡), named by the last tile dealt."""
        dealt = next(
            (
                r.get("tiles")
                for _, r in self.hand.records
                if r.get("type") == "deal" and r.get("seat") == seat
            ),
            None,
        )
        if not dealt or not _wins(hand):
            return
        tile = dealt[-1]
        value = self._value(
            seq, seat, hand, tile, "self_draw", None, self.table._self_draw_flags(seat)
        )
        if value is not None:
            self.missed.append(MissedWin(step, seq, seat, tile, "self_draw", None, value))

    def _limit_made(self, seat: str, hand: Hand, tile: str) -> bool:
        """Did drawing ``tile`` make a limit that wins by itself (wenling's 4 白, 3 得 …)? Not
        when the hand held it before (a bonus tile's replacement drawn after it)."""
        rs, wild, opts = self.rs, self.table.wildcards, self.opts
        if not rs.instant_win(
            Showdown(seat, hand.concealed, hand.melds, hand.revealed), wild, opts
        ):
            return False
        rest = list(hand.concealed)
        if tile in rest:
            rest.remove(tile)
        before = Showdown(seat, tuple(rest), hand.melds, hand.revealed)
        return not rs.instant_win(before, wild, opts)

    def _win(self, step: int, seq: int, rec: dict[str, Any]) -> None:
        seat, how, tile = rec["seat"], rec.get("how"), rec.get("tile")
        drew = self.before_draw.get(seat)
        special = self.before_special.get(seat)
        before: int | None
        if how == "self_draw":  # 天胡 (no draw yet): the dealer's dealt tile is its first draw
            before = self._less(seat, tile) if drew is None else _read_shanten(drew)
        elif how == "instant" and self.discarded and special is not None:
            before = _read_shanten(special)  # a limit in play: made by its last such draw
        elif how in ("discard", "robbed_kong"):
            before = self._shanten(seat)
        else:
            return  # a limit held at the deal: complete as dealt, no tile made it
        if before is not None:
            self.wins.append(WinCheck(seat, tile, how, before))
        by = rec.get("from")
        if how == "discard" and by in self.last:
            decision, shanten_of, count = self.last[by]
            if decision.discard == tile:
                river = {d[0] for d in self.table.discards[seat]}
                safe = [
                    t
                    for t, n in shanten_of.items()
                    if n <= decision.shanten_after and t in river and t != tile
                ]  # ranked as the options are: lower shanten, then more unseen effective tiles
                safe.sort(key=lambda t: (shanten_of[t], -count(t), INDEX[t]))
                self.deal_ins.append(DealIn(step, seq, by, seat, tile, tuple(safe)))

    def _special(self, tile: str | None) -> bool:
        """Is ``tile`` a 得 or a bonus kind (shown and replaced), the draws that make a limit?"""
        t = self.table
        return tile is not None and (tile in t.wildcards or tile in _bonus(t.bonus_idx))

    def _less(self, seat: str, tile: str | None) -> int | None:
        """The shanten of the seat's tiles less ``tile`` (None: it holds no such tile)."""
        hand = self._hand(seat)
        if tile is None or tile not in hand.concealed:
            return None
        return _shanten_of(hand.without(tile))

    def _actions(self, seq: int) -> tuple[Action, ...]:
        """The hand's actions up to ``seq`` (kept for the waits of one decision)."""
        if self.before_seq[0] != seq:
            self.before_seq = (seq, tuple(a for a in self.actions if a.seq <= seq))
        return self.before_seq[1]

    def _value(
        self,
        seq: int,
        seat: str,
        hand: Hand,
        tile: str,
        how: str,
        by: str | None,
        flags: frozenset[str],
    ) -> int | None:
        """What this win (with ``flags``) pays under the ruleset: the winner's points as ``score``
        gives them, 0 and up (zhoushan sets no minimum: a win of 0 台 stands); None when it is no
        win the ruleset allows (below its minimum: xizhou's 1台起胡) or it cannot score it."""
        outcome = self._outcome(seq, seat, hand, Win(seat, how, tile, by, flags))
        scoring = self._scored(outcome, seat)
        return None if scoring is None else max(int(scoring[seat].points), 0)

    def _paid(self, seq: int, seat: str, hand: Hand, tile: str, by: str | None) -> int:
        """What a later win on ``tile`` pays the seat, self-drawn (``by`` None) or on ``by``'s
        discard, with no flags: the payments to it less any it makes, as the audit settles
        them (``score``, ``settle_input``, ``settle``: who pays, 包/承包 from the claims so far).
        A discard is added to the play as ``by``'s next one. 0 when it is no win the ruleset
        allows."""
        win = Win(seat, "discard" if by else "self_draw", tile, by)
        extra = (Action(seq, "discard", by, tile, wall_left=self.table.wall_left),) if by else ()
        outcome = self._outcome(seq, seat, hand, win, extra)
        rs, opts = self.rs, self.opts
        scorings = self._scored(outcome, seat)
        if scorings is None:
            return 0
        try:
            payments = rs.settle(rs.settle_input(outcome, scorings, opts), opts)
        except (HandError, ValueError, KeyError, IndexError):
            return 0
        got = sum(p.amount for p in payments if p.payee == seat)
        return got - sum(p.amount for p in payments if p.payer == seat)

    def _outcome(
        self, seq: int, seat: str, hand: Hand, win: Win, extra: tuple[Action, ...] = ()
    ) -> HandOutcome:
        """The hand as it would end with ``win``: the seat's tiles shown, the play up to ``seq``
        (and ``extra`` steps)."""
        t, out = self.table, self.hand.outcome
        return HandOutcome(
            no=out.no,
            seats=out.seats,
            round_wind=out.round_wind,
            indicator=t.indicator,
            wildcards=t.wildcards,
            showdowns={seat: Showdown(seat, hand.concealed, hand.melds, hand.revealed)},
            wins=(win,),
            actions=self._actions(seq) + extra,
            wall_left=t.wall_left,
        )

    def _scored(self, outcome: HandOutcome, seat: str) -> dict[str, Scoring] | None:
        """The ruleset's ``score`` of the outcome; None when the seat's win is no win it allows
        (below its minimum, not a winning hand) or it cannot score it."""
        try:
            scorings = self.rs.score(outcome, self.opts)
        except (HandError, ValueError, KeyError, IndexError):
            return None
        scoring = scorings.get(seat)
        if scoring is None or scoring.limit in ("below_minimum", "not_winning"):
            return None
        return scorings


_UNREAD = -99  # a shanten not read yet


class _Tiles:
    """A seat's tiles as read so far: its Hand, whether one more tile may complete its concealed
    tiles (``_Walk._may_complete``), its shanten (``_UNREAD``; None for a wrong hand size). A
    decision leaves the last two for the tiles after its discard, read by its ranking."""

    __slots__ = ("hand", "ready", "shanten")

    def __init__(self, ready: bool | None = None, shanten: int | None = _UNREAD):
        self.hand: Hand | None = None
        self.ready, self.shanten = ready, shanten


def _read_shanten(tiles: _Tiles) -> int | None:
    if tiles.shanten == _UNREAD:
        assert tiles.hand is not None  # (a _Tiles kept for later holds one or the other)
        tiles.shanten = _shanten_of(tiles.hand)
    return tiles.shanten


def _shanten_of(hand: Hand) -> int | None:
    try:
        return shanten(hand)
    except HandError:  # a wrong hand size (相公): reported by the verification
        return None


def _face_down(melds: list[Meld]) -> list[str]:
    """The tiles of a seat's concealed kongs that lie face down: all of them while it has no
    吃/碰/明杠 (门清), none once it has one (then each shows a tile, which names its kind)."""
    if any(m.kind in _OPEN_MELDS for m in melds):
        return []
    return [x for m in melds if m.kind == "gang_concealed" for x in m.tiles]


def _key(c: Candidate) -> tuple[int, int]:
    return (c.shanten, -c.count)


def _wins(hand: Hand) -> bool:
    try:
        return is_winning_hand(list(hand.concealed), hand.melds, hand.wildcards)
    except HandError:
        return False


@lru_cache(maxsize=256)
def _shapes(rs: Ruleset, wild: frozenset[str], opts: Any) -> tuple[Shape, ...]:
    return rs.winning_shapes(wild, opts)


@lru_cache(maxsize=256)
def _bonus(idx: tuple[int, ...]) -> frozenset[str]:
    return frozenset(ALL_TILES[i] for i in idx)
