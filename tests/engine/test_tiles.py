"""engine.tiles: notation, Chinese aliases, and clear errors."""

from __future__ import annotations

import pytest

from engine.tiles import ALL_TILES, TileError, chinese, parse_tile, parse_tiles, tile_name, to_mpsz


def test_mpsz_strings():
    assert parse_tiles("123m45p6s77z1f") == ["1m", "2m", "3m", "4p", "5p", "6s", "7z", "7z", "1f"]
    assert parse_tiles("") == []
    assert parse_tiles("1m 2m,3m") == ["1m", "2m", "3m"]


def test_lists_mix_canonical_and_aliases():
    assert parse_tiles(["1m", "一万", "1万", "一饼", "一索", "東"]) == [
        "1m",
        "1m",
        "1m",
        "1p",
        "1s",
        "1z",
    ]


@pytest.mark.parametrize(
    ("token", "tile"),
    [
        ("一万", "1m"),
        ("1万", "1m"),
        ("九萬", "9m"),
        ("一饼", "1p"),
        ("五筒", "5p"),
        ("一索", "1s"),
        ("三条", "3s"),
        ("東", "1z"),
        ("北风", "4z"),
        ("白板", "5z"),
        ("發財", "6z"),
        ("红中", "7z"),
        ("紅中", "7z"),
        ("春", "1f"),
        ("蘭", "6f"),
        ("兰", "6f"),
        ("菊", "8f"),
    ],
)
def test_chinese_aliases(token, tile):
    assert parse_tile(token) == tile
    assert parse_tiles(token) == [tile]


def test_runs_of_chinese_names_split_greedily():
    assert parse_tiles("东东一万發財") == ["1z", "1z", "1m", "6z"]


@pytest.mark.parametrize("bad", ["0m", "10m", "8z", "9f", "xx", "一", "万"])
def test_bad_tokens_name_the_token(bad):
    with pytest.raises(TileError) as err:
        parse_tiles([bad])
    assert err.value.token == bad and bad in str(err.value)


def test_bad_token_inside_a_string_is_named():
    with pytest.raises(TileError, match="8z"):
        parse_tiles("123m8z")
    with pytest.raises(TileError, match="xx"):
        parse_tiles("123m xx")


def test_non_strings_are_rejected():
    with pytest.raises(TileError):
        parse_tile(3)


def test_round_trips():
    tiles = parse_tiles("19m19p19s1234567z12345678f")
    assert parse_tiles(to_mpsz(tiles)) == tiles
    assert [chinese(t) for t in parse_tiles("3m7z1f")] == ["三万", "中", "春"]


def test_names_in_each_language():
    """Alt text and labels: one name a tile in each language, never the code."""
    assert [tile_name(t, "en") for t in parse_tiles("3m9p1s1z5z6z7z4f7f")] == [
        "3 Characters",
        "9 Dots",
        "1 Bamboo",
        "East wind",
        "White dragon",
        "Green dragon",
        "Red dragon",
        "Winter",
        "Bamboo flower",
    ]
    assert [tile_name(t, "zh") for t in parse_tiles("3m2z8f")] == ["三万", "南", "菊"]
    for language in ("zh", "en"):
        names = [tile_name(t, language) for t in ALL_TILES]
        assert len(set(names)) == len(ALL_TILES), language
