"""One line per 台 item (``ITEMS``) saying what it is, read from the seed's clause (【算分规则】
(1)–(19)); the rules page shows it under the item's name."""

from __future__ import annotations

from engine.rulesets.base import Text

ABOUT: dict[str, Text] = {
    "zimo": Text("自己抓到牌而组成的胡牌，计1台。", "Winning on a tile one drew oneself: 1 tai."),
    "gang_kai": Text(
        "自己开杠（或补花）后补的牌成胡，计2台，不与自摸累加。",
        "Winning on the replacement after one's kong (or flower): 2 tai, not added to the "
        "self-draw.",
    ),
    "duidao": Text(
        "胡别人打出的牌，这张与自己的牌组成刻子，计1台。",
        "Winning on a discard that makes a pung with one's pair: 1 tai.",
    ),
    "kanchan": Text(
        "胡两张牌之间的那张（如有3万、5万胡4万），计1台。",
        "Winning on the tile between two (4 with 3 and 5): 1 tai.",
    ),
    "penchan": Text(
        "胡边张（有1万、2万胡3万，或有8万、9万胡7万），计1台。",
        "Winning on an edge tile (3 with 1-2, or 7 with 8-9): 1 tai.",
    ),
    "dandiao": Text(
        "以将牌做口（只等凑成将的那一张）的胡牌：点胡计1台，自摸计2台。",
        "Winning on the tile that makes the pair: 1 tai on a discard, 2 self-drawn.",
    ),
    "paihu": Text(
        "4组全是顺子，将不是坐风、圈风或中、发、白，也不是边张、坎张、单钓胡的；台数由选项定。",
        "All four sets are runs, the pair is not the seat wind, the round wind or a dragon, "
        "and the win is not on an edge, closed or pair wait; an option sets its tai.",
    ),
    "red_pung": Text(
        "胡牌后14张牌里有3张红中，计1台。", "Three red dragons among the 14 tiles: 1 tai."
    ),
    "green_pung": Text(
        "胡牌后14张牌里有3张发财，计1台。", "Three green dragons among the 14 tiles: 1 tai."
    ),
    "white_pung": Text(
        "胡牌后14张牌里有3张白板，计1台。", "Three white dragons among the 14 tiles: 1 tai."
    ),
    "quanfeng": Text(
        "当圈的风（东风圈起，庄家轮完一圈换南风，依次到北风再循环）的刻子，计1台。",
        "A pung of the round's wind (East first, South once every seat has dealt, on to "
        "North and round again): 1 tai.",
    ),
    "own_flower": Text(
        "当局有正花（与自己位置对应的花），计1台。", "Each flower of one's own seat: 1 tai."
    ),
    "flower_set": Text(
        "有春夏秋冬或梅兰竹菊一整套，计2台。",
        "A full set of spring to winter, or plum to chrysanthemum: 2 tai.",
    ),
    "all_flowers": Text("全部8张花牌都有，计4台。", "All eight flowers: 4 tai."),
    "pengpeng": Text("由1对将加4组刻子组成的胡牌，计2台。", "A pair and four pungs: 2 tai."),
    "hunyise": Text("一门花色加字牌组成的胡牌，计2台。", "One suit and honors: 2 tai."),
    "qingyise": Text("同一门花色组成的胡牌，计4台。", "All tiles of one suit: 4 tai."),
    "haidi": Text("胡最后一张牌，海底捞月计4台。", "Winning on the last tile: 4 tai."),
    "tianhu": Text("庄家起牌就成胡，计4台。", "The dealer's dealt tiles already win: 4 tai."),
    "dihu": Text("闲家摸第一张牌就成胡，计1台。", "A non-dealer wins on its first draw: 1 tai."),
}
