"""One line per scoring item (``lines.ITEMS``) saying what it is, read from the seed's clause
(三：牌点计算规则 ①②③, 胡牌类术语); the rules page shows it under the item's name."""

from __future__ import annotations

from engine.rulesets.base import Text

ABOUT: dict[str, Text] = {
    # ① 基础牌点 (胡)
    "pair_value": Text(
        "每个自家门风对子、字牌对子（翻出的白板不算）算2胡；其它对子0胡。",
        "Each pair of one's seat wind or of a dragon (not a revealed white) is 2 hu; other "
        "pairs 0.",
    ),
    "pung_exposed": Text("每个其它刻子（碰出的）算2胡。", "Each other pung (claimed) is 2 hu."),
    "pung_exposed_major": Text(
        "每个风牌、1/9牌、字牌的刻子算4胡（翻出的白板、红中不算）。",
        "Each pung of a wind, a 1 or 9, or a dragon is 4 hu (not revealed whites or reds).",
    ),
    "pung_concealed": Text(
        "每个其它暗刻（自己摸齐的三张）算4胡。",
        "Each other concealed pung (all three drawn) is 4 hu.",
    ),
    "pung_concealed_major": Text(
        "每个风牌、1/9牌、字牌的暗刻算8胡。",
        "Each concealed pung of a wind, a 1 or 9, or a dragon is 8 hu.",
    ),
    "kong_exposed": Text("每个其它明杠算8胡。", "Each other exposed kong is 8 hu."),
    "kong_exposed_major": Text(
        "每个风牌、1/9牌、字牌的明杠算16胡。",
        "Each exposed kong of a wind, a 1 or 9, or a dragon is 16 hu.",
    ),
    "kong_concealed": Text(
        "每个其它暗杠算16胡；可暗杠却没杠的按暗刻算。",
        "Each other concealed kong is 16 hu; four held but not declared count as a concealed pung.",
    ),
    "kong_concealed_major": Text(
        "每个风牌、1/9牌、字牌的暗杠算32胡；可暗杠却没杠的按暗刻算。",
        "Each concealed kong of a wind, a 1 or 9, or a dragon is 32 hu; four held but not "
        "declared count as a concealed pung.",
    ),
    "bonus_tile": Text(
        "每张翻出的白板或花牌算4胡；闹闹时翻出的字牌、花牌（得除外）也每张4胡。",
        "Each revealed white or flower is 4 hu; with naonao, each revealed dragon or flower "
        "(not a wildcard) too.",
    ),
    "tanki": Text("最后凑成的是将（一对），单吊算2胡。", "Winning by completing the pair: 2 hu."),
    "self_draw": Text("自己摸到胡的那张牌，算2胡。", "Winning on a tile one drew oneself: 2 hu."),
    "kanchan": Text(
        "最后一张是凑成顺子的中间那张，嵌档算2胡。", "Winning on the middle tile of a run: 2 hu."
    ),
    "penchan": Text(
        "最后一张是3凑成123、或7凑成789，靠柄算2胡。",
        "Winning on a 3 that makes 1-2-3 or a 7 that makes 7-8-9: 2 hu.",
    ),
    "base_20": Text(
        "胡家的基础牌点再加20胡：（基础牌点 + 20）× 2^番。",
        "The winner adds 20 hu to its items: (items + 20) × 2 to the power of the fan.",
    ),
    # ② 番
    "fan_white": Text("翻出的每张白板算1番。", "Each revealed white is 1 fan."),
    "fan_own_flower": Text(
        "与自家门风对应的花牌（东春梅、南夏兰、西秋竹、北冬菊）每张算1番。",
        "Each flower of one's own seat (East spring and plum, South summer and orchid, West "
        "autumn and bamboo, North winter and chrysanthemum) is 1 fan.",
    ),
    "fan_red": Text(
        "闹闹时翻出的每张红中（不是得）算1番。",
        "With naonao, each revealed red dragon (not a wildcard) is 1 fan.",
    ),
    "fan_green": Text(
        "闹闹时翻出的每张发财（不是得）算1番。",
        "With naonao, each revealed green dragon (not a wildcard) is 1 fan.",
    ),
    "fan_seat_wind": Text(
        "自家门风的刻子、暗刻、明杠或暗杠算1番。",
        "A pung or kong, exposed or concealed, of one's seat wind is 1 fan.",
    ),
    "fan_dragon": Text(
        "字牌的刻子、暗刻、明杠或暗杠算1番（闹闹时不算）。",
        "A pung or kong, exposed or concealed, of a dragon is 1 fan (not with naonao).",
    ),
    "qing_yi_se": Text(
        "胡家的牌只有万、筒、条中的一门，清一色算3番。",
        "All the winner's tiles are of one suit: 3 fan.",
    ),
    "hun_yi_se": Text(
        "胡家的牌由字牌、风牌和万、筒、条中的一门组成，混一色算2番。",
        "The winner's tiles are honors and one suit: 2 fan.",
    ),
    "dui_dui_hu": Text(
        "胡家除一对外都是刻子或杠（得和翻出的牌不算在内），对对胡算2番。",
        "Besides the pair, all the winner's sets are pungs or kongs (wildcards and revealed "
        "tiles aside): 2 fan.",
    ),
    "pang_hu": Text(
        "胡家除一对外都是顺子，又不是嵌档、靠柄、单吊胡的，旁胡算1番。",
        "Besides the pair, all runs, and not won on a closed, edge or pair wait: 1 fan.",
    ),
    "no_de": Text("胡家手里没有得，算1番。", "No wildcard in the winner's hand: 1 fan."),
    "two_de": Text("胡家手里有2张得，算1番。", "Two wildcards in the winner's hand: 1 fan."),
    "kong_bloom": Text(
        "开杠（或翻白板、花牌）后补的牌正好胡，杠上开花算1番。",
        "Winning on the replacement drawn after a kong (or a revealed white or flower): 1 fan.",
    ),
    "robbed_kong": Text(
        "别人明杠的那张牌正好让自己胡，抢杠胡算1番（暗杠不能抢）。",
        "Winning on the tile another seat was adding to a kong: 1 fan (a concealed kong cannot "
        "be robbed).",
    ),
    "self_draw_de": Text("自己摸到得而胡牌，算1番。", "Winning on a wildcard one drew: 1 fan."),
    # ③ 腊子胡: 500
    "three_de": Text(
        "拿到3张得就是腊子，马上胡，按500计。",
        "Three wildcards: a limit hand, an immediate win at 500.",
    ),
    "red_flowers": Text(
        "集齐4张红花（哪一组是红花由选项定）就是腊子，马上胡。",
        "The four red flowers (an option says which group is red): a limit hand, an immediate win.",
    ),
    "black_flowers": Text(
        "集齐4张黑花（红花以外的那一组）就是腊子，马上胡。",
        "The four black flowers (the group that is not red): a limit hand, an immediate win.",
    ),
    "four_white": Text(
        "拿到4张白板就是腊子，马上胡。", "Four whites: a limit hand, an immediate win."
    ),
    "heaven": Text(
        "庄家一张牌没打就已胡牌，天胡是腊子。",
        "The dealer wins before discarding a tile: a limit hand.",
    ),
    "earth": Text(
        "庄家打出第一张牌后就有人胡，地胡是腊子。",
        "A seat wins right after the dealer's first discard: a limit hand.",
    ),
    "four_winds": Text(
        "胡家的牌（须成胡）里东南西北四种风都有，四风会齐是腊子。",
        "The winning hand holds all four winds: a limit hand.",
    ),
    "double_restore": Text(
        "两张得同时还原（当作它本来的牌用），是腊子。",
        "Two wildcards both standing for themselves: a limit hand.",
    ),
    "four_red": Text(
        "闹闹时拿到4张红中就是腊子，马上胡。",
        "With naonao, four red dragons: a limit hand, an immediate win.",
    ),
    "four_green": Text(
        "闹闹时拿到4张发财就是腊子，马上胡。",
        "With naonao, four green dragons: a limit hand, an immediate win.",
    ),
}
