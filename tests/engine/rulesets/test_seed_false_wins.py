"""Declared wins that are no win under a seed's own words, on full play-by-play logs written by
hand (the notation in play_log.py): the win does not stand, nothing is owed for it, and what the
table paid for it is a dispute (docs/report.md, "Every claim checked"). Each case quotes its
clause; the verdict was worked out from it before the engine ran.

  zhoushan.txt: "定海麻将可和的牌型只有一种，即基本牌型，其它麻将中的七小对牌型、十三幺牌型、十三不靠牌型都不能胡。"
  xizhou.txt 【胡牌规则】: "胡牌基本牌型：… 11、123、123、123、123 … 11、111、111、111、111" (nothing else)
  wenling.txt 抢杠胡: "…（不能对暗杠牌进行枪杠）"
  wenling.txt: "判断是否有玩家三个“得”或四个白或“春夏秋冬”或“梅兰竹菊”，若有一家有，有的一家作为自动胡牌"
"""

import pytest

from engine.audit import audit_records
from tests.engine.rulesets.play_log import full_log
from tests.engine.summary_log import settlement


def verdict(records: list[dict]) -> tuple[set[str], list[bool], list, bool]:
    """The codes on the win line, whether each win stands, the expected payments, and whether
    the table's settlement is disputed."""
    hand = audit_records(records)["hands"][0]
    at = next(seq for seq, r in enumerate(records) if r["type"] == "win")
    codes = {a["code"] for a in hand["anomalies"] if a["seq"] == at}
    return (
        codes,
        [w["stands"] for w in hand["wins"]],
        hand["expected_payments"],
        bool(hand["disputes"]),
    )


# 南 holds six pairs and a 9s (11m 44m 77m 22p 55p 88p 9s: no run, no three alike) and declares a
# win on 东's 9s: seven pairs, "七小对…不能胡" (zhoushan), not one of the five 基本牌型 (xizhou).
SEVEN_PAIRS = {
    "E": "9s123s456s789m11z23z",
    "S": "11m44m77m22p55p88p9s",
    "W": "369m369p2s5s8s44z55z",
    "N": "258m147p37s66z77z3z",
}


@pytest.mark.parametrize(
    ("ruleset", "paid"),
    [
        # the table paid it as 1台 from the discarder ("discarder" pays a discard win, docs)
        pytest.param("zhoushan", (("E", "S", 1),), id="zhoushan"),
        # the table paid it as 1台, "点炮玩家付2M"
        pytest.param("xizhou", (("E", "S", 2),), id="xizhou"),
    ],
)
def test_seven_pairs_is_no_win(ruleset, paid):
    codes, stands, owed, disputed = verdict(
        full_log(ruleset, SEVEN_PAIRS, "E-9s S:hu:9s:E", end=(settlement(*paid),))
    )
    assert "not_winning" in codes
    assert stands == [False] and owed == [] and disputed


def test_wenling_robbing_a_concealed_kong_is_no_win():
    # 东 暗杠s its four 5p; 南 (123m 456m 789m 234s 67p 东东) "robs" it for 567p. The seed: "不能对
    # 暗杠牌进行枪杠" — there is no 明杠 to rob, so no win and nothing owed (C.1 needs a 胡牌家).
    # The table paid it as 抢杠胡 (the 东 pair is not 南's 门风: 0 胡): 20 × 2^2 (无得, 抢杠胡) = 80,
    # 8 from each.
    deals = {
        "E": "5555p123s678s147m2468p",
        "S": "123m456m789m234s67p11z",
        "W": "258m369p568s22z33z44z6z",
        "N": "369m147s18p1z6z777z2z3z4z",
    }
    paid = settlement(("E", "S", 8), ("W", "S", 8), ("N", "S", 8))
    codes, stands, owed, disputed = verdict(
        full_log("wenling", deals, "E:gang:concealed:5p S:qiang:5p:E", indicator="9s", end=(paid,))
    )
    assert "claim_no_discard" in codes
    assert stands == [False] and owed == [] and disputed


def test_wenling_three_whites_and_a_de_are_no_automatic_win():
    # 南 is dealt three 白 and one 得 (9s; 得 = 九条), shows the 白 and draws 3p, 4p, 6p from the
    # back. "四个白" is four 白 shown ("在翻白板及花牌时，一个玩家抓到四个白板…作为胡牌"); a 得 is not a 白
    # on the table, and one 得 is not "三个'得'": no 腊子, and 16 tiles are no 胡牌 either.
    # The table paid it as a 腊子: 500 / 10 = 50 from each.
    deals = {
        "E": "147m258p368s11z22z33z77z",
        "S": "555z9s123m456m789m12p",
        "W": "258m369p147s444z66z3z1z",
        "N": "3699m1479p24589s2z6z7z",
    }
    steps = "S!5z S*3p S!5z S*4p S!5z S*6p S:instant"
    paid = settlement(("E", "S", 50), ("W", "S", 50), ("N", "S", 50))
    codes, stands, owed, disputed = verdict(
        full_log("wenling", deals, steps, indicator="9s", end=(paid,))
    )
    assert "not_winning" in codes
    assert stands == [False] and owed == [] and disputed
