"""Huangyan's winner: the best reading of its hand over every way its 得 can stand
(``engine.hand``), each reading's 胡 and 番 items counted; the non-winners' own scoring is
``nonwinner``."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import NamedTuple

from engine.hand import Decomposition, HandError, Reading, decompositions
from engine.hand import readings as hand_readings
from engine.hand.decompose import Shape
from engine.model import SEATS, HandOutcome, Showdown, Win
from engine.rulesets.base import Item, ScoreLine, Scoring, reading_words
from engine.rulesets.huangyan.about import ABOUT
from engine.rulesets.huangyan.lines import (
    FANS,
    HU_ITEMS,
    Tally,
    is_scoring_pair,
    meld_sets,
    points,
    scoring,
    set_items,
    value_of,
)
from engine.rulesets.huangyan.nonwinner import score_non_winner
from engine.rulesets.huangyan.options import Options
from engine.rulesets.huangyan.table import HAND_SIZE


def score(outcome: HandOutcome, opts: Options) -> dict[str, Scoring]:
    """Every seat that showed; the (single) winner with 底胡 and all its 番."""
    win = outcome.wins[0] if outcome.wins else None
    out = {}
    for seat in SEATS:
        if win is not None and seat == win.seat:
            out[seat] = score_winner(outcome, win, opts)
        elif seat in outcome.showdowns:
            out[seat] = score_non_winner(outcome.showdowns[seat], outcome.wildcards, opts)
    return out


def _flush(suits: set[str] | frozenset[str]) -> str | None:
    """混一色 or 清一色 of the suits a hand's faces are in, if either."""
    honors = "z" in suits
    if len(suits) - honors > 1:
        return None
    return "half_flush" if honors else "full_flush"


class _Winner(NamedTuple):
    """What the winner's readings share: its seat and melds, and the 得 it holds."""

    seat: str
    meld_sets: tuple[tuple[str, str], ...]
    meld_suits: frozenset[str]
    chi_meld: bool
    held: int


def _winner(show: Showdown, wildcards: frozenset[str]) -> _Winner:
    return _Winner(
        show.seat,
        meld_sets(show.melds),
        frozenset(t[1] for m in show.melds for t in m.tiles),
        any(m.kind == "chi" for m in show.melds),
        sum(map(wildcards.__contains__, show.concealed)),
    )


def score_reading(d: Decomposition, w: _Winner, win: Win, opts: Options) -> Scoring:
    """The winner's 胡 and 番 for one reading ``d`` (an engine.hand Decomposition)."""
    hu, fan = _reading_items(d, w, win, opts)
    reading = [f"{wild}→{face}" for wild, face in d.assignments]
    return scoring(w.seat, hu, fan, opts.base_hu, opts, reading)


def _reading_items(d: Decomposition, w: _Winner, win: Win, opts: Options) -> tuple[Tally, Tally]:
    """The winner's 胡 and 番 items (code -> count) for one reading."""
    seat = w.seat
    hu: Tally = defaultdict(int)
    fan: Tally = defaultdict(int)
    on_discard = win.how != "self_draw" and not opts.discard_pung_concealed
    sets = list(w.meld_sets)
    for i, g in enumerate(d.sets, start=1):
        if g.kind == "pung":
            sets.append(
                ("pung" if on_discard and d.win_group == i else "concealed_pung", g.faces[0])
            )
    set_items(seat, sets, hu, fan)
    hu["pair"] = int(is_scoring_pair(seat, d.pair.faces[0]))
    hu["self_draw"] = int(win.how == "self_draw")
    hu["kanchan"] = int(d.wait == "kanchan")
    chows = w.chi_meld or any(g.kind == "chow" for g in d.sets)
    hu["pengpenghu"] = int(opts.pengpenghu and not chows)
    fan["restored"] = d.restored
    fan["hard"] = int(w.held - (d.restored if opts.restored_then_hard else 0) == 0)
    flush = _flush({g.faces[0][1] for g in (d.pair, *d.sets)} | w.meld_suits)
    if flush:
        fan[flush] = 1
    return hu, fan


def score_winner(outcome: HandOutcome, win: Win, opts: Options) -> Scoring:
    """The best reading the winner can claim over every way its 得 can stand (engine.hand)."""
    show = outcome.showdowns.get(win.seat)
    if show is None:
        return _nothing(win.seat, "no_showdown", "胡家未亮牌", "the winner's tiles were not shown")
    size = len(show.concealed) + 3 * len(show.melds)
    if size != HAND_SIZE + 1:
        return _nothing(
            win.seat, "bad_showdown", "亮牌有误", f"the winner shows {size} tiles, not 14"
        )
    wild = outcome.wildcards

    winner = _winner(show, wild)
    try:
        best = _best(show, winner, win, wild, opts)
    except HandError as e:
        return _nothing(win.seat, "bad_showdown", "亮牌有误", f"the winner's tiles: {e}")
    if best is None:
        return _nothing(win.seat, "not_a_win", "不成胡", "the tiles shown are not a winning hand")
    return score_reading(best, winner, win, opts)


def _best(
    show: Showdown, w: _Winner, win: Win, wild: frozenset[str], opts: Options
) -> Decomposition | None:
    """The first reading of highest (points, raw), as ``best_decomposition`` with
    :func:`_reading_items` would pick it: each Reading's groups summed once as 胡 and 番 totals,
    each winning-tile shape (嵌档, a pung a discard completed) added on top."""
    seat = w.seat
    self_draw = win.how == "self_draw"
    on_discard = not self_draw and not opts.discard_pung_concealed
    hu0, fan0 = _totals(seat, w.meld_sets)
    hu0 += opts.base_hu + (_HU["self_draw"] if self_draw else 0)
    best: tuple[tuple[int, int], Reading, Shape] | None = None
    for r in hand_readings(show.concealed, show.melds, wild, win.tile):
        hu, fan = hu0, fan0 + r.restored * _FAN["restored"]
        chows = w.chi_meld
        pungs = []  # (place in the groups, 胡 more when exposed)
        suits = {r.pair.faces[0][1]}
        for i, g in enumerate(r.sets, start=1):
            face = g.faces[0]
            suits.add(face[1])
            if g.kind == "pung":
                s_hu, s_fan, exposed = _pung(seat, face)
                hu += s_hu
                fan += s_fan
                pungs.append((i, exposed))
            else:
                chows = True
        if is_scoring_pair(seat, r.pair.faces[0]):
            hu += _HU["pair"]
        if opts.pengpenghu and not chows:
            hu += _HU["pengpenghu"]
        if w.held - (r.restored if opts.restored_then_hard else 0) == 0:
            fan += _FAN["hard"]
        flush = _flush(suits | w.meld_suits)
        if flush:
            fan += _FAN[flush]
        for shape in r.shapes:
            win_group, wait = shape
            s_hu = hu + (_HU["kanchan"] if wait == "kanchan" else 0)
            if on_discard:
                s_hu += next((x for i, x in pungs if i == win_group), 0)
            value = points(s_hu, fan, opts)
            if best is None or value > best[0]:
                best = (value, r, shape)
    return None if best is None else best[1].decomposition(best[2])


_HU = {code: value for code, (_, _, value) in HU_ITEMS.items()}
_FAN = {code: value for code, (_, _, value) in FANS.items()}


def _totals(seat: str, sets: Iterable[tuple[str, str]]) -> tuple[int, int]:
    """胡 and 番 of pungs/kongs as ``set_items`` counts them."""
    hu: Tally = defaultdict(int)
    fan: Tally = defaultdict(int)
    set_items(seat, sets, hu, fan)
    return sum(_HU[c] * n for c, n in hu.items()), sum(_FAN[c] * n for c, n in fan.items())


@lru_cache(maxsize=1024)
def _pung(seat: str, face: str) -> tuple[int, int, int]:
    """A concealed pung's 胡 and 番, and the 胡 it gains counted exposed (negative: loses)."""
    hu, fan = _totals(seat, [("concealed_pung", face)])
    return hu, fan, _totals(seat, [("pung", face)])[0] - hu


def readings(
    outcome: HandOutcome, win: Win, opts: Options, limit: int = 5000
) -> Iterator[tuple[int, str, str]]:
    """(points, zh, en) of each reading of the winner's hand (at most ``limit``)."""
    show = outcome.showdowns.get(win.seat)
    if show is None or len(show.concealed) + 3 * len(show.melds) != HAND_SIZE + 1:
        return
    winner = _winner(show, outcome.wildcards)
    try:
        for n, d in enumerate(
            decompositions(show.concealed, show.melds, outcome.wildcards, win.tile)
        ):
            if n >= limit:
                return
            points, _ = value_of(*_reading_items(d, winner, win, opts), opts.base_hu, opts)
            yield (points, *reading_words(d.assignments, d.wait, win.tile))
    except HandError:
        return


def _nothing(seat: str, code: str, zh: str, en: str) -> Scoring:
    return Scoring(seat, 0, (ScoreLine(code, zh, en, 0, "胡"),), 0)


def items(opts: Options) -> tuple[Item, ...]:
    """The 胡 items (碰碰胡 only with its option), 底胡, then the 番."""
    hu = [
        Item(
            c,
            zh,
            en,
            v,
            "胡",
            "pengpenghu" if c == "pengpenghu" else None,
            opts.pengpenghu or c != "pengpenghu",
            about=ABOUT[c],
        )
        for c, (zh, en, v) in HU_ITEMS.items()
    ]
    base = Item("base", "底胡", "base", opts.base_hu, "胡", "base_hu", about=ABOUT["base"])
    fans = (Item(c, zh, en, v, "番", about=ABOUT[c]) for c, (zh, en, v) in FANS.items())
    return (*hu, base, *fans)
