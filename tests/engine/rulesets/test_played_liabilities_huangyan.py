"""黄岩麻将: who pays whom, from full play-by-play logs written by hand — every seat's 胡 read
from the play (no showdown) — computed by hand from shared/seeds/huangyan.txt (and the decisions
in docs/rules/huangyan.md: the seed knows no 包, so a discard win pays as a self-draw; a drawn
hand pays nothing and passes the deal) before the engine ran.

  "胡的人的胡數=（算出幾胡+底胡）X翻數" (10胡底); "沒胡的人的胡數=算出幾胡X翻數"
  "莊家胡 1、閒家按全額支付給莊家 2、閒家之間相減再除以2"
  "閒家胡 1、莊家按全額支付給閒家；其餘兩個閒家減半給 2、莊家和其餘兩家不減半；其餘兩家相減再減半"

得 = 9s (the indicator's face: wildcard_rule=indicator); nobody holds or draws one.
"""

from collections import Counter

from engine.tiles import parse_tiles
from tests.engine.rulesets.play_log import audited, flows, full_log, next_dealer


def test_a_non_dealer_wins_on_a_discard_the_discarder_pays_no_more():
    # 北 (123m 456m 789m 北北 3p5p) wins 西's 4p: 自家門風對 2 + 嵌檔 2 + 底胡 10 = 14, 無得 1番: 28.
    # 東 keeps a 中 暗刻 (8胡, 中 1番): 16. 南 a 1s 暗刻: 8. 西 (who threw it) singles and runs: 0.
    # 莊家 pays 北 28 in full, 南 and 西 14 each ("減半"); 莊 and the two 不減半: 南 pays 東 16 − 8
    # = 8, 西 pays 東 16; 南 and 西 "相減再減半": 西 pays 南 (8 − 0)/2 = 4. 西 pays as 南 would: no 包.
    deals = {
        "E": "777z234567s258m6p1z",
        "S": "111s369m178p2356z",
        "W": "4p345678s147m29p5z",
        "N": "123456789m44z35p",
    }
    recs = full_log("huangyan", deals, "E-1z S~1z W+2s W-4p N:hu:4p:W", indicator="9s")
    hand = audited(recs)
    assert hand["points"] == {"E": 16, "S": 8, "W": 0, "N": 28}
    assert flows(hand) == {
        ("E", "N"): 28, ("S", "N"): 14, ("W", "N"): 14,
        ("S", "E"): 8, ("W", "E"): 16, ("W", "S"): 4,
    }  # fmt: skip
    assert next_dealer(recs) == "S"  # Taizhou custom (docs): a 闲家's win passes the deal


# 東 holds 123m 456m 789m 中中中 5p after throwing 东; 南 a 1s 暗刻 (8); 西 singles (0); 北 a pair
# of its own wind 北 (2).
DEALS_2 = {
    "E": "123456789m777z5p1z",
    "S": "111478s369p2356z",
    "W": "147s369m346p1235z",
    "N": "44z125789p2356s6z",
}


def test_the_dealer_self_draws():
    # 東 draws the 5p: 中 暗刻 8 + 自摸 2 + 底胡 10 = 20; 中 1番 + 無得 1番: × 4 = 80. "閒家按全額支付給
    # 莊家": 80 each; "閒家之間相減再除以2": 西 → 南 (8 − 0)/2 = 4, 北 → 南 (8 − 2)/2 = 3, 西 → 北 1.
    recs = full_log("huangyan", DEALS_2, "E-1z S~8p W~8p N~2p E+5p E:zimo:5p", indicator="9s")
    hand = audited(recs)
    assert hand["points"] == {"E": 80, "S": 8, "W": 0, "N": 2}
    assert flows(hand) == {
        ("S", "E"): 80, ("W", "E"): 80, ("N", "E"): 80,
        ("W", "S"): 4, ("N", "S"): 3, ("W", "N"): 1,
    }  # fmt: skip
    assert next_dealer(recs) == "E"  # 莊家胡: the dealer stays


def test_a_drawn_hand_pays_nothing_and_passes_the_deal():
    # Every seat throws what it draws until the 82 live tiles are gone (136 − 53 dealt − the
    # indicator): no winner, so nothing is paid whatever the seats hold (docs decision), and
    # the deal passes (docs `draw_dealer=pass`; `stay` keeps it).
    left = Counter({t: 4 for t in parse_tiles("123456789m123456789p123456789s1234567z")})
    left -= Counter(parse_tiles("".join(DEALS_2.values())) + ["9s"])
    wall = sorted(left.elements(), key=lambda t: (t == "9s", t))  # the 得 drawn last
    assert len(wall) == 82
    steps = " ".join(f"{'SWNE'[k % 4]}~{t}" for k, t in enumerate(wall))
    for options, dealer in (({}, "S"), ({"draw_dealer": "stay"}, "E")):
        recs = full_log("huangyan", DEALS_2, f"E-1z {steps} exhausted", options, indicator="9s")
        hand = audited(recs)
        assert hand["expected_payments"] == []
        assert next_dealer(recs) == dealer


def test_a_robbed_kong_pays_as_a_discard_win():
    # 西 碰s 南's 4p and later 加杠s the 4th; 北 (123m 456m 789m 北北 3p5p) robs it: the seed has no
    # 抢杠 item and no 包 — 28 as before. 西's failed kong stays a 碰 "其它刻子 2 和": 2. 東 16, 南 8.
    # 莊 → 北 28, 南 and 西 14 each; 南 → 東 8, 西 → 東 16 − 2 = 14; 西 → 南 (8 − 2)/2 = 3.
    deals = {
        "E": "777z234567s258m6p1z",
        "S": "111s369m147p2356z",
        "W": "44p345678s147m2p5z",
        "N": "123456789m44z35p",
    }
    steps = "E-1z S+9p S-4p W:peng W-5z N~1z E~2s S~8p W+4p W:gang:added:4p N:qiang:4p:W"
    recs = full_log("huangyan", deals, steps, indicator="9s")
    hand = audited(recs)
    assert hand["points"] == {"E": 16, "S": 8, "W": 2, "N": 28}
    assert flows(hand) == {
        ("E", "N"): 28, ("S", "N"): 14, ("W", "N"): 14,
        ("S", "E"): 8, ("W", "E"): 14, ("W", "S"): 3,
    }  # fmt: skip
