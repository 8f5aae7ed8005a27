"""An independent reading of the huangyan seed's 胡 rules (seed audit, helper h-seeds-a), written
from the seed text with plain loops (no engine.hand, no code of the ruleset) and checked against
the ruleset on random hands: the winner over every face of every 得, every grouping and every
group the winning tile may complete, and the non-winner (tiles as they are).

Seed clauses used: "胡的人的胡數=（算出幾胡+底胡）X翻數", "1翻=2倍"; 對子 "每個自家門風對、字牌對 2 和";
刻子 4/2, 暗刻 8/4, 明槓 16/8, 暗槓 32/16 ("風牌、1、9牌、字牌" the higher); "自摸 2 和"; "嵌檔 2 和";
番 "有中，發，白，自己風家刻，槓 1翻", "無'得'(硬碰硬) 1翻", "'得'還原 … 還原一個為1翻 … '得'還原後在
'得'數量計算過程中應去掉得的數量", "混一色 1翻", "清一色 3翻"; "沒胡的人的胡數=算出幾胡X翻數" with
"中，發，白，自己分家各為一翻". Decisions from docs/rules/huangyan.md: 底胡 10, no 碰碰胡, a pung the
winning discard completes is a 刻子, an all-honor hand is 混一色, a non-winner's 得 count as
themselves (`non_winner_wildcards` false), no cap, no rounding.
"""

from collections import Counter
from itertools import product

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.model import HandOutcome, Meld, Showdown, Win
from engine.rulesets import get_ruleset
from engine.tiles import FACES, SEAT_WIND

RS = get_ruleset("huangyan")
DRAGONS = ("5z", "6z", "7z")
INDICATORS = ("9s", "5m", "7z", "1z")  # 得 = the other three copies of the indicator's kind
MELD_HU = {"peng": 2, "gang_exposed": 8, "gang_added": 8, "gang_concealed": 16}


def _major(face: str) -> bool:
    return face[1] == "z" or face[0] in "19"


def _value(face: str, seat: str) -> bool:
    """字牌 (中發白) or the seat's own wind: a pair worth 2 and a set worth 1番."""
    return face in DRAGONS or face == SEAT_WIND[seat]


def _sets(counts: Counter, n: int):
    """Every way to use ``counts`` up as ``n`` sets (("pung"|"chow", first face), …)."""
    faces = sorted((f for f in counts if counts[f]), key=FACES.index)
    if not faces:
        if n == 0:
            yield ()
        return
    if n == 0:
        return
    f = faces[0]
    if counts[f] >= 3:
        rest = counts.copy()
        rest[f] -= 3
        for more in _sets(rest, n - 1):
            yield (("pung", f), *more)
    if f[1] != "z" and int(f[0]) <= 7:
        run = [f"{int(f[0]) + i}{f[1]}" for i in range(3)]
        if all(counts[t] for t in run):
            rest = counts.copy()
            for t in run:
                rest[t] -= 1
            for more in _sets(rest, n - 1):
                yield (("chow", f), *more)


def _members(kind: str, first: str) -> list[str]:
    if kind == "chow":
        return [f"{int(first[0]) + j}{first[1]}" for j in range(3)]
    return [first] * (2 if kind == "pair" else 3)


def _melds_hu_fan(melds, seat):
    hu = fan = 0
    for m in melds:
        if m.kind == "chi":
            continue
        hu += MELD_HU[m.kind] * (2 if _major(m.tiles[0]) else 1)
        fan += _value(m.tiles[0], seat)
    return hu, fan


def oracle_winner(concealed, melds, seat, how, tile, indicator) -> int:
    wild = indicator
    real = [t for t in concealed if t != wild]
    k = len(concealed) - len(real)
    hu0, fan0 = _melds_hu_fan(melds, seat)
    hu0 += 10 + (2 if how == "self_draw" else 0)
    meld_tiles = [t for m in melds for t in m.tiles]
    best = 0
    for faces in product(FACES, repeat=k):
        counts = Counter(real) + Counter(faces)  # a 得 may be a fifth copy (docs/engine.md)
        restored = sum(f == wild for f in faces)
        hard = k - restored == 0
        win_faces = set(faces) if tile == wild else {tile}
        for pair in [f for f in counts if counts[f] >= 2]:
            rest = counts.copy()
            rest[pair] -= 2
            for sets in _sets(rest, 4 - len(melds)):
                groups = [("pair", pair), *sets]
                suits = {g[1][1] for g in groups} | {t[1] for t in meld_tiles}
                suited = len(suits - {"z"})
                flush = 0 if suited > 1 else (1 if "z" in suits or not suited else 3)
                for win_face in win_faces:
                    for i, (kind, first) in enumerate(groups):
                        if win_face not in _members(kind, first):
                            continue
                        hu, fan = hu0, fan0 + restored + hard + flush
                        hu += 2 if _value(pair, seat) else 0
                        for j, (kind_j, first_j) in enumerate(groups[1:], 1):
                            if kind_j == "pung":
                                exposed = j == i and how != "self_draw"
                                hu += (2 if exposed else 4) * (2 if _major(first_j) else 1)
                                fan += _value(first_j, seat)
                        if kind == "chow" and int(win_face[0]) == int(first[0]) + 1:
                            hu += 2  # 嵌檔
                        best = max(best, hu << fan)
    return best


def oracle_nonwinner(concealed, melds, seat) -> int:
    hu, fan = _melds_hu_fan(melds, seat)
    for face, n in Counter(concealed).items():
        if n >= 3:
            hu += 8 if _major(face) else 4
            fan += _value(face, seat)
        elif n == 2 and _value(face, seat):
            hu += 2
    return hu << fan


@st.composite
def winners(draw):
    """A winning hand (pair + 4 sets), up to two sets laid down, up to two tiles made 得."""
    indicator = draw(st.sampled_from(INDICATORS))
    faces = [f for f in FACES if f != indicator]
    starts = [f for f in faces if f[1] != "z" and int(f[0]) <= 7]
    groups = [_members("pair", draw(st.sampled_from(faces)))]
    for _ in range(4):
        kind = draw(st.sampled_from(["pung", "chow"]))
        groups.append(_members(kind, draw(st.sampled_from(faces if kind == "pung" else starts))))
    assume(all(indicator not in g for g in groups))
    melds, concealed = [], list(groups[0])
    n_melds = draw(st.integers(0, 2))
    for i, tiles in enumerate(groups[1:]):
        if i >= n_melds:
            concealed += tiles
        elif len(set(tiles)) == 3:
            melds.append(Meld("chi", tuple(tiles)))
        else:
            kind = draw(st.sampled_from(sorted(MELD_HU)))
            melds.append(Meld(kind, (tiles[0],) * (3 if kind == "peng" else 4)))
    k = draw(st.integers(0, 2))
    counts = Counter(concealed) + Counter(t for m in melds for t in m.tiles)
    assume(max(counts.values()) <= 4)
    for i in draw(st.permutations(range(len(concealed))))[:k]:
        concealed[i] = indicator
    seat = draw(st.sampled_from("ESWN"))
    how = draw(st.sampled_from(["discard", "self_draw", "robbed_kong"]))
    pool = set(concealed) if how == "self_draw" else set(concealed) - {indicator}
    tile = draw(st.sampled_from(sorted(pool)))
    return concealed, tuple(melds), seat, how, tile, indicator


def _outcome(indicator, shows, wins=()):
    return HandOutcome(
        no=1,
        seats=dict.fromkeys("ESWN", "p"),
        indicator=indicator,
        wildcards=frozenset({indicator}),
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
    concealed, melds, seat, how, tile, indicator = hand
    by = None if how == "self_draw" else "ESWN"["ESWN".index(seat) - 1]
    win = Win(seat, how, tile, by, frozenset())
    outcome = _outcome(indicator, [Showdown(seat, tuple(concealed), melds)], (win,))
    got = RS.score(outcome, RS.options())[seat]
    assert got.points == oracle_winner(concealed, melds, seat, how, tile, indicator)


@st.composite
def nonwinners(draw):
    """13 tiles (or fewer and a meld) from a few faces, so that pairs and pungs are common."""
    indicator = draw(st.sampled_from(INDICATORS))
    pool = [f for f in FACES if f[1] == "z" or f[0] in "159"]
    melds = ()
    if draw(st.booleans()):
        kind = draw(st.sampled_from(sorted(MELD_HU)))
        melds = (Meld(kind, (draw(st.sampled_from(pool)),) * (3 if kind == "peng" else 4)),)
    size = 13 - 3 * len(melds)
    concealed = draw(st.lists(st.sampled_from(pool), min_size=size, max_size=size))
    counts = Counter(concealed) + Counter(t for m in melds for t in m.tiles)
    assume(max(counts.values()) <= 4 and counts[indicator] <= 3)
    return concealed, melds, draw(st.sampled_from("ESWN")), indicator


@settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(nonwinners())
def test_nonwinner_points_agree_with_an_independent_reading_of_the_seed(hand):
    concealed, melds, seat, indicator = hand
    show = Showdown(seat, tuple(concealed), melds)
    win = Win("E" if seat != "E" else "S", "self_draw", None, None, frozenset())
    got = RS.score(_outcome(indicator, [show], (win,)), RS.options())[seat]
    assert got.points == oracle_nonwinner(concealed, melds, seat)
