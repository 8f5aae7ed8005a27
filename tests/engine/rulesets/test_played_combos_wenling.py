"""温岭麻将: clauses that meet on one hand, found by the replay from full play-by-play logs
written by hand (the notation in play_log.py; no flag, every seat's 牌点 read from the play),
computed by hand from shared/seeds/wenling.txt before the engine ran: 特殊处罚2 inside the 生牌阶段
when the 生牌 exemption holds, 一上一听 counted with the thrower's 得, 地胡 on the dealer's first
discard that is a 中 thrown far from 听牌, and 杠上开花 on a flower drawn as a kong's replacement.

  "特殊处罚 … 2：在非一上一听前（即若抓一张有用的牌后就是听牌的，为一上一听），打红中或发财被对方胡牌，打者作包三家处理。"
  "若打生牌而被别玩家胡牌时，打生牌者手里全是生牌，同时还没听牌时…不按包三家处理（按正常胡牌处理）。"
  "被包方处罚办法：1：被包方牌点汇总以 0 计。2：各闲家支付给胡牌家的胡牌支付额全由被包者支付…
   3：被包者根据各闲家结算规则向各闲家支付相应的支付额。4：闲家之间的结算额由被包者支付。"
  C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例"; C.2 "（被支付方牌点汇总－支付方牌点汇总） /10".
得 = 9s (indicator 9s) throughout.
"""

from tests.engine.rulesets.play_log import audited, flows, full_log, next_dealer
from tests.engine.rulesets.test_played_liabilities_wenling import FAR, NORTH, POOL, RAW, SOUTH

# 南 waits on 中 (单吊): "字牌…对 2 胡" + "单吊为 2 胡" = 4; (4 + 20) × 2^1 (无得) = 48 → 50.
EAST_SINGLES = "147s258s36p9p258m1z3z4z6z7z"  # 17 tiles, no two alike or adjacent but 36p


def test_dragon_rule_holds_when_the_raw_tile_exemption_does():
    # 西 holds only kinds nobody throws (1p 5p 8p 1s 4s pairs, 8s, 东南西北发) and is far from 听牌.
    # After 东's 9p and 49 摸切 (m, 2p 3p 4p 6p 7p, 5s 6s 7s) 28 live tiles are left: 生牌阶段. 西
    # draws 中 (nobody threw one: a 生牌) and throws it; 南 wins. The 生牌 exemption holds (all 生牌,
    # not 听牌), so 包三家 for the 生牌 does not — but 特殊处罚2 does on its own words (a 中 thrown
    # before 一上一听): 包三家.
    # 东: 999p (暗刻 "1、9 牌暗刻 8") + 2222s, 3333s ("其它暗刻 4" each, the fourth "可杠没杠按刻子计") +
    # 东暗刻 (8, "门风刻 … 1番") + 南南 (0) = 24 × 2 = 48 → 50. 北: 888s 4 + 西西西 8 = 12 → 20.
    # 西 counts 0: pays 南 3 × 5 = 15; 东 5 and 北 2 (part 3); 北 would pay 东 (50 − 20)/10 = 3,
    # 西 pays it (part 4): 西 → 东 8.
    deals = {
        "E": "9999p2222s3333s111z22z",
        "S": SOUTH,
        "W": "115588p1144s8s12346z",
        "N": "11588p1144s7888s333z",
    }
    turns = " ".join(f"{'SWNE'[k % 4]}~{t}" for k, t in enumerate(POOL))
    hand = audited(full_log("wenling", deals, f"E-9p {turns} W+7z W-7z S:hu:7z:W", indicator="9s"))
    assert hand["points"] == {"E": 50, "S": 50, "W": 0, "N": 20}
    assert flows(hand) == {("W", "S"): 15, ("W", "E"): 8, ("W", "N"): 2}


def test_one_step_from_ready_counts_the_throwers_de():
    # 西 draws 东 and throws 中 keeping 123m 456p 678s, two 得, 45m, 1p, 西, 东. With the 得 standing
    # for what it needs ("'得' … 可替代任何一张牌"), 得得 + 1p is a set and 45m waits: one useful tile
    # from 听牌 — "一上一听", so 特殊处罚2 does not hold (read as two 9s, the hand would be two away).
    # Normal win: C.1 each pays 南 5. 北: 1p 暗刻 8 → 10. 西: 得得 + 西 "风牌暗刻 8" (胡 only, the
    # 闲家's "门风暗刻不能由得替代产生") → 10. C.2: 东 (0) → 北 1, 东 → 西 1, 西 and 北 level.
    deals = {"E": EAST_SINGLES, "S": SOUTH, "W": "123m456p678s9s9s45m1p3z7z", "N": NORTH}
    hand = audited(full_log("wenling", deals, "E-9p S~2s W+1z W-7z S:hu:7z:W", indicator="9s"))
    assert hand["points"] == {"E": 0, "S": 50, "W": 10, "N": 10}
    assert flows(hand) == {
        ("E", "S"): 5, ("W", "S"): 5, ("N", "S"): 5, ("E", "N"): 1, ("E", "W"): 1,
    }  # fmt: skip


def test_earth_on_a_red_dragon_thrown_far_from_ready():
    # 东's first discard is its lone 中, its 16 tiles left far from 听牌; 南 wins on it: "地胡
    # 庄家打出第一牌后，就有玩家胡牌" 腊子 500, and 特殊处罚2: 东 is liable. 东 counts 0 and pays 南
    # 3 × 50 = 150 (2); 北 its 10/10 = 1 (3) and what 西 (0) owes 北, 1 (4). 南 won, 东 did not: 南
    # deals next.
    deals = {"E": EAST_SINGLES, "S": SOUTH, "W": FAR, "N": NORTH}
    recs = full_log("wenling", deals, "E-7z S:hu:7z:E", indicator="9s")
    hand = audited(recs)
    assert hand["points"] == {"E": 0, "S": 500, "W": 0, "N": 10}
    assert flows(hand) == {("E", "S"): 150, ("E", "N"): 2}
    assert next_dealer(recs) == "S"


def test_kong_replacement_flower_then_win_is_kong_bloom():
    # 南 draws its fourth 5p and 暗杠s it; the replacement is 夏 (南's own flower), shown and
    # replaced by 2s, which completes 234s: "杠上开花 玩家要自己杠牌时，产生的胡牌 （包括翻白板花牌一类时的
    # 补牌）". 胡: "每个其它暗杠 16 胡" 16 + 南对 "自家门风对 2 胡" 2 + "自摸为 2 胡" 2 + 夏 "每张翻出的白板及
    # 花牌以 4 胡" 4 = 24 + 20 = 44; 番: 杠上开花 1 + 夏 ("南风对应为'夏兰'") 1 + 无得 1 = 3 → 352 →
    # 360 (no 旁胡: a kong is not a 顺子). C.1: each pays 36; 北's 1p 暗刻 10: 东, 西 → 北 1.
    deals = {
        "E": "12345678s368p2358m12z",
        "S": "555p123m456m789m34s22z",
        "W": "147s369m289p13467z8s2m",
        "N": NORTH,
    }
    steps = "E-1z S+5p S:gang:concealed:5p S*2f S!2f S*2s S:zimo:2s"
    hand = audited(full_log("wenling", deals, steps, indicator="9s"))
    assert hand["points"] == {"E": 0, "S": 360, "W": 0, "N": 10}
    assert flows(hand) == {
        ("E", "S"): 36, ("W", "S"): 36, ("N", "S"): 36, ("E", "N"): 1, ("W", "N"): 1,
    }  # fmt: skip


def test_a_seat_that_threw_a_de_still_settles_as_a_nonwinner():
    # 西 throws its 得 ("若玩家不小心打了'得'，该玩家这副牌里不能再胡牌") — nothing else: it keeps playing
    # and its 牌点 still count in C.2 (docs). 南 (中对, 68s) wins 北's 7s: 中对 2 + 嵌档 2 + 20 = 24,
    # 无得 1番 → 48 → 50: each pays 5. 西: 9m 暗刻 "1、9 牌暗刻 8" (东东 is not its 门风: 0) → 10;
    # 北: 1p 暗刻 8 + 北北 "自家门风对 2" → 10. C.2: 东 (0) → 西 1, 东 → 北 1; 西 and 北 level.
    deals = {
        "E": EAST_SINGLES,
        "S": "123m456m789p234s68s77z",
        "W": "999m9s147p58p36m25s3s12z",
        "N": NORTH,
    }
    steps = "E-9p S~4z W+1z W-9s N+4z N-7s S:hu:7s:N"
    hand = audited(full_log("wenling", deals, steps, indicator="9s"))
    assert hand["points"] == {"E": 0, "S": 50, "W": 10, "N": 10}
    assert flows(hand) == {
        ("E", "S"): 5, ("W", "S"): 5, ("N", "S"): 5, ("E", "W"): 1, ("E", "N"): 1,
    }  # fmt: skip


def test_a_third_de_drawn_in_play_is_an_automatic_win():
    # 北 holds two 得 and draws the third: "一个玩家抓到三个'得'时，作为胡牌" and "3 张'得' 获得3张'得'既成为
    # 腊子，可立即胡牌": 500, 50 from each (C.1); the others hold no scoring set: nothing between them.
    # 北 won, 东 did not: 南 deals next.
    deals = {
        "E": "12345678s368p2358m12z",
        "S": SOUTH,
        "W": FAR,
        "N": "111p489p678s25s47m9s9s3z",
    }
    recs = full_log("wenling", deals, "E-1z S~2z W~6z N+9s N:instant", indicator="9s")
    hand = audited(recs)
    assert hand["points"] == {"E": 0, "S": 0, "W": 0, "N": 500}
    assert flows(hand) == {("E", "N"): 50, ("S", "N"): 50, ("W", "N"): 50}
    assert next_dealer(recs) == "S"


def test_raw_stage_at_fifteen_pairs_and_a_lone_back_tile():
    # "生牌阶段 当剩下牌只有 15 对或 15 加最后没成叠的单张牌": the play of
    # test_played_liabilities_wenling's 32-tile case (no 生牌阶段) with one of 东's draws a 冬,
    # shown and replaced from the back — 31 live tiles when 西 throws its 8p, the lone one at the
    # back: 15 pairs and the lone tile, the 生牌阶段. 西 (all 生牌 but 听牌) is liable: it counts 0
    # and pays 南 (旁胡 + 无得, 80) 3 × 8 = 24; 东's 冬 (北's flower: "每张翻出的白板及花牌以 4 胡", no
    # 番) makes it 4 → 10, which 西 pays (part 3) with what 北 (0) owes 东 (part 4): 西 → 东 2.
    turns = [f"{'SWNE'[k % 4]}~{t}" for k, t in enumerate(POOL[:45])]
    turns[3] = f"E+4f E!4f E*{POOL[3]} E-{POOL[3]}"
    steps = f"E-1p {' '.join(turns)} W+8p W-8p S:hu:8p:W"
    hand = audited(full_log("wenling", RAW, steps, indicator="9s"))
    assert hand["points"] == {"E": 10, "S": 80, "W": 0, "N": 0}
    assert flows(hand) == {("W", "S"): 24, ("W", "E"): 2}
