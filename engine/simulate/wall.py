"""The wall of one simulated hand: the ruleset's tile set shuffled, broken where the dice say,
dealt in blocks of four, drawn from the front and replaced from the back.

The dice only move the break: with a uniformly shuffled wall they do not change what anyone
holds, but they are thrown and logged the way the table does it (as often as the ruleset's
``dice_throws`` says: wenling's dealer throws twice, see ``docs/rules/wenling.md``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.model import SEATS


def throw(rng: random.Random) -> tuple[int, int]:
    return rng.randint(1, 6), rng.randint(1, 6)


class Wall:
    """``tiles`` laid out clockwise in stacks of two; live draws go forward from the break,
    replacements (补牌) backward from just before it. ``left`` counts tiles still in the wall,
    as the replay's ``wall_left`` does."""

    def __init__(
        self, counts: Mapping[str, int], rng: random.Random, throws: list[tuple[int, int]]
    ):
        self.tiles = [t for t, n in counts.items() for _ in range(n)]
        rng.shuffle(self.tiles)
        self.size = len(self.tiles)
        side = self.size // 4
        first = sum(throws[0])
        stacks = sum(sum(t) for t in throws)
        self.start = ((first - 1) % 4 * side + 2 * stacks) % self.size
        self.front = self.back = 0

    @property
    def left(self) -> int:
        return self.size - self.front - self.back

    def draw(self) -> str:
        tile = self.tiles[(self.start + self.front) % self.size]
        self.front += 1
        return tile

    def peek(self) -> str:
        return self.tiles[(self.start + self.front) % self.size]

    def draw_back(self) -> str:
        self.back += 1
        return self.tiles[(self.start - self.back) % self.size]

    def deal(self, hand_size: int) -> dict[str, list[str]]:
        """Blocks of four in turn (东 南 西 北) while a seat needs four or more, then single
        tiles, then the dealer's extra tile."""
        hands: dict[str, list[str]] = {s: [] for s in SEATS}
        while len(hands["N"]) < hand_size:
            block = 4 if hand_size - len(hands["N"]) >= 4 else 1
            for seat in SEATS:
                hands[seat].extend(self.draw() for _ in range(block))
        hands["E"].append(self.draw())
        return hands
