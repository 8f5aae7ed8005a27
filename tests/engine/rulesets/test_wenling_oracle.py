"""An independent reading of the wenling seed's 牌点 rules, written for review (plain loops, no
engine.hand, no code of the ruleset), checked against the ruleset on random hands: the winner
(every 得 face, every grouping, every group the winning tile may complete, melds, revealed tiles,
闹闹) and the non-winner (best pungs and pairs, 得 without 番, 四风会齐)."""

from collections import Counter
from itertools import product

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.model import HandOutcome, Meld, Showdown, Win
from engine.rulesets.wenling.nonwinner import score_nonwinner
from engine.rulesets.wenling.winner import score_winner
from engine.tiles import DRAGONS, FACES, SEAT_WIND, WINDS
from tests.engine.rulesets.wenling_helpers import RS

OWN_FLOWERS = {"E": ("1f", "5f"), "S": ("2f", "6f"), "W": ("3f", "7f"), "N": ("4f", "8f")}
FLOWERS = tuple(f"{i}f" for i in range(1, 9))
# indicator: (the 得, 闹闹, the faces a hand may hold (not 得, not revealed), the revealed kinds)
TABLES = {
    "9s": (("9s",) * 3, False, [f for f in FACES if f not in ("9s", "5z")], ("5z", *FLOWERS)),
    "7z": (
        ("7z",) * 3,
        True,
        [f for f in FACES if f not in ("5z", "6z", "7z")],
        ("5z", "6z", *FLOWERS),
    ),
    "1f": (
        ("2f", "3f", "4f"),
        True,
        [f for f in FACES if f not in ("5z", "6z", "7z")],
        ("5z", "6z", "7z", "5f", "6f", "7f", "8f"),
    ),
}


def _major(face):
    return face[1] == "z" or face[0] in "19"


def _round(points):
    return min(500, -(-points // 10) * 10)


def _decompose(counts, sets):
    """Every multiset of ``sets`` groups (("pung"|"chow", first face)) that uses ``counts`` up."""
    faces = sorted((f for f in counts if counts[f]), key=FACES.index)
    if not faces:
        yield ()
        return
    if sets == 0:
        return
    f = faces[0]
    if counts[f] >= 3:
        rest = counts.copy()
        rest[f] -= 3
        for more in _decompose(rest, sets - 1):
            yield (("pung", f), *more)
    if f[1] != "z" and int(f[0]) <= 7:
        run = [f"{int(f[0]) + i}{f[1]}" for i in range(3)]
        if all(counts[t] for t in run):
            rest = counts.copy()
            for t in run:
                rest[t] -= 1
            for more in _decompose(rest, sets - 1):
                yield (("chow", f), *more)


def _wait(kind, first, tile):
    if kind == "pair":
        return "tanki"
    if kind == "pung":
        return None
    rank, start = int(tile[0]), int(first[0])
    if rank == start + 1:
        return "kanchan"
    if (start, rank) in ((1, 3), (7, 7)):
        return "penchan"
    return "ryanmen"


def _meld_hu_fan(meld, seat_wind, naonao):
    if meld.kind == "chi":
        return 0, 0
    base = {"peng": 2, "gang_exposed": 8, "gang_added": 8, "gang_concealed": 16}[meld.kind]
    face = meld.tiles[0]
    fan = int(face == seat_wind or (face in DRAGONS and not naonao))
    return base * (2 if _major(face) else 1), fan


def _revealed_hu_fan(revealed, seat, naonao):
    fan = sum(
        1 for t in revealed if t == "5z" or t in OWN_FLOWERS[seat] or (naonao and t in ("6z", "7z"))
    )
    return 4 * len(revealed), fan


def _exposed_hu_fan(melds, revealed, seat, naonao):
    """胡 and 番 of a seat's melds and revealed tiles (winner and non-winner alike)."""
    hu, fan = _revealed_hu_fan(revealed, seat, naonao)
    for m in melds:
        h, f = _meld_hu_fan(m, SEAT_WIND[seat], naonao)
        hu, fan = hu + h, fan + f
    return hu, fan


def oracle_winner(concealed, melds, revealed, seat, how, tile, flags, indicator):
    wild, naonao, _, _ = TABLES[indicator]
    seat_wind = SEAT_WIND[seat]
    real = [t for t in concealed if t not in wild]
    k = len(concealed) - len(real)
    hu, fan = _exposed_hu_fan(melds, revealed, seat, naonao)
    hu += 20
    if how == "self_draw":
        hu += 2
        fan += int("kong_replacement" in flags) + int(tile in wild)
    fan += int(how == "robbed_kong") + int(k == 0) + int(k == 2)
    melded = Counter(t for m in melds for t in m.tiles)
    meld_suits = {t[1] for m in melds for t in m.tiles}
    meld_faces = {m.tiles[0] for m in melds if m.kind != "chi"}
    best = 0
    for faces in product(FACES, repeat=k):
        counts = Counter(real) + Counter(faces)
        if any(n + melded[f] > 4 for f, n in counts.items()):
            continue
        restored = sum(1 for f in faces if f in wild)
        win_face_options = set(faces) if tile in wild else {tile}
        for pair in [f for f in counts if counts[f] >= 2]:
            rest = counts.copy()
            rest[pair] -= 2
            for sets in _decompose(rest, 5 - len(melds)):
                groups = [("pair", pair), *sets]
                for win_face in win_face_options:
                    for i, (kind, first) in enumerate(groups):
                        members = (
                            [first] * 2
                            if kind == "pair"
                            else (
                                [first] * 3
                                if kind == "pung"
                                else [f"{int(first[0]) + j}{first[1]}" for j in range(3)]
                            )
                        )
                        if win_face not in members:
                            continue
                        best = max(
                            best,
                            _reading_total(
                                groups,
                                i,
                                _wait(kind, first, win_face),
                                hu,
                                fan,
                                how,
                                seat_wind,
                                naonao,
                                meld_suits,
                                meld_faces,
                                melds,
                                restored - 2 * (pair in wild),
                            ),
                        )
    return best


def _reading_total(
    groups, win_i, wait, hu, fan, how, seat_wind, naonao, meld_suits, meld_faces, melds, restored
):
    pair = groups[0][1]
    hu += 2 if pair == seat_wind or pair in DRAGONS else 0
    for i, (kind, first) in enumerate(groups[1:], 1):
        if kind == "pung":
            exposed = i == win_i and how in ("discard", "robbed_kong")
            hu += (2 if exposed else 4) * (2 if _major(first) else 1)
            fan += int(first == seat_wind or (first in DRAGONS and not naonao))
    hu += 2 if wait in ("tanki", "kanchan", "penchan") else 0
    suits = {g[1][1] for g in groups} | meld_suits
    suited = len(suits - {"z"})
    if suited == 1:
        fan += 2 if "z" in suits else 3
    elif suited == 0:
        fan += 2
    kinds = {g[0] for g in groups[1:]}
    if kinds <= {"pung"} and all(m.kind != "chi" for m in melds):
        fan += 2
    if kinds <= {"chow"} and all(m.kind == "chi" for m in melds) and wait == "ryanmen":
        fan += 1
    faces = {pair} | {g[1] for g in groups[1:] if g[0] == "pung"} | meld_faces
    if set(WINDS) <= faces or restored >= 2:
        return 500
    return _round(hu << fan)


def oracle_nonwinner(concealed, melds, revealed, seat, indicator):
    wild, naonao, _, _ = TABLES[indicator]
    seat_wind = SEAT_WIND[seat]
    real = [t for t in concealed if t not in wild]
    k = len(concealed) - len(real)
    hu0, fan0 = _exposed_hu_fan(melds, revealed, seat, naonao)
    melded_winds = {m.tiles[0] for m in melds if m.kind != "chi"}
    best = 0
    real_counts = Counter(real)
    for faces in product((*FACES, None), repeat=k):  # None: a 得 left unused
        counts = real_counts + Counter(f for f in faces if f)
        if all(
            w in melded_winds or counts[w] >= 3 or (w == seat_wind and counts[w] >= 2)
            for w in WINDS
        ):
            return 500
        hu, fan = hu0, fan0
        for face, n in counts.items():
            value_pair = face == seat_wind or face in DRAGONS
            if n >= 3:
                hu += 8 if _major(face) else 4
                fan += int(
                    real_counts[face] >= 3
                    and (face == seat_wind or (face in DRAGONS and not naonao))
                )
                n -= 3
            if n >= 2 and value_pair:
                hu += 2
        best = max(best, _round(hu << fan))
    return best


def _tiles(kind, first):
    if kind == "pair":
        return [first] * 2
    if kind == "pung":
        return [first] * 3
    return [f"{int(first[0]) + j}{first[1]}" for j in range(3)]


@st.composite
def winners(draw):
    """A winning hand (pair + 5 sets), up to two sets laid down as melds, up to two tiles turned
    into 得, up to three revealed bonus tiles, any seat, any way of winning."""
    indicator = draw(st.sampled_from(sorted(TABLES)))
    wild, naonao, faces, bonus = TABLES[indicator]
    starts = [
        f
        for f in faces
        if f[1] != "z" and int(f[0]) <= 7 and all(t in faces for t in _tiles("chow", f))
    ]
    groups = [_tiles("pair", draw(st.sampled_from(faces)))]
    for _ in range(5):
        kind = draw(st.sampled_from(["pung", "chow"]))
        groups.append(_tiles(kind, draw(st.sampled_from(faces if kind == "pung" else starts))))
    melds, concealed = [], list(groups[0])
    n_melds = draw(st.integers(0, 2))
    for i, tiles in enumerate(groups[1:]):
        if i >= n_melds:
            concealed += tiles
        elif len(set(tiles)) == 3:
            melds.append(Meld("chi", tuple(tiles)))
        else:
            kind = draw(st.sampled_from(["peng", "gang_exposed", "gang_added", "gang_concealed"]))
            melds.append(Meld(kind, (tiles[0],) * (3 if kind == "peng" else 4)))
    k = draw(st.integers(0, 2))
    counts = Counter(concealed) + Counter(t for m in melds for t in m.tiles)
    assume(max(counts.values()) <= 4 - k)
    for j, i in enumerate(draw(st.permutations(range(len(concealed))))[:k]):
        concealed[i] = wild[j]
    revealed = draw(st.lists(st.sampled_from(bonus), max_size=3, unique=True))
    seat = draw(st.sampled_from("ESWN"))
    how = draw(st.sampled_from(["discard", "self_draw", "robbed_kong"]))
    tile = draw(
        st.sampled_from(
            sorted(set(concealed) if how == "self_draw" else set(concealed) - set(wild))
        )
    )
    flags = (
        frozenset({"kong_replacement"})
        if how == "self_draw" and draw(st.booleans())
        else frozenset()
    )
    return concealed, tuple(melds), tuple(revealed), seat, how, tile, flags, indicator


def _outcome(indicator, shows, wins=()):
    return HandOutcome(
        no=1,
        seats=dict.fromkeys("ESWN", "p"),
        indicator=indicator,
        wildcards=frozenset(TABLES[indicator][0]),
        showdowns={s.seat: s for s in shows},
        wins=wins,
    )


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(winners())
def test_winner_points_agree_with_an_independent_reading_of_the_seed(hand):
    concealed, melds, revealed, seat, how, tile, flags, indicator = hand
    win = Win(
        seat, how, tile, None if how == "self_draw" else "ESWN"["ESWN".index(seat) - 1], flags
    )
    outcome = _outcome(indicator, [Showdown(seat, tuple(concealed), melds, revealed)], (win,))
    expected = oracle_winner(concealed, melds, revealed, seat, how, tile, flags, indicator)
    assert score_winner(outcome, win, RS.options()).points == expected


@st.composite
def nonwinners(draw):
    """16 tiles (13 and a meld) from a few faces, so that pairs and pungs are common, 0-2 得."""
    indicator = draw(st.sampled_from(sorted(TABLES)))
    wild, naonao, faces, bonus = TABLES[indicator]
    pool = [f for f in faces if f[1] == "z" or f[0] in "159"]
    melds = ()
    if draw(st.booleans()):
        kind = draw(st.sampled_from(["peng", "gang_exposed", "gang_concealed"]))
        melds = (Meld(kind, (draw(st.sampled_from(faces)),) * (3 if kind == "peng" else 4)),)
    k = draw(st.integers(0, 2))
    size = 16 - 3 * len(melds) - k
    concealed = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    counts = Counter(concealed) + Counter(t for m in melds for t in m.tiles)
    assume(max(counts.values()) <= 4)
    revealed = draw(st.lists(st.sampled_from(bonus), max_size=3, unique=True))
    return (
        concealed + list(wild[:k]),
        melds,
        tuple(revealed),
        draw(st.sampled_from("ESWN")),
        indicator,
    )


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(nonwinners())
def test_nonwinner_points_agree_with_an_independent_reading_of_the_seed(hand):
    concealed, melds, revealed, seat, indicator = hand
    wild, naonao, _, _ = TABLES[indicator]
    show = Showdown(seat, tuple(concealed), melds, revealed)
    got = score_nonwinner(show, frozenset(wild), naonao, RS.options())
    assert got.points == oracle_nonwinner(concealed, melds, revealed, seat, indicator)
