"""One line per scoring item (``HU_ITEMS``, 底胡, ``FANS``) saying what it is, read from the
seed's clause (名詞解釋, 計算規則, 翻倍計算); the rules page shows it under the item's name."""

from __future__ import annotations

from engine.rulesets.base import Text

ABOUT: dict[str, Text] = {
    # 胡
    "pair": Text(
        "每个自家门风对子、字牌对子算2胡；其它对子0胡。",
        "Each pair of one's own wind or of a dragon is 2 hu; other pairs 0.",
    ),
    "pung_yao": Text(
        "每个风牌、1/9牌、字牌的刻子（碰出的）算4胡。",
        "Each pung (claimed) of a wind, a 1 or 9, or a dragon is 4 hu.",
    ),
    "pung": Text("每个其它刻子（碰出的）算2胡。", "Each other pung (claimed) is 2 hu."),
    "concealed_pung_yao": Text(
        "每个风牌、1/9牌、字牌的暗刻算8胡。",
        "Each concealed pung of a wind, a 1 or 9, or a dragon is 8 hu.",
    ),
    "concealed_pung": Text("每个其它暗刻算4胡。", "Each other concealed pung is 4 hu."),
    "kong_exposed_yao": Text(
        "每个风牌、1/9牌、字牌的明杠算16胡；可明杠没杠的按刻子算。",
        "Each exposed kong of a wind, a 1 or 9, or a dragon is 16 hu; one that could have been "
        "declared but was not counts as a pung.",
    ),
    "kong_exposed": Text(
        "每个其它明杠算8胡；可明杠没杠的按刻子算。",
        "Each other exposed kong is 8 hu; one that could have been declared but was not counts "
        "as a pung.",
    ),
    "kong_concealed_yao": Text(
        "每个风牌、1/9牌、字牌的暗杠算32胡；可暗杠没杠的按暗刻算。",
        "Each concealed kong of a wind, a 1 or 9, or a dragon is 32 hu; four held but not "
        "declared count as a concealed pung.",
    ),
    "kong_concealed": Text(
        "每个其它暗杠算16胡；可暗杠没杠的按暗刻算。",
        "Each other concealed kong is 16 hu; four held but not declared count as a concealed pung.",
    ),
    "self_draw": Text("自己摸到胡的那张牌，算2胡。", "Winning on a tile one drew oneself: 2 hu."),
    "kanchan": Text(
        "最后一张是凑成顺子的中间那张，嵌档算2胡。", "Winning on the middle tile of a run: 2 hu."
    ),
    "pengpenghu": Text(
        "除了一对将都是刻子或杠，算4胡；规则说黄岩本来没有碰碰胡，选项打开才算。",
        "Besides the pair, all pungs or kongs: 4 hu; the rules say Huangyan has no such item, "
        "so it counts only with its option.",
    ),
    "base": Text(
        "胡家在各胡项之外加上底胡：（各胡项 + 底胡）× 2^番；没胡的人不加。",
        "The winner adds the base to its hu items: (items + base) × 2 to the power of the "
        "fan; the others add none.",
    ),
    # 番: each doubles
    "dragon": Text(
        "中、发、白的刻子或杠，每个1番（没胡的人也算）。",
        "Each pung or kong of a dragon is 1 fan (for the others too).",
    ),
    "seat_wind": Text(
        "自家门风的刻子或杠，1番（没胡的人也算）。",
        "A pung or kong of one's own wind is 1 fan (for the others too).",
    ),
    "hard": Text("手里没有得（硬碰硬），1番。", "No wildcard in hand: 1 fan."),
    "restored": Text(
        "每张得还原（当作它本来的牌用）算1番，两张2番，三张3番；还原的得不再算作得。",
        "Each wildcard standing for itself is 1 fan (two: 2, three: 3); it no longer counts "
        "as a wildcard.",
    ),
    "half_flush": Text(
        "所有牌由字牌、风牌和另一门花色组成（得也可以），混一色1番。",
        "All tiles honors and one suit (wildcards too): 1 fan.",
    ),
    "full_flush": Text(
        "所有牌只有一门花色、没有中发白（得也可以），清一色3番。",
        "All tiles of one suit, no dragons (wildcards too): 3 fan.",
    ),
}
