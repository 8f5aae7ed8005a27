"""One line per 台 item (``ITEMS``) saying what it is, read from the seed's clause (【胡牌牌型及
对应台数】, 【承包规则】); the rules page shows it under the item's name."""

from __future__ import annotations

from engine.rulesets.base import Text

ABOUT: dict[str, Text] = {
    "pinghu": Text(
        "4组顺子加将，不是边倒、嵌倒、单吊、对倒；将不能是中、发或正风、圈风、位风，1台。",
        "Four runs and a pair, not won on an edge, closed, pair or pung wait; the pair is not "
        "a red or green dragon nor the seat's or the round's wind: 1 tai.",
    ),
    "biandao": Text(
        "胡的是123的3或789的7，1台（与嵌倒、单吊、对倒、平胡不叠加）。",
        "Winning on the 3 of 1-2-3 or the 7 of 7-8-9: 1 tai (not added to the other waits).",
    ),
    "qiandao": Text("胡的是顺子中间那张，1台。", "Winning on the middle tile of a run: 1 tai."),
    "dandiao": Text(
        "胡的牌与单张组成对子（如1234胡1或4），1台。",
        "Winning on the tile that pairs a single one (1-2-3-4 waiting on 1 or 4): 1 tai.",
    ),
    "duidao": Text(
        "胡的牌与两组对子中任一组成刻子，1台。",
        "Winning on a tile that makes a pung of one of two pairs: 1 tai.",
    ),
    "zimo": Text("自己摸牌后胡牌，1台。", "Winning on a tile one drew oneself: 1 tai."),
    "menqing": Text("没有吃、碰和明杠，门清1台。", "No chow, pung or exposed kong: 1 tai."),
    "gang_kai": Text(
        "杠牌（含花杠）后补牌胡牌，1台。",
        "Winning on the replacement after a kong (or a flower): 1 tai.",
    ),
    "song_gang": Text(
        "接别人点的杠并杠开（不再算杠开），1台；点杠的一家承包。",
        "Winning on the replacement of a kong someone fed (not also counted as a kong win): "
        "1 tai; the feeder is liable.",
    ),
    "la_gang": Text(
        "胡别人加杠的那张牌，1台；被拉杠的一家承包。",
        "Winning on the tile another seat adds to a pung: 1 tai; that seat is liable.",
    ),
    "huan_gang": Text(
        "点了某家的杠，又接那家杠后打出的炮胡牌，1台；杠牌并放炮的一家承包。",
        "Winning on the discard a konger makes after the kong one fed: 1 tai; the konger is "
        "liable.",
    ),
    "haidi": Text("摸到最后1张牌时胡牌，1台。", "Winning on the last tile of the wall: 1 tai."),
    "dragon_pung": Text(
        "中、发、白的刻子或杠子，每组1台，可累加。",
        "Each pung or kong of a dragon: 1 tai, added up.",
    ),
    "quanfeng": Text(
        "圈风对应的风牌刻子或杠子，1台。", "A pung or kong of the round's wind: 1 tai."
    ),
    "weifeng": Text(
        "位风（自己座位的风）对应的风牌刻子或杠子，1台。",
        "A pung or kong of one's seat wind: 1 tai.",
    ),
    "zhengfeng": Text(
        "正风（既是圈风又是位风）的风牌刻子或杠子，2台。",
        "A pung or kong of the wind that is both the round's and the seat's: 2 tai.",
    ),
    "zheng_hua": Text(
        "与自己风位相同的花牌，每张2台，可累加。", "Each flower of one's own seat: 2 tai."
    ),
    "ye_hua": Text(
        "与自己风位不同的花牌，每张1台，可累加。", "Each flower of another seat: 1 tai."
    ),
    "si_hua": Text(
        "四个花，12台，不再计其中的正花、野花。",
        "Four flowers: 12 tai, their own-seat and other-seat flower tai not added.",
    ),
    "ba_hua": Text(
        "摸到全部8张花，25台，不计正花、野花、四花。",
        "All eight flowers: 25 tai, no flower item added.",
    ),
    "qingyise": Text(
        "只有同一种序数牌，台数按选项（清14混12等）计。",
        "Only one suit: its tai as the option sets them (14/12 …).",
    ),
    "hunyise": Text(
        "只有字牌和同一种序数牌，台数按选项计。",
        "Honors and one suit only: its tai as the option sets them.",
    ),
    "da_diao_che": Text(
        "只剩1张立牌单吊胡牌，按混一色计，可叠加单吊。",
        "Winning with one standing tile left, on its pair: tai as one suit and honors, the pair "
        "wait added.",
    ),
    "duiduihu": Text(
        "4组刻子（杠子）加将牌，按混一色计。",
        "Four pungs (or kongs) and a pair: tai as one suit and honors.",
    ),
    "ziyise": Text("全部牌为字牌（字一色、风一色），40台。", "Honors only: 40 tai."),
    "da_san_yuan": Text(
        "中、发、白三组刻子都有，25台，不再计中发白。",
        "Pungs of all three dragons: 25 tai, the dragon item not added.",
    ),
    "da_si_xi": Text(
        "东南西北四组刻子都有，50台，不再计正风、圈风、位风。",
        "Pungs of all four winds: 50 tai, no wind item added.",
    ),
    "tianhu": Text(
        "庄家开局直接胡牌，24台，可叠加杠开。",
        "The dealer wins on its dealt tiles: 24 tai, a kong win added.",
    ),
    "dihu": Text(
        "庄家打出的第一张牌放炮，16台。", "Winning on the dealer's first discard: 16 tai."
    ),
}
