"""Declared wins that are no win under a seed's own words, on full play-by-play logs written by
hand (the notation in play_log.py): the win does not stand, nothing is owed for it, and what the
table paid for it is a dispute (docs/report.md, "Every claim checked"); and, on two-hand
summary logs, the next deal follows the win that stands. Each case quotes its clause; the
verdict was worked out from it before the engine ran.

  zhoushan.txt: "定海麻将可和的牌型只有一种，即基本牌型，其它麻将中的七小对牌型、十三幺牌型、十三不靠牌型都不能胡。"
  xizhou.txt 【胡牌规则】: "胡牌基本牌型：… 11、123、123、123、123 … 11、111、111、111、111" (nothing else)
  wenling.txt 抢杠胡: "…（不能对暗杠牌进行枪杠）"
  wenling.txt: "判断是否有玩家三个“得”或四个白或“春夏秋冬”或“梅兰竹菊”，若有一家有，有的一家作为自动胡牌"
"""

import json

import pytest

from engine.audit import audit_records
from events.codec import parse_log
from tests.engine.rulesets.play_log import flows, full_log
from tests.engine.summary_log import settlement, show, win


def verdict(records: list[dict]) -> tuple[set[str], list[bool], list, bool]:
    """The codes on the win line, whether each win stands, the expected payments, and whether
    the table's settlement is disputed."""
    hand = audit_records(records)["hands"][0]
    at = next(seq for seq, r in enumerate(records) if r["type"] == "win")
    codes = {a["code"] for a in hand["anomalies"] if a["seq"] == at}
    return (
        codes,
        [w["stands"] for w in hand["wins"]],
        hand["expected_payments"],
        bool(hand["disputes"]),
    )


def assert_no_win(records: list[dict], code: str) -> None:
    """The declared win is refused with ``code``: it does not stand, nothing is owed, and the
    table's settlement is disputed."""
    codes, stands, owed, disputed = verdict(records)
    assert code in codes
    assert stands == [False] and owed == [] and disputed


# 南 holds six pairs and a 9s (11m 44m 77m 22p 55p 88p 9s: no run, no three alike) and declares a
# win on 东's 9s: seven pairs, "七小对…不能胡" (zhoushan), not one of the five 基本牌型 (xizhou).
SEVEN_PAIRS = {
    "E": "9s123s456s789m11z23z",
    "S": "11m44m77m22p55p88p9s",
    "W": "369m369p2s5s8s44z55z",
    "N": "258m147p37s66z77z3z",
}


@pytest.mark.parametrize(
    ("ruleset", "paid"),
    [
        # the table paid it as 1台 from the discarder ("discarder" pays a discard win, docs)
        pytest.param("zhoushan", (("E", "S", 1),), id="zhoushan"),
        # the table paid it as 1台, "点炮玩家付2M"
        pytest.param("xizhou", (("E", "S", 2),), id="xizhou"),
    ],
)
def test_seven_pairs_is_no_win(ruleset, paid):
    assert_no_win(
        full_log(ruleset, SEVEN_PAIRS, "E-9s S:hu:9s:E", end=(settlement(*paid),)),
        "not_winning",
    )


def test_wenling_robbing_a_concealed_kong_is_no_win():
    # 东 暗杠s its four 5p; 南 (123m 456m 789m 234s 67p 东东) "robs" it for 567p. The seed: "不能对
    # 暗杠牌进行枪杠" — there is no 明杠 to rob, so no win and nothing owed (C.1 needs a 胡牌家).
    # The table paid it as 抢杠胡 (the 东 pair is not 南's 门风: 0 胡): 20 × 2^2 (无得, 抢杠胡) = 80,
    # 8 from each.
    deals = {
        "E": "5555p123s678s147m2468p",
        "S": "123m456m789m234s67p11z",
        "W": "258m369p568s22z33z44z6z",
        "N": "369m147s18p1z6z777z2z3z4z",
    }
    paid = settlement(("E", "S", 8), ("W", "S", 8), ("N", "S", 8))
    assert_no_win(
        full_log("wenling", deals, "E:gang:concealed:5p S:qiang:5p:E", indicator="9s", end=(paid,)),
        "claim_no_discard",
    )


def test_wenling_three_whites_and_a_de_are_no_automatic_win():
    # 南 is dealt three 白 and one 得 (9s; 得 = 九条), shows the 白 and draws 3p, 4p, 6p from the
    # back. "四个白" is four 白 shown ("在翻白板及花牌时，一个玩家抓到四个白板…作为胡牌"); a 得 is not a 白
    # on the table, and one 得 is not "三个'得'": no 腊子, and 16 tiles are no 胡牌 either.
    # The table paid it as a 腊子: 500 / 10 = 50 from each.
    deals = {
        "E": "147m258p368s11z22z33z77z",
        "S": "555z9s123m456m789m125p",
        "W": "258m369p147s444z66z3z1z",
        "N": "3699m1479p24589s2z6z7z",
    }
    steps = "S!5z S*3p S!5z S*4p S!5z S*6p S:instant"
    paid = settlement(("E", "S", 50), ("W", "S", 50), ("N", "S", 50))
    assert_no_win(
        full_log("wenling", deals, steps, indicator="9s", end=(paid,)),
        "not_winning",
    )


# Who deals next when a declared win is no win beside one that stands: the rotation follows the
# win that stands. Two-hand summary logs; the second hand is seated for the dealer worked out
# from the quoted rotation clause, and must raise no `dealer_rotation`, while the seating the
# false win would have given must.
PLAYERS = {"E": "阿强", "S": "小李", "W": "老王", "N": "阿芳"}


def seated(dealer: str) -> dict[str, str]:
    """The seats of the next hand when ``dealer`` (a seat of this hand) deals it."""
    k = "ESWN".index(dealer)
    return {s: PLAYERS["ESWN"[(k + i) % 4]] for i, s in enumerate("ESWN")}


def rotation_codes(ruleset: str, hand1: list[dict], dealer: str) -> tuple[list[str], dict]:
    """The session's anomaly codes when the second hand is dealt by ``dealer``, and hand 1's
    expected payments."""
    lines = [
        {"type": "session", "ruleset": ruleset, "options": {}, "players": list(PLAYERS.values())},
        {"type": "hand", "no": 1, "seats": PLAYERS},
        *hand1,
        {"type": "hand", "no": 2, "seats": seated(dealer)},
        {"type": "exhausted"},
    ]
    records = parse_log("\n".join(json.dumps(r, ensure_ascii=False) for r in lines)).records
    report = audit_records(records)
    return [a["code"] for a in report["anomalies"]], flows(report["hands"][0])


NOT_A_WIN_13 = "1357m2468p13579s1z"  # 14 tiles, no pair and sets: with the 4p won on
SOUTH_4P = show("S", "123m456m789p234p55s")  # 23p waiting on 1p/4p, 55s: won on 4p

ROTATION_CASES = [
    # xizhou "庄家胡则连庄，闲家胡则庄家下家坐庄"; "支持一炮多响". 西 throws 4p; 东 (庄) declares a
    # win on it with tiles that do not win, 南 wins: 平胡 1 + 门清 1 = 2台, "点炮玩家付2M" 西 → 南 4.
    # Only 南 won: a 闲家, so 南 (the dealer's 下家) deals; 东 staying is the false win's seating.
    pytest.param(
        "xizhou",
        [
            show("E", NOT_A_WIN_13),
            SOUTH_4P,
            win("E", "discard", "4p", "W"),
            win("S", "discard", "4p", "W"),
        ],
        {("W", "S"): 4},
        "S",
        "E",
        id="xizhou_dealers_false_win_beside_a_nondealers",
    ),  # fmt: skip
    # xizhou "1台起胡": 东's win on the 4p (123m 456s 234p 88m + 碰 999p: 两面, not 门清) is 0台,
    # no win; 南 as above. 南 deals.
    pytest.param(
        "xizhou",
        [
            show("E", "123m456s234p88m", [("peng", "999p", "N")]),
            SOUTH_4P,
            win("E", "discard", "4p", "W"),
            win("S", "discard", "4p", "W"),
        ],
        {("W", "S"): 4},
        "S",
        "E",
        id="xizhou_dealers_zero_tai_win_beside_a_nondealers",
    ),  # fmt: skip
    # zhoushan "一炮多响按逆时针胡在前面的为下局庄家"; "闲家胡牌后庄家下庄，下盘由原庄家下家做庄".
    # 西 throws 4p; 北 (first after 西) declares a win with tiles that do not win; 南 wins: 排胡
    # 1台, the discarder pays 1. One winner stands, a 闲家: 南 deals, not 北.
    pytest.param(
        "zhoushan",
        [
            show("N", NOT_A_WIN_13),
            SOUTH_4P,
            win("N", "discard", "4p", "W"),
            win("S", "discard", "4p", "W"),
        ],
        {("W", "S"): 1},
        "S",
        "N",
        id="zhoushan_first_winners_false_win",
    ),  # fmt: skip
    # wenling "以该打牌玩家的右手家、对家、左手家此顺序进行优先级排列"; "坐庄 '庄家'连续胡牌". 南 throws
    # 6s; 西 (its 下家, first) declares a win with tiles that do not win; 东 (庄) wins with five
    # chows and 55p on 78s: 旁胡 1 + 无得 1番 -> 20 × 4 = 80, C.1: each pays 8. 西's win is none,
    # so 东's stands (docs: priority_seat_no_win) and 东 坐庄; 南 dealing is the false win's.
    pytest.param(
        "wenling",
        [
            {"type": "wildcard", "indicator": "9s"},
            show("W", "147m258p358s1234z147p6s"),
            show("E", "123m456m789p234s678s55p"),
            win("W", "discard", "6s", "S"),
            win("E", "discard", "6s", "S"),
        ],
        {("S", "E"): 8, ("W", "E"): 8, ("N", "E"): 8},
        "E",
        "S",
        id="wenling_priority_seats_false_win",
    ),  # fmt: skip
    # huangyan (wenling's priority, docs) "莊家胡 1、閒家按全額支付給莊家": 南 throws 4s; 西 declares
    # a win with tiles that do not win; 东 wins 123m 456m 789p 23s+4s 55p: no 胡 item, 底胡 10,
    # 無"得" 1翻 -> 20 from each 閒家 (all 0 胡: no differences). 东 keeps the deal.
    pytest.param(
        "huangyan",
        [
            show("W", "147m258p369s1234z4s"),
            show("E", "123m456m789p234s55p"),
            win("W", "discard", "4s", "S"),
            win("E", "discard", "4s", "S"),
        ],
        {("S", "E"): 20, ("W", "E"): 20, ("N", "E"): 20},
        "E",
        "S",
        id="huangyan_priority_seats_false_win",
    ),  # fmt: skip
    # The same with 西 holding a 中暗刻 beside its false win: it is scored as a 閒家 on what it held
    # without the 4s (docs): "沒胡的人的胡數=算出幾胡X翻數" 字牌暗刻 8 × 2 (中) = 16. "莊家胡 … 2、閒家之間
    # 相減再除以2": 南 (0) → 西 8, 北 (0) → 西 8; each 閒家 pays 东 20.
    pytest.param(
        "huangyan",
        [
            show("W", "777z147m258p369s1z4s"),
            show("E", "123m456m789p234s55p"),
            win("W", "discard", "4s", "S"),
            win("E", "discard", "4s", "S"),
        ],
        {("S", "E"): 20, ("W", "E"): 20, ("N", "E"): 20, ("S", "W"): 8, ("N", "W"): 8},
        "E",
        "S",
        id="huangyan_priority_false_winner_settles_as_a_nondealer",
    ),  # fmt: skip
]


@pytest.mark.parametrize(("ruleset", "hand1", "payments", "dealer", "wrong"), ROTATION_CASES)
def test_the_deal_follows_the_win_that_stands(ruleset, hand1, payments, dealer, wrong):
    codes, paid = rotation_codes(ruleset, hand1, dealer)
    assert "dealer_rotation" not in codes and paid == payments
    assert "dealer_rotation" in rotation_codes(ruleset, hand1, wrong)[0]


def test_wenling_a_win_on_a_thrown_de_is_no_win():
    # "如果玩家不小心把得打出，则其不能胡牌，其它玩家也不能用打出来的得使自己的牌胡倒": 东 throws a 得
    # (9s; 得 = 九条) first and 南 (123456789m 234567p 中) declares a win on it as its 中 (单吊). No
    # win, nothing owed. The table paid it as 字牌对 2 + 单吊 2 + 20 = 24 × 2 (无得) = 48 → 50: 5
    # from each.
    deals = {
        "E": "12345678s368p2358m1z9s",
        "S": "123456789m234567p7z",
        "W": "123467z147s25p369m5s8p",
        "N": "111p489p678s25s47m346z",
    }
    paid = settlement(("E", "S", 5), ("W", "S", 5), ("N", "S", 5))
    assert_no_win(
        full_log("wenling", deals, "E-9s S:hu:9s:E", indicator="9s", end=(paid,)),
        "win_on_discarded_wildcard",
    )


# 东 暗杠s its four 5p at once; 南 (123m 456m 789m 67p 东东) "robs" it for 567p.
CONCEALED_KONG_13 = {
    "E": "5555p123s678s147m9p",
    "S": "123m456m789m67p11z",
    "W": "258m369p568s22z33z",
    "N": "369m147s18p6z777z4z",
}


@pytest.mark.parametrize(
    ("ruleset", "paid"),
    [
        # "(14)抢杠胡：胡别人明杠的牌" (an 暗杠 is no 明杠); the table paid 1台 five times.
        pytest.param("zhoushan", (("E", "S", 5),), id="zhoushan"),
        # "拉杠胡：胡他人危机杠的加杠牌" (an 暗杠 is no 加杠); the table paid 拉杠 5M on 2台.
        pytest.param("xizhou", (("E", "S", 10),), id="xizhou"),
    ],
)
def test_robbing_a_concealed_kong_is_no_win(ruleset, paid):
    assert_no_win(
        full_log(
            ruleset, CONCEALED_KONG_13, "E:gang:concealed:5p S:qiang:5p:E", end=(settlement(*paid),)
        ),
        "claim_no_discard",
    )


def test_wenling_a_hand_without_a_pair_is_no_win():
    # "胡牌 当玩家手中的牌成为一个对子，其它均由顺、刻子…组成就可声明胡牌": 南 (123456789m 234567p 中, no
    # 得: 得 = 九条) declares a win on 西's 1s — 123456789m 234567p 中 1s has no pair (a lone 中 and a
    # lone 1s). No win, nothing owed; the table paid 50 / 10 = 5 from each.
    deals = {
        "E": "12345678s368p2358m12z",
        "S": "123456789m234567p7z",
        "W": "1s123467z147s25p369m8p",
        "N": "111p489p678s25s47m346z",
    }
    paid = settlement(("E", "S", 5), ("W", "S", 5), ("N", "S", 5))
    assert_no_win(
        full_log("wenling", deals, "E-1z S~3s W+2m W-1s S:hu:1s:W", indicator="9s", end=(paid,)),
        "not_winning",
    )
