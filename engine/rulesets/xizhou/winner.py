"""Xizhou's winner: every 台 item of the seed (台数计算) with its no-stacking rules, counted over
each reading of the winning hand (``engine.rulesets.tai``); 1台起胡, no cap."""

from __future__ import annotations

from functools import lru_cache

from engine.model import (
    FLAG_BONUS_REPLACEMENT,
    FLAG_FIRST_DISCARD,
    FLAG_HEAVEN,
    FLAG_KONG_REPLACEMENT,
    FLAG_LAST_TILE,
    HandOutcome,
)
from engine.rulesets import tai
from engine.rulesets.base import Item, ScoreLine
from engine.rulesets.xizhou.about import ABOUT
from engine.rulesets.xizhou.liability import gang_kind
from engine.rulesets.xizhou.options import FLUSH_CONFIGS, Options
from engine.tiles import DRAGONS, GREEN, RED, SEAT_WIND, WHITE, WINDS

# Every 台 item (seed 台数计算); None: set by ``flush_config`` (see ``_flush_tai``).
ITEMS: tai.ItemTable = {
    "pinghu": ("平胡", "all chows", 1),
    "biandao": ("边倒", "edge wait", 1),
    "qiandao": ("嵌倒", "closed wait", 1),
    "dandiao": ("单吊", "pair wait", 1),
    "duidao": ("对倒", "pung wait", 1),
    "zimo": ("自摸", "self-draw", 1),
    "menqing": ("门清", "concealed hand", 1),
    "gang_kai": ("杠开", "win on a kong/flower replacement", 1),
    "song_gang": ("送杠胡", "kong replacement win after a claimed kong", 1),
    "la_gang": ("拉杠胡", "robbing an added kong", 1),
    "huan_gang": ("还杠胡", "win on the discard after a kong one fed", 1),
    "haidi": ("海底捞月", "self-draw of the last tile", 1),
    "dragon_pung": ("中发白", "dragon pung", 1),
    "quanfeng": ("圈风", "pung of the round wind", 1),
    "weifeng": ("位风", "pung of the seat wind", 1),
    "zhengfeng": ("正风", "pung of the seat and round wind", 2),
    "zheng_hua": ("正花", "own-seat flower", 2),
    "ye_hua": ("野花", "other seat's flower", 1),
    "si_hua": ("四花", "four flowers", 12),
    "ba_hua": ("八花", "all eight flowers", 25),
    "qingyise": ("清一色", "one suit", None),
    "hunyise": ("混一色", "one suit and honors", None),
    "da_diao_che": ("大吊车", "four melds and a single wait", None),
    "duiduihu": ("对对胡", "all pungs", None),
    "ziyise": ("字一色", "all honors", 40),
    "da_san_yuan": ("大三元", "pungs of all three dragons", 25),
    "da_si_xi": ("大四喜", "pungs of all four winds", 50),
    "tianhu": ("天胡", "dealer wins on the deal", 24),
    "dihu": ("地胡", "win on the dealer's first discard", 16),
}
_WAIT_ITEMS = {"penchan": "biandao", "kanchan": "qiandao", "tanki": "dandiao", "shanpon": "duidao"}
MIN_TAI = 1  # 1台起胡


def items(opts: Options) -> tuple[Item, ...]:
    """The rules page's 台 items, the flush items at ``flush_config``'s values."""
    return tai.items(ITEMS, _flush_tai(opts), ABOUT)


def _flush_tai(opts: Options) -> dict[str, tuple[int, str]]:
    """The 台 ``flush_config`` gives: 清一色 the first number, 混一色 (and 大吊车, 对对胡) the second."""
    qing, hun = FLUSH_CONFIGS[opts.flush_config]
    return {
        code: (qing if code == "qingyise" else hun, "flush_config")
        for code in ("qingyise", "hunyise", "da_diao_che", "duiduihu")
    }


def count_tai(hand: tai.WinHand, outcome: HandOutcome, opts: Options) -> tuple[ScoreLine, ...]:
    """Every 台 item of one reading of a winning hand, with the seed's no-stacking rules."""

    def L(code: str, count: int = 1, value: int | None = None) -> ScoreLine:
        return tai.item_line(ITEMS, code, count, value)

    qing, hun = FLUSH_CONFIGS[opts.flush_config]
    seat, flags, pungs = hand.seat, hand.flags, hand.pung_faces()
    lines = [_wait_line(hand, outcome, opts), *_flower_lines(hand.flowers, seat, opts)]
    lines += _wind_lines(pungs, seat, outcome.round_wind, opts)
    if FLAG_HEAVEN in flags:
        lines.append(L("tianhu"))
    if FLAG_FIRST_DISCARD in flags:
        lines.append(L("dihu"))
    gang = gang_kind(outcome, hand.win)
    if gang == "song_gang":
        lines.append(L("song_gang"))
    elif hand.self_drawn and flags & {FLAG_KONG_REPLACEMENT, FLAG_BONUS_REPLACEMENT}:
        lines.append(L("gang_kai"))
    if gang == "la_gang":
        lines.append(L("la_gang"))
    if gang == "huan_gang":
        lines.append(L("huan_gang"))
    if hand.self_drawn and FLAG_LAST_TILE in flags:
        lines.append(L("haidi"))
    if hand.self_drawn:
        lines.append(L("zimo"))
    if not hand.open_melds():
        lines.append(L("menqing"))
    dragons = [d for d in DRAGONS if d in pungs]
    if len(dragons) == 3:
        lines.append(L("da_san_yuan"))
    elif dragons:
        lines.append(L("dragon_pung", len(dragons)))
    kind = hand.flush
    if kind == "qing":
        lines.append(L("qingyise", value=qing))
    elif kind == "hun":
        lines.append(L("hunyise", value=hun))
    elif kind == "zi":
        lines.append(L("ziyise"))
    if hand.wait == "tanki" and len(hand.concealed) == 2:
        lines.append(L("da_diao_che", value=hun))
    if hand.all_pungs():
        lines.append(L("duiduihu", value=hun))
    return tuple(ln for ln in lines if ln is not None)


def _wait_line(hand: tai.WinHand, outcome: HandOutcome, opts: Options) -> ScoreLine | None:
    """边倒/嵌倒/单吊/对倒/平胡: one of them at most, 1 台."""
    if hand.wait in _WAIT_ITEMS:
        return tai.item_line(ITEMS, _WAIT_ITEMS[hand.wait])
    barred = {RED, GREEN, SEAT_WIND[hand.seat], SEAT_WIND[outcome.round_wind]}
    if not opts.pinghu_white_pair:
        barred.add(WHITE)
    if hand.wait == "ryanmen" and hand.all_chows() and hand.pair not in barred:
        return tai.item_line(ITEMS, "pinghu")
    return None


@lru_cache(maxsize=1024)
def _flower_lines(flowers: tuple[str, ...], seat: str, opts: Options) -> tuple[ScoreLine, ...]:
    """八花 25 alone; 四花 12 for four flowers (not counting them as 正花/野花); 正花 2, 野花 1.
    (Memoised: a seat shows a few flowers at most, and the lines are immutable.)"""
    if len(flowers) == 8:
        return (tai.item_line(ITEMS, "ba_hua"),)
    if opts.four_flowers == "set":
        sets = tai.complete_flower_sets(flowers)
    else:  # any four: leave out of the 四花 the flowers worth most on their own (正花)
        ranked = sorted(flowers, key=lambda f: tai.flower_seat(f, opts.flower_order) == seat)
        sets = [tuple(ranked[:4])] if len(flowers) >= 4 else []
    grouped = {f for group in sets for f in group}
    own = sum(
        1 for f in flowers if f not in grouped and tai.flower_seat(f, opts.flower_order) == seat
    )
    other = len(flowers) - len(grouped) - own
    lines = [tai.item_line(ITEMS, "si_hua", len(sets))] if sets else []
    if own:
        lines.append(tai.item_line(ITEMS, "zheng_hua", own))
    if other:
        lines.append(tai.item_line(ITEMS, "ye_hua", other))
    return tuple(lines)


def _wind_lines(pungs: list[str], seat: str, round_wind: str, opts: Options) -> list[ScoreLine]:
    """大四喜 50 replaces the wind items. A pung of the seat's wind is 位风 1, of the round's 圈风 1;
    of a wind that is both, 正风 2 (plus 圈风 and 位风 only with ``zhengfeng_stacks``)."""
    if all(w in pungs for w in WINDS):
        return [tai.item_line(ITEMS, "da_si_xi")]
    own, rnd = SEAT_WIND[seat], SEAT_WIND[round_wind]
    lines = []
    if own == rnd and own in pungs:
        lines.append(tai.item_line(ITEMS, "zhengfeng"))
        if not opts.zhengfeng_stacks:
            return lines
    if rnd in pungs:
        lines.append(tai.item_line(ITEMS, "quanfeng"))
    if own in pungs:
        lines.append(tai.item_line(ITEMS, "weifeng"))
    return lines


WINNER = tai.TaiWinner(count_tai, items, minimum=MIN_TAI)  # 1台起胡, no cap
