"""engine.hand against brute force: win checks, waits, shanten and every reading."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations_with_replacement

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine import decompositions, is_winning_hand, shanten, waits
from engine.hand import HandError, is_winning_counts
from engine.model import Meld
from engine.tiles import FACES, INDEX
from tests.engine import hand_reference as ref

SUITS_MZ = [t for t in FACES if t[1] in "mz"]  # a small universe: many wins, cheap brute force


@st.composite
def near_win(draw, size: int, universe=FACES, max_wild: int = 2, wild_kind=None):
    """(tiles, wild kind, 得 count): a pair + sets hand, a few tiles changed, some made 得."""
    faces = [f for f in universe]
    sets = [s for s in ref.SETS if all(t in faces for t in s)]
    pair = draw(st.sampled_from(faces))
    tiles = [pair, pair]
    for _ in range(size // 3):
        tiles += draw(st.sampled_from(sets))
    tiles = draw(st.permutations(tiles))[:size]
    for i in draw(st.lists(st.integers(0, size - 1), max_size=2)):
        tiles[i] = draw(st.sampled_from(faces))
    kind = wild_kind or draw(st.sampled_from(FACES))
    n_wild = draw(st.integers(0, max_wild))
    for i in draw(st.permutations(range(size)))[:n_wild]:
        tiles[i] = kind
    counts = Counter(tiles)
    assume(all(c <= 4 for c in counts.values()))
    return tiles, kind, counts[kind]


def split(tiles: list[str], kind: str) -> tuple[list[str], int]:
    return [t for t in tiles if t != kind], tiles.count(kind)


SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@given(near_win(14, max_wild=2))
@settings(max_examples=50, deadline=None)
def test_win_equals_brute_force_substitution(hand):
    tiles, kind, _ = hand
    assert is_winning_hand(tiles, wildcards=kind) == ref.is_win_brute(*split(tiles, kind))


@given(st.sampled_from([2, 5, 8, 11, 17]).flatmap(lambda n: near_win(n, SUITS_MZ, max_wild=3)))
@SLOW
def test_win_equals_brute_force_other_sizes(hand):
    tiles, kind, n_wild = hand
    assume(n_wild < 3 or len(tiles) <= 8)
    assert is_winning_hand(tiles, wildcards=kind) == ref.is_win_brute(*split(tiles, kind))


@pytest.mark.slow
@given(near_win(17, SUITS_MZ, max_wild=3, wild_kind="5z"))
@settings(max_examples=12, deadline=None)
def test_wenling_17_tiles_with_three_de(hand):
    tiles, kind, _ = hand
    assert is_winning_hand(tiles, wildcards=kind) == ref.is_win_brute(*split(tiles, kind))


@given(st.sampled_from([13, 16]).flatmap(lambda n: near_win(n, max_wild=2)))
@settings(max_examples=80, deadline=None)
def test_waits_equal_adding_each_tile(hand):
    tiles, kind, _ = hand
    held = Counter(tiles)
    expected = {t for t in FACES if held[t] < 4 and is_winning_hand(tiles + [t], wildcards=kind)}
    assert waits(tiles, wildcards=kind) == expected


@pytest.mark.slow
@given(near_win(7, SUITS_MZ, max_wild=1))
@settings(max_examples=25, deadline=None)
def test_waits_equal_brute_force_on_small_hands(hand):
    tiles, kind, _ = hand
    held = Counter(tiles)
    real, n_wild = split(tiles, kind)
    expected = set()
    for t in FACES:
        if held[t] < 4:
            grown = (real, n_wild + 1) if t == kind else (real + [t], n_wild)
            if ref.is_win_brute(*grown):
                expected.add(t)
    assert waits(tiles, wildcards=kind) == expected


@cache
def _targets(size: int) -> list[Counter]:
    universe = set(SUITS_MZ)
    sets = [s for s in ref.SETS if set(s) <= universe]
    out = []
    for pair in SUITS_MZ:
        for chosen in combinations_with_replacement(sets, (size - 2) // 3):
            c = Counter([pair, pair])
            for s in chosen:
                c.update(s)
            out.append(c)
    return out


@pytest.mark.slow
@given(st.sampled_from([4, 5, 7, 8, 10]).flatmap(lambda n: near_win(n, SUITS_MZ, max_wild=2)))
@settings(max_examples=60, deadline=None)
def test_shanten_equals_slow_search(hand):
    tiles, kind, _ = hand
    target_size = len(tiles) + (1 if len(tiles) % 3 == 1 else 0)
    expected = ref.shanten_brute(*split(tiles, kind), _targets(target_size))
    assert shanten(tiles, wildcards=kind) == expected


@given(st.lists(st.sampled_from(FACES), min_size=13, max_size=13))
@settings(max_examples=60, deadline=None)
def test_shanten_zero_exactly_when_some_tile_completes(tiles):
    assume(max(Counter(tiles).values()) <= 4)
    tenpai = any(ref.is_win(Counter(tiles + [t])) for t in FACES)  # shape only: 5th copies count
    assert (shanten(tiles) == 0) == tenpai
    assert shanten(tiles) >= 0


def _raw(d) -> tuple:
    return (
        (d.pair.kind, d.pair.faces, d.pair.wild),
        tuple((g.kind, g.faces, g.wild) for g in d.sets),
    )


@given(st.sampled_from([5, 8]).flatmap(lambda n: near_win(n, SUITS_MZ, max_wild=2)))
@settings(max_examples=50, deadline=None)
def test_readings_equal_brute_force(hand):
    tiles, kind, _ = hand
    found = [_raw(d) for d in decompositions(tiles, wildcards=kind)]
    assert len(found) == len(set(found))
    assert set(found) == ref.readings(*split(tiles, kind))


def _check_reading(d, tiles: list[str], kind: str) -> None:
    for g in d.groups:
        ranks = [int(f[0]) for f in g.faces]
        if g.kind == "chow":
            assert len({f[1] for f in g.faces}) == 1 and g.faces[0][1] != "z"
            assert ranks == [ranks[0], ranks[0] + 1, ranks[0] + 2]
        else:
            assert len(g.faces) == (2 if g.kind == "pair" else 3) and len(set(g.faces)) == 1
    placed = [(f, w) for g in d.groups for f, w in zip(g.faces, g.wild, strict=True)]
    real, n_wild = split(tiles, kind)
    assert Counter(f for f, w in placed if not w) == Counter(real)
    assert Counter(f for f, w in placed if w) == Counter(face for _, face in d.assignments)
    assert [t for t, _ in d.assignments] == [kind] * n_wild
    assert d.restored == sum(1 for t, face in d.assignments if t == face)
    assert d.restored == min(n_wild, sum(1 for f, w in placed if w and f == kind))


@given(near_win(14, max_wild=2))
@settings(max_examples=60, deadline=None)
def test_every_reading_is_valid_and_wins_are_attributed(hand):
    tiles, kind, _ = hand
    win = tiles[0]
    readings = list(decompositions(tiles, wildcards=kind, winning_tile=win))
    assert bool(readings) == is_winning_hand(tiles, wildcards=kind)
    found: dict[tuple, set] = {}
    for d in readings:
        _check_reading(d, tiles, kind)
        assert d.win_wild == (win == kind)
        g = d.groups[d.win_group]
        found.setdefault(_raw(d), set()).add(((g.kind, g.faces, g.wild), d.wait))
    expected: dict[tuple, set] = {}
    for d in decompositions(tiles, wildcards=kind):
        _check_reading(d, tiles, kind)
        shapes = expected.setdefault(_raw(d), set())
        for g in d.groups:
            for place, (f, w) in enumerate(zip(g.faces, g.wild, strict=True)):
                if w if win == kind else not w and f == win:
                    shapes.add(((g.kind, g.faces, g.wild), _wait(g, place)))
    assert found == expected


def _wait(group, place: int) -> str:
    if group.kind != "chow":
        return {"pair": "tanki", "pung": "shanpon"}[group.kind]
    low = int(group.faces[0][0])
    if place == 1:
        return "kanchan"
    return "penchan" if (place, low) in ((2, 1), (0, 7)) else "ryanmen"


def _agari_shapes(counts: Counter) -> bool:
    """Seven pairs or thirteen orphans, which mahjong's Agari also accepts."""
    orphans = {"1m", "9m", "1p", "9p", "1s", "9s", *(f"{i}z" for i in range(1, 8))}
    pairs = sum(1 for c in counts.values() if c == 2) == 7
    return pairs or set(counts) == orphans


def test_peer_mahjong_agari_agrees_on_random_hands():
    from mahjong.agari import Agari

    rng = random.Random(20261129)
    agari = Agari()
    checked = wins = 0
    while checked < 20000:
        tiles = [
            rng.choice(FACES),
        ] * 2
        for _ in range(4):
            tiles += rng.choice(ref.SETS)
        for _ in range(rng.choice((0, 0, 1, 2))):
            tiles[rng.randrange(14)] = rng.choice(FACES)
        counts = Counter(tiles)
        if max(counts.values()) > 4 or _agari_shapes(counts):
            continue
        arr = [counts[f] for f in FACES]
        ours = is_winning_hand(tiles)
        assert ours == agari.is_agari(arr) == is_winning_counts(arr), tiles
        checked += 1
        wins += ours
    assert 0 < wins < checked  # the sample holds both wins and non-wins


@given(
    st.sampled_from([5, 8]).flatmap(lambda n: near_win(n, SUITS_MZ, max_wild=0)),
    st.lists(st.sampled_from(["2f", "3f", "4f"]), max_size=3, unique=True),
)
@settings(max_examples=40, deadline=None)
def test_flower_de_readings_equal_brute_force(hand, flowers):
    """温岭: 春 turned up, so 夏秋冬 are 得; each flower 得 is one tile standing for any face."""
    tiles = hand[0][: len(hand[0]) - len(flowers)] + flowers
    found = [_raw(d) for d in decompositions(tiles, wildcards="234f")]
    assert set(found) == ref.readings(tiles[: len(tiles) - len(flowers)], len(flowers))
    assert len(found) == len(set(found))
    assert is_winning_hand(tiles, wildcards="234f") == bool(found)
    for d in decompositions(tiles, wildcards="234f"):
        assert sorted(t for t, _ in d.assignments) == sorted(flowers) and d.restored == 0


@pytest.mark.slow
@given(near_win(14, max_wild=2), st.data())
@settings(max_examples=60, deadline=None)
def test_melds_are_sets_taken_out_of_the_hand(hand, data):
    """With a set moved into a meld, the concealed rest must itself be pair + sets."""
    tiles, kind, _ = hand
    real = [t for t in tiles if t != kind]
    inside = [s for s in ref.SETS if not Counter(s) - Counter(real)]
    assume(inside)
    chosen = data.draw(st.sampled_from(inside))
    rest = list(tiles)
    for t in chosen:
        rest.remove(t)
    melds = [Meld("chi" if chosen[0] != chosen[1] else "peng", chosen)]
    in_meld = is_winning_hand(rest, melds=melds, wildcards=kind)
    assert in_meld == ref.is_win_brute(*split(rest, kind))
    if in_meld:
        assert is_winning_hand(tiles, wildcards=kind)
    waiting = rest[1:]
    held = Counter(waiting + list(chosen))
    expected = {
        t
        for t in FACES
        if held[t] < 4 and is_winning_hand(waiting + [t], melds=melds, wildcards=kind)
    }
    assert waits(waiting, melds=melds, wildcards=kind) == expected


def counts_of(tiles: list[str], width: int) -> list[int]:
    out = [0] * width
    for t in tiles:
        out[INDEX[t]] += 1
    return out


COUNTS_CASES = (
    st.sampled_from([2, 5, 8, 11, 14, 17]).flatmap(lambda n: near_win(n, max_wild=3)),
    st.sampled_from([34, 42]),
    st.booleans(),
)


def _counts_case(hand, width: int, meld: bool) -> tuple[list[str], str, list[Meld], bool]:
    """(tiles, 得 kind, melds, what the counts form answers)."""
    tiles, kind, _ = hand
    melds = [Meld("peng", ("1p",) * 3)] if meld and tiles.count("1p") <= 1 else []
    return tiles, kind, melds, is_winning_counts(counts_of(tiles, width), melds, kind)


@given(*COUNTS_CASES)
@settings(max_examples=150, deadline=None)
def test_counts_form_answers_as_the_tile_list(hand, width, meld):
    """The counts a replay keeps answer like the tile list, melds and 得 included."""
    tiles, kind, melds, got = _counts_case(hand, width, meld)
    assert got == is_winning_hand(tiles, melds, kind)


@pytest.mark.slow
@given(*COUNTS_CASES)
@settings(max_examples=150, deadline=None)
def test_counts_form_wins_exactly_when_brute_force_does(hand, width, meld):
    """The same hands against brute force (9 s of CPU: the full suite runs it)."""
    tiles, kind, melds, got = _counts_case(hand, width, meld)
    assert got == ref.is_win_brute(*split(tiles, kind))
    assert got == is_winning_hand(tiles, melds, kind)


@pytest.mark.parametrize(
    ("tiles", "melds", "wild"),
    [
        ("11111m456p789s11z22z", [], ""),  # five copies of a face
        ("123m456p789s11z2z", [], ""),  # 13 tiles: no 3n+2
        ("123m456p789s11z1f2z", [], ""),  # a flower in the hand
        ("123m456p789s1f1f2z2z", [], "1f"),  # two copies of a flower 得
        ("5z5z5z5z5z23m456p789s", [], "5z"),  # five copies of the 得 face
        ("1p1p123m456s789s11z", [Meld("peng", ("1p",) * 3)], ""),  # five 1p with the meld
        ("1p1p123m456s789s11z", [Meld("peng", ["1p"] * 3)], ""),  # the same, tiles in a list
        ("123m456s789s11z", [Meld("peng", ("1p", "2p", "4p"))], ""),  # a meld that is no set
    ],
)
def test_counts_form_refuses_what_the_tile_list_refuses(tiles, melds, wild):
    from engine.tiles import parse_tiles

    listed = parse_tiles(tiles)
    with pytest.raises(HandError) as by_list:
        is_winning_hand(listed, melds, wild)
    with pytest.raises(HandError) as by_counts:
        is_winning_counts(counts_of(listed, 42), melds, wild)
    assert str(by_counts.value) == str(by_list.value)


@pytest.mark.parametrize("counts", [[0] * 33, [0] * 43, [-1] + [0] * 33, ["1"] + [0] * 33])
def test_counts_form_refuses_a_malformed_row(counts):
    with pytest.raises(HandError):
        is_winning_counts(counts)


@pytest.mark.parametrize("spec", ["7z", ["7z"], ("中",), frozenset({"7z"}), {"7z"}, "7z7z"])
def test_wildcard_spellings(spec):
    assert is_winning_hand("123m456p789s11z2z7z7z", wildcards=spec)
    assert waits("123m456p789s11z2z7z", wildcards=spec) >= {"7z", "2z"}


def test_peer_mahjong_shanten_agrees_on_random_hands():
    """mahjong's regular-hand shanten, up to its rule that a tile held 4 times is no wait (+1)."""
    from mahjong.shanten import Shanten

    rng = random.Random(20261130)
    peer = Shanten()
    same = 0
    for _ in range(6000):
        size = rng.choice((4, 7, 10, 13, 14))
        tiles = [rng.choice(FACES)] * 2
        for _ in range(size // 3):
            tiles += rng.choice(ref.SETS)
        rng.shuffle(tiles)
        tiles = tiles[:size]
        for _ in range(rng.choice((0, 1, 2, 4, 8))):
            tiles[rng.randrange(size)] = rng.choice(FACES)
        counts = Counter(tiles)
        if max(counts.values()) > 4:
            continue
        ours = shanten(tiles)
        theirs = peer.calculate_shanten_for_regular_hand([counts[f] for f in FACES])
        if 4 in counts.values():
            assert theirs - ours in (0, 1), tiles
        else:
            assert ours == theirs, tiles
            same += 1
    assert same > 4000


@pytest.mark.parametrize(
    "tiles",
    [
        "11111111m456p789s",  # eight copies carry into the next digit of the packed key
        "11111111m22222m456p",  # and push it past four
        "999999999m11z22z33z",  # nine
        "1f1f123m456p789s11z",  # a flower twice
    ],
)
def test_the_analyses_name_a_kind_held_past_its_copies(tiles):
    for analyse in (shanten, lambda t: list(decompositions(t + "5z5z")), waits):
        with pytest.raises(HandError, match="more copies than a set has of"):
            analyse(tiles)
