"""The wenling options: every reading of the seed on which clubs plausibly differ.

Each field documents its effect; ``docs/rules/wenling.md`` names the clause it settles.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.base import Bounded, Text, hashed_once, option


@hashed_once
@dataclass(frozen=True)
class Options(Bounded):
    multiplier: int = option(
        1,
        "the multiple: every payment is points ÷ 10 × this number",
        zh="加倍的比例：每笔付款 = 牌点 ÷ 10 × 此数",
        low=1,  # below 1 the loser would be paid (the log format has no negative amounts)
    )
    indicator_in_wall: bool = option(
        False,
        "the tile turned up to choose the wildcard stays in the wall and is drawn in turn "
        "(default: set aside)",
        zh="翻出的得牌留在牌墙里按顺序摸（默认：放在一边）",
    )
    red_flowers: str = option(
        "spring",
        "which flower group is the red flowers (the other group is the black flowers)",
        zh="哪一组花是红花（另一组是黑花）",
        labels={
            "spring": Text("春夏秋冬", "spring, summer, autumn, winter"),
            "plum": Text("梅兰竹菊", "plum, orchid, bamboo, chrysanthemum"),
        },
    )
    discard_pung_concealed: bool = option(
        False,
        "a pung completed by the winning discard counts as concealed (default: as exposed)",
        zh="胡别人打出的牌凑成的刻子也算暗刻（默认：算刻子）",
    )
    panghu_value_pair: bool = option(
        True,
        "all chows with a two-sided wait may have a seat-wind or dragon pair (a pair that earns "
        "hu)",
        zh="旁胡的将可以是门风对或字牌对（有胡的对子）",
    )
    panghu_with_chi: bool = option(
        True,
        "all chows with a two-sided wait may include chows claimed from a discard",
        zh="旁胡可以有吃的牌",
    )
    tanki_on_honor: bool = option(
        True,
        "a pair wait earns its 2 hu when the pair is an honor",
        zh="单吊字牌也算单吊的2胡",
    )
    restore_pair_counts: bool = option(
        False,
        "a pair of two wildcards standing for themselves counts as two wildcards restored (a "
        "limit hand)",
        zh="两张得各自还原成一对，也算双得还原（腊子）",
    )
    four_winds_kongs: bool = option(
        True,
        "kongs of winds count towards all four winds",
        zh="风牌的杠也算入四风会齐",
    )
    dihu_first_draw: bool = option(
        False,
        "the earthly hand also covers a non-dealer winning on its first draw (default: only a "
        "win on the dealer's first discard)",
        zh="闲家第一次摸牌就胡也算地胡（默认：只有胡庄家打出的第一张牌）",
    )
    nonwinner_plus_20: bool = option(
        False,
        "non-winners' totals add the base 20 hu like the winner's (default: hu × 2 to the power "
        "of fan)",
        zh="没胡的人也像胡家一样加基础20胡（默认：胡数 × 2^番）",
    )
    bao_exemption_judged: str = option(
        "discard",
        "paying for all three: when the thrower of a tile not yet seen is excused (only unseen "
        "tiles in hand and not ready)",
        zh="包三家的免责（手里全是生牌且没听牌）怎样判断",
        labels={
            "discard": Text(
                "全是生牌按打牌之前的手牌、没听牌按打牌之后留下的牌判断",
                "only unseen tiles on the hand thrown from, not ready on the hand kept",
            ),
            "after": Text("都按打牌之后的手牌判断", "both on the hand after the discard"),
            "before": Text("都按打牌之前的手牌判断", "both on the hand before the discard"),
        },
    )
    yishang_judged: str = option(
        "after",
        "special penalty 2: whether the thrower of a red or green dragon was one step from ready "
        "is judged on",
        zh="特殊处罚2：是否一上一听按哪一手牌判断",
        labels={
            "after": Text("打出中/发之后的手牌", "the hand after the dragon is thrown"),
            "before": Text("打出中/发之前的手牌", "the hand before the dragon is thrown"),
        },
    )
    bao_on_laizi: bool = option(
        True,
        "paying for all three also applies when the win is a limit hand",
        zh="腊子胡也要包三家",
    )
    barred_win_stands: bool = option(
        False,
        "a win after throwing a wildcard, or on a thrown wildcard (which the rules bar), is still "
        "scored and paid as the table played it (default: it is no win and owes nothing)",
        zh="打出得后仍胡、或胡打出的得（规则不许）时照常算分付钱（默认：不算胡，不付钱）",
    )
