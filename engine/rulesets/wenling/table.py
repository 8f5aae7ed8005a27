"""Wenling's table: the 144-tile set, the dice and the wall break, 得 and 闹闹, bonus tiles,
instant wins and the two wall marks (生牌阶段 at 15 pairs, 黄牌 at 8 pairs)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engine.model import SEATS, Showdown
from engine.shapes import HeldAtLeast, HeldTally
from engine.tiles import DRAGONS, FACES, FLOWERS, GREEN, RED, WHITE, is_flower

TILE_COUNTS: dict[str, int] = {**{t: 4 for t in FACES}, **{t: 1 for t in FLOWERS}}
HAND_SIZE = 16
SPRING_GROUP = ("1f", "2f", "3f", "4f")  # 春夏秋冬
PLUM_GROUP = ("5f", "6f", "7f", "8f")  # 梅兰竹菊
SEAT_FLOWERS = {seat: (f"{i + 1}f", f"{i + 5}f") for i, seat in enumerate(SEATS)}
DEAD_WALL_PAIRS = 8  # 黄牌: 8 pairs left
RAW_STAGE_PAIRS = 15  # 生牌阶段: 15 pairs left


def wildcards(indicator: str | None) -> frozenset[str]:
    """得: the other copies of the indicator's face; a flower makes the other three of its group."""
    if indicator is None:
        return frozenset()
    if is_flower(indicator):
        group = SPRING_GROUP if indicator in SPRING_GROUP else PLUM_GROUP
        return frozenset(t for t in group if t != indicator)
    return frozenset({indicator})


def is_naonao(wild: frozenset[str]) -> bool:
    """闹闹: the indicator was 中, 发, 白 or a flower."""
    return any(t in DRAGONS or is_flower(t) for t in wild)


def is_bonus(tile: str, wild: frozenset[str]) -> bool:
    """Revealed and replaced: flowers and 白 normally; in 闹闹 every dragon and flower but 得."""
    if tile in wild:
        return False
    if is_flower(tile):
        return True
    return tile in DRAGONS if is_naonao(wild) else tile == WHITE


def lone_back_tile(back_draws: int) -> int:
    """1 when an odd number of replacements left a single unstacked tile at the back."""
    return back_draws % 2


def dead_wall(back_draws: int) -> int:
    """黄牌 at 8 pairs left, the lone back tile not counted: 16 or 17 live tiles (asked at every
    back draw and reveal: ``lone_back_tile`` inline)."""
    return 2 * DEAD_WALL_PAIRS + back_draws % 2


def in_raw_stage(wall_left: int, back_draws: int) -> bool:
    """生牌阶段: 15 pairs (30 tiles, 31 with a lone back tile) or fewer left."""
    return wall_left <= 2 * RAW_STAGE_PAIRS + lone_back_tile(back_draws)


def wall_break(first: tuple[int, int], second: tuple[int, int]) -> tuple[str, int]:
    """Where the deal starts. A = the first throw's total picks the wall (5/9 东, 2/6/10 南,
    3/7/11 西, 4/8/12 北); B = all four dice; drawing starts at the (B+1)-th tile of that wall,
    counting on into the next wall past 18 stacks; replacements come from the B-th tile backwards."""
    a = sum(first)
    b = a + sum(second)
    return SEATS[(a - 1) % 4], b


def limit_shapes(wild: frozenset[str], red_flowers: str) -> tuple[HeldAtLeast, ...]:
    """The 腊子 won by holding tiles (3 得, a flower group, 4 白, and in 闹闹 4 中 / 4 发), each
    with its code as in :mod:`scoring` (memoised: the 得 kinds and the option are all it reads)."""
    return _limit_shapes(wild, red_flowers)


@lru_cache(maxsize=64)
def _limit_shapes(wild: frozenset[str], red_flowers: str) -> tuple[HeldAtLeast, ...]:
    red, black = (
        (SPRING_GROUP, PLUM_GROUP) if red_flowers == "spring" else (PLUM_GROUP, SPRING_GROUP)
    )
    shapes = [
        HeldAtLeast("three_de", wild, 3),
        HeldAtLeast("red_flowers", frozenset(red), 4),
        HeldAtLeast("black_flowers", frozenset(black), 4),
        HeldAtLeast("four_white", frozenset({WHITE}), 4),
    ]
    if is_naonao(wild):
        shapes += [
            HeldAtLeast("four_red", frozenset({RED}), 4),
            HeldAtLeast("four_green", frozenset({GREEN}), 4),
        ]
    return tuple(shapes)


def instant_limits(tiles: Iterable[str], wild: frozenset[str], red_flowers: str) -> list[str]:
    """The codes of the 腊子 a set of held or revealed tiles makes by itself (:func:`limit_shapes`;
    the flowers are one copy each, so four of a group are the whole group)."""
    tiles = tiles if isinstance(tiles, list) else list(tiles)
    return _limit_tally(wild, red_flowers).met(tiles)


@lru_cache(maxsize=64)
def _limit_tally(wild: frozenset[str], red_flowers: str) -> HeldTally:
    return HeldTally(_limit_shapes(wild, red_flowers))


def show_tiles(show: Showdown) -> list[str]:
    """Every tile a seat holds or revealed (melds included)."""
    tiles = list(show.concealed) + list(show.revealed)
    for meld in show.melds:
        tiles.extend(meld.tiles)
    return tiles
