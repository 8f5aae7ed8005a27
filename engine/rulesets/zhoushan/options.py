"""The zhoushan options: the stake, the base, the cap and the readings of the seed on which
clubs plausibly differ.

Each field documents its effect in both languages; ``docs/rules/zhoushan.md`` names the clause
it settles.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.rulesets import tai
from engine.rulesets.base import NO_CAP, Text, hashed_once, option


@hashed_once
@dataclass(frozen=True)
class Options:
    stake: int = option(
        1,
        "amount paid per tai (and per base); the rules name no stake",
        zh="每台（和每个底）付多少；规则没有定",
    )
    base: int = option(
        0,
        "base: tai every paying seat pays on top of the winner's tai (the rules: the winner's "
        "tai alone; a club that pays a base sets 1)",
        zh="底：每家付款时在胡家台数外另加的台数，所以0台的胡也有钱",
    )
    cap: int = option(
        4,
        "tai cap per winner (the rules: more than 4 tai still count as 4); 0 = none",
        zh="每位胡家最多算几台（规则：超过4台按4台）；0 = 不封顶",
        labels=NO_CAP,
    )
    discard_payer: str = option(
        "discarder",
        "who pays a win on a discard",
        zh="放炮时谁付",
        labels={
            "discarder": Text("放炮者一家付", "the discarder alone"),
            "all": Text("没胡的三家都付", "all three others (who did not win)"),
        },
    )
    pinghu_tai: int = option(
        1,
        "tai of all chows (plain pair, two-sided wait); the rules omit it",
        zh="排胡（全是顺子、普通的将、两面听）算几台；规则没提",
        labels={0: Text("不算", "not counted")},
    )
    tanki_self_draw_tai: int = option(
        2,
        "tai of a self-drawn pair wait (the rules: 2), counted beside the self-draw's 1 tai",
        zh="自摸单钓将算几台（规则：2），另外还有自摸的1台",
    )
    haidi: str = option(
        "discard",
        "which wins on the last tile count as winning on the last tile",
        zh="海底捞月算哪些胡",
        labels={
            "discard": Text(
                "只算胡最后打出的那张牌（规则原文）",
                "only a win on the last discard (the rules' words)",
            ),
            "both": Text(
                "胡最后打出的牌或自摸最后一张",
                "a win on the last discard or a self-draw of the last tile",
            ),
        },
    )
    own_flowers: str = option(
        "each",
        "how an own-seat flower outside a full set counts (the rules: 'you have an own flower: "
        "1 tai')",
        zh="正花怎么算（规则：在当局你有正花，计1台）",
        labels={
            "each": Text("每张正花1台", "1 tai for each own-seat flower"),
            "one": Text("有正花就1台（不论几张）", "1 tai for having any, however many"),
        },
    )
    flower_order: str = option(
        "spec",
        "which flowers are a seat's own (the rules list the plants as plum, orchid, bamboo, "
        "chrysanthemum)",
        zh="哪些花是本位花（规则顺序梅兰竹菊）",
        labels=tai.FLOWER_ORDERS,
    )
    barred_win_stands: bool = tai.barred_win_option()
