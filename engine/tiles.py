"""Tiles and their notation (log-format v1).

A tile is written canonically as ``<rank><suit>``: ``1m``-``9m`` (万), ``1p``-``9p`` (筒),
``1s``-``9s`` (条), ``1z``-``7z`` (东南西北白发中) and ``1f``-``8f`` (春夏秋冬梅兰竹菊).
Inside the engine a tile is its canonical string; hot paths use :func:`index` (0-41), where
0-33 are the 34 playing faces (m, p, s, z) and 34-41 are the flowers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

SUITS = "mpsz"
FACES: tuple[str, ...] = tuple(
    f"{rank}{suit}" for suit in SUITS for rank in range(1, 10 if suit != "z" else 8)
)
FLOWERS: tuple[str, ...] = tuple(f"{n}f" for n in range(1, 9))
ALL_TILES: tuple[str, ...] = FACES + FLOWERS
INDEX: dict[str, int] = {t: i for i, t in enumerate(ALL_TILES)}

WINDS = ("1z", "2z", "3z", "4z")
WHITE, GREEN, RED = "5z", "6z", "7z"
DRAGONS = (WHITE, GREEN, RED)
SEAT_WIND = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}

_DIGITS_ZH = "一二三四五六七八九"
_SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}
_HONOR_ZH = {"1z": "东", "2z": "南", "3z": "西", "4z": "北", "5z": "白", "6z": "发", "7z": "中"}
_FLOWER_ZH = {f"{i + 1}f": c for i, c in enumerate("春夏秋冬梅兰竹菊")}
_SUIT_EN = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
_HONOR_EN = {
    "1z": "East wind",
    "2z": "South wind",
    "3z": "West wind",
    "4z": "North wind",
    "5z": "White dragon",
    "6z": "Green dragon",
    "7z": "Red dragon",
}
_FLOWER_EN = {
    f"{i + 1}f": name
    for i, name in enumerate(
        ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo flower", "Chrysanthemum")
    )
}


class TileError(ValueError):
    """A token that is not a tile; ``token`` is what was given."""

    def __init__(self, token: object):
        self.token = token
        super().__init__(f'"{token}" is not a tile')


def _aliases() -> dict[str, str]:
    table: dict[str, str] = {t: t for t in ALL_TILES}
    suit_words = {"m": ("万", "萬"), "p": ("筒", "饼", "餅"), "s": ("条", "條", "索")}
    for suit, words in suit_words.items():
        for rank in range(1, 10):
            for word in words:
                table[f"{_DIGITS_ZH[rank - 1]}{word}"] = f"{rank}{suit}"
                table[f"{rank}{word}"] = f"{rank}{suit}"
    honors = {
        "1z": ("东", "東", "东风", "東風"),
        "2z": ("南", "南风", "南風"),
        "3z": ("西", "西风", "西風"),
        "4z": ("北", "北风", "北風"),
        "5z": ("白", "白板"),
        "6z": ("发", "發", "发财", "發財"),
        "7z": ("中", "红中", "紅中"),
    }
    for tile, words in honors.items():
        for word in words:
            table[word] = tile
    for i, chars in enumerate(("春", "夏", "秋", "冬", "梅", "兰蘭", "竹", "菊")):
        for ch in chars:
            table[ch] = f"{i + 1}f"
    return table


ALIASES: dict[str, str] = _aliases()
_MPSZ = re.compile(r"(\d+)([mpsfz])")
_MPSZ_FULL = re.compile(r"(?:\d+[mpsfz])+")


def parse_tile(token: object) -> str:
    """The canonical form of one tile token (canonical, Chinese alias, or ``1万``)."""
    if isinstance(token, str):
        tile = ALIASES.get(token.strip())
        if tile is not None:
            return tile
    raise TileError(token)


def _split_chinese(text: str) -> list[str]:
    """Greedy longest-match split of a run of Chinese tile names, e.g. ``"东东一万"``."""
    out, i = [], 0
    while i < len(text):
        for size in (3, 2, 1):
            piece = text[i : i + size]
            if len(piece) == size and piece in ALIASES:
                out.append(ALIASES[piece])
                i += size
                break
        else:
            raise TileError(text[i:])
    return out


def parse_tiles(tiles: str | Iterable[object]) -> list[str]:
    """Canonical tiles from an mpsz string (``"123m77z"``), a list of tokens, or Chinese names."""
    if not isinstance(tiles, str):
        return [parse_tile(t) for t in tiles]
    text = tiles.strip()
    if not text:
        return []
    if any(ch in text for ch in " ,，、"):
        return [t for tok in re.split(r"[\s,，、]+", text) if tok for t in parse_tiles(tok)]
    if _MPSZ_FULL.fullmatch(text):
        out = []
        for digits, suit in _MPSZ.findall(text):
            for d in digits:
                out.append(parse_tile(f"{d}{suit}"))
        return out
    if text in ALIASES:
        return [ALIASES[text]]
    return _split_chinese(text)


# The tile after each honor: winds 东南西北东, dragons in the order the Taizhou seeds list them,
# 中、發(財)、白 (huangyan.txt "字牌 ：中、財、白").
_HONOR_NEXT = {"1z": "2z", "2z": "3z", "3z": "4z", "4z": "1z", "7z": "6z", "6z": "5z", "5z": "7z"}


def next_face(tile: str) -> str:
    """The tile after ``tile`` in its cycle (the 财神 custom "the tile after the one turned up"):
    9 → 1, 东南西北 → 东, 中发白 → 中. Not for flowers."""
    if tile in _HONOR_NEXT:
        return _HONOR_NEXT[tile]
    return f"{rank(tile) % 9 + 1}{tile[1]}"


def index(tile: str) -> int:
    return INDEX[tile]


def suit(tile: str) -> str:
    return tile[1]


def rank(tile: str) -> int:
    return int(tile[0])


def is_suited(tile: str) -> bool:
    return tile[1] in "mps"


def is_honor(tile: str) -> bool:
    return tile[1] == "z"


def is_wind(tile: str) -> bool:
    return tile in WINDS


def is_dragon(tile: str) -> bool:
    return tile in DRAGONS


def is_flower(tile: str) -> bool:
    return tile[1] == "f"


def is_terminal(tile: str) -> bool:
    return tile[1] in "mps" and tile[0] in "19"


def is_terminal_or_honor(tile: str) -> bool:
    return tile[1] == "z" or is_terminal(tile)


def sort_key(tile: str) -> int:
    return INDEX[tile]


def sorted_tiles(tiles: Iterable[str]) -> list[str]:
    return sorted(tiles, key=sort_key)


def to_mpsz(tiles: Iterable[str]) -> str:
    """Compact mpsz form, suits in m p s z f order: ``['1m','2m','7z'] -> '12m7z'``."""
    groups: dict[str, str] = {}
    for t in sorted_tiles(tiles):
        groups[t[1]] = groups.get(t[1], "") + t[0]
    return "".join(groups[s] + s for s in "mpszf" if s in groups)


def chinese(tile: str) -> str:
    """The Chinese name shown to users: ``3m -> 三万``, ``7z -> 中``, ``1f -> 春``."""
    if tile in _HONOR_ZH:
        return _HONOR_ZH[tile]
    if tile in _FLOWER_ZH:
        return _FLOWER_ZH[tile]
    return _DIGITS_ZH[rank(tile) - 1] + _SUIT_ZH[suit(tile)]


def english(tile: str) -> str:
    """The English name: ``3m -> 3 Characters``, ``7z -> Red dragon``, ``1f -> Spring``."""
    if tile in _HONOR_EN:
        return _HONOR_EN[tile]
    if tile in _FLOWER_EN:
        return _FLOWER_EN[tile]
    return f"{rank(tile)} {_SUIT_EN[suit(tile)]}"


def tile_name(tile: str, language: str) -> str:
    """A tile's name in ``language`` ("zh" or "en"), for labels and alt text."""
    return english(tile) if language == "en" else chinese(tile)
