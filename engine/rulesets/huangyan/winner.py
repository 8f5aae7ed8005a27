"""Huangyan's winner: the best reading of its hand over every way its 得 can stand
(``engine.hand``), each reading's 胡 and 番 items counted; the non-winners' own scoring is
``nonwinner``."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from engine.hand import Decomposition, HandError, best_decomposition, decompositions
from engine.model import SEATS, HandOutcome, Showdown, Win
from engine.rulesets.base import ScoreLine, Scoring, reading_words
from engine.rulesets.huangyan.lines import (
    Tally,
    is_scoring_pair,
    meld_sets,
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


def _flush(faces: Iterable[str]) -> str | None:
    suits = {f[1] for f in faces}
    honors = "z" in suits
    if len(suits) - honors > 1:
        return None
    return "half_flush" if honors else "full_flush"


class _Winner(NamedTuple):
    """What the winner's readings share: its seat and melds, and the 得 it holds."""

    seat: str
    meld_sets: list[tuple[str, str]]
    meld_faces: list[str]
    chi_meld: bool
    held: int


def _winner(show: Showdown, wildcards: frozenset[str]) -> _Winner:
    return _Winner(
        show.seat,
        meld_sets(show.melds),
        [t for m in show.melds for t in m.tiles],
        any(m.kind == "chi" for m in show.melds),
        sum(t in wildcards for t in show.concealed),
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
    flush = _flush([f for g in (d.pair, *d.sets) for f in g.faces] + w.meld_faces)
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

    def key(d: Decomposition) -> tuple[int, int]:
        return value_of(*_reading_items(d, winner, win, opts), opts.base_hu, opts)

    try:
        best = best_decomposition(show.concealed, key, show.melds, wild, win.tile)
    except HandError as e:
        return _nothing(win.seat, "bad_showdown", "亮牌有误", f"the winner's tiles: {e}")
    if best is None:
        return _nothing(win.seat, "not_a_win", "不成胡", "the tiles shown are not a winning hand")
    return score_reading(best[1], winner, win, opts)


def winner_readings(
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
