"""engine.efficiency against a brute-force reference, hypothesis properties and classic shapes."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.efficiency import Hand, candidates, draws, shanten, unseen
from engine.hand import is_winning_hand
from engine.hand import shanten as standard_shanten
from engine.hand._input import COPIES
from engine.model import Meld
from engine.rulesets import get_ruleset
from engine.shapes import STANDARD, HeldAtLeast
from engine.tiles import FACES, FLOWERS, parse_tiles
from tests.engine import efficiency_reference as ref
from tests.engine.hand_reference import SETS

WENLING = get_ruleset("wenling")
W_OPTS = WENLING.options()
# Random hands checked against the reference per winning-shape family: 20 000 for the shanten;
# the effective tiles (34 more reference calls a hand) on FUPAN_ORACLE_HANDS of them (default
# 1 200, keeping the file near a minute; benchmarks/bench_review.py --oracle runs all 20 000).
SHANTEN_HANDS = 20_000
EFFECTIVE_HANDS = int(os.environ.get("FUPAN_ORACLE_HANDS", "1200"))


def random_hand(rng: random.Random, family: str) -> tuple[Hand, list[str]]:
    """A seeded random hand of one family: standard (13-tile rulesets) or wenling's (16 tiles,
    standard + limits, flowers and whites revealed). Half are near a win (sets and a pair with a
    few tiles changed), half drawn at random; 0-3 of the concealed tiles are 得; 0-2 melds."""
    wild_kind = rng.choice(FACES + (FLOWERS if family == "wenling" else ()))
    wild = frozenset({wild_kind})
    if family == "wenling":
        wild = WENLING.wildcards(wild_kind, W_OPTS)
        shapes = WENLING.winning_shapes(wild, W_OPTS)
        bonus = frozenset(t for t in (*FACES, *FLOWERS) if WENLING.is_bonus(t, wild, W_OPTS))
        size = 16
    else:
        shapes, bonus, size = (STANDARD,), frozenset(), 13
    melds = rng.choice((0, 0, 1, 2))
    n = size - 3 * melds
    pool = [t for t in FACES if t not in bonus and t not in wild for _ in range(4)]
    if rng.random() < 0.5:
        tiles = [rng.choice(pool)] * 2
        while len(tiles) < n + 1:
            tiles += rng.choice(SETS)
        tiles = tiles[:n]
        for _ in range(rng.randint(0, 3)):
            tiles[rng.randrange(n)] = rng.choice(pool)
    else:
        tiles = rng.sample(pool, n)
    kinds = sorted(wild)
    for i in rng.sample(range(n), rng.randint(0, 3)):
        tiles[i] = rng.choice(kinds)
    meld_list = tuple(
        Meld("peng", (t,) * 3)
        for t in rng.sample([f for f in FACES if f not in bonus and f not in wild], melds)
    )
    revealed: tuple[str, ...] = ()
    if bonus:
        revealed = tuple(rng.sample(sorted(t for t in bonus if t in FLOWERS), rng.randint(0, 4)))
        if "5z" in bonus:
            revealed += ("5z",) * rng.randint(0, 3)
    shown = tiles + list(revealed) + [t for m in meld_list for t in m.tiles]
    if any(shown.count(t) > COPIES[t] for t in set(shown)):
        return random_hand(rng, family)
    return Hand(tuple(tiles), meld_list, revealed, wild, shapes, bonus), shown


def _reference(hand: Hand, shown: list[str]):
    kinds = list(FACES) + sorted(
        {k for s in hand.shapes if isinstance(s, HeldAtLeast) for k in s.kinds if k in FLOWERS}
    )
    return ref.effective(
        list(hand.concealed), shown, hand.wildcards, hand.shapes, hand.bonus, kinds, COPIES
    )


@pytest.mark.slow
@pytest.mark.parametrize("family", ["standard", "wenling"])
def test_shanten_agrees_with_brute_force(family):
    rng = random.Random(f"shanten-{family}")
    for _ in range(SHANTEN_HANDS):
        hand, shown = random_hand(rng, family)
        expected = ref.shanten(list(hand.concealed), shown, hand.wildcards, hand.shapes)
        assert shanten(hand) == expected, hand


@pytest.mark.slow
@pytest.mark.parametrize("family", ["standard", "wenling"])
def test_effective_tiles_agree_with_brute_force(family):
    rng = random.Random(f"effective-{family}")
    seen_wild = seen_limit = 0
    for _ in range(EFFECTIVE_HANDS):
        hand, shown = random_hand(rng, family)
        got = draws(hand)
        assert (got.shanten, list(got.effective)) == _reference(hand, shown), hand
        seen_wild += any(t in hand.wildcards for t in hand.concealed)
        seen_limit += family == "wenling" and any(k in FLOWERS for k in got.effective)
    assert seen_wild > EFFECTIVE_HANDS // 3  # the sample does hold 得
    if family == "wenling":
        assert seen_limit > 0  # and flower limits were reachable


def test_standard_shape_matches_engine_hand_shanten():
    rng = random.Random(7)
    for _ in range(2000):
        hand, _ = random_hand(rng, "standard")
        assert shanten(hand) == standard_shanten(list(hand.concealed), hand.melds, hand.wildcards)


# -- properties ----------------------------------------------------------------------------------
hands = st.builds(
    lambda seed, fam: random_hand(random.Random(seed), fam)[0],
    st.integers(0, 10**9),
    st.sampled_from(["standard", "wenling"]),
)


@given(hands)
@settings(max_examples=300, deadline=None)
def test_an_effective_tile_lowers_the_shanten_and_others_do_not(hand):
    d = draws(hand)
    assert d.shanten >= -1
    for kind in FACES:
        if kind in hand.shown() and hand.shown().count(kind) >= 4:
            continue
        after = shanten(hand.with_tile(kind))
        assert (after < d.shanten) == (kind in d.effective), kind
        assert after >= d.shanten - 1  # one tile never saves two exchanges


@given(st.integers(0, 10**9), st.integers(0, 3), st.integers(0, 2))
@settings(max_examples=300, deadline=None)
def test_a_winning_hand_has_shanten_minus_one(seed, n_wild, melds):
    rng = random.Random(seed)
    tiles = [rng.choice(FACES)] * 2
    for _ in range(4 - melds):
        tiles += rng.choice(SETS)
    assume(all(tiles.count(t) <= 4 for t in tiles))
    wild = rng.choice(FACES)
    for i in rng.sample(range(len(tiles)), n_wild):
        tiles[i] = wild  # a 得 standing where the face was
    assume(tiles.count(wild) <= 4)
    meld = tuple(Meld("peng", ("1z",) * 3) for _ in range(melds))
    assume(tiles.count("1z") + 3 * melds <= 4 or not melds)
    hand = Hand(tuple(tiles), meld, (), frozenset({wild}))
    assert is_winning_hand(tiles, meld, {wild})
    assert shanten(hand) == -1
    assert draws(hand).effective == ()


@given(hands, st.sampled_from(FACES))
@settings(max_examples=200, deadline=None)
def test_discarding_then_drawing_back_is_the_same_hand(hand, tile):
    grown = hand.with_tile(tile)
    assume(tile not in hand.bonus and grown.shown().count(tile) <= 4)
    best = min(shanten(grown.without(t)) for t in set(grown.concealed))
    # a 3n+2 hand's shanten is its best discard's, but a complete hand (-1) discards to 听牌
    assert shanten(grown) == best or (shanten(grown), best) == (-1, 0)


# -- classic shapes, worked by hand ----------------------------------------------------------------
def _hand(text: str, wild: str = "", melds: tuple = ()) -> Hand:
    return Hand(
        tuple(parse_tiles(text)), melds, (), frozenset(parse_tiles(wild)) if wild else frozenset()
    )


@pytest.mark.parametrize(
    ("tiles", "wild", "expected_shanten", "expected"),
    [
        # 两面 (open wait) and a pair: waits 1m 4m
        ("23m456p789s11z555z", "", 0, "14m"),
        # 嵌张 (closed) 2-4: waits 3m
        ("24m456p789s11z555z", "", 0, "3m"),
        # 边张 (edge) 1-2: waits 3m
        ("12m456p789s11z555z", "", 0, "3m"),
        # 双碰 (two pairs): waits on either
        ("22m456p789s11z555z", "", 0, "2m1z"),
        # 单吊 (pair wait)
        ("456p789s123m555z1z", "", 0, "1z"),
        # 三面 (three-sided) 23456m with a pair: 1m 4m 7m
        ("23456m789s123p55z", "", 0, "147m"),
        # one 得 (中) beside 23m and a lone 东: it pairs the 东 (1m 4m), or makes the set (东),
        # or a drawn 得 does both
        ("23m456p789s555z1z7z", "7z", 0, "14m1z7z"),
        # one 得 beside four sets: every face pairs with it
        ("123m456p789s555z7z", "7z", 0, "123456789m123456789p123456789s1234567z"),
        # 1-shanten 两面 + 两面 + pair + a lone honor: 1m 4m 2p 5p
        ("23m34p456s789s11z5z", "", 1, "14m25p"),
    ],
)
def test_classic_waits(tiles, wild, expected_shanten, expected):
    d = draws(_hand(tiles, wild))
    assert d.shanten == expected_shanten
    assert set(d.effective) == set(parse_tiles(expected))


def test_wenling_three_de_is_a_limit_one_draw_away():
    """wenling.txt: 3 得 held wins by itself (自动胡牌); two 得 and a scattered hand are 听牌."""
    wild = WENLING.wildcards("1p", W_OPTS)
    shapes = WENLING.winning_shapes(wild, W_OPTS)
    hand = Hand(tuple(parse_tiles("1p1p 1m4m7m 2s5s8s 1z2z3z4z 6z7z 9m 9s")), (), (), wild, shapes)
    assert standard_shanten(list(hand.concealed), wildcards=wild) > 0
    d = draws(hand)
    assert d.shanten == 0 and "1p" in d.effective


def test_wenling_flower_group_counts_revealed_flowers():
    """Three revealed 春夏秋 with 冬 unseen: drawing 冬 (revealed, replaced) wins the group."""
    wild = WENLING.wildcards("3m", W_OPTS)
    shapes = WENLING.winning_shapes(wild, W_OPTS)
    bonus = frozenset(t for t in (*FACES, *FLOWERS) if WENLING.is_bonus(t, wild, W_OPTS))
    hand = Hand(
        tuple(parse_tiles("1m4m7m 2s5s8s 1z2z3z4z 6z7z 9m 9s 1p5p")),
        (),
        tuple(parse_tiles("1f2f3f")),
        wild,
        shapes,
        bonus,
    )
    d = draws(hand)
    assert d.shanten == 0 and "4f" in d.effective
    assert shanten(hand.with_tile("4f")) == -1


def test_unseen_counts_what_the_seat_can_see():
    copies = {t: 4 for t in FACES}
    seen = unseen(
        copies,
        "E",
        concealed={"E": parse_tiles("1m1m2m"), "S": parse_tiles("1m")},  # S's hand is hidden
        melds={"E": [], "S": [Meld("peng", ("3m",) * 3, "W")], "W": [], "N": []},
        revealed={"E": [], "S": [], "W": [], "N": []},
        discards={"E": [], "S": [], "W": [("3m", 5, "S"), ("1m", 9, None)], "N": []},
        indicator_seen="2m",
    )
    assert seen["1m"] == 1  # 4 - 2 held - 1 discarded; S's hidden copy still counts as unseen
    assert seen["2m"] == 2  # 4 - 1 held - the indicator
    assert seen["3m"] == 1  # the pung's three; the claimed discard is that pung's tile


def test_candidates_rank_by_shanten_then_unseen_effective():
    hand = _hand("23m456p789s11z555z9m")  # cut 9m keeps 1m4m (8), cut 1z keeps ... fewer
    copies = {t: 4 for t in FACES}
    ranked = candidates(hand, copies)
    assert ranked[0].tile == "9m" and ranked[0].shanten == 0
    assert set(ranked[0].effective) == {"1m", "4m"} and ranked[0].count == 8
    assert all(c.shanten >= 0 for c in ranked)
