"""黃岩麻將: several clauses of shared/seeds/huangyan.txt on one hand (付籌碼篇's two modes with
ties and zeros, a 閒家's win on a 閒家's discard completing its own-wind pung with one 得 restored
and the other in the pair, 封顶 and 进十 options on both modes' halves, the 'next' 得 rule with two
得 restored as the dealer's own-wind pair, a non-winner's 得 under ``non_winner_wildcards``),
and a 閒家胡 on the dealer's discard from a full play-by-play log. Computed by hand from the quoted
clauses before the engine ran.

  "胡的人的胡數=（算出幾胡+底胡）X翻數 … 1翻=2倍（X2），2翻=4倍" ("10胡底"); "沒胡的人的胡數=算出幾胡X翻數";
  莊家胡 "1、閒家按全額支付給莊家 2、閒家之間相減再除以2";
  閒家胡 "1、莊家按全額支付給閒家；其餘兩個閒家減半給 2、莊家和其餘兩家不減半；其餘兩家相減再減半".
"""

import pytest

from engine.audit import audit_records
from tests.engine.rulesets import play_log
from tests.engine.rulesets.seed_case_helpers import check_case, each
from tests.engine.summary_log import settlement, show, win

DE_8S = {"type": "wildcard", "indicator": "8s"}  # 得 = the other 八条; nobody holds one but 北 in 2
# Case 2 (also a dispute in tests/engine/test_dispute_cases.py).
OWN_WIND_PUNG_BY_DISCARD = [
    DE_8S,
    show("N", "123m456m444z67s8s8s5p"),
    show("E", "147p258p3m", [("gang_concealed", "1111z", None), ("peng", "666z", "W")]),
    show("S", "111m369s147s25p37z"),
    show("W", "369m147p9s2z48m", [("peng", "555m", "S")]),
    win("N", "discard", "4z", "S"),
]

CASES = [
    # 1. 莊家胡 with two 閒家 level. 东 self-draws 3s (the middle of 234s: "嵌檔 2和") with 白對
    # ("字牌對 2和"): 2 + 2 + "自摸 2和" 2 + 底 10 = 16; "無“得”(硬碰硬) 1翻" -> 32. 南 中暗刻 "字牌暗刻
    # 8和", "中 … 1翻" -> 16; 西 西暗刻 (own wind) 8, 1翻 -> 16; 北 0 (not shown).
    # Each 閒家 pays 东 32; 南 − 西 = 0: nothing; 北 → 南 16/2 = 8, 北 → 西 8.
    pytest.param(
        [
            DE_8S,
            show("E", "123m456m789p234s55z"),
            show("S", "777z147m258p369s1z"),
            show("W", "333z147p25s369m46z"),
            win("E", "self_draw", "3s"),
        ],
        {},
        {"E": 32, "S": 16, "W": 16},
        {**each("E", 32), ("N", "S"): 8, ("N", "W"): 8},
        id="dealer_wins_two_level_nondealers",
    ),
    # 2. 閒家胡 on a 閒家's discard: 北 wins 北 from 南, completing 北北北 — a 刻子 (docs: the
    # discard completes it) "風牌刻子 4和" and "自己風家刻 1翻". Its two 得: one stands for itself in
    # 678s ("“得”還原 … 1翻"), the other for 5p in the 55p pair ("其它對子 0"); "如二張得，一張還原，則算
    # 還原一番，一張得無番": no 無得. (4 + 10) × 4 = 56. (得 as 5s in 567s instead: no 還原, 28.)
    # 东 (dealer): 東暗槓 "風牌暗槓 32", 發碰 "字牌刻子 4" = 36, 番 東 1 + 發 1 -> 144.
    # 南 1m 暗刻 "1、9 牌暗刻 8" -> 8; 西 碰 5m "其它刻子 2" -> 2.
    # 东 → 北 56 in full, 南 → 北 28, 西 → 北 28 (halves); 南 → 东 144 − 8 = 136, 西 → 东 142 (full,
    # the dealer); 西 → 南 (8 − 2)/2 = 3.
    pytest.param(
        OWN_WIND_PUNG_BY_DISCARD,
        {},
        {"N": 56, "E": 144, "S": 8, "W": 2},
        {
            ("E", "N"): 56,
            ("S", "N"): 28,
            ("W", "N"): 28,
            ("S", "E"): 136,
            ("W", "E"): 142,
            ("W", "S"): 3,
        },
        id="nondealer_own_wind_pung_by_discard_one_de_restored",
    ),
    # 3. Options 封顶 100 and 进十 (round_to 10): each seat's 胡 rounded up, then capped (docs).
    # 西 self-draws 6s (45s + 6s, no 嵌檔): 自摸 2 + 西暗刻 8 + 9m 暗刻 8 + 44m 0 = 18 + 10 = 28,
    # 番 西 1 + 無得 1 -> 112 -> 120 -> 100. 南: 中暗槓 32 + 白碰 4 + 發對 2 = 38, 2番 -> 152 -> 160
    # -> 100. 东: 1m 暗刻 8 + 9p 暗刻 8 + 東對 2 = 18 -> 20. 北: 北對 2 -> 10.
    # 东 → 西 100 (full), 南 → 西 50, 北 → 西 50; 东 → 南 100 − 20 = 80, 北 → 东 20 − 10 = 10 (full,
    # the dealer); 北 → 南 (100 − 10)/2 = 45.
    pytest.param(
        [
            {"type": "wildcard", "indicator": "8m"},
            show("W", "333z999m123p456s44m"),
            show("S", "66z147m28p", [("peng", "555z", "E"), ("gang_concealed", "7777z", None)]),
            show("E", "111m999p11z258s36p"),
            show("N", "44z147p25m369s7s3p1z"),
            win("W", "self_draw", "6s"),
        ],
        {"cap": 100, "round_to": 10},
        {"W": 100, "S": 100, "E": 20, "N": 10},
        {
            ("E", "W"): 100,
            ("S", "W"): 50,
            ("N", "W"): 50,
            ("E", "S"): 80,
            ("N", "E"): 10,
            ("N", "S"): 45,
        },
        id="cap_and_round_to_on_a_nondealer_win",
    ),
    # 4. wildcard_rule next: indicator 北 -> 得 = 東 (all four). 东 wins 5p (the middle of 456p:
    # 嵌檔 2) on 西's discard with two 東 standing for 東: 門風對 2; 底 10 -> 14. 番: "還原一個為1翻，
    # 兩個為兩翻" 2 + 無得 1 ("“得”還原後在“得”數量計算過程中應去掉得的數量": none left) -> 112. (As a
    # 中 pair: 14, no 番.) 南 holds a 東 (a 得) and 南南: its 得 counted as its face (docs,
    # non_winner_wildcards off): 南對 2. Each 閒家 pays 东 112; 西 (0) → 南 1, 北 (0) → 南 1.
    pytest.param(
        [
            {"type": "wildcard", "indicator": "4z"},
            show("E", "123m456m789s46p5p11z"),
            show("S", "22z1z147m258p369s3z"),
            win("E", "discard", "5p", "W"),
        ],
        {"wildcard_rule": "next"},
        {"E": 112, "S": 2},
        {**each("E", 112), ("W", "S"): 1, ("N", "S"): 1},
        id="next_rule_two_de_restored_as_the_dealers_wind_pair",
    ),
    # 5. The same with non_winner_wildcards: 南's 得 completes 南南 into a pung for 胡 ("風牌暗刻 8")
    # but no 番 (docs: never for 番) -> 8 > 2. 西 → 南 8/2 = 4, 北 → 南 4.
    pytest.param(
        [
            {"type": "wildcard", "indicator": "4z"},
            show("E", "123m456m789s46p5p11z"),
            show("S", "22z1z147m258p369s3z"),
            win("E", "discard", "5p", "W"),
        ],
        {"wildcard_rule": "next", "non_winner_wildcards": True},
        {"E": 112, "S": 8},
        {**each("E", 112), ("W", "S"): 4, ("N", "S"): 4},
        id="next_rule_nonwinner_de_completes_its_wind_pung",
    ),
    # 6. 閒家胡 with the dealer at 0 and the two other 閒家 level. 北 self-draws 3s (嵌檔) with 北對:
    # 2 + 2 + 2 + 10 = 16, 無得 -> 32. 南 holds four 中, not konged: "手裡有暗槓牌時不暗槓，作暗刻處理" 8,
    # 中 1翻 -> 16; 西 西暗刻 16. 东 → 北 32, 南 → 北 16, 西 → 北 16; "莊家和其餘兩家不減半": 东 → 南
    # 16, 东 → 西 16; 南 − 西 = 0.
    pytest.param(
        [
            DE_8S,
            show("N", "123m456m789p234s44z"),
            show("S", "7777z147m258p36s1z"),
            show("W", "333z147p25s369m46z"),
            win("N", "self_draw", "3s"),
        ],
        {},
        {"N": 32, "S": 16, "W": 16},
        {
            ("E", "N"): 32,
            ("S", "N"): 16,
            ("W", "N"): 16,
            ("E", "S"): 16,
            ("E", "W"): 16,
        },
        id="nondealer_wins_dealer_zero_two_level",
    ),
]


@pytest.mark.parametrize("records,options,points,payments", CASES)
def test_seed_combo_case(records, options, points, payments):
    check_case("huangyan", records, options, points, payments)


def test_nondealer_wins_on_the_dealers_discard_in_play():
    # 东 throws 3s first; 西 (123m 456m 789p 24s 白白) wins it: 白對 2 + 嵌檔 2 + 底 10 = 14, 無得 ->
    # 28. 东 keeps 中暗刻 "字牌暗刻 8", 1翻 -> 16; 北 北對 2; 南 0. The discarder is the dealer and
    # pays as the dealer, no more (the seed knows no 包): 东 → 西 28; 南 → 西 14, 北 → 西 14; 南 → 东
    # 16, 北 → 东 16 − 2 = 14 (full); 南 → 北 2/2 = 1. 西 won, not 东: 南 deals next (docs).
    deals = {
        "E": "777z3s147m258p147s1z",
        "S": "369m147p25s2z3z4z6z8m",
        "W": "123m456m789p24s55z",
        "N": "44z369m147p258s8m5s",
    }
    recs = play_log.full_log("huangyan", deals, "E-3s W:hu:3s:E", indicator="9s")
    hand = play_log.audited(recs)
    assert hand["points"] == {"E": 16, "S": 0, "W": 28, "N": 2}
    assert play_log.flows(hand) == {
        ("E", "W"): 28, ("S", "W"): 14, ("N", "W"): 14, ("S", "E"): 16, ("N", "E"): 14,
        ("S", "N"): 1,
    }  # fmt: skip
    assert play_log.next_dealer(recs) == "S"


THROWN_DE_DEALS = {
    "E": "777z9s147m258p147s1z",
    "S": "369m147p25s2z3z4z6z8m",
    "W": "123m456m789p24s55z",
    "N": "44z369m147p258s8m5s",
}
THROWN_DE = "E-9s W:hu:9s:E"


def test_a_win_on_a_thrown_de_stands_and_the_de_is_wild():
    # The seed bars only "“得”不能“吃”" and "“得”不能“碰”" — no 胡 on a thrown 得 is barred (wenling's
    # 特殊处罚1 is not in this seed; docs: discarded_wildcard_blocks_win False). 东 throws a 得 (9s);
    # 西 (123m 456m 789p 24s 白白) wins it, the 得 standing for 3s: 白對 2 + 嵌檔 2 + 底 10 = 14; the
    # 得 is now in 西's hand ("無“得”(硬碰硬) 手裡無“得”" fails) and stands for no 9s (no 還原): 14.
    # 东 中暗刻 16, 北 北對 2, 南 0: 东 → 西 14; 南 → 西 7, 北 → 西 7; 南 → 东 16, 北 → 东 14; 南 → 北 1.
    deals = {
        "E": "777z9s147m258p147s1z",
        "S": "369m147p25s2z3z4z6z8m",
        "W": "123m456m789p24s55z",
        "N": "44z369m147p258s8m5s",
    }
    hand = play_log.audited(play_log.full_log("huangyan", deals, "E-9s W:hu:9s:E", indicator="9s"))
    assert hand["points"] == {"E": 16, "S": 0, "W": 14, "N": 2}
    assert play_log.flows(hand) == {
        ("E", "W"): 14, ("S", "W"): 7, ("N", "W"): 7, ("S", "E"): 16, ("N", "E"): 14,
        ("S", "N"): 1,
    }  # fmt: skip


def test_a_club_that_bars_wins_on_a_thrown_de():
    # Option thrown_de_win false (wenling's "其它玩家也不能用打出来的得使自己的牌胡倒" at a huangyan
    # table): the same win is refused (win_on_discarded_wildcard): it does not stand, nothing is
    # owed, and the table's payment of it is disputed.
    recs = play_log.full_log(
        "huangyan",
        THROWN_DE_DEALS,
        THROWN_DE,
        options={"thrown_de_win": False},
        indicator="9s",
        end=(settlement(("E", "W", 14)),),
    )
    hand = audit_records(recs)["hands"][0]
    assert [a["code"] for a in hand["anomalies"]] == ["win_on_discarded_wildcard"]
    assert [w["stands"] for w in hand["wins"]] == [False]
    assert hand["expected_payments"] == [] and hand["disputes"]
