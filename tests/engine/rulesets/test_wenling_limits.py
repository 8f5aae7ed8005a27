"""腊子胡 (500): one example per case (tests/fixtures/wenling/limits.jsonl) and the options that
decide the borderline readings (红花, 四风会齐 with kongs, 双得还原 by a pair, 地胡)."""

import dataclasses

import pytest

from engine.model import FLAG_FIRST_DRAW, Win
from tests.engine.rulesets.wenling_helpers import RS, hands, items, scored

CASES = [
    (1, "S", "three_de"),
    (2, "S", "red_flowers"),
    (3, "S", "black_flowers"),
    (4, "S", "four_white"),
    (5, "E", "heaven"),
    (6, "S", "earth"),
    (7, "S", "four_winds"),
    (8, "S", "four_winds"),
    (9, "S", "double_restore"),
    (11, "S", "four_red"),
    (12, "S", "four_green"),
]


@pytest.mark.parametrize(("no", "seat", "code"), CASES, ids=[c[2] + str(c[0]) for c in CASES])
def test_each_laizi_is_500(no, seat, code):
    s = scored("limits.jsonl", no)[seat]
    assert items(s) == {code: 1}
    assert (s.points, s.limit) == (500, "laizi")


def test_red_flowers_follow_the_option():
    assert items(scored("limits.jsonl", 3, red_flowers="plum")["S"]) == {"red_flowers": 1}
    assert items(scored("limits.jsonl", 2, red_flowers="plum")["S"]) == {"black_flowers": 1}


def test_four_winds_with_a_kong_only_when_kongs_count():
    # 东 明杠 16 + 南 暗刻 8 + 西 暗刻 8 + 单吊 北 2 + 20 = 54; 门风 1 + 无得 1 → 216 → 220.
    s = scored("limits.jsonl", 8, four_winds_kongs=False)["S"]
    assert s.limit is None and s.points == 220


def test_two_de_as_a_pair_of_themselves_is_not_double_restore_by_default():
    # best reading: the two 得 as a 南 pair (2 胡) with 旁胡: 22 × 2^(2张得 + 旁胡) = 88 → 90.
    s = scored("limits.jsonl", 10)["S"]
    assert s.limit is None and s.points == 90
    assert scored("limits.jsonl", 10, restore_pair_counts=True)["S"].points == 500


def test_earth_on_a_first_draw_only_by_option():
    h = hands("limits.jsonl")[6]
    drawn = Win("S", "self_draw", "5p", flags=frozenset({FLAG_FIRST_DRAW}))
    outcome = dataclasses.replace(h.outcome, wins=(drawn,))
    assert RS.score(outcome, RS.options())["S"].limit is None
    assert RS.score(outcome, RS.options({"dihu_first_draw": True}))["S"].limit == "laizi"
