"""Huangyan's items (计算规则: 胡 items, then 番) and the formula from itemised lines to points,
(胡 items + 底胡) × 2^番, rounded up and capped: what the winner and the non-winners share."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from functools import lru_cache

from engine.model import Meld
from engine.rulesets.base import ScoreLine, Scoring, Step, step
from engine.rulesets.huangyan.options import Options
from engine.tiles import FACES, SEAT_WIND, is_dragon, is_terminal_or_honor

# Items counted by code (a defaultdict: a Counter costs ~4x as much to make, and a reading makes two).
Tally = defaultdict[str, int]

# 计算规则: code -> (zh, en, value). 胡 items first, then 番.
HU_ITEMS = {
    "pair": ("门风对、字牌对", "own-wind or dragon pair", 2),
    "pung_yao": ("风、幺九、字牌刻子", "wind, terminal or dragon pung", 4),
    "pung": ("刻子", "pung", 2),
    "concealed_pung_yao": ("风、幺九、字牌暗刻", "concealed wind, terminal or dragon pung", 8),
    "concealed_pung": ("暗刻", "concealed pung", 4),
    "kong_exposed_yao": ("风、幺九、字牌明杠", "exposed wind, terminal or dragon kong", 16),
    "kong_exposed": ("明杠", "exposed kong", 8),
    "kong_concealed_yao": ("风、幺九、字牌暗杠", "concealed wind, terminal or dragon kong", 32),
    "kong_concealed": ("暗杠", "concealed kong", 16),
    "self_draw": ("自摸", "self-draw", 2),
    "kanchan": ("嵌档", "closed (middle) wait", 2),
    "pengpenghu": ("碰碰胡", "all pungs", 4),
}
FANS = {
    "dragon": ("中发白刻、杠", "dragon pung or kong", 1),
    "seat_wind": ("自家风刻、杠", "own-wind pung or kong", 1),
    "hard": ("无得（硬碰硬）", "no wildcard in hand", 1),
    "restored": ("得还原", "a wildcard standing for itself", 1),
    "half_flush": ("混一色", "one suit with honors", 1),
    "full_flush": ("清一色", "one suit", 3),
}
_MELD_SET = {
    "peng": "pung",
    "gang_exposed": "kong_exposed",
    "gang_added": "kong_exposed",
    "gang_concealed": "kong_concealed",
}


def set_items(seat: str, sets: Iterable[tuple[str, str]], hu: Tally, fan: Tally) -> None:
    """Count pungs/kongs given as (kind, face): their 胡, and 番 for dragons and the own wind."""
    for kind, face in sets:
        hu_code, fan_code = _set_codes(seat, kind, face)
        hu[hu_code] += 1
        if fan_code is not None:
            fan[fan_code] += 1


@lru_cache(maxsize=1024)
def _set_codes(seat: str, kind: str, face: str) -> tuple[str, str | None]:
    """A set's 胡 item and its 番 item, if any (memoised: every reading asks for its sets)."""
    hu_code = kind + "_yao" if is_terminal_or_honor(face) else kind
    if is_dragon(face):
        return hu_code, "dragon"
    return hu_code, "seat_wind" if face == SEAT_WIND[seat] else None


def meld_sets(melds: Iterable[Meld]) -> tuple[tuple[str, str], ...]:
    """(kind, face) of each 碰/杠 (memoised per seat's melds: every showdown asks, and a meld's
    face is a min over its tiles)."""
    fixed = melds if isinstance(melds, tuple) else tuple(melds)
    try:
        return _meld_sets(fixed)
    except TypeError:  # a meld holding a list: unhashable
        return _meld_sets.__wrapped__(fixed)


@lru_cache(maxsize=1024)
def _meld_sets(melds: tuple[Meld, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((_MELD_SET[m.kind], m.face) for m in melds if m.kind in _MELD_SET)


def is_scoring_pair(seat: str, face: str) -> bool:
    return face in _SCORING_PAIRS[seat]


# A seat's own wind and the dragons (one set lookup: every reading and showdown asks).
_SCORING_PAIRS = {
    seat: frozenset({wind, *(f for f in FACES if is_dragon(f))}) for seat, wind in SEAT_WIND.items()
}


def points_of(
    lines: Iterable[ScoreLine], opts: Options, steps: list[Step] | None = None
) -> tuple[int, int]:
    """(points, raw) from itemised lines: (胡 items + 底胡) × 2^番, rounded up, then capped."""
    hu = fan = 0
    for x in lines:
        if x.unit == "胡":
            hu += x.value * x.count
        elif x.unit == "番":
            fan += x.value * x.count
    return points(hu, fan, opts, steps)


def points(hu: int, fan: int, opts: Options, steps: list[Step] | None = None) -> tuple[int, int]:
    """``steps``, when given, receives the arithmetic (the readings' search leaves it out)."""
    raw = hu * 2**fan
    rounded = -(-raw // opts.round_to) * opts.round_to
    points = min(rounded, opts.cap) if opts.cap > 0 else rounded
    if steps is not None:
        steps += [step("hu_sum", hu), step("fan_sum", fan), step("doubled", raw, fan)]
        steps += [step("round_up", rounded, opts.round_to)] if opts.round_to > 1 else []
        steps += [step("cap", points, opts.cap)] if opts.cap > 0 else []
    return points, raw


def scoring(
    seat: str,
    hu: Mapping[str, int],
    fan: Mapping[str, int],
    base: int,
    opts: Options,
    reading: Iterable[str] = (),
) -> Scoring:
    """A seat's Scoring from its counted items: lines, points and the steps to them."""
    return _scoring(seat, tuple(hu.items()), tuple(fan.items()), base, opts, tuple(reading))


@lru_cache(maxsize=4096)
def _scoring(
    seat: str,
    hu: tuple[tuple[str, int], ...],
    fan: tuple[tuple[str, int], ...],
    base: int,
    opts: Options,
    reading: tuple[str, ...],
) -> Scoring:
    """(Memoised: a Scoring is immutable, and the non-winners' items repeat from hand to hand.)"""
    lines = [_line(c, n, "胡") for c, n in hu if n]
    if base:
        lines.append(_line("base", base, "底胡"))
    lines += [_line(c, n, "番") for c, n in fan if n]
    steps: list[Step] = []
    points, raw = points_of(lines, opts, steps)
    return Scoring(seat, points, tuple(lines), raw, tuple(reading), steps=tuple(steps))


@lru_cache(maxsize=1024)
def _line(code: str, n: int, unit: str) -> ScoreLine:
    """A 胡 or 番 item's line, ``n`` times (``unit`` 底胡: the base, worth ``n``); memoised, as
    a ScoreLine is immutable and a few dozen recur."""
    if unit == "底胡":
        return ScoreLine(code, "底胡", "base", n, "胡")
    return ScoreLine(code, *(HU_ITEMS if unit == "胡" else FANS)[code], unit, n)


def value_of(
    hu: Mapping[str, int], fan: Mapping[str, int], base: int, opts: Options
) -> tuple[int, int]:
    """(points, raw) of counted items, as ``scoring``'s lines give them, without the lines
    (the winner's best reading compares every reading by this)."""
    hu_total = sum(HU_ITEMS[c][2] * n for c, n in hu.items()) + base
    return points(hu_total, sum(FANS[c][2] * n for c, n in fan.items()), opts)
