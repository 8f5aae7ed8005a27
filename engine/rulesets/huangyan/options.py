"""The huangyan options: every reading of the seed on which clubs plausibly differ, and the
numbers a table sets (base 胡, cap, rounding, chips per 胡).

Each field documents its effect in both languages; ``docs/rules/huangyan.md`` names the clause
it settles.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets.base import NO_CAP, Bounded, Text, hashed_once, option


@hashed_once
@dataclass(frozen=True)
class Options(Bounded):
    wildcard_rule: str = option(
        "indicator",
        "which tiles are the wildcards, from the tile turned up after the deal",
        zh="开局后翻开的牌怎样定得",
        labels={
            "indicator": Text(
                "翻开的那张牌的同种牌（其余三张）", "the other copies of the tile turned up"
            ),
            "next": Text(
                "翻开那张牌的下一张（9后为1，东南西北循环，中发白循环）",
                "the tile after the one turned up (9 → 1, winds and dragons in a cycle)",
            ),
            "none": Text("本局不用得", "none: this table plays without wildcards"),
        },
    )
    base_hu: int = option(
        10,
        "base hu added to the winner's hu before doubling (the rules: 10)",
        zh="胡家翻倍前加的底胡（规则：10）",
        low=0,
    )
    pengpenghu: bool = option(
        False,
        "count all pungs as 4 hu for the winner; the rules say Huangyan has none",
        zh="碰碰胡（全是刻子/杠）给胡家算4胡；规则说黄岩没有",
    )
    discard_pung_concealed: bool = option(
        False,
        "a pung completed by the winning discard still counts as concealed (default: as exposed)",
        zh="胡别人打出的牌凑成的刻子也算暗刻（默认：算刻子）",
    )
    restored_then_hard: bool = option(
        True,
        "wildcards standing for themselves no longer count as wildcards, so 'no wildcard in "
        "hand' (1 fan) can follow",
        zh="还原的得不再算得，因此可以另算无得（硬碰硬）1番",
    )
    cap: int = option(
        0,
        "largest hu a seat is paid on; 0 = no cap (the rules have none)",
        zh="每家最多按多少胡付（封顶）；0 = 不封顶（规则没有封顶）",
        labels=NO_CAP,
        low=0,
    )
    round_to: int = option(
        1,
        "round each seat's hu up to a multiple of this (1 = no rounding)",
        zh="每家的胡数进到此数的倍数（1 = 不进位）",
        labels={1: Text("不进位", "no rounding")},
        low=1,
    )
    half_rounding: str = option(
        "up",
        "halved amounts with half a chip",
        zh="减半后有半粒时",
        labels={
            "up": Text("向上取整（付款方多付半粒）", "rounded up (the payer pays the half chip)"),
            "down": Text("向下取整（舍去半粒）", "rounded down (the half chip is dropped)"),
        },
    )
    li_per_hu: int = option(
        1,
        "chips paid per hu; the rules' example pays 1 chip per hu",
        zh="每胡付几粒（规则的例子：每胡1粒）",
        low=1,
    )
    seat_change_rule: str = option(
        "cuohu",
        "changing seats: who may ask for it, and when",
        zh="换位：谁可以提出、什么时候",
        labels={
            "cuohu": Text(
                "搓胡：将要坐庄的一家随时可以提出", "the seat about to deal may ask at any time"
            ),
            "cuocai": Text(
                "搓菜：谁都可以提出，但要过了开头几圈",
                "anyone may ask, once the first rounds of the session are over",
            ),
        },
    )
    seat_change_rounds: int = option(
        2,
        "rounds of the deal that must pass between two seat changes",
        zh="两次换位之间至少要过几圈",
        low=0,
    )
    draw_dealer: str = option(
        "pass",
        "who deals after a drawn hand",
        zh="黄牌后谁坐庄",
        labels={
            "pass": Text("下家坐庄", "the next seat deals"),
            "stay": Text("庄家连庄", "the dealer deals again"),
        },
    )
    dead_wall: int = option(
        0,
        "live wall tiles left at which the hand ends drawn (the rules say nothing)",
        zh="牌墙剩几张时黄牌（规则没说）",
        low=0,
    )
    non_winner_wildcards: bool = option(
        False,
        "a non-winner's wildcards may complete its pairs and pungs for hu (never for fan)",
        zh="没胡的人的得可以凑对子、刻子算胡（不算番）",
    )
    thrown_de_win: bool = option(
        True,
        "a seat may win on a wildcard another seat threw, the wildcard standing for any tile "
        "(the rules bar only chowing and punging with one)",
        zh="可以胡别人打出的得，得当任何牌用（规则只说得不能吃、碰）",
    )
