"""闲家牌点: their own 胡 and 番 lists on arbitrary tiles (tests/fixtures/wenling/nonwinners.jsonl):
the best split into pungs and pairs, 得 filling them without earning 门风/字牌 番, and 四风会齐."""

from tests.engine.rulesets.wenling_helpers import items, scored


def test_nonwinner_items_and_total_without_the_base_20():
    s = scored("nonwinners.jsonl", 1)
    # 西: 西 暗刻 8 + 111m 暗刻 8 + 发 对 2 + 白 秋 翻出 8 = 26 胡; 门风 1 + 白 1 + 秋 (own) 1 = 3番
    #     → 26 × 8 = 208 → 210.
    assert items(s["W"]) == {
        "pung_concealed_major": 2,
        "fan_seat_wind": 1,
        "pair_value": 1,
        "bonus_tile": 2,
        "fan_white": 1,
        "fan_own_flower": 1,
    }
    assert s["W"].points == 210
    # 北: 北北 + 得 → 北 暗刻 8 胡 but no 门风 番 (得 may not make it for a non-winner); it beats
    #     北 对 2 + 22m+得 4 = 6 → 8 → 10.
    assert items(s["N"]) == {"pung_concealed_major": 1} and s["N"].points == 10


def test_nonwinner_plus_20_option():
    s = scored("nonwinners.jsonl", 1, nonwinner_plus_20=True)
    assert s["W"].points == 370  # (26 + 20) × 8 = 368 → 370
    assert s["N"].points == 30  # 28 → 30


def test_de_completes_a_pung_and_a_peng_of_red_earns_its_fan():
    s = scored("nonwinners.jsonl", 2)
    # 东: 东 暗刻 8 (+门风 1番) + 西 暗刻 8 + 得 with 南南 or 北北 → 8 = 24 胡 × 2 = 48 → 50
    #     (one 得 cannot complete both: no 四风会齐)
    assert items(s["E"]) == {"pung_concealed_major": 3, "fan_seat_wind": 1}
    assert s["E"].points == 50
    # 西: 碰 中 4 胡, 字牌 1番 → 8 → 10
    assert items(s["W"]) == {"pung_exposed_major": 1, "fan_dragon": 1} and s["W"].points == 10


def test_nonwinner_four_winds():
    assert scored("nonwinners.jsonl", 3)["E"].points == 500  # 东 对 + 南 西 北 暗刻
    n = scored("nonwinners.jsonl", 4)["N"]  # 北 + 得 = 门风对, 东 南 西 暗刻
    assert (n.points, n.limit, items(n)) == (500, "laizi", {"four_winds": 1})


def test_a_flower_among_a_nonwinners_concealed_tiles_scores_nothing():
    # A flower kept concealed (bonus_not_revealed in a mutated log) with two 得 (9s): the 得
    # cannot make a pair or pung of a flower: N scores its 东 暗刻 (8 胡) and a pung of 2m or
    # 5p with the two 得 (4 胡).
    from engine.model import Showdown
    from engine.rulesets.wenling.nonwinner import score_nonwinner
    from engine.rulesets.wenling.options import Options

    show = Showdown("N", ("1z", "1z", "1z", "9s", "9s", "3f", "2m", "5p"), (), ())
    scoring = score_nonwinner(show, frozenset({"9s"}), False, Options())
    assert items(scoring) == {"pung_concealed_major": 1, "pung_concealed": 1}
