"""``HeldTally`` answers as each of its ``HeldAtLeast`` shapes would, in their order."""

import random

from engine.shapes import HeldAtLeast, HeldTally
from engine.tiles import ALL_TILES

SHAPES = (
    HeldAtLeast("three_de", frozenset({"9s"}), 3),
    HeldAtLeast("red_flowers", frozenset({"1f", "2f", "3f", "4f"}), 4),
    HeldAtLeast("four_white", frozenset({"5z"}), 4),
    HeldAtLeast("overlap", frozenset({"5z", "9s", "1f"}), 5),
)


def test_the_tally_meets_what_each_shape_meets():
    tally = HeldTally(SHAPES)
    rng = random.Random(29)
    pool = [*ALL_TILES, *["9s", "5z", "1f", "2f", "3f", "4f"] * 6, "not a tile"]
    met = set()
    for _ in range(3000):
        tiles = rng.choices(pool, k=rng.randrange(0, 24))
        expected = [s.code for s in SHAPES if s.met(tiles)]
        assert tally.met(tiles) == expected
        met.update(expected)
    assert met == {s.code for s in SHAPES}  # every shape was met somewhere


def test_a_count_past_the_field_width_is_still_right():
    tiles = ["9s"] * 1024 + ["5z"] * 3  # 1024: a 10-bit field reads 0
    assert HeldTally(SHAPES).met(tiles) == ["three_de", "overlap"]
