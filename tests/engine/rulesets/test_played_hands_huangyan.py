"""黄岩麻将: full play-by-play logs written by hand (the notation in play_log.py; every seat's 胡 read
from the play), computed by hand from shared/seeds/huangyan.txt before the engine ran: a 得 drawn
as a kong's replacement and won on (a plain 自摸: the seed has no 杠上开花), and the dealer's win on
a 得 another seat threw (docs: the seed bars only 吃/碰 with a 得). 得 = 9s (indicator 9s).

  "胡的人的胡數=（算出幾胡+底胡）X翻數" (10胡底); "沒胡的人的胡數=算出幾胡X翻數";
  "莊家胡 1、閒家按全額支付給莊家 2、閒家之間相減再除以2";
  "閒家胡 1、莊家按全額支付給閒家；其餘兩個閒家減半給 2、莊家和其餘兩家不減半；其餘兩家相減再減半".
"""

from tests.engine.rulesets.play_log import check_played


def test_a_de_drawn_after_a_concealed_kong_wins_as_a_plain_self_draw():
    # 南 draws 4m, declares 暗槓 1s, draws the 得 from the back and declares: 1s 暗槓 "1、9 牌暗槓
    # 32", 123m 456m, 78p + 得 (6p or 9p: no 嵌檔), 南南 "自家門風對 2", "自摸 2": 36 + 10 = 46; one
    # 得 held: no 無得, no 番 -> 46. 東 (threw 東) 中暗刻 "字牌暗刻 8" + 1翻 -> 16; 西 singles 0;
    # 北 北對 2. 閒家胡: 東 → 南 46, 西 and 北 → 南 23; 西 → 東 16, 北 → 東 14 (full, the dealer);
    # 西 → 北 (2 − 0)/2 = 1. The deal passes to 南 (docs).
    deals = {
        "E": "777z234567s258m6p1z",
        "S": "1111s123m78p22z56m",
        "W": "369m147p25p8s9p356z",
        "N": "44z1368p479m358s2z",
    }
    check_played(
        "huangyan",
        deals,
        "E-1z S+4m S:gang:concealed:1s S*9s S:zimo:9s",
        {"E": 16, "S": 46, "W": 0, "N": 2},
        {("E", "S"): 46, ("W", "S"): 23, ("N", "S"): 23,
         ("W", "E"): 16, ("N", "E"): 14, ("W", "N"): 1},
        "S",
    )  # fmt: skip


def test_the_dealer_wins_on_a_thrown_de():
    # 南 throws its 得; 東 (123m 456m 789m 中中中 5p) wins on it, the 得 as 5p: 中暗刻 8 + 10 = 18,
    # 中 1翻 (the 得 is held: no 無得) -> 36. 南 1s 暗刻 8, 西 0, 北 北對 2. "閒家按全額支付給莊家":
    # 36 each; "閒家之間相減再除以2": 西 → 南 4, 北 → 南 (8 − 2)/2 = 3, 西 → 北 1. 東 keeps the deal.
    deals = {
        "E": "123456789m777z5p1z",
        "S": "111s478s369p235z9s",
        "W": "147s369m346p1235z",
        "N": "44z125789p2356s6z",
    }
    check_played(
        "huangyan",
        deals,
        "E-1z S+8p S-9s E:hu:9s:S",
        {"E": 36, "S": 8, "W": 0, "N": 2},
        {("S", "E"): 36, ("W", "E"): 36, ("N", "E"): 36,
         ("W", "S"): 4, ("N", "S"): 3, ("W", "N"): 1},
        "E",
    )  # fmt: skip
