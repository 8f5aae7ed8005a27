"""The wenling options: every reading of the seed on which clubs plausibly differ.

Each field documents its effect; ``docs/rules/wenling.md`` names the clause it settles.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.base import below, option


@dataclass(frozen=True)
class Options:
    multiplier: int = option(1, "加倍的比例: every payment is points / 10 × multiplier")
    indicator_in_wall: bool = option(
        False, "the turned-up 得 indicator stays in the wall and is drawn in turn (default: set aside)"
    )
    red_flowers: str = option(
        "spring", "which flower group is 红花 (the other is 黑花)", ("spring", "plum")
    )
    discard_pung_concealed: bool = option(
        False, "a pung completed by the winning discard counts as 暗刻 (default: as 刻子)"
    )
    panghu_value_pair: bool = option(
        True, "旁胡 may have a seat-wind or dragon pair (a pair that earns 胡)"
    )
    panghu_with_chi: bool = option(True, "旁胡 may include 吃 melds")
    tanki_on_honor: bool = option(True, "单吊 earns its 2 胡 when the pair is an honor")
    restore_pair_counts: bool = option(
        False, "a pair made of two 得 standing for themselves counts as 双得还原 (腊子)"
    )
    four_winds_kongs: bool = option(True, "kongs of winds count towards 四风会齐")
    dihu_first_draw: bool = option(
        False, "地胡 also covers a non-dealer winning on its first draw (default: only a win on the dealer's first discard)"
    )
    nonwinner_plus_20: bool = option(
        False, "non-winners' totals add the base 20 胡 like the winner's (default: base × 2^番)"
    )
    bao_exemption_judged: str = option(
        "discard",
        "包三家 exemption: all 生牌 judged on the hand thrown from and not 听牌 on the hand kept "
        "(discard), or both on the hand after / before the discard",
        ("discard", "after", "before"),
    )
    yishang_judged: str = option(
        "after",
        "特殊处罚2: 一上一听 judged on the hand after or before the 中/发 discard",
        ("after", "before"),
    )
    bao_on_laizi: bool = option(True, "包三家 also applies when the win is a 腊子")

    def __post_init__(self) -> None:
        """A multiple below 1 would make the loser be paid (the log format has no negative amounts)."""
        if self.multiplier < 1:
            raise below("multiplier", self.multiplier, 1)
