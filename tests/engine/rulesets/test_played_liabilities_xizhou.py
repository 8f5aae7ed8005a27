"""西周麻将: 承包 found by the replay from full play-by-play logs written by hand (no flags, no
showdown): which claims bind two seats (三包), and which kong makes a seat pay 5M. Each case
quotes its clause of shared/seeds/xizhou.txt; the 台 and the payments were computed by hand
from it (and docs/rules/xizhou.md) before the engine ran. M = 台 × 底分 1.

  "1. 三包：吃碰杠同一家达到3次形成承包关系（双向）"
  "如三包的一方接点炮胡，未胡的另一方需在正常计算结果基础上额外付2M给胡家"
  "如三包的一方自摸胡，未胡的另一方需独缴原本三家付的3M，并额外付2M，共计5M"
  "自摸：每人付M给胡家" / "点炮：点炮玩家付2M给胡家"
  "拉杠胡：杠牌玩家需付胡家5M" / "还杠胡：点任一玩家杠后接该玩家杠后炮胡牌" "杠牌并点炮玩家需付胡家5M"
  "庄家胡则连庄，闲家胡则庄家下家坐庄"
"""

import pytest

from tests.engine.rulesets.play_log import audited, drain, flows, full_log, next_dealer
from tests.engine.rulesets.test_played_liabilities_zhoushan import HEAVEN_ON_A_FLOWER

# 南 (23m 56m 77z 1p 9p 9s 34s 55p) 吃s 东's 1m and 4m and 碰s a 中, throwing 9p, 9s, 1p: it is
# left with 34s 55p and self-draws 5s: 中 pung "中发白：刻子…1台" 1 + 自摸 1 = 2台 (no 门清, the
# 345s wait is two-sided: no wait item, no 平胡 with a pung): M = 2.
SOUTH = "2356m1559p349s77z"
NORTH = "22299m26p111666s"
CLAIMS = "E-1m S:chi:23m S-9p W~8m N~8m E+3z E-4m S:chi:56m S-9s"


def test_three_claims_on_one_seat_bind_it_on_a_self_draw():
    # 南's three claims all take 东's discards: 三包 南–东. 南 self-draws: "独缴…共计5M": 东 pays
    # 5 × 2 = 10, 西 and 北 nothing.
    deals = {"E": "149m147p258s12347z", "S": SOUTH, "W": "33388p78s555666z", "N": NORTH}
    steps = CLAIMS + " W~7m N~7m E+1z E-7z S:peng S-1p W~6m N~6m E~4z S+5s S:zimo:5s"
    recs = full_log("xizhou", deals, steps)
    hand = audited(recs)
    assert hand["points"] == {"S": 2}
    assert flows(hand) == {("E", "S"): 10}
    assert next_dealer(recs) == "S"  # 闲家胡则庄家下家坐庄


def test_claims_on_two_seats_bind_nobody():
    # The 中 comes from 西 this time: two claims on 东, one on 西 — "同一家达到3次" is not reached;
    # a plain self-draw, "每人付M": 东 西 北 pay 2 each.
    deals = {"E": "149m1467p258s1234z", "S": SOUTH, "W": "33388p8s5556667z", "N": NORTH}
    steps = CLAIMS + " W+7m W-7z S:peng S-1p W~6m N~6m E~4z S+5s S:zimo:5s"
    hand = audited(full_log("xizhou", deals, steps))
    assert hand["points"] == {"S": 2}
    assert flows(hand) == {("E", "S"): 2, ("W", "S"): 2, ("N", "S"): 2}


def test_the_bound_pair_binds_both_ways_on_a_third_seats_discard():
    # Same three claims of 南 on 东; now 东 (the seat claimed from) wins on 西's 4s: 123p 456p
    # 789p 11s 23s + 4s: 平胡 1 + 门清 1 = 2台, M = 2. "（双向）": 南 is the 未胡的另一方.
    # 西 pays 2M = 4, 南 "额外付2M" = 4; 北 nothing. The dealer won: it keeps the deal.
    deals = {
        "E": "14m123456789p11s7z",
        "S": SOUTH,
        "W": "33388p78s555666z",
        "N": "22299m26p666777s",
    }
    steps = CLAIMS.replace("E+3z", "E+2s") + (
        " W~7m N~7m E+3s E-7z S:peng S-1p W~6m N~6m E~4z S~1z W+4s W-4s E:hu:4s:W"
    )
    recs = full_log("xizhou", deals, steps)
    hand = audited(recs)
    assert hand["points"] == {"E": 2}
    assert flows(hand) == {("W", "E"): 4, ("S", "E"): 4}
    assert next_dealer(recs) == "E"  # 庄家胡则连庄


def test_robbing_an_added_kong_the_konger_pays_5m():
    # 西 碰s 北's 8p and later 加杠s the 4th; 南 (123m 456m 789m 7p9p 55s) robs it: 嵌倒 1 + 拉杠胡 1
    # + 门清 1 = 3台, M = 3; "拉杠胡：杠牌玩家需付胡家5M": 西 pays 15, nobody else.
    # (南 let 北's 8p go, but drew since.)
    deals = {
        "E": "1z444z555z666z111p2p",
        "S": "123456789m79p55s",
        "W": "88p123456789s23z",
        "N": "3334446668p199s",
    }
    steps = "E-1z S~7z W~7z N+5m N-8p W:peng W-2z N~7z E~7m S~6m W+8p W:gang:added:8p S:qiang:8p:W"
    hand = audited(full_log("xizhou", deals, steps))
    assert hand["points"] == {"S": 3}
    assert flows(hand) == {("W", "S"): 15}


KONG = "E-6p N:gang:exposed:6p N*9s N-3s"
NORTH_KONG = "666p3s4z555z666z77z"
WEST_KONG = "111222333444p5p"


@pytest.mark.parametrize(
    ("east", "south", "win", "points", "payments"),
    [
        # 东 fed 北's 明杠 and wins on 北's first discard after it (123m 456m 789m 12s 88p + 3s):
        # "还杠胡" — 边倒 1 + 还杠胡 1 + 门清 1 = 3台; "杠牌并点炮玩家需付胡家5M": 北 pays 15.
        pytest.param(
            "6p123456789m12s88p",
            "555777999p4s123z",
            "E:hu:3s:N",
            {"E": 3},
            {("N", "E"): 15},
            id="huan_gang_the_feeder_wins",
        ),
        # 南 wins on the same discard (123m 456m 789m 45s 99p + 3s), but 南 did not feed the kong
        # ("点任一玩家杠后…"): a plain 点炮 — 平胡 1 + 门清 1 = 2台, 北 pays 2M = 4.
        pytest.param(
            "6p111222333444z7p",
            "123456789m45s99p",
            "S:hu:3s:N",
            {"S": 2},
            {("N", "S"): 4},
            id="huan_gang_not_for_a_seat_that_fed_no_kong",
        ),
    ],
)
def test_huan_gang_only_for_the_seat_that_fed_the_kong(east, south, win, points, payments):
    deals = {"E": east, "S": south, "W": WEST_KONG, "N": NORTH_KONG}
    hand = audited(full_log("xizhou", deals, f"{KONG} {win}"))
    assert hand["points"] == points
    assert flows(hand) == payments


def test_the_bound_partner_throwing_the_winning_tile_pays_both_parts():
    # The same three claims; 东 itself throws the 5s: "点炮玩家付2M" and, as the 三包 partner,
    # "在正常计算结果基础上额外付2M": 中 pung 1台 (no 自摸), M = 1; 东 pays 2 + 2 = 4.
    deals = {"E": "149m147p258s12347z", "S": SOUTH, "W": "33388p78s555666z", "N": NORTH}
    steps = CLAIMS + " W~7m N~7m E+1z E-7z S:peng S-1p W~6m N~6m E+4z E-5s S:hu:5s:E"
    hand = audited(full_log("xizhou", deals, steps))
    assert hand["points"] == {"S": 1}
    assert flows(hand) == {("E", "S"): 4}


def test_an_added_kong_is_no_third_claim():
    # 南 吃s 东's 1m, 碰s 东's 中, then draws the 4th 中 and 加杠s it: two claims on 东 — the 加杠
    # takes no tile of 东's (docs: it counts once, for its 碰). The replacement 5s completes 456p
    # 34s 55p: 杠开 1 + 自摸 1 + 中 1 = 3台 (a 加杠 is no "他人点杠": no 送杠胡); "每人付M": 3 each.
    deals = {"E": "149m147p258s12347z", "S": "23m456p55p9p9s34s77z", "W": "33388p78s555666z",
             "N": NORTH}  # fmt: skip
    steps = (
        "E-1m S:chi:23m S-9p W~8m N~8m E+3z E-7z S:peng S-9s W~6m N~6m E~4z"
        " S+7z S:gang:added:7z S*5s S:zimo:5s"
    )
    hand = audited(full_log("xizhou", deals, steps))
    assert hand["points"] == {"S": 3}
    assert flows(hand) == {("E", "S"): 3, ("W", "S"): 3, ("N", "S"): 3}


def test_a_drawn_hand_after_another_seats_kong_keeps_the_dealer():
    # 北 明杠s 东's 6p; then every seat throws what it draws until 16 live tiles are left
    # ("8花未全部补完，剩余16张流局": the flowers stay in the wall). "流局时，庄家无杠连庄，有杠则庄家下家坐庄":
    # the dealer made no kong — it stays (docs `drawn_kong=dealer`); `anyone` reads "有杠" as any
    # seat's kong, and 南 deals. Nothing is paid.
    deals = {"E": "6p111222333444z7p", "S": "123456789m45s99p", "W": WEST_KONG, "N": NORTH_KONG}
    flowers = tuple(f"{n}f" for n in range(1, 9))
    steps = drain("xizhou", deals, 16, last=flowers, start="E", taken="9s")
    for options, dealer in (({}, "E"), ({"drawn_kong": "anyone"}, "S")):
        recs = full_log("xizhou", deals, f"{KONG} {steps} exhausted", options)
        assert audited(recs)["expected_payments"] == []
        assert next_dealer(recs) == dealer


def test_an_added_kong_after_a_pung_of_my_tile_is_no_huan_gang():
    # 北 碰s 东's 6p, later draws the 4th and 加杠s it; 东 wins on 北's next discard (123m 456m 789m
    # 12s 88p + 3s). "还杠胡：点任一玩家杠后…" — 东 fed a 碰, not a 杠 (a 加杠 takes no discard): a
    # plain 点炮, 边倒 1 + 门清 1 = 2台; 北 pays 2M = 4, not 5M.
    deals = {
        "E": "6p123456789m12s88p",
        "S": "555777999p4s123z",
        "W": WEST_KONG,
        "N": "66p3s14z555666z77z",
    }
    steps = "E-6p N:peng N-1z E~5s S~5s W~5s N+6p N:gang:added:6p N*9s N-3s E:hu:3s:N"
    hand = audited(full_log("xizhou", deals, steps))
    assert hand["points"] == {"E": 2}
    assert flows(hand) == {("N", "E"): 4}


def test_one_discard_two_winners_only_the_feeder_has_huan_gang():
    # 北's first discard after its 明杠 of 东's 6p is won by 东 (who fed it: 边倒 1 + 还杠胡 1 + 门清
    # 1 = 3台) and by 南 (平胡 1 + 门清 1 = 2台): "支持一炮多响…台数番数各算各的". 北 pays 东 5M = 15
    # ("杠牌并点炮玩家需付胡家5M") and 南 2M = 4. The dealer won: it keeps the deal.
    deals = {"E": "6p123456789m12s88p", "S": "123456789m45s99p", "W": WEST_KONG, "N": NORTH_KONG}
    recs = full_log("xizhou", deals, f"{KONG} E:hu:3s:N S:hu:3s:N")
    hand = audited(recs)
    assert hand["points"] == {"E": 3, "S": 2}
    assert flows(hand) == {("N", "E"): 15, ("N", "S"): 4}
    assert next_dealer(recs) == "E"


def test_an_exposed_kong_of_the_seats_discard_is_a_third_claim():
    # 南 吃s 东's 1m and 4m and 明杠s 东's 中 ("吃碰杠同一家达到3次"): 三包 南–东. Its replacement (1p)
    # does not win; later 南 self-draws 5s: 中 kong 1 + 自摸 1 = 2台 (no 杠开), M = 2; "独缴…共计5M":
    # 东 pays 10 alone.
    deals = {"E": "149m147p258s12347z", "S": "2356m559p349s777z", "W": "33388p78s555666z",
             "N": NORTH}  # fmt: skip
    steps = CLAIMS + (
        " W~7m N~7m E+1z E-7z S:gang:exposed:7z S*1p S-1p W~6m N~6m E~4z S+5s S:zimo:5s"
    )
    hand = audited(full_log("xizhou", deals, steps))
    assert hand["points"] == {"S": 2}
    assert flows(hand) == {("E", "S"): 10}


def test_heaven_on_a_flower_replacement_stacks_with_gang_kai():
    # 东 is dealt 123m 456m 789p 23s 55p and 春 (1f: 东's own, docs flower_order=tile_numbers 东 春梅),
    # shows it and wins on the back draw 4s before any discard. "天胡：庄家开局直接胡牌，可叠加扛开，24台"
    # 24 + "杠开：杠牌（含花杠）后胡牌，1台" 1 + "自摸" 1 + "门清" 1 + "正花…2台" 2 + "平胡" (four chows,
    # 55p, 23s won on 4s: 两面) 1 = 30; "自摸：每人付M给胡家": 30 each; "庄家胡则连庄".
    recs = full_log("xizhou", HEAVEN_ON_A_FLOWER, "E!1f E*4s E:zimo:4s")
    hand = audited(recs)
    assert hand["points"] == {"E": 30}
    assert flows(hand) == {("S", "E"): 30, ("W", "E"): 30, ("N", "E"): 30}
    assert next_dealer(recs) == "E"
