"""A non-winner's 牌点. Their tiles need not form a winning hand: the concealed tiles are split
into the pungs and pairs that earn the most (melds stay as they are), the 得 filling any pung or
pair; a pung or pair made with 得 earns its 胡 but never the 门风/字牌 番 (the seed's
闲家 clauses). 四风会齐 for a non-winner is 腊子 (the 得 may fill it)."""

from __future__ import annotations

from functools import cache, lru_cache

from engine.model import Meld, Showdown
from engine.rulesets.base import Scoring
from engine.rulesets.wenling import lines, winner
from engine.rulesets.wenling.options import Options
from engine.tiles import DRAGONS, FACES, SEAT_WIND, WINDS

# One way a face scores: (得 used, codes, their 胡, their 番).
FaceOption = tuple[int, tuple[str, ...], int, int]


@cache
def _face_options(
    face: str, real: int, de: int, seat_wind: str, naonao: bool
) -> tuple[FaceOption, ...]:
    """(得 used, codes, their 胡, their 番) for each way this face's tiles (and 得) can score.
    Cached by its arguments: a showdown asks for all 34 faces, and the keys repeat."""
    value_pair = face == seat_wind or face in DRAGONS
    out: list[FaceOption] = []
    for pung in (0, 1):
        for pair in (0, 1) if value_pair else (0,):
            need = 3 * pung + 2 * pair
            if need == 0:
                continue
            used = max(0, need - real)
            if used > de:
                continue
            codes: tuple[str, ...] = ()
            if pung:
                codes += winner.set_items(
                    "pung_concealed", face, seat_wind, naonao, fan_ok=real >= 3
                )
            if pair:
                codes += ("pair_value",)
            hu, fan, _ = lines.sums(codes)
            out.append((used, codes, hu, fan))
    return tuple(out)


def _best_split(
    held: tuple[tuple[str, int], ...], de: int, seat_wind: str, naonao: bool, hu0: int, fan0: int
) -> tuple[str, ...]:
    """The codes of the best split: DP over faces keeping, per (得 used, 番), the most 胡; the
    split is chosen on the seat's whole total (``hu0``/``fan0``: its melds and revealed tiles).
    Only the faces that can score matter (``held``, :func:`_held`); :func:`_scoring`, its one
    caller, memoises the result with the seat's shown items (a memo of its own would only miss
    where that one does)."""
    states: dict[tuple[int, int], tuple[int, tuple[str, ...]]] = {(0, 0): (0, ())}
    for face, real in held:
        options = _face_options(face, real, de, seat_wind, naonao)
        if not options:
            continue
        nxt = dict(states)
        for (used, fan), (hu, codes) in states.items():
            for extra, add, add_hu, add_fan in options:
                if used + extra > de:
                    continue
                key = (used + extra, fan + add_fan)
                if key not in nxt or nxt[key][0] < hu + add_hu:
                    nxt[key] = (hu + add_hu, codes + add)
        states = nxt
    best = max(states.items(), key=lambda kv: lines.total(hu0 + kv[1][0], fan0 + kv[0][1], False))
    return best[1][1]


def _held(counts: dict[str, int], de: int, seat_wind: str) -> tuple[tuple[str, int], ...]:
    """(face, count) of the faces that can score, in FACES order: with fewer than 3 得 a face
    needs a tile of its own, or be a value pair (seat wind, dragon) the 得 can make alone; a
    pair or pung takes two tiles at least, so without 得 a lone tile cannot score. A flower is no
    face: one left among the concealed tiles (a log that never revealed it) scores nothing."""
    if de >= 3:
        return tuple((face, counts.get(face, 0)) for face in FACES)
    held = [(face, n) for face, n in counts.items() if n + de >= 2 and face in _ORDER]
    if de == 2:
        held += [(f, 0) for f in (*DRAGONS, seat_wind) if f not in counts]  # (a wind: no dragon)
    return tuple(sorted(held, key=_order))


def _order(held: tuple[str, int]) -> int:
    return _ORDER[held[0]]


_ORDER = {face: i for i, face in enumerate(FACES)}


def four_winds(
    show: Showdown, counts: dict[str, int], de: int, seat_wind: str, opts: Options
) -> bool:
    """Every wind a pung or kong, or the seat wind a pair and the other three pungs/kongs."""
    melded = {
        m.face for m in show.melds if m.kind != "chi" and (opts.four_winds_kongs or not m.is_kong)
    }
    need = 0
    for wind in WINDS:
        if wind not in melded:
            size = 2 if wind == seat_wind else 3
            need += max(0, size - counts.get(wind, 0))
            if need > de:  # (most hands: at the first wind)
                return False
    return True


def score_nonwinner(show: Showdown, wild: frozenset[str], naonao: bool, opts: Options) -> Scoring:
    seat_wind = SEAT_WIND[show.seat]
    counts: dict[str, int] = {}  # (a Counter costs twice this loop to make)
    for tile in show.concealed:
        counts[tile] = counts.get(tile, 0) + 1
    de = 0
    for kind in wild & counts.keys():
        de += counts.pop(kind)
    if four_winds(show, counts, de, seat_wind, opts):
        return lines.scoring(show.seat, ["four_winds"], limit="laizi")
    args = show.seat, show.melds, show.revealed, naonao, opts.nonwinner_plus_20
    try:
        codes, hu0, fan0 = _shown(*args)
    except TypeError:  # melds holding lists: unhashable
        codes, hu0, fan0 = _shown.__wrapped__(*args)
    return _scoring(show.seat, codes, _held(counts, de, seat_wind), de, naonao, hu0, fan0)


@lru_cache(maxsize=4096)
def _scoring(
    seat: str,
    codes: tuple[str, ...],
    held: tuple[tuple[str, int], ...],
    de: int,
    naonao: bool,
    hu0: int,
    fan0: int,
) -> Scoring:
    """The seat's Scoring from its shown codes and the best split of its scoring faces
    (memoised: one lookup for a seat whose shown items and scoring faces repeat)."""
    split = _best_split(held, de, SEAT_WIND[seat], naonao, hu0, fan0)
    return lines.scoring(seat, [*codes, *split])


@lru_cache(maxsize=4096)
def _shown(
    seat: str, melds: tuple[Meld, ...], revealed: tuple[str, ...], naonao: bool, plus_20: bool
) -> tuple[tuple[str, ...], int, int]:
    """The codes of a seat's melds and revealed tiles (and the 20 base) and their 胡 and 番
    (memoised: most seats show no meld or the same few)."""
    codes = ["base_20"] if plus_20 else []
    codes += winner.meld_items(melds, SEAT_WIND[seat], naonao)
    codes += winner.revealed_items(revealed, seat, naonao)
    hu0, fan0, _ = lines.sums(codes)
    return tuple(codes), hu0, fan0
