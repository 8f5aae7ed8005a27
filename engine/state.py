"""What the replay shows and says: the frozen :class:`TableState` after a step, a river's
:class:`Discard`, severities, and compact Chinese tile names for anomaly messages."""

from __future__ import annotations

from dataclasses import dataclass

from engine.model import Meld
from engine.tiles import INDEX, chinese

ERROR, WARNING = "error", "warning"


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


_SUIT_ZH = {"m": "万", "p": "筒", "s": "条"}


def names(tiles) -> str:
    """Compact Chinese for messages: ``111234567万11筒5条东``; a lone tile by its full name."""
    tiles = sorted(tiles, key=INDEX.__getitem__)
    if len(tiles) == 1:
        return chinese(tiles[0])
    parts = [
        "".join(t[0] for t in tiles if t[1] == suit) + zh
        for suit, zh in _SUIT_ZH.items()
        if any(t[1] == suit for t in tiles)
    ]
    return "".join(parts) + "".join(chinese(t) for t in tiles if t[1] in "zf")



# Chinese labels of the replay's and the audit's anomaly codes (rulesets' own codes have none).
ANOMALY_ZH = {
    "tile_overcount": "牌数超出", "unknown_seat_tile": "起手张数不对", "duplicate_deal": "重复发牌",
    "hand_size": "手牌张数不对（相公）", "wrong_turn": "不按顺序", "discard_not_in_hand": "打出手里没有的牌",
    "reveal_not_in_hand": "亮出手里没有的牌", "bonus_not_revealed": "花牌白板未亮",
    "back_draw_without_cause": "无故补牌", "claim_no_discard": "无牌可吃碰杠胡",
    "chi_not_from_left": "吃的不是上家的牌", "chi_not_sequence": "吃不成顺子",
    "chi_without_tiles": "手里没有吃的牌", "claim_with_wildcard": "用得吃碰杠",
    "peng_without_pair": "无对子碰", "gang_without_tiles": "杠牌不足", "discard_of_claimed": "吃张打张",
    "not_winning": "诈胡", "win_tile_not_in_hand": "自摸的牌不在手里",
    "win_on_discarded_wildcard": "胡打出的得", "won_after_discarding_wildcard": "打过得还胡",
    "win_priority": "胡牌顺序不对", "multiple_winners": "多家胡牌", "showdown_mismatch": "亮牌与记录不符",
    "play_after_end": "牌局结束后还在打", "wall_exhausted": "黄牌后还在摸牌", "exhausted_early": "提前黄牌",
    "hand_unfinished": "牌局未结束", "duplicate_settlement": "重复结算", "record_outside_hand": "牌局外的记录",
    "correction_target": "无效更正", "dealer_rotation": "坐庄顺序不对", "hand_number": "局数不连续",
    "unknown_player": "座位上的人不在名单", "score_failed": "无法算分",
}
