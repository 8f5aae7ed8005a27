"""One simulated hand, played by four bots through the same ruleset calls the replay makes.

:func:`play_hand` returns the hand's play records (dice to the win or ``exhausted``), never the
``hand`` head nor the settlement. Every restriction the replay or a ruleset's ``check`` can
flag is kept by construction, the strictest reading for all rulesets at once:

- no claim with a 得 nor of a 得 (``wildcard_claims_allowed`` is false everywhere);
- a discard a seat let go by (nobody's claim, or somebody else's) may not be 碰'd by it before
  its next draw (passed 碰), nor any tile once it let one go holding a pair of it where the
  ruleset bars that (``passed_peng_any_tile``); a bot never lets a win go by, so the passed-胡 rule cannot bite;
- right after 吃/碰 neither the claimed tile nor a 吃's other end is thrown (吃张打张);
- never a 得 thrown where that bars the win (wenling); no claim on the discard after the last
  live tile and no kong without a replacement to spare (the 台 rulesets' last-tile rules);
- bonus tiles (``rs.is_bonus``) are revealed at once and replaced from the back.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NoReturn

from engine.hand import is_winning_counts, shanten
from engine.model import SEATS, Meld, Record, Showdown, next_seat, opposite_seat, prev_seat
from engine.rulesets.base import Ruleset
from engine.simulate import bot
from engine.simulate.wall import Wall, throw
from engine.tiles import ALL_TILES, INDEX, is_flower, sorted_tiles

MAX_SLACK = 0.4
# A claim a bot makes: (seat, kind, own tiles, discard choice, shanten after; None for a kong).
_Claim = tuple[str, str, tuple[int, ...], int | None, int | None]


class _HandOver(Exception):
    """The hand ended (a win or 黄牌); unwinds the turn loop."""


def uses_indicator(rs: Ruleset, opts: Any) -> bool:
    """Does the ruleset turn up a 得 indicator (any tile makes some 得)?"""
    return bool(rs.wildcards("1m", opts))


def has_instant_wins(rs: Ruleset) -> bool:
    return type(rs).instant_win is not Ruleset.instant_win


def play_hand(
    rs: Ruleset,
    opts: Any,
    rng: random.Random,
    partners: Mapping[str, str] | None = None,
    strength: float = 0.0,
) -> list[Record]:
    """The play records of one hand, dealer ``E``. ``partners``: colluder's seat -> partner's
    seat, who help each other with probability ``strength`` (engine.simulate.collusion)."""
    hand = _Hand(rs, opts, rng, partners or {}, strength)
    try:
        hand.run()
    except _HandOver:
        pass
    return hand.records


class _Hand:
    def __init__(
        self,
        rs: Ruleset,
        opts: Any,
        rng: random.Random,
        partners: Mapping[str, str],
        strength: float,
    ):
        self.rs, self.opts, self.rng = rs, opts, rng
        self.partners, self.strength = partners, strength
        self.fed = False  # the last discard was a colluder's feed
        self.waiting: set[str] = set()  # let a win go by: no win on another's tile before a draw
        self.records: list[Record] = []
        self.counts = {s: [0] * 42 for s in SEATS}
        self.melds: dict[str, list[Meld]] = {s: [] for s in SEATS}
        self.revealed: dict[str, list[str]] = {s: [] for s in SEATS}
        self.passed: dict[str, set[int]] = {s: set() for s in SEATS}
        # Let a discard go holding a pair of it: no pung of any tile before the next draw, where
        # the ruleset bars that (xizhou's passed_peng=any_tile).
        self.pung_barred: set[str] = set()
        self.any_tile_bar = rs.passed_peng_any_tile(opts)
        self.ready: dict[str, int | None] = dict.fromkeys(SEATS)  # shanten between turns
        self.wild: frozenset[str] = frozenset()
        self.wild_idx: frozenset[int] = frozenset()
        self.keep_wild = rs.discarded_wildcard_blocks_win
        self.instant = has_instant_wins(rs)
        self.bonus_idx: frozenset[int] = frozenset()
        # How often each bot throws a random tile (people do): longer hands, some drawn.
        self.slack = {s: rng.uniform(0, MAX_SLACK) for s in SEATS}
        self.wall: Wall

    # -- bookkeeping -----------------------------------------------------------------------
    def emit(self, rtype: str, **fields: Any) -> None:
        self.records.append({"type": rtype, **fields})

    def tiles(
        self, seat: str, without: int | None = None, plus: str | None = None, copies: int = 1
    ) -> list[str]:
        """The seat's concealed tiles, less ``copies`` of kind ``without``, plus ``plus``."""
        c = self.counts[seat]
        out = [ALL_TILES[i] for i in range(42) for _ in range(c[i] - copies * (i == without))]
        if plus is not None:
            out.append(plus)
        return out

    def dead(self) -> int:
        flowers_out = sum(is_flower(t) for shown in self.revealed.values() for t in shown)
        return self.rs.dead_wall(self.wall.back, flowers_out, self.opts)

    def shanten(self, seat: str, without: int | None = None) -> int:
        return shanten(self.tiles(seat, without), self.melds[seat], self.wild)

    def ready_of(self, seat: str) -> int:
        ready = self.ready[seat]
        if ready is None:
            ready = self.ready[seat] = self.shanten(seat)
        return ready

    def wins_with(self, seat: str, tile: str) -> bool:
        if self.ready_of(seat) != 0:
            return False
        row = self.counts[seat][:]
        row[INDEX[tile]] += 1
        return is_winning_counts(row, self.melds[seat], self.wild)

    def end(self, rtype: str, **fields: Any) -> NoReturn:
        self.emit(rtype, **fields)
        raise _HandOver

    # -- the deal ---------------------------------------------------------------------------
    def run(self) -> None:
        throws = [throw(self.rng) for _ in range(self.rs.dice_throws)]
        for dice in throws:
            self.emit("dice", seat="E", dice=list(dice))
        self.wall = Wall(self.rs.tile_counts(self.opts), self.rng, throws)
        dealt = self.wall.deal(self.rs.hand_size)
        for seat, tiles in dealt.items():
            for t in tiles:
                self.counts[seat][INDEX[t]] += 1
            self.emit("deal", seat=seat, tiles=sorted_tiles(tiles))
        if uses_indicator(self.rs, self.opts):
            indicator = self.wall.peek()
            if not self.rs.indicator_in_wall(self.opts):
                self.wall.draw()
            self.emit("wildcard", indicator=indicator)
            self.wild = frozenset(self.rs.wildcards(indicator, self.opts))
            self.wild_idx = frozenset(INDEX[t] for t in self.wild)
        self.bonus_idx = frozenset(
            i for i, t in enumerate(ALL_TILES) if self.rs.is_bonus(t, self.wild, self.opts)
        )
        last = self._replace_bonus_at_deal() or dealt["E"][-1]
        if self.instant:
            winners = [s for s in SEATS if self._instant(s)]
            for seat in winners:
                self.emit("win", seat=seat, how="instant")
            if winners:
                raise _HandOver
        thrown = self.turn("E", last)
        while True:
            thrown = self.after_discard(*thrown)

    def _replace_bonus_at_deal(self) -> str | None:
        """Rounds 东南西北: each seat reveals every bonus tile it holds, each followed by its
        replacement from the back; until nobody holds one. Returns the dealer's last replacement, if any."""
        dealer_last = None
        while True:
            any_bonus = False
            for seat in SEATS:
                c = self.counts[seat]
                bonus = [ALL_TILES[i] for i in sorted(self.bonus_idx) for _ in range(c[i])]
                for t in bonus:
                    any_bonus = True
                    self.reveal(seat, t)
                    t = self.draw_back(seat)
                    if seat == "E":
                        dealer_last = t
            if not any_bonus:
                return dealer_last

    def reveal(self, seat: str, tile: str) -> None:
        self.counts[seat][INDEX[tile]] -= 1
        self.revealed[seat].append(tile)
        self.emit("reveal", seat=seat, tile=tile)

    def draw_back(self, seat: str) -> str:
        if self.wall.left == 0:
            self.end("exhausted")
        tile = self.wall.draw_back()
        self.counts[seat][INDEX[tile]] += 1
        self.waiting.discard(seat)
        self.emit("draw", seat=seat, tile=tile, **{"from": "back"})
        return tile

    def _instant(self, seat: str) -> bool:
        show = Showdown(
            seat, tuple(self.tiles(seat)), tuple(self.melds[seat]), tuple(self.revealed[seat])
        )
        return self.rs.instant_win(show, self.wild, self.opts)

    # -- a turn -------------------------------------------------------------------------------
    def draw(self, seat: str) -> tuple[str, str]:
        if self.wall.left <= self.dead():
            self.end("exhausted")
        tile = self.wall.draw()
        self.counts[seat][INDEX[tile]] += 1
        self.passed[seat].clear()
        self.pung_barred.discard(seat)
        self.waiting.discard(seat)
        self.emit("draw", seat=seat, tile=tile, **{"from": "wall"})
        return self.turn(seat, tile)

    def settle_bonus(self, seat: str, tile: str) -> tuple[str, bool]:
        """Reveal a drawn bonus tile and replace it, again while the replacement is one.
        Returns the tile finally drawn and whether an instant win may have appeared."""
        special = False
        while INDEX[tile] in self.bonus_idx:
            self.reveal(seat, tile)
            tile = self.draw_back(seat)
            special = True
        return tile, special or INDEX[tile] in self.wild_idx

    def turn(self, seat: str, drawn: str) -> tuple[str, str]:
        """``seat`` holds 3n+2 tiles after a draw: win, kong, or discard (returned)."""
        while True:
            drawn, special = self.settle_bonus(seat, drawn)
            if self.instant and special and self._instant(seat):
                self.end("win", seat=seat, how="instant")
            if self.ready[seat] in (0, None) and is_winning_counts(
                self.counts[seat], self.melds[seat], self.wild
            ):
                self.end("win", seat=seat, how="self_draw", tile=drawn)
            kong = self.pick_kong(seat)
            if kong is None:
                break
            drawn = self.kong(seat, *kong)
        return self.discard(seat, INDEX[drawn], frozenset())

    def pick_kong(self, seat: str) -> tuple[str, str] | None:
        """A 加杠 or 暗杠 that does not take the hand further from 听牌, with a replacement to
        spare; None if there is none."""
        if self.wall.left <= self.dead() + 1:
            return None
        c = self.counts[seat]
        options = [
            ("added", m.tiles[0], 1)
            for m in self.melds[seat]
            if m.kind == "peng" and c[INDEX[m.tiles[0]]]
        ]
        options += [
            ("concealed", ALL_TILES[i], 4)
            for i in range(34)
            if c[i] == 4 and i not in self.wild_idx
        ]
        prev = self.ready[seat]
        for kind, tile, copies in options:
            melds = [m for m in self.melds[seat] if m.kind != "peng" or m.tiles[0] != tile]
            melds.append(Meld(f"gang_{kind}", (tile,) * 4))
            if (
                prev is None
                or shanten(self.tiles(seat, INDEX[tile], copies=copies), melds, self.wild) <= prev
            ):
                return kind, tile
        return None

    def kong(self, seat: str, kind: str, tile: str) -> str:
        """Lay down the kong, let others rob an added one, and draw the replacement."""
        i = INDEX[tile]
        melds = self.melds[seat]
        if kind == "added":
            k = next(n for n, m in enumerate(melds) if m.kind == "peng" and m.tiles[0] == tile)
            melds[k] = Meld("gang_added", (tile,) * 4, melds[k].from_seat)
            self.counts[seat][i] -= 1
        else:
            melds.append(Meld("gang_concealed", (tile,) * 4))
            self.counts[seat][i] -= 4
        self.emit("gang", seat=seat, kind=kind, tile=tile)
        if kind == "added":
            self.robbers(seat, tile)
        self.ready[seat] = None
        return self.draw_back(seat)

    def robbers(self, konger: str, tile: str) -> None:
        order = (next_seat(konger), opposite_seat(konger), prev_seat(konger))
        winners = self.takers(konger, order, tile, fed=False)
        if not winners:
            return
        for s in winners if self.rs.multiple_discard_winners else winners[:1]:
            self.emit("win", seat=s, how="robbed_kong", tile=tile, **{"from": konger})
        raise _HandOver

    # -- discards and claims ----------------------------------------------------------------------
    def banned(self, barred: frozenset[int]) -> frozenset[int]:
        return barred | self.wild_idx if self.keep_wild else barred

    def discard(
        self,
        seat: str,
        drawn: int | None,
        barred: frozenset[int],
        choice: int | None = None,
        after: int | None = None,
    ) -> tuple[str, str]:
        """Throw a tile: the bot's choice, unless it takes the hand further from 听牌 than it
        was before the draw (then the drawn tile goes); now and then a careless one."""
        c = self.counts[seat]
        banned = self.banned(barred)
        feed = self.feed(seat, banned)
        self.fed = feed is not None
        if feed is not None:
            choice, after = feed, self.shanten(seat, feed)
        elif choice is None:
            careless = self.rng.random() < self.slack[seat]
            if careless:
                choice = bot.careless_discard(c, banned, self.wild_idx, self.rng)
            else:
                choice = bot.choose_discard(c, banned, self.wild_idx)
            if choice is None:  # only barred tiles or 得 left: throw one rather than stall
                choice = bot.choose_discard(c, (), ())
            assert choice is not None  # a seat about to discard holds a tile
            prev = self.ready[seat]
            if drawn is not None and choice == drawn:
                after = prev
            else:
                after = self.shanten(seat, choice)
                if (
                    not careless
                    and prev is not None
                    and after > prev
                    and drawn is not None
                    and drawn not in banned
                ):
                    choice, after = drawn, prev
        c[choice] -= 1
        self.ready[seat] = after
        tile = ALL_TILES[choice]
        self.emit("discard", seat=seat, tile=tile)
        return seat, tile

    def after_discard(self, seat: str, tile: str) -> tuple[str, str]:
        """Wins on the discard, else a claim, else the next seat's draw: the next discard."""
        i = INDEX[tile]
        order = (next_seat(seat), opposite_seat(seat), prev_seat(seat))
        can_win = i not in self.wild_idx or self.rs.thrown_wildcard_wins(self.opts)
        winners = self.takers(seat, order, tile, self.fed) if can_win else []
        if winners:
            for s in winners if self.rs.multiple_discard_winners else winners[:1]:
                self.emit("win", seat=s, how="discard", tile=tile, **{"from": seat})
            raise _HandOver
        claim = self.find_claim(seat, i) if self.wall.left > self.dead() else None
        for s in order:
            if claim is None or s != claim[0]:
                self.let_go(s, i)
        if claim is None:
            return self.draw(next_seat(seat))
        return self.claim(seat, tile, *claim)

    def takers(self, giver: str, order: Sequence[str], tile: str, fed: bool) -> list[str]:
        """The seats that win on ``giver``'s tile, in priority order: a colluder's partner lets
        a win go by now and then (never a feed), and then waits for its next draw."""
        out = []
        for s in order:
            if s in self.waiting or not self.wins_with(s, tile):
                continue
            if (
                not fed
                and self.strength
                and self.partners.get(giver) == s
                and self.rng.random() < self.strength
            ):
                self.waiting.add(s)
                self.let_go(s, INDEX[tile])  # nor 碰 what it just let go by
                continue
            out.append(s)
        return out

    def feed(self, seat: str, banned: frozenset[int]) -> int | None:
        """The tile kind a colluder throws to complete its partner's hand, when it holds one
        and the draw (``strength``) says it does; None otherwise."""
        partner = self.partners.get(seat)
        if (
            not self.strength
            or partner is None
            or partner in self.waiting
            or self.ready_of(partner) != 0
        ):
            return None
        c = self.counts[seat]
        blocked = self.wild_idx if self.rs.discarded_wildcard_blocks_win else frozenset()
        kinds = [
            i
            for i in range(34)
            if c[i]
            and i not in banned
            and i not in blocked
            and self.wins_with(partner, ALL_TILES[i])
        ]
        if kinds and self.rng.random() < self.strength:
            return kinds[0]
        return None

    def let_go(self, seat: str, i: int) -> None:
        """The seat let a discard of kind ``i`` go by: no 碰 of it before its next draw, nor of
        any tile when it held a pair of it and the ruleset bars any 碰 then."""
        self.passed[seat].add(i)
        if self.any_tile_bar and self.counts[seat][i] >= 2:
            self.pung_barred.add(seat)

    def find_claim(self, discarder: str, i: int) -> _Claim | None:
        """(seat, kind, own tiles, discard choice, shanten after) of the claim a bot makes, if
        any: 碰/明杠 before 吃, each only when it brings the hand closer to 听牌."""
        if i in self.wild_idx:
            return None
        for s in (next_seat(discarder), opposite_seat(discarder), prev_seat(discarder)):
            c = self.counts[s]
            if (
                c[i] >= 2
                and i not in self.passed[s]
                and s not in self.pung_barred
                and bot.worth_pung(c, i)
            ):
                found = None
                if c[i] == 3 and self.wall.left > self.dead() + 1:
                    found = self.try_claim(s, "gang", (i, i, i), i)
                found = found or self.try_claim(s, "peng", (i, i), i)
                if found:
                    return found
        s = next_seat(discarder)
        for pair in bot.chi_options(self.counts[s], i, self.wild_idx):
            found = self.try_claim(s, "chi", pair, i)
            if found:
                return found
        return None

    def try_claim(self, seat: str, kind: str, own: tuple[int, ...], i: int) -> _Claim | None:
        before = self.ready_of(seat)
        c = self.counts[seat]
        tile = ALL_TILES[i]
        for k in own:
            c[k] -= 1
        try:
            if kind == "gang":
                meld = Meld("gang_exposed", (tile,) * 4)
                after = shanten(self.tiles(seat), [*self.melds[seat], meld], self.wild)
                return (seat, kind, own, None, None) if after <= before else None
            run = tuple(ALL_TILES[k] for k in sorted((*own, i)))
            meld = Meld("chi" if kind == "chi" else "peng", run)
            barred = _barred(i, sorted((*own, i)), kind)
            choice = bot.choose_discard(c, self.banned(barred), self.wild_idx)
            if choice is None:
                return None
            after = shanten(self.tiles(seat, choice), [*self.melds[seat], meld], self.wild)
        finally:
            for k in own:
                c[k] += 1
        if after < before:
            return seat, kind, own, choice, after
        return None

    def claim(
        self,
        discarder: str,
        tile: str,
        seat: str,
        kind: str,
        own: tuple[int, ...],
        choice: int | None,
        after: int | None,
    ) -> tuple[str, str]:
        i = INDEX[tile]
        c = self.counts[seat]
        for k in own:
            c[k] -= 1
        if kind == "gang":
            self.melds[seat].append(Meld("gang_exposed", (tile,) * 4, discarder))
            self.emit("gang", seat=seat, kind="exposed", tile=tile)
            self.ready[seat] = None
            return self.turn(seat, self.draw_back(seat))
        run = sorted((*own, i))
        if kind == "peng":
            self.melds[seat].append(Meld("peng", (tile,) * 3, discarder))
            self.emit("peng", seat=seat)
        else:
            self.melds[seat].append(Meld("chi", tuple(ALL_TILES[k] for k in run), discarder))
            self.emit("chi", seat=seat, tiles=[ALL_TILES[k] for k in own])
        return self.discard(seat, None, _barred(i, run, kind), choice, after)


def _barred(i: int, run: list[int], kind: str) -> frozenset[int]:
    """吃张打张: the claimed kind and, for a 吃 on an end, the kind beyond the other end."""
    barred = {i}
    if kind == "chi" and i in (run[0], run[2]):
        end = run[2] + 1 if i == run[0] else run[0] - 1
        if end // 9 == i // 9 and 0 <= end < 27:
            barred.add(end)
    return frozenset(barred)
