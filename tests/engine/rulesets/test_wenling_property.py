"""The winner's total is the maximum over every 得 reading: checked against brute force (each
得 replaced by every face, every plain reading scored with the same per-reading value)."""

import dataclasses
from collections import Counter
from itertools import combinations_with_replacement

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.hand import Group, decompositions
from engine.model import HandOutcome, Showdown, Win
from engine.rulesets.wenling.winner import reading_value, score_winner
from engine.tiles import FACES
from tests.engine.rulesets.wenling_helpers import RS

WILD = "9s"
PLAIN = [f for f in FACES if f != WILD]
CHOW_STARTS = [
    f for f in PLAIN if f[1] in "mps" and int(f[0]) <= 7 and f"{int(f[0]) + 2}{f[1]}" != WILD
]


def _chow(start: str) -> list[str]:
    return [f"{int(start[0]) + i}{start[1]}" for i in range(3)]


@st.composite
def hands(draw):
    """A winning 17-tile hand (5 sets + pair) with 0-2 of its tiles turned into 得 (九条)."""
    tiles = [draw(st.sampled_from(PLAIN))] * 2
    for _ in range(5):
        if draw(st.booleans()):
            tiles += _chow(draw(st.sampled_from(CHOW_STARTS)))
        else:
            tiles += [draw(st.sampled_from(PLAIN))] * 3
    k = draw(st.integers(0, 2))
    assume(max(Counter(tiles).values()) <= 4 - k)  # a 得 may then stand for any face
    order = draw(st.permutations(range(17)))
    for i in order[:k]:
        tiles[i] = WILD
    real = [t for t in tiles if t != WILD]
    win = draw(st.sampled_from(real))
    how = draw(st.sampled_from(["discard", "self_draw"]))
    return tiles, win, how


def _brute(outcome: HandOutcome, win: Win, opts) -> int:
    show = outcome.showdowns[win.seat]
    _, _, value = reading_value(outcome, win, show, opts)
    real = [t for t in show.concealed if t != WILD]
    k = len(show.concealed) - len(real)
    best = 0
    for faces in combinations_with_replacement(FACES, k):
        plain = real + list(faces)
        if max(Counter(plain).values()) > 4:
            continue
        restored = faces.count(WILD)
        for d in decompositions(plain, (), (), win.tile):
            pair = d.pair
            if pair.faces[0] == WILD:
                pair = Group(pair.kind, pair.faces, (True, True))
            best = max(best, value(dataclasses.replace(d, pair=pair, restored=restored))[0])
    return best


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hands())
def test_max_over_readings_equals_brute_force(hand):
    tiles, tile, how = hand
    win = Win("S", how, tile, "W" if how == "discard" else None)
    outcome = HandOutcome(
        no=1,
        seats=dict.fromkeys("ESWN", "p"),
        indicator=WILD,
        wildcards=frozenset({WILD}),
        showdowns={"S": Showdown("S", tuple(tiles))},
        wins=(win,),
    )
    opts = RS.options()
    assert score_winner(outcome, win, opts).points == _brute(outcome, win, opts)
