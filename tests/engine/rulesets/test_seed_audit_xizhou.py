"""西周麻将: an independent audit against shared/seeds/xizhou.txt (helper h-seeds-b). Every number
below was worked out by hand from the seed's clauses, quoted beside it, before the engine ran;
where the seed is silent the decisions of docs/rules/xizhou.md apply (正花 by the tile numbers:
东 春梅, 南 夏兰, 西 秋菊, 北 冬竹; 四花 any four). Cases chosen where the earlier checks had none:
送杠胡 whose replacement is first a flower, a 0-台 shape let go and a later win (1台起胡), 大三元
with 混一色 and 对对胡, two 拉杠胡 robbers, 地胡 twice on one discard and after a dealer's 暗杠,
seven flowers, a flower as the only 台.

  "计算结果分M=总台数*底分" (底分 1); "自摸：每人付M给胡家"; "点炮：点炮玩家付2M给胡家";
  拉杠胡/送杠胡/还杠胡 "需付胡家5M"; 三包 "接点炮胡，未胡的另一方需在正常计算结果基础上额外付2M".
"""

import pytest

from engine.audit import audit_records
from engine.replay import replay
from engine.rulesets import get_ruleset
from tests.engine.rulesets.seed_case_helpers import audited, check_case, each, flows, next_dealer
from tests.engine.rulesets.test_seed_audit_zhoushan import (
    KONG_FLOWER_BLOOM,
    TWO_ROBBERS,
    deals,
    discard,
    draw,
    gang,
)
from tests.engine.summary_log import codes_at, log, show, win

DIHU_TWICE = [
    show("S", "123m456p789s111s55z"),
    show("N", "234p567p678s999m55z"),
    win("S", "discard", "5z", "E", flags=["first_discard"]),
    win("N", "discard", "5z", "E", flags=["first_discard"]),
]

CASES = [
    # 1. (full log) 南 kongs 东's 8s, its replacement is 春 (东's: 野花 1), shown and replaced by 5p:
    # "送杠胡：接他人点杠并扛开（不与扛开叠加），1台" 1 + 自摸 1 + 野花 1 (34p+5p 两面, a kong: no
    # 平胡; 明杠: no 门清) = 3. "送杠胡：点杠玩家需付胡家5M" -> 东 pays 15, nobody else.
    pytest.param(KONG_FLOWER_BLOOM, {}, {"S": 3}, {("E", "S"): 15}, id="song_gang_after_a_flower"),
    # 2. "大三元：同时有中发白三组刻子，不叠加中发白，25台" 25 + 混一色 12 + "对对胡…按混一色计" 12 +
    # 单吊 (2m) 1 + 自摸 1 + 门清 1 = 52; each pays 52.
    pytest.param(
        [show("E", "111m22m555666777z"), win("E", "self_draw", "2m")],
        {},
        {"E": 52},
        each("E", 52),
        id="da_san_yuan_half_flush_all_pungs",
    ),
    # 3. "拉杠胡：胡他人危机杠的加杠牌，1台" 1 + 嵌倒 (3s_5s) 1 + 门清 1 + 中发白 (白) 1 = 4;
    # "拉杠胡：杠牌玩家需付胡家5M" -> 南 pays 20.
    pytest.param(
        [show("N", "123m67899p345s555z"), win("N", "robbed_kong", "4s", "S")],
        {},
        {"N": 4},
        {("S", "N"): 20},
        id="la_gang_concealed_hand",
    ),
    # 4. Two robbers of 南's 4s kong, each paid 5M by 南: 西 发 1 + 门清 1 + 拉杠 1 = 3 -> 15;
    # 北 嵌倒 1 + 白 1 + 门清 1 + 拉杠 1 = 4 -> 20.
    pytest.param(
        TWO_ROBBERS, {}, {"W": 3, "N": 4}, {("S", "W"): 15, ("S", "N"): 20}, id="two_la_gang"
    ),
    # 5. 南 with 夏 兰 (its own: "正花…可累加，2台" 2 × 2) and 春 (野花 1) = 5 + 平胡 (1p pair,
    # 34m+2m) 1 + 自摸 1 + 门清 1 = 8; each pays 8.
    pytest.param(
        [show("S", "234m11567p345678s", revealed=["2f", "6f", "1f"]), win("S", "self_draw", "2m")],
        {},
        {"S": 8},
        each("S", 8),
        id="two_own_flowers_and_one_other",
    ),
    # 6. 西 with seven flowers (no 菊): "四花：四个花，不叠加其中的正花野花，12台" on four of the six
    # other seats' flowers 12 + the other two 野花 2 + 秋 正花 2 = 16; 平胡 (白 pair, docs) 1 +
    # 门清 1 = 18; 北 pays 2M = 36.
    pytest.param(
        [
            show("W", "234m567p345678s55z", revealed=["1f", "2f", "3f", "4f", "5f", "6f", "7f"]),
            win("W", "discard", "2m", "N"),
        ],
        {},
        {"W": 18},
        {("N", "W"): 36},
        id="seven_flowers",
    ),
    # 7. 西 in the 东 round: "圈风" (东 pung) 1 + "位风" (西 pung) 1 + 单吊 (9s) 1 + 自摸 1 + 门清 1
    # = 5; each pays 5.
    pytest.param(
        [show("W", "111z333z234m678p99s"), win("W", "self_draw", "9s")],
        {},
        {"W": 5},
        each("W", 5),
        id="round_and_seat_wind_pungs",
    ),
    # 8. "清12混8": four 碰 and one standing tile: 单吊 1 + "大吊车…可叠加单吊，按混一色计" 8 +
    # 对对胡 8 + 混一色 8 + 中 1 = 26 (南 pung: neither 西's wind nor the round's; no 门清); 南 pays
    # 2M = 52. (Claims 2 from 北, 1 from 东, 1 from 南: no 三包.)
    pytest.param(
        [
            show(
                "W",
                "55s",
                [
                    ("peng", "111s", "N"),
                    ("peng", "999s", "E"),
                    ("peng", "222z", "S"),
                    ("peng", "777z", "N"),
                ],
            ),
            win("W", "discard", "5s", "S"),
        ],
        {"flush_config": "12/8"},
        {"W": 26},
        {("S", "W"): 52},
        id="da_diao_che_config_12_8",
    ),
    # 9. "三包：吃碰杠同一家达到3次": 南 吃, 碰 and 明杠 from 东; 南 wins 中 on 西's discard (对倒
    # 99s/77z 1 + 中 1 = 2): 西 pays 2M = 4, "未胡的另一方需…额外付2M" 东 4.
    pytest.param(
        [
            show(
                "S",
                "99s777z",
                [("chi", "123m", "E"), ("peng", "888p", "E"), ("gang_exposed", "5555s", "E")],
            ),
            win("S", "discard", "7z", "W"),
        ],
        {},
        {"S": 2},
        {("W", "S"): 4, ("E", "S"): 4},
        id="san_bao_by_chi_peng_and_kong",
    ),
    # 10. "地胡：庄家打出的第一张牌点炮，16台", two winners on it ("支持一炮多响…台数番数各算各的"):
    # each 地胡 16 + 单吊 (白) 1 + 门清 1 = 18; 东 pays each 2M = 36.
    pytest.param(
        DIHU_TWICE, {}, {"S": 18, "N": 18}, {("E", "S"): 36, ("E", "N"): 36}, id="dihu_twice"
    ),
    # 11. "平胡…将牌不可为中发牌、正风圈风位风，其他风牌可以": 北 with a 南 pair: 平胡 1 + 门清 1 = 2;
    # 东 pays 4.
    pytest.param(
        [show("N", "234m567p345678s22z"), win("N", "discard", "2m", "E")],
        {},
        {"N": 2},
        {("E", "N"): 4},
        id="other_wind_pair_allows_pinghu",
    ),
    # 13. 一炮多响 on 东's 白: 南 (三包 with 东: 吃, 吃, 碰 from it) 单吊 1 -> "点炮玩家付2M" 2 +
    # "未胡的另一方需在正常计算结果基础上额外付2M" (东 itself) 2 = 4; 北 (unbound) 单吊 1 + 门清 1 = 2
    # -> 东 pays 2M = 4 ("台数番数各算各的").
    pytest.param(
        [
            show(
                "S", "789s55z", [("chi", "123m", "E"), ("chi", "456m", "E"), ("peng", "777p", "E")]
            ),
            show("N", "123p456p789p111s55z"),
            win("S", "discard", "5z", "E"),
            win("N", "discard", "5z", "E"),
        ],
        {},
        {"S": 1, "N": 2},
        {("E", "S"): 4, ("E", "N"): 4},
        id="bound_winner_next_to_an_unbound_one",
    ),
    # 14. "互包：两名玩家互相吃碰杠对方的牌达3次" (南 吃吃碰 from 东, 东 碰碰杠 from 南); 南 wins on
    # 东's discard, 单吊 1: 2M + "原本三包双方需付出的部分翻倍" 2 × 2M = 6, all from 东.
    pytest.param(
        [
            show(
                "S", "789s55z", [("chi", "123m", "E"), ("chi", "456m", "E"), ("peng", "777p", "E")]
            ),
            show(
                "E",
                "234m5p",
                [("peng", "111z", "S"), ("peng", "333z", "S"), ("gang_exposed", "9999m", "S")],
            ),
            win("S", "discard", "5z", "E"),
        ],
        {},
        {"S": 1},
        {("E", "S"): 6},
        id="hu_bao_with_the_discarder",
    ),
    # 15. 南 (三包 with 西: three 碰) robs 北's added 4s: 拉杠胡 1 (56s+4s 两面; pungs: no 平胡) = 1;
    # "拉杠胡：杠牌玩家需付胡家5M" 北 5 + "拉杠/送杠/还杠可与三包/互包累加" 西 2M = 2.
    pytest.param(
        [
            show(
                "S",
                "456s88s",
                [("peng", "111p", "W"), ("peng", "222p", "W"), ("peng", "333p", "W")],
            ),
            win("S", "robbed_kong", "4s", "N"),
        ],
        {},
        {"S": 1},
        {("N", "S"): 5, ("W", "S"): 2},
        id="la_gang_and_san_bao_with_a_third_seat",
    ),
    # 12. "1台起胡": 北 吃 from 西, all chows but a 中 pair (no 平胡), no 门清, 两面: the hand has no
    # 台 of its own; 春 (东's flower) "野花…1台" makes it 1 -> a win; 东 pays 2M = 2.
    pytest.param(
        [
            show("N", "456p789s345s77z", [("chi", "123m", "W")], revealed=["1f"]),
            win("N", "discard", "5s", "E"),
        ],
        {},
        {"N": 1},
        {("E", "N"): 2},
        id="a_flower_is_the_one_tai",
    ),
]


@pytest.mark.parametrize(("records", "options", "points", "payments"), CASES)
def test_seed_audit_case(records, options, points, payments):
    check_case("xizhou", records, options, points, payments)


def test_two_winners_neither_the_dealer_pass_the_deal():
    # "闲家胡则庄家下家坐庄": 南 and 北 won, the dealer did not -> 南 deals.
    assert next_dealer("xizhou", DIHU_TWICE) == "S"
    assert next_dealer("xizhou", TWO_ROBBERS) == "S"


def test_dihu_after_the_dealers_concealed_kong():
    # (full log) 东 暗杠 1m, draws its replacement, then throws 白, its first discard: 南 wins on
    # it. "地胡：庄家打出的第一张牌点炮，16台" 16 + 单吊 1 + 门清 1 = 18; 东 pays 2M = 36.
    hand = audited(
        "xizhou",
        [
            *deals(
                "1111m234p567p789s5z", "123s456s789m234m5z", "222333444666p7z", "8m9s11133344466z"
            ),
            gang("E", "concealed", "1m"),
            draw("E", "2z", back=True),
            discard("E", "5z"),
            win("S", "discard", "5z", "E"),
            show("S", "123s456s789m234m55z"),
        ],
    )
    assert hand["points"]["S"] == 18
    assert flows(hand) == {("E", "S"): 36}


def passed_then_won(first: str) -> list[dict]:
    """(full log) 南 碰s 东's 9p and holds 123s 456s 6788m; 西 throws ``first``, which 南 lets go;
    北 throws 8m before 南 draws and 南 wins on it (单吊 6788m + 8m: 1台)."""
    return [
        *deals("11223344559p237z", "99p123s456s6788m1z", "1112223334449m", "6677889s44z55z66z"),
        discard("E", "9p"),
        {"type": "peng", "seat": "S"},
        discard("S", "1z"),
        draw("W", first),
        discard("W", first),
        draw("N", "8m"),
        discard("N", "8m"),
        win("S", "discard", "8m", "N"),
        show("S", "123s456s67888m", [("peng", "999p", "E")]),
    ]


def test_a_zero_tai_shape_let_go_does_not_bar_a_later_win():
    # 西's 5m completes 南's shape (567m + 88m) but is worth 0台 (两面, a 碰: no 平胡, no 门清, no
    # other item): "1台起胡", so 南 could not win and did not "选择不胡". Its win on 北's 8m
    # (单吊 1台) is legal ("有人点炮时选择不胡…不可胡牌" does not apply); 北 pays 2M = 2.
    hand = audited("xizhou", passed_then_won("5m"))
    assert hand["points"]["S"] == 1
    assert flows(hand) == {("N", "S"): 2}


def test_a_one_tai_tile_let_go_bars_a_later_win():
    # 西's 8m was 单吊 1台, a win 南 could take and let go ("有人点炮时选择不胡，在玩家下次摸牌前如
    # 再次被点炮不可胡牌"): its win on 北's 8m before it draws is barred.
    hand = audit_records(log("xizhou", passed_then_won("8m")))["hands"][0]
    assert codes_at(hand) == [(13, "passed_win")]  # the win line


def test_a_discard_that_is_not_the_first_after_the_kong_is_no_huan_gang():
    # (full log) 南 kongs 西's 6p, throws 白 after its replacement, and only its next discard, 4p,
    # lets 西 win. "还杠胡：点任一玩家杠后接该玩家杠后炮胡牌" needs the discard right after the kong
    # (杠后炮): a plain 点炮. 西: 平胡 (23p+4p, 5s pair) 1 + 门清 1 = 2; "点炮：点炮玩家付2M" -> 南 4.
    hand = audited(
        "xizhou",
        [
            *deals(
                "11m99m11p99p11s99s4z7s",
                "666p4p111z222z333z",
                "123m456m789s23p55s",
                "2223334446667s",
            ),
            discard("E", "4z"),
            draw("S", "7z"),
            discard("S", "7z"),
            draw("W", "6p"),
            discard("W", "6p"),
            gang("S", "exposed", "6p"),
            draw("S", "5z", back=True),
            discard("S", "5z"),
            draw("W", "9p"),
            discard("W", "9p"),
            draw("N", "8m"),
            discard("N", "8m"),
            draw("E", "8s"),
            discard("E", "8s"),
            draw("S", "4z"),
            discard("S", "4p"),
            win("W", "discard", "4p", "S"),
            show("W", "123m456m789s234p55s"),
        ],
    )
    assert hand["points"]["W"] == 2
    assert flows(hand) == {("S", "W"): 4}


def test_a_drawn_hand_with_another_seats_kong():
    # "流局时，庄家无杠连庄，有杠则庄家下家坐庄": 西 konged, the dealer did not. Read with the dealer
    # as the subject of both halves (docs): 东 stays; read as "if there was a kong"
    # (`drawn_kong=anyone`): 南 deals. Nothing is paid either way.
    records = [
        show("E", "123m456p789s99s77z"),
        show("W", "123m456p78s11s", [("gang_exposed", "5555s", "N")]),
        {"type": "exhausted"},
    ]
    for options, dealer in (({}, "E"), ({"drawn_kong": "anyone"}, "S")):
        hand = replay(log("xizhou", records, options=options)).hands[0]
        assert hand.anomalies == []
        assert get_ruleset("xizhou").next_dealer(hand.outcome, hand.opts) == dealer
