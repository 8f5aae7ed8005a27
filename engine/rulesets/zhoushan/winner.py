"""Zhoushan's winner: every 台 item of the seed (台数), counted over each reading of the winning
hand (``engine.rulesets.tai``), the best reading capped at ``cap``."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from engine.model import (
    FLAG_BONUS_REPLACEMENT,
    FLAG_FIRST_DRAW,
    FLAG_HEAVEN,
    FLAG_KONG_REPLACEMENT,
    FLAG_LAST_TILE,
    HandOutcome,
)
from engine.rulesets import tai
from engine.rulesets.base import Item, ScoreLine, Text
from engine.rulesets.zhoushan.about import ABOUT
from engine.rulesets.zhoushan.options import Options
from engine.tiles import DRAGONS, GREEN, RED, SEAT_WIND, WHITE

# Every 台 item (seed 台数); None: set by an option (``_option_tai``).
ITEMS: tai.ItemTable = {
    "zimo": ("自摸", "self-draw", 1),
    "gang_kai": ("杠上开花", "win on a kong/flower replacement", 2),
    "duidao": ("对倒", "pung wait won on a discard", 1),
    "kanchan": ("坎张", "closed wait", 1),
    "penchan": ("边张", "edge wait", 1),
    "dandiao": ("单钓将", "pair wait", 1),
    "paihu": ("排胡", "all chows", None),
    "red_pung": ("中3个", "three red dragons", 1),
    "green_pung": ("发3个", "three green dragons", 1),
    "white_pung": ("白3个", "three white dragons", 1),
    "quanfeng": ("圈风", "pung of the round wind", 1),
    "own_flower": ("正花", "own-seat flower", 1),
    "flower_set": ("一套花", "a full flower set", 2),
    "all_flowers": ("八花", "all eight flowers", 4),
    "pengpeng": ("碰碰胡", "all pungs", 2),
    "hunyise": ("混一色", "one suit and honors", 2),
    "qingyise": ("清一色", "one suit", 4),
    "haidi": ("海底捞月", "win on the last tile", 4),
    "tianhu": ("天胡", "dealer wins on the deal", 4),
    "dihu": ("地胡", "non-dealer wins on the first draw", 1),
}
_DRAGON_ITEMS = ((RED, "red_pung"), (GREEN, "green_pung"), (WHITE, "white_pung"))
_WAIT_ITEMS = {"kanchan": "kanchan", "penchan": "penchan"}


def count_tai(hand: tai.WinHand, outcome: HandOutcome, opts: Options) -> tuple[ScoreLine, ...]:
    """Every 台 item of one reading of a winning hand, before the cap."""

    def L(code: str, count: int = 1, value: int | None = None) -> ScoreLine:
        return tai.item_line(ITEMS, code, count, value)

    lines: list[ScoreLine] = []
    faces = hand.faces
    lines += [L(code) for face, code in _DRAGON_ITEMS if faces.count(face) >= 3]
    lines += _flower_lines(hand.flowers, hand.seat, opts)
    flags = hand.flags
    if hand.self_drawn:
        if flags & {FLAG_KONG_REPLACEMENT, FLAG_BONUS_REPLACEMENT}:
            lines.append(L("gang_kai"))
        else:
            lines.append(L("zimo"))
    if hand.wait == "shanpon" and not hand.self_drawn:
        lines.append(L("duidao"))
    if hand.wait in _WAIT_ITEMS:
        lines.append(L(_WAIT_ITEMS[hand.wait]))
    if hand.wait == "tanki":
        lines.append(L("dandiao", value=opts.tanki_self_draw_tai if hand.self_drawn else None))
    if hand.all_pungs():
        lines.append(L("pengpeng"))
    kind = hand.flush
    if kind in ("hun", "zi"):
        lines.append(L("hunyise"))
    elif kind == "qing":
        lines.append(L("qingyise"))
    plain_pair = hand.pair not in (*DRAGONS, SEAT_WIND[hand.seat], SEAT_WIND[outcome.round_wind])
    if hand.all_chows() and plain_pair and hand.wait == "ryanmen" and opts.pinghu_tai:
        lines.append(L("paihu", value=opts.pinghu_tai))
    if FLAG_LAST_TILE in flags and (hand.win.how == "discard" or opts.haidi == "both"):
        lines.append(L("haidi"))
    if FLAG_HEAVEN in flags:
        lines.append(L("tianhu"))
    if FLAG_FIRST_DRAW in flags:
        lines.append(L("dihu"))
    if SEAT_WIND[outcome.round_wind] in hand.pung_faces():
        lines.append(L("quanfeng"))
    return tuple(lines)


@lru_cache(maxsize=1024)
def _flower_lines(flowers: tuple[str, ...], seat: str, opts: Options) -> tuple[ScoreLine, ...]:
    """All eight: 4 台. Otherwise 2 台 per full set (春夏秋冬 / 梅兰竹菊), and 1 台 per own-seat
    flower (正花) outside a full set (1 in all with ``own_flowers=one``). (Memoised: a seat
    shows a few flowers at most, and the lines are immutable.)"""
    if len(flowers) == 8:
        return (tai.item_line(ITEMS, "all_flowers"),)
    sets = tai.complete_flower_sets(flowers)
    in_sets = {f for group in sets for f in group}
    own = [f for f in flowers if f not in in_sets and tai.flower_seat(f, opts.flower_order) == seat]
    lines = [tai.item_line(ITEMS, "flower_set", len(sets))] if sets else []
    if own:
        count = len(own) if opts.own_flowers == "each" else 1
        lines.append(tai.item_line(ITEMS, "own_flower", count))
    return tuple(lines)


def items(opts: Options) -> tuple[Item, ...]:
    """The rules page's 台 items: 排胡 at its option's value, 单钓将 also as self-drawn."""
    listed = tuple(
        dataclasses.replace(i, counts=bool(opts.pinghu_tai)) if i.code == "paihu" else i
        for i in tai.items(ITEMS, {"paihu": (opts.pinghu_tai, "pinghu_tai")}, ABOUT)
    )
    self_drawn = dataclasses.replace(
        next(i for i in listed if i.code == "dandiao"),
        value=opts.tanki_self_draw_tai,
        option="tanki_self_draw_tai",
        when=Text("自摸", "self-drawn"),
    )
    at = [i.code for i in listed].index("dandiao") + 1
    return (*listed[:at], self_drawn, *listed[at:])


WINNER = tai.TaiWinner(count_tai, items, cap=lambda opts: opts.cap)
