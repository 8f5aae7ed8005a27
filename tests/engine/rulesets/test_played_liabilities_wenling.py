"""温岭麻将: 特殊处罚2 (包三家 for a 中 thrown before 一上一听) found by the replay from full
play-by-play logs written by hand, and the payments both ways, computed by hand from
shared/seeds/wenling.txt (and docs/rules/wenling.md) before the engine ran.

  "特殊处罚 … 2：在非一上一听前（即若抓一张有用的牌后就是听牌的，为一上一听），打红中或发财被对方胡牌，打者作包三家处理。"
  "被包方处罚办法：1：被包方牌点汇总以 0 计。2：各闲家支付给胡牌家的胡牌支付额全由被包者支付，其它闲家不再支付。
   3：被包者根据各闲家结算规则向各闲家支付相应的支付额。4：闲家之间的结算额由被包者支付。"
  "C.1 其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例"
  "C.2 未胡牌玩家互相支付：（被支付方牌点汇总－支付方牌点汇总） /10 *加倍比例"

得 = 9s (the indicator's face); nobody holds one. No 白 and no flower is dealt or drawn.
南 (123m 456m 789m 234p 567p 中) wins 西's 中: 字牌对 2 + 单吊 2 = 4 胡; (4 + 20) × 2^1 (无得) = 48
→ 50 ("若有零数的以进 10 计算"). 北 holds a 1p 暗刻 ("1、9牌暗刻 8胡") and singles: 8 → 10 (docs: a
non-winner's total is rounded up to 10 like the winner's). 东 holds singles and chows: 0.
"""

import pytest

from engine.audit import audit_records
from engine.tiles import parse_tiles
from tests.engine.rulesets.play_log import audited, drain, flows, full_log, next_dealer

SOUTH = "123456789m234567p7z"
EAST = "12345678s368p2358m12z"  # throws 东 first
NORTH = "111p489p678s25s47m346z"
FAR = "123467z147s25p369m5s8p"  # after the 中 and a 2m drawn: singles only, far from 听牌
NEAR = "123456789p123s45s17z"  # after the 中 and a 2m drawn: one tile from 听牌 (一上一听)
STEPS = "E-1z S~3s W~3s N~1m E~1m S~4z W+2m W-7z S:hu:7z:W"


@pytest.mark.parametrize(
    ("west", "options", "payments"),
    [
        # 西 throws 中 far from 一上一听: 包三家. 西 counts 0 (1); it pays 南 what the three would,
        # 3 × 50/10 = 15 (2); 北 its 10/10 = 1 (3) and what 东 owes 北, (10 − 0)/10 = 1 (4): 2.
        pytest.param(FAR, {}, {("W", "S"): 15, ("W", "N"): 2}, id="red_far_from_ready_bao"),
        # The same at "加倍的比例" 2: every amount doubled.
        pytest.param(FAR, {"multiplier": 2}, {("W", "S"): 30, ("W", "N"): 4}, id="red_far_doubled"),
        # 西 one tile from 听牌 when it throws: "在非一上一听前" does not hold — a normal win. Each
        # non-winner pays 南 5 (C.1); 东 and 西 (0) each pay 北 (10 − 0)/10 = 1 (C.2).
        pytest.param(
            NEAR,
            {},
            {("E", "S"): 5, ("W", "S"): 5, ("N", "S"): 5, ("E", "N"): 1, ("W", "N"): 1},
            id="red_one_step_from_ready_is_normal",
        ),
    ],
)
def test_red_dragon_thrown_before_one_step_from_ready(west, options, payments):
    deals = {"E": EAST, "S": SOUTH, "W": west, "N": NORTH}
    hand = audited(full_log("wenling", deals, STEPS, options, indicator="9s"))
    assert hand["points"] == {"E": 0, "S": 50, "W": 0, "N": 10}
    assert flows(hand) == payments


def test_robbed_kong_makes_nobody_liable():
    # "抢杠胡 若某一玩家在明杠时，明杠的牌刚好符合另一玩家胡牌条件…明杠家的杠牌以刻子计算": the seed puts
    # no 包 on the robbed seat, so C.1 and C.2 as usual. 北 碰s 西's 7p and 加杠s the 4th; 南
    # (123m 456m 789m 234p 68p 中中) robs it (南 let 西's 7p go, and drew since): 字牌对 2 + 嵌档 2 =
    # 4; (4 + 20) × 2^2 (无得, "抢杠胡为 1番") = 96 → 100. 北: 1p 暗刻 8 + the 7p kong "以刻子计算",
    # a 刻子 2 = 10. Each non-winner pays 南 10; 东 and 西 (0) each pay 北 1.
    deals = {
        "E": EAST,
        "S": "123456789m23468p77z",
        "W": "12346z147s257p369m5s8p",
        "N": "11177p9p678s25s47m346z",
    }
    steps = "E-1z S~3s W+2m W-7p N:peng N-2s E~1m S~4z W~3s N+7p N:gang:added:7p S:qiang:7p:N"
    hand = audited(full_log("wenling", deals, steps, indicator="9s"))
    assert hand["points"] == {"E": 0, "S": 100, "W": 0, "N": 10}
    assert flows(hand) == {
        ("E", "S"): 10, ("W", "S"): 10, ("N", "S"): 10, ("E", "N"): 1, ("W", "N"): 1,
    }  # fmt: skip


# 包三家 in the 生牌阶段. 西 holds only kinds nobody throws (东 南 发 中 pungs, 123s, 4s) and waits
# (单吊 4s / 1s) — 听牌; 东 and 北 hold the other copies of those kinds and never throw them.
# Every other seat throws what it draws (摸切) from kinds outside them, then 西 draws an 8p (a
# kind nobody threw: a 生牌) and throws it; 南 (123m…9m 234p 67p 88s) wins: 旁胡 + 无得, 20 × 4 = 80.
RAW = {
    "E": "11223344s558p12z34z19p",
    "S": "123456789m23467p88s",
    "W": "111222666777z1234s",
    "N": "1234s558p67z34z19p567s",
}
POOL = parse_tiles("123456789m" * 3 + "23467p" * 3 + "5556667s")  # 49 tiles


def raw_stage(draws: int) -> list[dict]:
    """东 throws 1p; ``draws`` 摸切 from POOL (S W N E in turn); 西 draws 8p and throws it."""
    turns = " ".join(f"{'SWNE'[k % 4]}~{t}" for k, t in enumerate(POOL[:draws]))
    return full_log("wenling", RAW, f"E-1p {turns} W+8p W-8p S:hu:8p:W", indicator="9s")


def test_a_raw_tile_from_a_ready_hand_of_raw_tiles_is_bao():
    # 50 draws: 78 − 50 = 28 live tiles, "只有 15 对" or fewer: 生牌阶段. "若打生牌者手里全是生牌，
    # 同时还没听牌…不按包三家处理" — 西 is all 生牌 but 听牌, so the exemption does not hold: 包三家.
    # 西 counts 0 and pays 南 3 × 80/10 = 24; 东 and 北 (singles, suit pairs, runs: 0) nothing.
    # The report's `points` are those paid on: 西's 0 (its own 130, capped at 500, the step before).
    hand = audited(raw_stage(49))
    assert hand["points"] == {"E": 0, "S": 80, "W": 0, "N": 0}
    assert [(x["code"], x["value"]) for x in hand["steps"]["W"][-2:]] == [
        ("cap", 130),
        ("liable", 0),
    ]
    assert flows(hand) == {("W", "S"): 24}


def test_the_same_throw_before_the_raw_stage_is_a_normal_win():
    # 46 draws: 32 live tiles, more than 15 对: no 生牌阶段, a normal win. 西 keeps its 牌点: 东 南
    # 暗刻 "风牌暗刻 8", 发 中 暗刻 "字牌暗刻 8" = 32, 字牌刻 2番 → 128 → 130. C.1: each pays 南 8;
    # C.2: 东 and 北 (0) each pay 西 130/10 = 13.
    hand = audited(raw_stage(45))
    assert hand["points"] == {"E": 0, "S": 80, "W": 130, "N": 0}
    assert "liable" not in [x["code"] for x in hand["steps"]["W"]]
    assert flows(hand) == {
        ("E", "S"): 8, ("W", "S"): 8, ("N", "S"): 8, ("E", "W"): 13, ("N", "W"): 13,
    }  # fmt: skip


BACK = ("5z", "9s", *(f"{n}f" for n in range(1, 9)))  # never drawn: nothing to reveal


def test_huang_pai_pays_nothing_and_the_dealer_passes():
    # "黄牌 当剩下牌的总数等于 8 对时…如果还是没有人'胡牌'…各玩家间不再进行该副牌的结算，同时庄家自动下庄":
    # every seat throws what it draws until 16 live tiles are left (no back draw: no lone tile).
    # 北's 1p 暗刻 is worth 10 but nobody settles; 南 deals next. Declared 2 tiles early, the
    # hand is not over: `exhausted_early`.
    deals = {"E": EAST, "S": SOUTH, "W": FAR, "N": NORTH}
    for stop, codes in ((16, []), (18, ["exhausted_early"])):
        steps = drain("wenling", deals, stop, last=BACK, held_back=["9s"])
        recs = full_log("wenling", deals, f"E-1z {steps} exhausted", indicator="9s")
        hand = audit_records(recs)["hands"][0]
        assert [a["code"] for a in hand["anomalies"]] == codes
        assert hand["expected_payments"] == []
        assert next_dealer(recs) == "S"


def test_green_dragon_thrown_before_one_step_from_ready_is_bao_too():
    # "打红中或发财被对方胡牌，打者作包三家处理": the 发 half of 特殊处罚2, the same play as above with
    # 南 waiting on 发 (单吊) and 西 throwing its 发 (keeping its 中) far from 一上一听. 南: "字牌…对 2
    # 胡" + "单吊为 2 胡" = 4; (4 + 20) × 2 (无得) = 48 → 50. 北 10 as above, 东 and 西 0.
    # 西 counts 0 (1); pays 南 3 × 5 = 15 (2); 北 its 1 (3) and what 东 owes 北, 1 (4): 2.
    deals = {"E": EAST, "S": "123456789m234567p6z", "W": FAR, "N": NORTH}
    steps = STEPS.replace("W-7z S:hu:7z:W", "W-6z S:hu:6z:W")
    hand = audited(full_log("wenling", deals, steps, indicator="9s"))
    assert hand["points"] == {"E": 0, "S": 50, "W": 0, "N": 10}
    assert flows(hand) == {("W", "S"): 15, ("W", "N"): 2}


def test_huang_pai_after_a_replacement_leaves_a_lone_tile_at_the_back():
    # "黄牌 当剩下牌的总数等于 8 对时（若因杠等原因造成最后一张牌没与其它牌相叠成对时，不计入此 8 对中…）":
    # 南 draws a 白, shows it and draws 9p from the back (one back draw: a lone tile), so the
    # hand is 黄牌 at 8 pairs + the lone tile = 17 live tiles: declared there, no anomaly; at 18
    # it is early. Nothing settled either way (北's 1p 暗刻 would be 10), and 南 deals next.
    deals = {"E": EAST, "S": SOUTH, "W": FAR, "N": NORTH}
    for stop, codes in ((17, []), (18, ["exhausted_early"])):
        rest = drain("wenling", deals, stop, last=BACK, held_back=["9s"], start="W", taken="5z9p")
        steps = f"E-1z S+5z S!5z S*9p S-9p {rest} exhausted"
        recs = full_log("wenling", deals, steps, indicator="9s")
        hand = audit_records(recs)["hands"][0]
        assert [a["code"] for a in hand["anomalies"]] == codes
        assert hand["expected_payments"] == []
        assert next_dealer(recs) == "S"


def test_a_fourth_white_drawn_in_play_is_an_automatic_win():
    # "在翻白板及花牌时，一个玩家抓到四个白板…作为胡牌" and "打牌：…需判断是否胡牌（包括…四白板…）":
    # 南 shows three 白 at the deal (replaced by 7p 7p 7p), draws the fourth in play, shows it,
    # takes its replacement and declares: "4 张'白板' … 成为腊子" 500 → 50 from each (C.1).
    # 东, 西, 北 hold no pair, pung, 白 or flower: 0, nothing between them. 南 won, 东 did not:
    # "若庄家下庄，南家自动转为庄家".
    deals = {
        "E": EAST,
        "S": "555z123456789m2346p",
        "W": FAR,
        "N": "147m258p1237s489p246z",
    }
    steps = "S!5z S*7p S!5z S*7p S!5z S*7p E-1z S+5z S!5z S*1p S:instant"
    recs = full_log("wenling", deals, steps, indicator="9s")
    hand = audited(recs)
    assert hand["points"] == {"E": 0, "S": 500, "W": 0, "N": 0}
    assert flows(hand) == {("E", "S"): 50, ("W", "S"): 50, ("N", "S"): 50}
    assert next_dealer(recs) == "S"
