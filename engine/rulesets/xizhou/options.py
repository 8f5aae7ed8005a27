"""The xizhou options: the base, the flush table and the readings of the seed on which clubs
plausibly differ.

Each field documents its effect in both languages; ``docs/rules/xizhou.md`` names the clause
it settles.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets import tai
from engine.rulesets.base import Text, hashed_once, option

FLUSH_CONFIGS = {"14/12": (14, 12), "12/10": (12, 10), "12/8": (12, 8), "10/6": (10, 6)}


@hashed_once
@dataclass(frozen=True)
class Options:
    base: int = option(
        1,
        "base: M = tai × base (the rules: 1 in a private room)",
        zh="底分：M = 台 × 底分（规则：包厢为1）",
    )
    flush_config: str = option(
        "14/12",
        "tai of one suit and of one suit with honors (four melds with a single wait and all "
        "pungs count as one suit with honors)",
        zh="清一色/混一色的台数（大吊车、对对胡按混一色计）",
        labels={
            name: Text(
                f"清一色{full}台、混一色{half}台",
                f"one suit {full} tai, one suit with honors {half} tai",
            )
            for name, (full, half) in FLUSH_CONFIGS.items()
        },
    )
    flower_order: str = option(
        "tile_numbers",
        "which flowers are a seat's own (the rules list the plants as plum, orchid, "
        "chrysanthemum, bamboo)",
        zh="哪些花是正花（规则顺序梅兰菊竹）",
        labels=tai.FLOWER_ORDERS,
    )
    four_flowers: str = option(
        "any",
        "which four flowers score 12 tai",
        zh="四花12台算哪四张花",
        labels={
            "any": Text("任意四张花（规则：四个花）", "any four flowers (the rules' words)"),
            "set": Text(
                "只算整套（春夏秋冬或梅兰菊竹）",
                "only a full set (the four seasons or the four plants)",
            ),
        },
    )
    zhengfeng_stacks: bool = option(
        False,
        "a pung of the wind that is both the seat's and the round's (2 tai) also counts as the "
        "round wind and the seat wind (4 tai in all); default: it replaces them",
        zh="正风（既是门风又是圈风的风刻，2台）再加圈风和位风（共4台）；默认：正风代替它们",
    )
    pinghu_white_pair: bool = option(
        True,
        "a pair of white dragons still allows all chows (the rules bar only the red and green "
        "dragons and the seat and round winds)",
        zh="白板作将仍可算平胡（规则只排除中发和门风、圈风）",
    )
    drawn_kong: str = option(
        "dealer",
        "after a drawn hand the deal passes when the dealer made a kong (the rules: 'the dealer "
        "with no kong stays, with a kong the next seat deals'), or when any seat did",
        zh="黄牌时谁有杠就下庄（规则：庄家无杠连庄，有杠则庄家下家坐庄）",
        labels={
            "dealer": Text("庄家有杠", "the dealer made a kong"),
            "anyone": Text("任何一家有杠", "any seat made a kong"),
        },
    )
    hu_bao_rule: str = option(
        "each_3",
        "when two seats are bound to each other (each pays for the other)",
        zh="互包：两家互相吃碰怎样算够数",
        labels={
            "each_3": Text("两家互相各吃碰对方3次", "each claimed 3 times from the other"),
            "total_3": Text(
                "两家互相吃碰合计3次", "both claimed from each other, 3 times together"
            ),
        },
    )
    barred_win_stands: bool = tai.barred_win_option()
    passed_peng: str = option(
        "same_tile",
        "which pung a pung let go bars before the seat's next draw (the rules: 'a pung let go may "
        "not be made again before the next draw', naming no tile)",
        zh="能碰不碰后、下次摸牌前不可再碰的是哪种碰（规则未说明是否同一张牌）",
        labels={
            "same_tile": Text("只是同一张牌的碰", "a pung of the same tile"),
            "any_tile": Text("任何碰", "any pung"),
        },
    )
