"""The winner's 牌点: fixed items (melds, revealed tiles, how the hand was won, 得 held) counted
once, then the maximum over every reading of the concealed tiles that engine.hand produces (every
得 face, 得还原 included, every grouping and every group the winning tile may have completed)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

from engine.frozen import one_step_init
from engine.hand import HandError, decompositions
from engine.hand.decompose import (
    Combo,
    Decomposition,
    Reading,
    Shape,
    _Part,
    part_shapes,
    reading_parts,
)
from engine.model import (
    FLAG_BONUS_REPLACEMENT,
    FLAG_FIRST_DISCARD,
    FLAG_FIRST_DRAW,
    FLAG_HEAVEN,
    FLAG_KONG_REPLACEMENT,
    HandOutcome,
    Meld,
    Showdown,
    Win,
)
from engine.rulesets.base import Scoring, reading_words
from engine.rulesets.wenling import lines, table
from engine.rulesets.wenling.options import Options
from engine.tiles import (
    DRAGONS,
    FACES,
    GREEN,
    RED,
    SEAT_WIND,
    WHITE,
    WINDS,
    is_flower,
    is_terminal_or_honor,
)

WAIT_ITEMS = frozenset({"tanki", "kanchan", "penchan"})  # 单吊 嵌档 靠柄: 2 胡 each, codes = waits
_MELD_KIND = {
    "peng": "pung_exposed",
    "gang_exposed": "kong_exposed",
    "gang_added": "kong_exposed",
    "gang_concealed": "kong_concealed",
}


@cache
def set_items(
    kind: str, face: str, seat_wind: str, naonao: bool, fan_ok: bool = True
) -> tuple[str, ...]:
    """The 胡 code of a pung/kong and its 门风/字牌 番 (``fan_ok`` False when 得 may not earn it).
    Cached: the domain is a few thousand keys and a reading looks one up per pung."""
    major = kind + "_major" if is_terminal_or_honor(face) else kind
    if fan_ok and face == seat_wind:
        return major, "fan_seat_wind"
    if fan_ok and face in DRAGONS and not naonao:
        return major, "fan_dragon"
    return (major,)


def meld_items(melds: tuple[Meld, ...], seat_wind: str, naonao: bool) -> list[str]:
    codes: list[str] = []
    for meld in melds:
        if meld.kind in _MELD_KIND:
            codes += set_items(_MELD_KIND[meld.kind], meld.face, seat_wind, naonao)
    return codes


def revealed_items(revealed: tuple[str, ...], seat: str, naonao: bool) -> list[str]:
    """4 胡 per revealed tile; 1 番 per white, own-seat flower and (闹闹) red or green."""
    own = table.SEAT_FLOWERS[seat]
    codes = []
    for tile in revealed:
        codes.append("bonus_tile")
        if tile == WHITE:
            codes.append("fan_white")
        elif tile in own:
            codes.append("fan_own_flower")
        elif naonao and tile == RED:
            codes.append("fan_red")
        elif naonao and tile == GREEN:
            codes.append("fan_green")
    return codes


def fixed_limits(outcome: HandOutcome, win: Win, show: Showdown, opts: Options) -> list[str]:
    """The 腊子 that do not depend on the reading: instant ones, 天胡, 地胡."""
    found = table.instant_limits(table.show_tiles(show), outcome.wildcards, opts.red_flowers)
    if FLAG_HEAVEN in win.flags:
        found.append("heaven")
    if FLAG_FIRST_DISCARD in win.flags or opts.dihu_first_draw and FLAG_FIRST_DRAW in win.flags:
        found.append("earth")
    return found


def fixed_items(outcome: HandOutcome, win: Win, show: Showdown, naonao: bool) -> list[str]:
    seat_wind = SEAT_WIND[win.seat]
    codes = ["base_20"]
    codes += meld_items(show.melds, seat_wind, naonao)
    codes += revealed_items(show.revealed, win.seat, naonao)
    held_de = sum(map(outcome.wildcards.__contains__, show.concealed))
    if win.how == "self_draw":
        codes.append("self_draw")
        if win.flags & {FLAG_KONG_REPLACEMENT, FLAG_BONUS_REPLACEMENT}:
            codes.append("kong_bloom")
        if win.tile in outcome.wildcards:
            codes.append("self_draw_de")
    if win.how == "robbed_kong":
        codes.append("robbed_kong")
    if held_de == 0:
        codes.append("no_de")
    elif held_de == 2:
        codes.append("two_de")
    return codes


@one_step_init
@dataclass(frozen=True)
class _Context:
    """What one reading's scoring needs, computed once per hand."""

    seat_wind: str
    naonao: bool
    wild: frozenset[str]
    on_discard: bool
    meld_winds: tuple[str, ...]  # meld faces that count towards 四风会齐
    meld_suits: frozenset[str]
    melds_all_pungs: bool
    melds_allow_panghu: bool
    opts: Options
    pungs: dict[str, _Pung]  # face -> its items as a concealed or exposed pung of this seat
    prune: bool  # whether _best may thin dominated parts (see there)
    masks: tuple[int, int]  # the melds' suit and wind bits (:func:`_masks`)


def _context(
    outcome: HandOutcome, win: Win, show: Showdown, naonao: bool, opts: Options
) -> _Context:
    args = win.seat, win.how, show.melds, outcome.wildcards, naonao, opts
    try:
        return _hand_context(*args)
    except TypeError:  # melds holding lists: unhashable
        return _hand_context.__wrapped__(*args)


@lru_cache(maxsize=1024)
def _hand_context(
    seat: str,
    how: str,
    melds: tuple[Meld, ...],
    wildcards: frozenset[str],
    naonao: bool,
    opts: Options,
) -> _Context:
    """Cached: a session repeats a few (seat, melds, 得, options) combinations."""
    kongs_ok = opts.four_winds_kongs
    wind_faces = tuple(m.face for m in melds if m.kind != "chi" and (kongs_ok or not m.is_kong))
    meld_suits = frozenset(t[1] for m in melds for t in m.tiles)
    return _Context(
        seat_wind=SEAT_WIND[seat],
        naonao=naonao,
        wild=wildcards,
        on_discard=how in ("discard", "robbed_kong") and not opts.discard_pung_concealed,
        meld_winds=wind_faces,
        meld_suits=meld_suits,
        melds_all_pungs=all(m.kind != "chi" for m in melds),
        melds_allow_panghu=all(m.kind == "chi" for m in melds)
        and (opts.panghu_with_chi or not melds),
        opts=opts,
        pungs=_pung_table(SEAT_WIND[seat], naonao),
        # 得还原 follows from the count of 得 standing for a 得 kind when at most one kind can
        # be stood for (flowers never are)
        prune=sum(not is_flower(t) for t in wildcards) <= 1,
        masks=_masks(meld_suits, wind_faces),
    )


class _Pung(NamedTuple):
    """A concealed pung's codes and their 胡/番, and what counting it exposed changes."""

    concealed: tuple[str, ...]
    exposed: tuple[str, ...]
    hu: int
    fan: int
    exposed_hu: int  # exposed minus concealed
    exposed_fan: int


@cache
def _pung_table(seat_wind: str, naonao: bool) -> dict[str, _Pung]:
    table_ = {}
    for face in FACES:
        concealed = set_items("pung_concealed", face, seat_wind, naonao)
        exposed = set_items("pung_exposed", face, seat_wind, naonao)
        hu, fan, _ = lines.sums(concealed)
        hu_x, fan_x, _ = lines.sums(exposed)
        table_[face] = _Pung(concealed, exposed, hu, fan, hu_x - hu, fan_x - fan)
    return table_


class _Base(NamedTuple):
    """The items of a reading that do not depend on where the winning tile went, and their
    胡/番 sums with every pung counted concealed."""

    head: tuple[str, ...]  # 门风对/字牌对
    sets: tuple[_Pung | None, ...]  # per set: its pung entry (None for a chow)
    dui: tuple[str, ...]  # 对对胡
    tail: tuple[str, ...]  # 清一色/混一色, 四风会齐, 双得还原
    tanki_ok: bool  # a 单吊 on this pair earns its 胡
    pang_ok: bool  # 旁胡 if the wait is two-sided
    hu: int
    fan: int
    limit: bool


_sums = cache(lines.sums)  # of the few short code tuples a reading's head and tail can be


def _base(d: Decomposition | Reading, ctx: _Context) -> _Base:
    """``d`` is a Decomposition or an engine.hand Reading (pair, sets, restored)."""
    opts = ctx.opts
    pair = d.pair.faces[0]
    value_pair = pair == ctx.seat_wind or pair in DRAGONS
    pungs = ctx.pungs
    faces = {pair}
    suits = {pair[1]}
    entries: list[_Pung | None] = []
    hu = fan = chows = 0
    for g in d.sets:
        face = g.faces[0]
        suits.add(face[1])
        if g.kind == "chow":
            chows += 1
            entries.append(None)
            continue
        faces.add(face)
        entry = pungs[face]
        entries.append(entry)
        hu += entry.hu
        fan += entry.fan
    suits |= ctx.meld_suits
    has_honor = "z" in suits
    suited = len(suits) - has_honor
    tail: tuple[str, ...] = ()
    if suited == 1:
        tail = ("hun_yi_se",) if has_honor else ("qing_yi_se",)
    elif not suited:
        tail = ("hun_yi_se",)
    if _WINDS <= faces.union(ctx.meld_winds):
        tail += ("four_winds",)
    if d.restored >= 2 and _restored(d, ctx) >= 2:
        tail += ("double_restore",)
    head = ("pair_value",) if value_pair else ()
    dui = ("dui_dui_hu",) if chows == 0 and ctx.melds_all_pungs else ()
    h, f, limit = _sums(head + dui + tail)
    tanki_ok = opts.tanki_on_honor or pair[1] != "z"
    pang_ok = (
        chows == len(entries)
        and ctx.melds_allow_panghu
        and (opts.panghu_value_pair or not value_pair)
    )
    return _Base(head, tuple(entries), dui, tail, tanki_ok, pang_ok, hu + h, fan + f, limit)


_WINDS = frozenset(WINDS)


def _wait_codes(wait: str | None, tanki_ok: bool) -> tuple[str, ...]:
    return (wait,) if wait in WAIT_ITEMS and (wait != "tanki" or tanki_ok) else ()


def _pang_codes(wait: str | None, pang_ok: bool) -> tuple[str, ...]:
    return ("pang_hu",) if pang_ok and wait not in WAIT_ITEMS else ()


@cache
def _shape_sums(wait: str | None, tanki_ok: bool, pang_ok: bool) -> tuple[int, int]:
    hu, fan, _ = lines.sums(_wait_codes(wait, tanki_ok) + _pang_codes(wait, pang_ok))
    return hu, fan


def _exposed(b: _Base, win_group: int | None, ctx: _Context) -> int | None:
    """Index into ``b.sets`` of the pung a discard completed (it counts as exposed), if any."""
    if ctx.on_discard and win_group and b.sets[win_group - 1] is not None:
        return win_group - 1
    return None


def _codes(b: _Base, win_group: int | None, wait: str | None, ctx: _Context) -> list[str]:
    exposed = _exposed(b, win_group, ctx)
    codes = list(b.head)
    for i, entry in enumerate(b.sets):
        if entry is not None:
            codes += entry.exposed if i == exposed else entry.concealed
    codes += _wait_codes(wait, b.tanki_ok)
    return [*codes, *b.dui, *_pang_codes(wait, b.pang_ok), *b.tail]


def reading_items(d: Decomposition, ctx: _Context) -> list[str]:
    """The items one reading adds: pair, concealed pungs, wait, patterns, 四风会齐, 双得还原."""
    return _codes(_base(d, ctx), d.win_group, d.wait, ctx)


def _shape_value(b: _Base, shape: Shape, ctx: _Context, hu0: int, fan0: int) -> tuple[int, int]:
    """(points, raw) of one reading with the winning tile in ``shape`` = (win_group, wait): the
    sums of :func:`_codes` without listing them."""
    win_group, wait = shape
    hu, fan = _shape_sums(wait, b.tanki_ok, b.pang_ok)
    exposed = _exposed(b, win_group, ctx)
    if exposed is not None:
        entry = b.sets[exposed]
        assert entry is not None  # _exposed names a pung
        hu += entry.exposed_hu
        fan += entry.exposed_fan
    return lines.total(hu0 + b.hu + hu, fan0 + b.fan + fan, b.limit)


def _restored(d: Decomposition | Reading, ctx: _Context) -> int:
    """得还原 that count towards 双得还原: a pair of two 得 standing for themselves counts only
    with ``restore_pair_counts``."""
    restored = d.restored
    if restored >= 2 and not ctx.opts.restore_pair_counts and d.pair.wild == (True, True):
        if d.pair.faces[0] in ctx.wild:
            restored -= 2
    return restored


def reading_value(
    outcome: HandOutcome, win: Win, show: Showdown, opts: Options
) -> tuple[list[str], _Context, Callable[[Decomposition], tuple[int, int]]]:
    """(fixed codes, context, value): ``value(d)`` is (points, raw) of one reading, the fixed
    items counted once per hand so that a reading costs only its own groups."""
    naonao = table.is_naonao(outcome.wildcards)
    fixed = fixed_items(outcome, win, show, naonao)
    hu0, fan0, _ = lines.sums(fixed)
    ctx = _context(outcome, win, show, naonao, opts)

    def value(d: Decomposition) -> tuple[int, int]:
        return _shape_value(_base(d, ctx), (d.win_group, d.wait), ctx, hu0, fan0)

    return fixed, ctx, value


def _best(
    show: Showdown, outcome: HandOutcome, win: Win, fixed: list[str], ctx: _Context
) -> tuple[tuple[int, int], Reading, Shape, list[str]] | None:
    """The first reading of highest (points, raw), as engine.hand.best_decomposition would pick
    it, with its shape and codes: each suit's part valued once per context (:func:`_part_value`), a reading
    summed from its parts and each winning-tile shape on top; only the kept reading is built."""
    hu0, fan0, _ = lines.sums(fixed)

    def keep(parts: list[_Part], win: int | None, w: int) -> list[_Part]:
        if win is None or w > 2 or not ctx.prune:  # (得-only sets, 3+ 得: not from parts)
            return parts
        return _kept(parts, _context_key(ctx, win), win, ctx)

    hand = reading_parts(show.concealed, show.melds, outcome.wildcards, win.tile, keep)
    win_key = hand.win
    key = _context_key(ctx, win_key)
    masks = ctx.masks
    best: tuple[tuple[int, int], Combo, int] | None = None
    for combo in hand.combos:
        values = None
        if win_key is not None and not combo[2]:
            values = _fast_values(combo, key, win_key, masks, ctx, hu0, fan0)
        if values is None:
            r = hand.reading(combo)
            b = _base(r, ctx)
            values = [_shape_value(b, shape, ctx, hu0, fan0) for shape in r.shapes]
        for i, value in enumerate(values):
            if best is None or value > best[0]:
                best = (value, combo, i)
    if best is None:
        return None
    value, combo, i = best
    r = hand.reading(combo)
    shape = r.shapes[i]
    return value, r, shape, _codes(_base(r, ctx), *shape, ctx)


# What a part's value depends on -> a small int (fast to hash).
_KEYS: dict[tuple[str, bool, frozenset[str], bool, int | None], int] = {}


def _context_key(ctx: _Context, win: int | None) -> int:
    return _KEYS.setdefault((ctx.seat_wind, ctx.naonao, ctx.wild, ctx.on_discard, win), len(_KEYS))


# A part's value in one context (:func:`_part_value`): packed summary, the pair's waits, per set
# shape (wait, 胡, 番 added when a discard makes that pung exposed).
_SetShape = tuple[str, int, int]
_PartValue = tuple[int, tuple[str, ...], tuple[_SetShape, ...]]
# (id(parts), key) -> (parts, kept)
_KEPT: dict[tuple[int, int], tuple[list[_Part], list[_Part]]] = {}


def _kept(parts: list[_Part], key: int, win: int, ctx: _Context) -> list[_Part]:
    """A suit's parts without those an earlier part dominates (memoised per list and context)."""
    found = _KEPT.get((id(parts), key))
    if found is not None and found[0] is parts:
        return found[1]
    kept: list[_Part] = []
    seen: list[tuple[_Part, int, tuple[_SetShape, ...]]] = []
    packed: int
    shapes: tuple[_SetShape, ...]
    for part in parts:
        packed, _, shapes = part.memo.get(key) or _part_value(part, key, win, ctx)
        if not any(_dominates(other, part, packed, shapes) for other in seen):
            kept.append(part)
            seen.append((part, packed, shapes))
    if len(_KEPT) > 200_000:  # bounded: a long-running worker meets many contexts
        _KEPT.clear()
    _KEPT[id(parts), key] = parts, kept
    return kept


def _dominates(
    earlier: tuple[_Part, int, tuple[_SetShape, ...]],
    part: _Part,
    packed: int,
    shapes: tuple[_SetShape, ...],
) -> bool:
    """Every reading with ``part`` is worth at most the same reading with ``earlier`` (which
    comes first): same 得 used, pair, chows, sets, suit, winds and 得 on their own face, at least
    the 胡 and 番, and for each winning-tile shape one of the same wait at least as good."""
    other, o_packed, o_shapes = earlier
    if other.used != part.used or other.pair != part.pair or (o_packed ^ packed) & _SAME:
        return False
    d_hu = (o_packed & 4095) - (packed & 4095)
    d_fan = (o_packed >> _FAN & 63) - (packed >> _FAN & 63)
    if d_hu < 0 or d_fan < 0:
        return False
    return all(
        any(w == wait and d_hu + h - x_hu >= 0 and d_fan + f - x_fan >= 0 for w, h, f in o_shapes)
        for wait, x_hu, x_fan in shapes
    )


_SUIT_BIT = {"m": 1, "p": 2, "s": 4, "z": 8}
_WIND_BIT = {face: 1 << i for i, face in enumerate(WINDS)}


@cache
def _masks(meld_suits: frozenset[str], meld_winds: tuple[str, ...]) -> tuple[int, int]:
    suits = sum(_SUIT_BIT[s] for s in meld_suits)
    return suits, sum(_WIND_BIT[w] for w in set(meld_winds) if w in _WIND_BIT)


@cache
def _face_bits(f: int) -> tuple[int, int]:
    """(suit bit, wind bit) of face index ``f``."""
    return 1 << min(f // 9, 3), _WIND_BIT.get(FACES[f], 0)


# A part's summary packed in one int, so a reading adds its parts with one addition each:
# 胡, 番, chows, sets, suit bits, wind bits, 得 standing for a 得 kind. Each field stays within
# its bits summed over five sets, and the parts' suit and wind bits never collide (one part per
# suit; a pair of 得 alone ORs its bits in).
_FAN, _CHOWS, _SETS, _SUITS, _WINDS_AT, _OWN = 12, 18, 22, 26, 30, 34
_SAME = ~(4095 | 63 << _FAN)  # the fields two parts must share for one to dominate the other


def _part_value(part: _Part, key: int, win: int, ctx: _Context) -> _PartValue:
    """(packed summary, the pair's waits, per set shape (wait, 胡, 番 added when a discard makes
    that pung exposed)) of one suit's part in one context; kept in ``part.memo[key]``."""
    hu = fan = chows = suits = winds = 0
    for faces, kind, _ in part.sets:
        suit, wind = _face_bits(faces[0])
        suits |= suit
        if kind == "chow":
            chows += 1
            continue
        winds |= wind
        entry = ctx.pungs[FACES[faces[0]]]
        hu += entry.hu
        fan += entry.fan
    if part.pair:
        suit, wind = _face_bits(part.pair[0][0])
        suits |= suit
        winds |= wind
    pair_waits, set_shapes = part_shapes(part, win)
    shapes: list[_SetShape] = []
    for n, wait in set_shapes:
        faces, kind, _ = part.sets[n]
        entry = ctx.pungs[FACES[faces[0]]]
        exposed = ctx.on_discard and kind == "pung"
        shapes.append((wait, entry.exposed_hu, entry.exposed_fan) if exposed else (wait, 0, 0))
    own = sum(map(ctx.wild.__contains__, part.wild))
    packed = (
        hu
        | fan << _FAN
        | chows << _CHOWS
        | len(part.sets) << _SETS
        | suits << _SUITS
        | winds << _WINDS_AT
        | own << _OWN
    )
    value: _PartValue = packed, pair_waits, tuple(shapes)
    part.memo[key] = value
    return value


def _fast_values(
    combo: Combo,
    key: int,
    win: int,
    masks: tuple[int, int],
    ctx: _Context,
    hu0: int,
    fan0: int,
) -> list[tuple[int, int]] | None:
    """(points, raw) per shape of a reading without 得-only sets, in ``Reading.shapes`` order,
    as :func:`_base` and :func:`_shape_value` give them; None when 双得还原 may apply (two 得
    might stand for their own face: the caller builds the Reading and counts exactly)."""
    pair, parts, _ = combo
    packed = 0
    head: tuple[str, ...] = ()
    shapes: tuple[_SetShape, ...] = ()
    p_packed: int
    p_waits: tuple[str, ...]
    p_shapes: tuple[_SetShape, ...]
    for part in parts:
        p_packed, p_waits, p_shapes = part.memo.get(key) or _part_value(part, key, win, ctx)
        packed += p_packed
        if p_waits:
            head = p_waits
        if p_shapes:
            shapes += p_shapes
    f = pair[0][0]
    face = FACES[f]
    if pair[2] == (True, True):  # a pair of 得 alone: no part holds it
        suit, wind = _face_bits(f)
        packed |= suit << _SUITS | wind << _WINDS_AT  # its suit or wind may be a part's too
        packed += 2 * (face in ctx.wild) << _OWN
        head = ("tanki",) if win < 0 else ()  # only a winning 得 fills it
    if packed >> _OWN >= 2:
        return None
    opts = ctx.opts
    chows = packed >> _CHOWS & 15
    value_pair = face == ctx.seat_wind or face in DRAGONS
    suits = packed >> _SUITS & 15 | masks[0]
    four = (packed >> _WINDS_AT & 15 | masks[1]) == 15
    h, fa, limit = _extra_sums(value_pair, chows == 0 and ctx.melds_all_pungs, suits, four)
    hu = hu0 + h + (packed & 4095)
    fan = fan0 + fa + (packed >> _FAN & 63)
    tanki_ok = opts.tanki_on_honor or f < 27
    pang_ok = (
        chows == packed >> _SETS & 15
        and ctx.melds_allow_panghu
        and (opts.panghu_value_pair or not value_pair)
    )
    total = lines.total
    waits = _wait_sums(tanki_ok, pang_ok)
    values = []
    for wait in head:
        s_hu, s_fan = waits[wait]
        values.append(total(hu + s_hu, fan + s_fan, limit))
    for wait, x_hu, x_fan in shapes:
        s_hu, s_fan = waits[wait]
        values.append(total(hu + s_hu + x_hu, fan + s_fan + x_fan, limit))
    return values


@cache
def _wait_sums(tanki_ok: bool, pang_ok: bool) -> dict[str, tuple[int, int]]:
    """Per wait, the 胡/番 its shape adds (:func:`_shape_sums` as one lookup)."""
    return {
        w: _shape_sums(w, tanki_ok, pang_ok)
        for w in ("ryanmen", "kanchan", "penchan", "tanki", "shanpon")
    }


@cache
def _extra_sums(value_pair: bool, dui: bool, suits: int, four_winds: bool) -> tuple[int, int, bool]:
    """胡/番 of a reading's 门风对/字牌对, 对对胡, 清一色/混一色 and 四风会齐 (as :func:`_base`)."""
    head = ("pair_value",) if value_pair else ()
    dui_ = ("dui_dui_hu",) if dui else ()
    suited = bin(suits & 7).count("1")
    tail: tuple[str, ...] = ()
    if suited == 1:
        tail = ("hun_yi_se",) if suits & 8 else ("qing_yi_se",)
    elif not suited:
        tail = ("hun_yi_se",)
    if four_winds:
        tail += ("four_winds",)
    return lines.sums(head + dui_ + tail)


def score_winner(outcome: HandOutcome, win: Win, opts: Options) -> Scoring:
    show = outcome.showdowns.get(win.seat) or Showdown(win.seat, ())
    limits = fixed_limits(outcome, win, show, opts)
    if limits:
        return _limit_scoring(win.seat, limits)
    naonao = table.is_naonao(outcome.wildcards)
    fixed = fixed_items(outcome, win, show, naonao)
    ctx = _context(outcome, win, show, naonao, opts)
    best = None
    if win.how != "instant" and show.concealed:
        try:
            best = _best(show, outcome, win, fixed, ctx)
        except HandError:  # wrong size, a 5th copy …: the replay reports it; nothing to pay on
            best = None
    if best is None:
        return lines.scoring(win.seat, ["not_a_win"])
    _, d, _, codes = best
    limit_codes = [c for c in codes if lines.ITEMS[c][3] == lines.LIMIT]
    if limit_codes:
        return _limit_scoring(win.seat, limit_codes, _reading(d))
    return lines.scoring(win.seat, fixed + codes, reading=_reading(d))


def _reading(d: Decomposition | Reading) -> tuple[str, ...]:
    return tuple(f"{w}→{face}" for w, face in d.assignments)


def _limit_scoring(seat: str, codes: list[str], reading: tuple[str, ...] = ()) -> Scoring:
    return lines.scoring(seat, codes, reading=reading, limit="laizi")


def winner_readings(
    outcome: HandOutcome, win: Win, opts: Options, limit: int = 5000
) -> Iterator[tuple[int, str, str]]:
    """(points, zh, en) of each reading of the winner's hand (at most ``limit``): every 得 face
    and every group the winning tile may have completed. A 腊子 fixed by the tiles or the flags
    has no other reading."""
    show = outcome.showdowns.get(win.seat)
    if show is None or win.how == "instant" or fixed_limits(outcome, win, show, opts):
        return
    _, _, value = reading_value(outcome, win, show, opts)
    try:
        for n, d in enumerate(
            decompositions(show.concealed, show.melds, outcome.wildcards, win.tile)
        ):
            if n >= limit:
                return
            yield (value(d)[0], *reading_words(d.assignments, d.wait, win.tile))
    except HandError:
        return
