"""What the replay shows and says: the frozen :class:`TableState` after a step, a river's
:class:`Discard`, severities, and compact Chinese tile names for anomaly messages."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.model import Meld
from engine.tiles import INDEX, english

ERROR, WARNING = "error", "warning"
# A river's tile as the table keeps it: a Discard's fields (tile, seq, claimed_by).
RiverTile = tuple[str, int, str | None]


@dataclass(frozen=True, slots=True)
class Discard:
    """A discarded tile in its seat's river; ``claimed_by`` names who took it (吃碰杠胡)."""

    tile: str
    seq: int
    claimed_by: str | None = None


@dataclass(frozen=True)
class TableState:
    """The table after one record of a hand, as the browser replay shows it."""

    step: int
    seq: int
    concealed: dict[str, tuple[str, ...]]
    melds: dict[str, tuple[Meld, ...]]
    revealed: dict[str, tuple[str, ...]]
    discards: dict[str, tuple[Discard, ...]]
    wall_left: int | None
    turn: str | None
    indicator: str | None
    wildcards: frozenset[str]
    phases: frozenset[str]
    ended: bool
    winners: tuple[str, ...]


_SUIT_EN = {"m": "Characters", "p": "Dots", "s": "Bamboo"}


def names(tiles: Iterable[str]) -> str:
    """Compact English for the (English) anomaly messages: ``111234567 Characters, 11 Dots,
    5 Bamboo, East wind``; a lone tile by its full name."""
    tiles = sorted(tiles, key=INDEX.__getitem__)
    if len(tiles) == 1:
        return english(tiles[0])
    parts = [
        "".join(t[0] for t in tiles if t[1] == suit) + " " + en
        for suit, en in _SUIT_EN.items()
        if any(t[1] == suit for t in tiles)
    ]
    return ", ".join(parts + [english(t) for t in tiles if t[1] in "zf"])


# Chinese and English labels of every anomaly code the replay, the rulesets and the audit report.
ANOMALY_LABELS: dict[str, tuple[str, str]] = {
    "tile_overcount": ("牌数超出", "more copies than the set has"),
    "unknown_seat_tile": ("起手张数不对", "wrong number of tiles dealt"),
    "duplicate_deal": ("重复发牌", "dealt twice"),
    "hand_size": ("手牌张数不对（相公）", "wrong hand size"),
    "wrong_turn": ("不按顺序", "out of turn"),
    "discard_not_in_hand": ("打出手里没有的牌", "discard not in hand"),
    "reveal_not_in_hand": ("亮出手里没有的牌", "reveal not in hand"),
    "bonus_not_revealed": ("花牌白板未亮", "a tile that must be revealed kept"),
    "back_draw_without_cause": ("无故补牌", "replacement draw without cause"),
    "claim_no_discard": ("无牌可吃碰杠胡", "claim with no discard to take"),
    "claim_outranked": ("吃碰让给优先的一家", "a claim that gave way to a higher one"),
    "chi_not_from_left": ("吃的不是上家的牌", "chow not from the left seat"),
    "chi_not_sequence": ("吃不成顺子", "chow that is no sequence"),
    "chi_without_tiles": ("手里没有吃的牌", "chow without the tiles"),
    "claim_with_wildcard": ("用得吃碰杠", "claim with a wildcard"),
    "wildcard_unused": ("不用得的规则记了得", "a wildcard where the rules play without one"),
    "peng_without_pair": ("无对子碰", "pung without a pair"),
    "gang_without_tiles": ("杠牌不足", "kong without the tiles"),
    "discard_of_claimed": ("吃张打张", "discarding the tile just claimed"),
    "not_winning": ("诈胡", "false win"),
    "win_tile_not_in_hand": ("自摸的牌不在手里", "self-drawn tile not in hand"),
    "win_on_discarded_wildcard": ("胡打出的得", "win on a discarded wildcard"),
    "won_after_discarding_wildcard": ("打过得还胡", "win after discarding a wildcard"),
    "win_priority": ("胡牌顺序不对", "win priority"),
    "priority_seat_no_win": (
        "优先的一家不能胡，由下一家胡",
        "the seat with priority cannot win: the next one wins",
    ),
    "multiple_winners": ("多家胡牌", "more than one winner"),
    "showdown_mismatch": ("亮牌与记录不符", "showdown differs from the play"),
    "play_after_end": ("这一局结束后还在打", "play after the hand ended"),
    "wall_exhausted": ("黄牌后还在摸牌", "draw after the wall ran out"),
    "exhausted_early": ("提前黄牌", "exhausted too early"),
    "hand_unfinished": ("这一局没有打完", "hand unfinished"),
    "duplicate_settlement": ("重复结算", "two settlements"),
    "record_outside_hand": ("不属于任何一局的记录", "record outside a hand"),
    "correction_target": ("无效更正", "invalid correction"),
    "dealer_rotation": ("坐庄顺序不对", "wrong dealer rotation"),
    "hand_number": ("局数不连续", "hand numbers skip"),
    "unknown_player": ("座位上的人不在名单", "player not in the session"),
    "score_failed": ("无法算分", "cannot score"),
    "passed_win": ("过胡再胡", "win after passing a win"),
    "passed_peng": ("过碰再碰", "pung after passing it"),
    "claim_last_discard": ("吃碰最后一张打出的牌", "claim on the discard after the last tile"),
    "kong_last_tile": ("摸最后一张后开杠", "kong after the last tile"),
    "instant_win_missed": ("漏报自动胡牌", "automatic win not declared"),
    "below_minimum": ("不够起胡（1台起胡）", "below the minimum to win (at least 1 tai)"),
    "seat_change_too_early": ("换位太早", "seat change too early"),
    "dice_extra_throw": ("多掷骰子", "extra dice throw"),
    "dice_not_dealer": ("非庄家掷骰", "dice not thrown by the dealer"),
    "not_revealable": ("亮出不该亮的牌", "a tile revealed that is never revealed"),
    "bonus_concealed": ("该亮的牌藏在手里", "a tile that is always revealed shown concealed"),
    "shown_hand_size": ("亮牌张数不对", "shown hand of the wrong size"),
    "meld_impossible": ("不可能的吃碰杠", "impossible meld"),
    "win_tile_not_shown": ("胡的牌不在亮牌里", "winning tile not in the shown hand"),
    "impossible_flag": ("不可能的胡牌方式", "impossible win flag"),
    "unknown_flag": ("不认识的胡牌标记", "unknown win flag"),
    "robbed_kong_no_peng": (
        "抢杠胡但被抢者没有亮出该牌的碰",
        "robbed kong, but the robbed seat shows no pung of the tile",
    ),
    "flag_not_borne_out": ("打牌过程不支持的胡牌标记", "win flag the play does not bear out"),
    "points_contradict_payments": ("记的分与付的钱不符", "recorded points contradict the payments"),
}
ANOMALY_ZH = {code: zh for code, (zh, _) in ANOMALY_LABELS.items()}
