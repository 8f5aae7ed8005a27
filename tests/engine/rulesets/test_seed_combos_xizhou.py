"""西周麻将: clauses of shared/seeds/xizhou.txt taken together, where a slip is likeliest — 大吊车
with 单吊 and 对对胡 (and 三包, 混一色, 字一色), 杠开 on an own 暗杠 paid by a 三包 partner alone, two
bound seats beside a third seat's discard, 互包 on a self-draw with 底分 2, 四花 holding two own
flowers under both `four_flowers` readings, the dealer's 对倒 self-draw with 对对胡 and 正风. Every
number was computed by hand from the quoted clauses (and the decisions in docs/rules/xizhou.md)
before the engine ran. M = 台 × 底分 (1 unless said); 清14混12 (the default): 混一色, 大吊车 and
对对胡 12 each. Summary logs, and one full play-by-play log (tests/engine/rulesets/play_log.py).

  "单吊：所胡的牌与单张组成对子…1台"  "大吊车：只剩1张立牌单吊胡牌，可叠加单吊，按混一色计"
  "对对胡：4组刻子（杠子）加将牌，按混一色计"  "字一色/风一色：全部牌为字牌，40台"
  "三包：吃碰杠同一家达到3次形成承包关系（双向）"  "不同玩家间三包/互包可累加"
  "如三包的一方接点炮胡，未胡的另一方需在正常计算结果基础上额外付2M给胡家"
  "如三包的一方自摸胡，未胡的另一方需独缴原本三家付的3M，并额外付2M，共计5M"
  "互包：原本三包双方需付出的部分翻倍"  "自摸：每人付M给胡家"  "点炮：点炮玩家付2M给胡家"
"""

import pytest

from engine.audit import audit_records
from engine.tiles import FACES
from tests.engine.rulesets import play_log
from tests.engine.rulesets.seed_case_helpers import check_case, each, next_dealer
from tests.engine.summary_log import log, settlement, show, win

# 南's four 碰, three of them of 北's discards (三包 南–北), and the 5m it waits on alone.
BOUND_DA_DIAO_CHE = show(
    "S",
    "55m",
    [("peng", "111m", "N"), ("peng", "999m", "N"), ("peng", "777z", "N"), ("peng", "333m", "E")],
)
# 北's three 碰 of 南's discards, and four honors.
NORTH_BOUND_TO_SOUTH = show(
    "N", "1z2z3z4z", [("peng", "333m", "S"), ("peng", "888p", "S"), ("peng", "111s", "S")]
)
FOUR_FLOWERS_TWO_OWN = show("E", "123m456m789p234s55s", revealed=["1f", "2f", "5f", "6f"])

CASES = [
    # 1. 南: 碰 111m (东), 999p (东), 333s (西), 777s (北), one 8p standing, wins 西's 8p: 单吊 1 +
    # 大吊车 12 ("可叠加单吊") + 对对胡 12 = 25台 (three suits: no flush; no 门清; two claims on one
    # seat at most: no 三包). "点炮玩家付2M": 西 pays 50.
    pytest.param(
        [
            show(
                "S",
                "88p",
                [
                    ("peng", "111m", "E"),
                    ("peng", "999p", "E"),
                    ("peng", "333s", "W"),
                    ("peng", "777s", "N"),
                ],
            ),
            win("S", "discard", "8p", "W"),
        ],
        {},
        {"S": 25},
        {("W", "S"): 50},
        id="da_diao_che_dandiao_duiduihu",
    ),
    # 2. 南 wins 西's 5m: 单吊 1 + 大吊车 12 + 对对胡 12 + 混一色 12 (万 and 中) + "中发白…1台" 1 = 38;
    # M = 38. 西 pays 2M = 76; 北, bound to 南 by three 碰 and not the winner, "额外付2M" = 76.
    pytest.param(
        [BOUND_DA_DIAO_CHE, win("S", "discard", "5m", "W")],
        {},
        {"S": 38},
        {("W", "S"): 76, ("N", "S"): 76},
        id="da_diao_che_half_flush_bound_on_a_discard",
    ),
    # 3. The same hand self-drawn: 38 + 自摸 1 = 39, M = 39; "独缴…共计5M": 北 pays 195 alone.
    pytest.param(
        [BOUND_DA_DIAO_CHE, win("S", "self_draw", "5m")],
        {},
        {"S": 39},
        {("N", "S"): 195},
        id="da_diao_che_half_flush_bound_self_drawn",
    ),
    # 4. 南 (暗杠 2p, 456m 789m 66s, 46s) self-draws 5s on the kong's replacement: 杠开 1 + 自摸 1 +
    # 门清 1 ("没有吃碰和明杠": an 暗杠 keeps it) + 嵌倒 1 = 4台, M = 4. 北 碰'd three of 南's
    # discards: bound "（双向）", it pays 5M = 20 alone; 东 and 西 nothing.
    pytest.param(
        [
            show("S", "456m789m456s66s", [("gang_concealed", "2222p", None)]),
            NORTH_BOUND_TO_SOUTH,
            win("S", "self_draw", "5s", flags=["kong_replacement"]),
        ],
        {},
        {"S": 4},
        {("N", "S"): 20},
        id="gang_kai_on_a_concealed_kong_bound_partner_pays_alone",
    ),
    # 5. 东 (庄) in the 东 round, all concealed: 东 pung, 555m 777p 999s and 22s; self-draws 9s:
    # 对倒 1 (self-drawn counts, docs) + 自摸 1 + 门清 1 + 对对胡 12 + 正风 2 (东 is both its seat
    # and the round's wind; docs: instead of 圈风 + 位风) = 17; "每人付M": 17 from each.
    pytest.param(
        [show("E", "111z555m777p999s22s"), win("E", "self_draw", "9s")],
        {},
        {"E": 17},
        each("E", 17),
        id="dealer_duidao_self_draw_duiduihu_zhengfeng",
    ),
    # 6. 东 shows 春 夏 梅 兰 (its own 春 and 梅, 南's 夏 and 兰) and wins 西's 4s (23s, four runs,
    # 55s): "四花：四个花，不叠加其中的正花野花，12台" 12 + 平胡 1 + 门清 1 = 14; 西 pays 28.
    pytest.param(
        [FOUR_FLOWERS_TWO_OWN, win("E", "discard", "4s", "W")],
        {},
        {"E": 14},
        {("W", "E"): 28},
        id="four_flowers_holding_two_own",
    ),
    # 7. `four_flowers=set`: 春夏梅兰 is no full set, so each flower counts alone: 正花 2 × 2 + 野花
    # 1 × 2 = 6, + 平胡 1 + 门清 1 = 8; 西 pays 16.
    pytest.param(
        [FOUR_FLOWERS_TWO_OWN, win("E", "discard", "4s", "W")],
        {"four_flowers": "set"},
        {"E": 8},
        {("W", "E"): 16},
        id="four_flowers_holding_two_own_by_set",
    ),
    # 8. 南 吃s 东's 1m and 4p and 碰s 东's 中 (三包 南–东); 北 碰'd three of 南's tiles (三包
    # 北–南). 南 wins 西's 3s (24s: 嵌倒 1) + 中 1 = 2台, M = 2: 西 2M = 4; "不同玩家间三包/互包可累加":
    # 东 2M = 4 and 北 2M = 4.
    pytest.param(
        [
            show(
                "S",
                "234s99s",
                [("chi", "123m", "E"), ("chi", "456p", "E"), ("peng", "777z", "E")],
            ),
            NORTH_BOUND_TO_SOUTH,
            win("S", "discard", "3s", "W"),
        ],
        {},
        {"S": 2},
        {("W", "S"): 4, ("E", "S"): 4, ("N", "S"): 4},
        id="two_bound_seats_beside_a_third_seats_discard",
    ),
    # 9. 南 碰s three of 北's tiles and 北 three of 南's: 互包 (docs `each_3`). 南 self-draws 6s
    # (45s, 两面; 99s): 自摸 1 + 中 1 = 2台; 底分 2: M = 4. "互包：原本三包双方需付出的部分翻倍": 北
    # pays 2 × 5M = 40 alone.
    pytest.param(
        [
            show(
                "S",
                "456s99s",
                [("peng", "222m", "N"), ("peng", "888p", "N"), ("peng", "777z", "N")],
            ),
            show(
                "N",
                "1z2z3z4z",
                [("peng", "555m", "S"), ("peng", "666p", "S"), ("peng", "777s", "S")],
            ),
            win("S", "self_draw", "6s"),
        ],
        {"base": 2},
        {"S": 2},
        {("N", "S"): 40},
        id="hu_bao_self_draw_base_2",
    ),
    # 10. 南: 碰 东 (东), 南 (西), 白 (北), 发 (东), a 中 standing, wins 西's 中: 单吊 1 + 大吊车 12 +
    # 对对胡 12 + 字一色 40 + 中发白 2 (白, 发; 中 is the pair: no 大三元) + 位风 1 (南) + 圈风 1 (东
    # round) = 69; 西 pays 138.
    pytest.param(
        [
            show(
                "S",
                "77z",
                [
                    ("peng", "111z", "E"),
                    ("peng", "222z", "W"),
                    ("peng", "555z", "N"),
                    ("peng", "666z", "E"),
                ],
            ),
            win("S", "discard", "7z", "W"),
        ],
        {},
        {"S": 69},
        {("W", "S"): 138},
        id="ziyise_da_diao_che_winds_and_dragons",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", CASES)
def test_seed_combo(records, options, points, payments):
    check_case("xizhou", records, options, points, payments)


def test_the_dealer_keeps_the_deal_after_its_self_draw():
    # Case 5: "庄家胡则连庄".
    assert next_dealer("xizhou", CASES[4].values[0]) == "E"


def test_gang_kai_on_a_concealed_kong_bound_partner_pays_alone_full_log():
    # Case 4 played: 北 碰s 南's 3m, 8p and 1s (three claims on one seat: 三包), 南 draws its 4th
    # 2p, 暗杠s it and wins 5s on the replacement: 4台, 北 pays 5M = 20 alone; 南 deals next.
    deals = {
        "E": "159m159p159s12345z",
        "S": "222p456m789m46s66s",
        "W": "2368m3478p2379s6z",
        "N": "33m88p11s1234567z",
    }
    steps = (
        "E-1z S~3m N:peng N-7z E~2z S~8p N:peng N-6z E~3z S~1s N:peng N-5z E~4z"
        " S+2p S:gang:concealed:2p S*5s S:zimo:5s"
    )
    recs = play_log.full_log("xizhou", deals, steps)
    hand = play_log.audited(recs)
    assert hand["points"] == {"S": 4}
    assert play_log.flows(hand) == {("N", "S"): 20}
    assert play_log.next_dealer(recs) == "S"


def test_da_diao_che_after_a_fourth_claim_full_log():
    # 南 碰s 北's 1m, 9m and 中 (three claims on one seat: 三包 南–北), then 吃s 东's 4m with 23m
    # and throws its own 4m: "不可吃张打张…如吃碰后会形成大吊车牌型，允许吃张打张" — one 5m is left
    # standing. 南 wins 西's 5m: 单吊 1 + 大吊车 12 + 混一色 12 (万 and 中; the 吃 bars 对对胡) +
    # 中 1 = 26台. 西 pays 2M = 52, 北 (bound, not the winner) 2M = 52. zhoushan, the same play:
    # "不允许吃打同张" has no such exception (`discard_of_claimed` on the 4m); 单钓将 1 + 混一色 2 +
    # 中3个 1 = 4台, 西 pays 4.
    deals = {
        "E": "2z678m678p678s1456z",
        "S": "11m99m77z23m5m1s9s1p4m",
        "W": "2356m149p149s245z",
        "N": "1m9m7z2356p2356s13z",
    }
    steps = (
        "E-2z S~3z W~3z N+6z N-1m S:peng S-1s W~6z N+7m N-9m S:peng S-9s W~7m N+8m N-7z"
        " S:peng S-1p W~8m N~4s E~4m S:chi:23m S-4m W+5m W-5m S:hu:5m:W"
    )
    recs = play_log.full_log("xizhou", deals, steps)
    hand = play_log.audited(recs)
    assert hand["points"] == {"S": 26}
    assert play_log.flows(hand) == {("W", "S"): 52, ("N", "S"): 52}
    recs = play_log.full_log("zhoushan", deals, steps)
    hand = audit_records(recs)["hands"][0]
    own_4m = max(i for i, r in enumerate(recs) if r["type"] == "discard" and r["tile"] == "4m")
    assert [(a["seq"], a["code"]) for a in hand["anomalies"]] == [(own_4m, "discard_of_claimed")]
    assert hand["points"] == {"S": 4}
    assert play_log.flows(hand) == {("W", "S"): 4}


# -- kong chains (杠上杠) ---------------------------------------------------------------------
# 北 明杠s 南's 5p; the replacement is its 4th 7s, which it 暗杠s at once (no discard between: one
# turn, one chain of kongs).
CHAIN = "E-1z S~5p N:gang:exposed:5p N*7s N:gang:concealed:7s"
CHAIN_EAST = "147m268p369s12346z"


@pytest.mark.parametrize(
    ("ruleset", "tai", "payments"),
    [
        # "送杠胡：接他人点杠并扛开（不与扛开叠加），1台": the chain began with 南's 点杠, and 北 blooms
        # on it (docs decision: a kong made on a kong's replacement continues that kong): 送杠胡 1
        # + 嵌倒 1 + 自摸 1 = 3 (no 门清: a 明杠); "送杠胡：点杠玩家需付胡家5M": 南 pays 15 alone.
        pytest.param("xizhou", 3, {("S", "N"): 15}, id="xizhou_song_gang"),
        # "(12)…抓别人的牌开杠，补牌后成胡，被开杠那家付3家": 杠上开花 2 + 坎张 1 = 3; 南 pays 9.
        pytest.param("zhoushan", 3, {("S", "N"): 9}, id="zhoushan_bloom_bao"),
    ],
)
def test_a_bloom_after_a_kong_chain_begun_by_a_claimed_kong(ruleset, tai, payments):
    deals = {
        "E": CHAIN_EAST,
        "S": "2358m1379p1248s5z",
        "W": "5669m1489p3568s7z",
        "N": "555p777s123m46m99s",
    }
    hand = play_log.audited(play_log.full_log(ruleset, deals, f"{CHAIN} N*5m N:zimo:5m"))
    assert hand["points"] == {"N": tai}
    assert play_log.flows(hand) == payments


HUAN_GANG_DEALS = {
    "E": CHAIN_EAST,
    "S": "123m456m789m12s88p",
    "W": "2369m1469p4568s7z",
    "N": "555p777s3s11z22z33z",
}


@pytest.mark.parametrize(
    ("steps", "tai", "payments"),
    [
        # 北's first discard after the kong 南 fed (and the 暗杠 made on its replacement) is 3s; 南
        # wins it with 12s: "还杠胡：点任一玩家杠后接该玩家杠后炮胡牌" (docs: X konged my discard and I
        # win on X's next discard) 1 + 边倒 1 + 门清 1 = 3台; "杠牌并点炮玩家需付胡家5M": 北 pays 15.
        pytest.param(
            f"{CHAIN} N*9s N-3s S:hu:3s:N", 3, {("N", "S"): 15}, id="huan_gang_after_a_chain"
        ),
        # 北 throws a tile after the 明杠 first; its later 暗杠's 杠后炮 is not the discard after the
        # kong 南 fed: 边倒 1 + 门清 1 = 2台, "点炮玩家付2M": 北 pays 4.
        pytest.param(
            "E-1z S~5p N:gang:exposed:5p N*9s N-9s E~4z S~4z W~4z"
            " N+7s N:gang:concealed:7s N*8s N-3s S:hu:3s:N",
            2,
            {("N", "S"): 4},
            id="no_huan_gang_after_a_later_kong",
        ),
    ],
)
def test_huan_gang_and_a_kong_chain(steps, tai, payments):
    hand = play_log.audited(play_log.full_log("xizhou", HUAN_GANG_DEALS, steps))
    assert hand["points"] == {"S": tai}
    assert play_log.flows(hand) == payments


# -- 海底捞月 on the last live tile of a full log ----------------------------------------------
# One seat waits on 5s with 123m 456m 789p 46s 99s (嵌倒); the others throw what they draw until
# it draws the last live tile, a 5s.
TENPAI_5S = "123m456m789p46s99s"
JUNK = ("2369m1469p1278s7z", "2569m2378p1378s5z")
EAST_JUNK = "1z147m258p369s2346z"
FLOWERS = tuple(f"{n}f" for n in range(1, 9))


def last_tile_log(ruleset: str, seat: str, live: int, last=(), options=None) -> list[dict]:
    """``seat`` (S, W or N) waits on 5s and self-draws it when ``live`` tiles are left; the
    others' draws come off the wall in tile order, the kinds in ``last`` last."""
    others = iter(JUNK)
    deals = {"E": EAST_JUNK} | {s: TENPAI_5S if s == seat else next(others) for s in "SWN"}
    steps = play_log.drain(ruleset, deals, live, last=last, held_back=["5s"], start="S")
    assert "ESWN"[("ESWN".index(steps.split()[-1][0]) + 1) % 4] == seat  # its turn comes next
    return play_log.full_log(ruleset, deals, f"E-1z {steps} {seat}+5s {seat}:zimo:5s", options)


@pytest.mark.parametrize(
    ("seat", "live", "last", "shown", "tai"),
    [
        # The flowers stay in the wall: "8花未全部补完，剩余16张流局" — 北 draws the tile that leaves
        # 16: "海底捞月：摸到最后1张牌时胡牌" 1 + 嵌倒 1 + 自摸 1 + 门清 1 = 4台; "每人付M": 4 each.
        pytest.param("N", 16, FLOWERS, [], 4, id="sixteen_left"),
        # The eight flowers come first (南 shows 春 and 梅, 东's own: 野花 1 × 2): "8花全部补完，剩余18张
        # 流局" — 南 draws the tile that leaves 18: 海底 1 + 嵌倒 1 + 野花 2 + 自摸 1 + 门清 1 = 6台.
        pytest.param("S", 18, FACES, ["1f", "5f"], 6, id="eighteen_left_all_flowers_out"),
        # Flowers in tile order: six are out (none 北's) when 北 draws the tile that leaves 18 —
        # 16 are the last, so this is no 海底: 嵌倒 1 + 自摸 1 + 门清 1 = 3台.
        pytest.param("N", 18, (), [], 3, id="eighteen_left_six_flowers_out_is_no_haidi"),
    ],
)
def test_haidi_on_the_last_live_tile_full_log(seat, live, last, shown, tai):
    recs = last_tile_log("xizhou", seat, live, last)
    assert [r["tile"] for r in recs if r["type"] == "reveal" and r["seat"] == seat] == shown
    hand = play_log.audited(recs)
    assert hand["points"] == {seat: tai}
    assert play_log.flows(hand) == each(seat, tai)


# -- a table that did not see the kong 承包 --------------------------------------------------
ROBBED = [show("N", "123m456s789s456p11z"), win("N", "robbed_kong", "5p", "S")]


@pytest.mark.parametrize(
    ("records", "paid", "code"),
    [
        # 北 robs 南's 加杠 of 5p (46p): 嵌倒 1 + 门清 1 + "拉杠胡：胡他人危机杠的加杠牌，1台" 1 = 3台;
        # owed "杠牌玩家需付胡家5M" = 15 from 南. Paid 2M = 6: the 台 counted, the 承包 not applied.
        pytest.param(ROBBED, 6, "la_gang_missed", id="la_gang_tai_counted"),
        # Paid 2M of 2台 = 4: 拉杠胡 not seen at all (its 台 nor its 5M).
        pytest.param(ROBBED, 4, "la_gang_unseen", id="la_gang_unseen"),
    ],
)
def test_a_kong_liability_the_table_missed_is_named(records, paid, code):
    recs = log("xizhou", [*records, settlement(("S", "N", paid))])
    hand = audit_records(recs)["hands"][0]
    assert play_log.flows(hand) == {("S", "N"): 15}
    assert [x["code"] for x in hand["explanations"]] == [code]


def test_a_huan_gang_after_a_kong_chain_paid_as_a_plain_discard_is_named():
    # test_huan_gang_and_a_kong_chain's first hand (3台, 北 owes 15) paid as a plain 点炮 of 2台:
    # 4 — the table did not see the 还杠胡.
    steps = f"{CHAIN} N*9s N-3s S:hu:3s:N"
    recs = play_log.full_log("xizhou", HUAN_GANG_DEALS, steps, end=(settlement(("N", "S", 4)),))
    hand = audit_records(recs)["hands"][0]
    assert [x["code"] for x in hand["explanations"]] == ["huan_gang_unseen"]
