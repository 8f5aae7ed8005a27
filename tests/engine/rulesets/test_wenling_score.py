"""牌点计算规则 (winner): one hand-computed example per 胡 item, per 番 item and per decision, as
v1 summary logs in tests/fixtures/wenling/winner_items.jsonl. 得 is 九条 unless noted; the
winner is 南 (门风 南, own flowers 夏 兰). Totals: (胡 + 20) × 2^番, cap 500, round up to 10."""

import pytest

from tests.engine.rulesets.wenling_helpers import items, scored

# (hand no, expected items, points, derivation by hand from the seed)
CASES = [
    (
        1,
        {"base_20": 1, "pair_value": 1, "pung_concealed_major": 1, "kanchan": 1, "no_de": 1},
        70,
        "南南 对 2 + 111s 暗刻 8 + 嵌 5p 2 + 20 = 32 胡; 无得 1番 → 64 → 70",
    ),
    (
        2,
        {"base_20": 1, "pung_exposed": 1, "pung_exposed_major": 1, "penchan": 1, "no_de": 1},
        60,
        "碰 3p 2 + 碰 东 4 + 靠柄 3s (12s) 2 + 20 = 28; 无得 1番 → 56 → 60",
    ),
    (
        3,
        {
            "base_20": 1,
            "kong_exposed": 1,
            "kong_concealed_major": 1,
            "fan_dragon": 1,
            "kong_exposed_major": 1,
            "tanki": 1,
            "no_de": 1,
        },
        320,
        "明杠 5m 8 + 中 暗杠 32 + 1p 加杠 16 + 单吊 6m 2 + 20 = 78; 中 1番 + 无得 1番 → 312 → 320",
    ),
    (
        4,
        {"base_20": 1, "bonus_tile": 3, "fan_white": 1, "fan_own_flower": 1, "kanchan": 1},
        140,
        "白 夏 秋 翻出 3×4 = 12 + 嵌 2 + 20 = 34; 白 1番 + 夏 1番 (秋 is 西's) ; one 得 (→7s pair) → 136 → 140",
    ),
    (5, {"base_20": 1, "pang_hu": 1, "no_de": 1}, 80, "20; 旁胡 + 无得 2番 → 80"),
    (
        6,
        {"base_20": 1, "pung_concealed": 1, "kanchan": 1, "qing_yi_se": 1, "no_de": 1},
        420,
        "888p 暗刻 4 + 嵌 3p 2 + 20 = 26; 清一色 3 + 无得 1 → 26 × 16 = 416 → 420",
    ),
    (
        7,
        {
            "base_20": 1,
            "pung_concealed_major": 1,
            "pung_concealed": 3,
            "pung_exposed": 1,
            "dui_dui_hu": 1,
            "no_de": 1,
        },
        340,
        "111p 8 + 333m 555s 777p 3×4 + 222s (completed by the discard: 刻子) 2 + 20 = 42; 对对胡 2 + 无得 1 → 336 → 340",
    ),
    (
        8,
        {"base_20": 1, "pung_concealed_major": 1, "fan_seat_wind": 1, "hun_yi_se": 1, "no_de": 1},
        450,
        "南 暗刻 8 + 20 = 28; 门风 1 + 混一色 2 + 无得 1 → 28 × 16 = 448 → 450",
    ),
    (
        9,
        {"base_20": 1, "self_draw": 1, "two_de": 1, "self_draw_de": 1, "pang_hu": 1},
        180,
        "自摸 2 + 20 = 22; 2张得 1 + 自摸得 1 + 旁胡 (得 as a two-sided chow) 1 → 176 → 180; "
        "better than 888s+55p 单吊 (28 × 4 = 112) or 555p (26 × 4 = 104)",
    ),
    (
        10,
        {
            "base_20": 1,
            "pair_value": 1,
            "pung_concealed_major": 1,
            "kanchan": 1,
            "no_de": 1,
            "robbed_kong": 1,
        },
        130,
        "hand 1 + 抢杠胡 1番: 32 × 4 = 128 → 130",
    ),
    (
        11,
        {"base_20": 1, "self_draw": 1, "pang_hu": 1, "no_de": 1, "kong_bloom": 1},
        180,
        "自摸 2 + 20 = 22; 旁胡 + 无得 + 杠上开花 (flower replacement) 3番 → 176 → 180",
    ),
    (
        12,
        {
            "base_20": 1,
            "bonus_tile": 3,
            "fan_red": 1,
            "fan_green": 1,
            "fan_own_flower": 1,
            "kanchan": 1,
        },
        280,
        "闹闹 (得 白): 中 发 兰 翻出 12 + 嵌 2 + 20 = 34; 中 1 + 发 1 + 兰 1 → 272 → 280",
    ),
    (
        13,
        {"base_20": 1, "pung_concealed_major": 1, "fan_seat_wind": 1, "kanchan": 1},
        60,
        "得 → 南: 南 暗刻 8 + 嵌 2 + 20 = 30; 门风 1番 (winner may use 得) → 60; "
        "better than 888s + 南南 对 (28 → 30)",
    ),
    (14, {"base_20": 1, "tanki": 1, "no_de": 1}, 50, "单吊 西 2 + 20 = 22; 无得 → 44 → 50"),
    (
        15,
        {"base_20": 1, "pair_value": 1, "pang_hu": 1, "no_de": 1},
        90,
        "南南 对 2 + 20 = 22; 旁胡 (value pair allowed) + 无得 → 88 → 90",
    ),
    (16, {"base_20": 1, "pang_hu": 1, "no_de": 1}, 80, "吃 123m; 20; 旁胡 + 无得 → 80"),
    (
        17,
        {"base_20": 1, "pang_hu": 1, "no_de": 1},
        80,
        "6p as 单吊 (22 × 2 = 44 → 50) or as 两面 in 456p (旁胡: 20 × 4 = 80): the higher counts",
    ),
    (
        19,
        {"base_20": 1, "kong_concealed": 1, "pair_value": 1, "tanki": 1, "no_de": 1},
        80,
        "4p 暗杠 16 + 南南 对 2 + 单吊 2 + 20 = 40; 无得 → 80",
    ),
]


@pytest.mark.parametrize(("no", "expected", "points", "why"), CASES, ids=[str(c[0]) for c in CASES])
def test_winner_items(no, expected, points, why):
    winner = "S"
    s = scored("winner_items.jsonl", no)[winner]
    assert items(s) == expected, why
    assert s.points == points, why
    assert s.limit is None


def test_round_up_to_ten():
    s = scored("winner_items.jsonl", 4)["S"]
    assert (s.raw, s.points) == (136, 140)


def test_cap_at_500_is_not_a_limit_hand():
    # hand 3's tiles self-drawn on the kong replacement: 78 + 自摸 2 = 80 胡;
    # 中 1 + 无得 1 + 杠上开花 1 = 3番 → 640 → 500.
    s = scored("winner_items.jsonl", 18)["S"]
    assert items(s)["kong_bloom"] == 1 and items(s)["self_draw"] == 1
    assert (s.raw, s.points, s.limit) == (640, 500, None)


def test_discard_pung_is_exposed_by_default_and_concealed_by_option():
    assert scored("winner_items.jsonl", 7)["S"].points == 340
    assert scored("winner_items.jsonl", 7, discard_pung_concealed=True)["S"].points == 360


def test_tanki_on_an_honor_option():
    s = scored("winner_items.jsonl", 14, tanki_on_honor=False)["S"]
    assert items(s) == {"base_20": 1, "no_de": 1} and s.points == 40  # 20 × 2


def test_panghu_options():
    s = scored("winner_items.jsonl", 15, panghu_value_pair=False)["S"]
    assert "pang_hu" not in items(s) and s.points == 50  # 22 × 2 = 44 → 50
    s = scored("winner_items.jsonl", 16, panghu_with_chi=False)["S"]
    assert "pang_hu" not in items(s) and s.points == 40  # 20 × 2


def test_the_reading_names_what_each_de_stood_for():
    assert scored("winner_items.jsonl", 13)["S"].reading == ("9s→2z",)
    assert scored("winner_items.jsonl", 4)["S"].reading == ("9s→7s",)
