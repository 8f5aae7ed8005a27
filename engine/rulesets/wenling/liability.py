"""包三家: who pays for everyone when a hand is won on their discard.

Two causes (seed 五, 生牌阶段 / 包三家 / 特殊处罚2): a 生牌 thrown in the 生牌阶段 and won on,
unless the thrower held nothing but 生牌 and was not 听牌; and a 中 or 发 thrown before 一上一听
(two or more tiles from 听牌) and won on. A summary log states it with the win flag
``bao_san_jia``; a full log is judged from the actions and the thrower's showdown.
"""

from __future__ import annotations

from collections.abc import Set

from engine.hand import shanten
from engine.model import Action, HandOutcome, Meld, Win
from engine.rulesets.base import Liability
from engine.rulesets.wenling import table
from engine.rulesets.wenling.options import Options
from engine.tiles import GREEN, RED

FLAG_BAO = "bao_san_jia"
RAW_DISCARD = "bao_san_jia"  # a 生牌 won on in the 生牌阶段
DRAGON_DISCARD = "bao_san_jia_dragon"  # 特殊处罚2: 中/发 before 一上一听
KINDS = (RAW_DISCARD, DRAGON_DISCARD)


def liabilities(outcome: HandOutcome, opts: Options) -> tuple[Liability, ...]:
    found = []
    for win in outcome.wins:
        if win.how != "discard" or win.from_seat is None:
            continue
        kind: str | None
        if FLAG_BAO in win.flags:
            kind = RAW_DISCARD
        elif outcome.actions is not None:
            kind = _judge(outcome, win, opts)
        else:
            kind = None
        if kind:
            found.append(Liability(kind, win.from_seat, win.seat))
    return tuple(found)


def played(outcome: HandOutcome, win: Win, opts: Options) -> bool:
    """Does a full log's play make the discarder of ``win`` liable (包三家 or 特殊处罚2), as a win
    line's ``bao_san_jia`` flag claims?"""
    if win.how != "discard" or win.from_seat is None or outcome.actions is None:
        return False
    return _judge(outcome, win, opts) is not None


def _winning_discard(actions: tuple[Action, ...], win: Win) -> int | None:
    for i in range(len(actions) - 1, -1, -1):
        a = actions[i]
        if a.kind == "discard" and a.seat == win.from_seat and a.tile == win.tile:
            return i
    return None


def _judge(outcome: HandOutcome, win: Win, opts: Options) -> str | None:
    actions = outcome.actions or ()
    at = _winning_discard(actions, win)
    if at is None or win.from_seat is None or win.tile is None:  # no discard won on
        return None
    show = outcome.showdowns.get(win.from_seat)
    after_hand = list(show.concealed) if show else None
    melds = show.melds if show else ()
    if win.tile in (RED, GREEN) and win.tile not in outcome.wildcards and after_hand is not None:
        dragon_hand = after_hand if opts.yishang_judged == "after" else after_hand + [win.tile]
        if shanten(dragon_hand, melds, outcome.wildcards) >= 2:
            return DRAGON_DISCARD
    wall_left = actions[at].wall_left
    # (not in the 生牌阶段 even with a lone back tile: most wins; no need to scan the play)
    if wall_left is None or not table.in_raw_stage(wall_left, 1):
        return None
    back = sum(1 for a in actions[: at + 1] if a.kind == "draw" and a.source == "back")
    seen = {a.tile for a in actions[:at] if a.kind == "discard"}
    if win.tile in seen or not table.in_raw_stage(wall_left, back):
        return None
    if after_hand is not None and _exempt(
        after_hand, win.tile, seen, melds, outcome.wildcards, opts
    ):
        return None
    return RAW_DISCARD


def _exempt(
    kept: list[str],
    thrown: str,
    seen: Set[str | None],
    melds: tuple[Meld, ...],
    wild: frozenset[str],
    opts: Options,
) -> bool:
    """全是生牌 and 还没听牌. ``discard`` (default): the hand the 生牌 was thrown from held only 生牌
    (the seat had no safe choice) and the hand it kept waits on nothing; ``after`` / ``before``
    judge both on one hand (``after`` counts the thrown kind as no longer 生)."""
    judged = opts.bao_exemption_judged
    held = kept + [thrown]
    raw_hand, gone = (kept, seen | {thrown}) if judged == "after" else (held, seen)
    ready_hand = held if judged == "before" else kept
    return all(t not in gone for t in raw_hand) and shanten(ready_hand, melds, wild) > 0


def in_raw_stage(history: tuple[Action, ...]) -> bool:
    """Is the hand in its 生牌阶段 after ``history``? (for the replay's phase display)"""
    wall = next((a.wall_left for a in reversed(history) if a.wall_left is not None), None)
    back = sum(1 for a in history if a.kind == "draw" and a.source == "back")
    return wall is not None and table.in_raw_stage(wall, back)
