"""Every scoring item of the seed with its stable code, Chinese and English name, value and
unit, and the 牌点汇总 formula: (基础牌点 + 20) × 2^番, capped at 500 and rounded up to 10."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from engine.rulesets.base import ScoreLine, Scoring, Step, step

HU, FAN, LIMIT = "胡", "番", "腊子"
LIMIT_POINTS = 500
BASE_HU = 20
PAY_UNIT = 10  # totals are rounded up to 10; one unit of payment per 10 points

# code: (zh, en, value, unit)
ITEMS: dict[str, tuple[str, str, int, str]] = {
    # 基础牌点 (胡)
    "pair_value": ("门风对/字牌对", "seat-wind or dragon pair", 2, HU),
    "pung_exposed": ("刻子", "exposed pung", 2, HU),
    "pung_exposed_major": ("风/一九/字牌刻子", "exposed pung of winds, 1/9 or dragons", 4, HU),
    "pung_concealed": ("暗刻", "concealed pung", 4, HU),
    "pung_concealed_major": ("风/一九/字牌暗刻", "concealed pung of winds, 1/9 or dragons", 8, HU),
    "kong_exposed": ("明杠", "exposed kong", 8, HU),
    "kong_exposed_major": ("风/一九/字牌明杠", "exposed kong of winds, 1/9 or dragons", 16, HU),
    "kong_concealed": ("暗杠", "concealed kong", 16, HU),
    "kong_concealed_major": ("风/一九/字牌暗杠", "concealed kong of winds, 1/9 or dragons", 32, HU),
    "bonus_tile": ("翻白板及花牌", "revealed white or flower (or dragon, with naonao)", 4, HU),
    "tanki": ("单吊", "pair wait", 2, HU),
    "self_draw": ("自摸", "self-draw", 2, HU),
    "kanchan": ("嵌档", "closed wait", 2, HU),
    "penchan": ("靠柄", "edge wait", 2, HU),
    "base_20": ("基础胡", "base", BASE_HU, HU),
    "not_a_win": ("不成胡", "the tiles shown are not a winning hand", 0, HU),
    # 番
    "fan_white": ("翻白板", "revealed white", 1, FAN),
    "fan_own_flower": ("翻花牌(本位)", "own-seat flower", 1, FAN),
    "fan_red": ("翻红中(闹闹)", "revealed red (naonao)", 1, FAN),
    "fan_green": ("翻发财(闹闹)", "revealed green (naonao)", 1, FAN),
    "fan_seat_wind": ("门风刻、杠", "seat-wind pung or kong", 1, FAN),
    "fan_dragon": ("字牌刻、杠", "dragon pung or kong", 1, FAN),
    "qing_yi_se": ("清一色", "one suit", 3, FAN),
    "hun_yi_se": ("混一色", "one suit and honors", 2, FAN),
    "dui_dui_hu": ("对对胡", "all pungs", 2, FAN),
    "pang_hu": ("旁胡", "all chows, two-sided wait", 1, FAN),
    "no_de": ("无得", "no wildcard in hand", 1, FAN),
    "two_de": ("2张得", "two wildcards in hand", 1, FAN),
    "kong_bloom": ("杠上开花", "win on a replacement tile", 1, FAN),
    "robbed_kong": ("抢杠胡", "robbing a kong", 1, FAN),
    "self_draw_de": ("自摸得", "self-drawn wildcard wins", 1, FAN),
    # 腊子胡 (500)
    "three_de": ("3张得", "three wildcards", LIMIT_POINTS, LIMIT),
    "red_flowers": ("4张红花", "four red flowers", LIMIT_POINTS, LIMIT),
    "black_flowers": ("4张黑花", "four black flowers", LIMIT_POINTS, LIMIT),
    "four_white": ("4张白板", "four whites", LIMIT_POINTS, LIMIT),
    "heaven": ("天胡", "heavenly hand", LIMIT_POINTS, LIMIT),
    "earth": ("地胡", "earthly hand", LIMIT_POINTS, LIMIT),
    "four_winds": ("四风会齐", "all four winds", LIMIT_POINTS, LIMIT),
    "double_restore": ("双得还原", "two wildcards restored", LIMIT_POINTS, LIMIT),
    "four_red": ("4红中(闹闹)", "four reds (naonao)", LIMIT_POINTS, LIMIT),
    "four_green": ("4发财(闹闹)", "four greens (naonao)", LIMIT_POINTS, LIMIT),
}


@cache
def line(code: str, count: int = 1) -> ScoreLine:
    """The (immutable, so shared) line of ``count`` items ``code``."""
    zh, en, value, unit = ITEMS[code]
    return ScoreLine(code, zh, en, value, unit, count)


_HU = {code: (v if unit == HU else 0) for code, (_, _, v, unit) in ITEMS.items()}
_FAN = {code: (v if unit == FAN else 0) for code, (_, _, v, unit) in ITEMS.items()}
LIMIT_CODES = frozenset(code for code, item in ITEMS.items() if item[3] == LIMIT)


def sums(codes: Iterable[str]) -> tuple[int, int, bool]:
    """(胡, 番, is a 腊子) of item codes, each counted once (a reading's hot path)."""
    codes = tuple(codes)
    return (
        sum(map(_HU.__getitem__, codes)),
        sum(map(_FAN.__getitem__, codes)),
        not LIMIT_CODES.isdisjoint(codes),
    )


def round_up(points: int) -> int:
    return -(-points // PAY_UNIT) * PAY_UNIT


def total(
    hu: int,
    fan: int,
    limit: bool,
    *,
    cap: bool = True,
    rounding: bool = True,
    steps: list[Step] | None = None,
) -> tuple[int, int]:
    """(points, raw): raw = 胡 × 2^番 (the caller adds the base 20 as a 胡 line); points caps
    at 500 and rounds up to 10. A 腊子 is 500 whatever else. ``steps``, when given, receives
    the arithmetic (the readings' search leaves it out)."""
    raw = LIMIT_POINTS if limit else hu << fan
    rounded = round_up(raw) if rounding else raw
    points = min(rounded, LIMIT_POINTS) if cap else rounded
    if steps is not None:
        if limit:
            steps.append(step("limit", LIMIT_POINTS, LIMIT_POINTS))
        else:
            steps += [step("hu_sum", hu), step("fan_sum", fan), step("doubled", raw, fan)]
            steps += [step("round_up", rounded, 10)] if rounding else []
            steps += [step("cap", points, LIMIT_POINTS)] if cap else []
    return points, raw


def scoring(
    seat: str, codes: list[str], *, reading: tuple[str, ...] = (), limit: str | None = None
) -> Scoring:
    """A seat's Scoring from its item codes: grouped lines, points and the steps to them."""
    return _scoring(seat, tuple(codes), reading, limit)


@lru_cache(maxsize=4096)
def _scoring(
    seat: str, codes: tuple[str, ...], reading: tuple[str, ...], limit: str | None
) -> Scoring:
    """(Memoised: a Scoring is immutable, and non-winners' item lists repeat from hand to hand.)"""
    hu, fan, laizi = sums(codes)
    steps: list[Step] = []
    points, raw = total(hu, fan, laizi, steps=steps)
    counts: dict[str, int] = {}
    for c in codes:
        counts[c] = counts.get(c, 0) + 1
    grouped = tuple(line(c, n) for c, n in counts.items())
    return Scoring(seat, points, grouped, raw=raw, reading=reading, limit=limit, steps=tuple(steps))
