"""西周 胡牌牌型及对应台数, 计算结果规则 and 承包: one hand-computed v1 summary log per 台 item and
per payment/承包 rule (tests/fixtures/xizhou/items.jsonl; each hand's note shows the arithmetic),
replayed, then through score() and settle(),
and the whole path through the audit. Defaults: 底分 1, 清14混12, 梅1兰2菊3竹4."""

import pytest

from engine.audit import audit_records
from engine.rulesets import get_ruleset
from tests.engine.rulesets.review_helpers import fixture_records
from tests.engine.rulesets.tai_helpers import by_code, flows, pay, summary_hands

RS = get_ruleset("xizhou")

# hand no -> {winner: {item code: 台}} (value × count), read off the seed.
EXPECTED_LINES = {
    1: {"N": {"biandao": 1, "menqing": 1}},
    2: {"E": {"qiandao": 1, "menqing": 1}},
    3: {"W": {"dandiao": 1, "menqing": 1}},
    4: {"S": {"duidao": 1, "menqing": 1}},
    5: {"N": {"pinghu": 1, "menqing": 1}},
    6: {"N": {"menqing": 1}},
    7: {"S": {}},
    8: {"W": {"zheng_hua": 4, "ye_hua": 1, "menqing": 1}},
    9: {"S": {"si_hua": 12, "zheng_hua": 4, "menqing": 1}},
    10: {"E": {"ba_hua": 25, "zimo": 1, "menqing": 1}},
    11: {"E": {"zhengfeng": 2, "menqing": 1}},
    12: {"W": {"quanfeng": 1, "weifeng": 1, "menqing": 1}},
    13: {"E": {"tianhu": 24, "zimo": 1, "menqing": 1}},
    14: {"S": {"dihu": 16, "menqing": 1}},
    15: {"N": {"gang_kai": 1, "zimo": 1, "menqing": 1}},
    16: {"E": {"gang_kai": 1, "ye_hua": 1, "zimo": 1, "menqing": 1}},
    17: {"W": {"la_gang": 1, "qiandao": 1, "menqing": 1}},
    18: {"S": {"song_gang": 1, "zimo": 1}},
    19: {"S": {"huan_gang": 1, "pinghu": 1, "menqing": 1}},
    20: {"S": {"haidi": 1, "zimo": 1, "menqing": 1}},
    21: {"N": {"dragon_pung": 2, "zimo": 1, "menqing": 1}},
    22: {"N": {"da_san_yuan": 25, "biandao": 1, "menqing": 1}},
    23: {"E": {"da_si_xi": 50, "duiduihu": 12, "hunyise": 12, "dandiao": 1, "menqing": 1}},
    24: {
        "W": {
            "ziyise": 40,
            "duiduihu": 12,
            "quanfeng": 1,
            "dragon_pung": 2,
            "dandiao": 1,
            "menqing": 1,
        }
    },
    25: {"S": {"qingyise": 14, "duidao": 1, "menqing": 1}},
    26: {"W": {"hunyise": 12, "menqing": 1}},
    27: {"S": {"da_diao_che": 12, "dandiao": 1}},
    28: {"N": {"duiduihu": 12, "duidao": 1}},
    29: {"S": {"pinghu": 1}},
    30: {"S": {"pinghu": 1, "zimo": 1}},
    31: {"S": {"pinghu": 1}},
    32: {"E": {"qiandao": 1, "menqing": 1}},
    33: {"S": {"pinghu": 1}},
    34: {"S": {"pinghu": 1, "zimo": 1}},
    35: {"S": {"pinghu": 1, "zimo": 1}},
    36: {"S": {"pinghu": 1, "la_gang": 1}},
    37: {
        "S": {"dragon_pung": 1, "menqing": 1},
        "N": {"qiandao": 1, "dragon_pung": 1, "menqing": 1},
    },
    38: {"S": {"gang_kai": 1, "ye_hua": 1, "zimo": 1}},
}
LIABILITIES = {
    17: {("la_gang", "S", "W")},
    18: {("song_gang", "W", "S")},
    19: {("huan_gang", "W", "S")},
    29: {("san_bao", "E", "S")},
    30: {("san_bao", "E", "S")},
    31: {("san_bao", "E", "S")},
    32: {("san_bao", "S", "E")},
    33: {("hu_bao", "E", "S")},
    34: {("hu_bao", "E", "S")},
    35: {("san_bao", "E", "S"), ("san_bao", "W", "S")},
    36: {("la_gang", "W", "S"), ("san_bao", "E", "S")},
}


def hands(**options):
    return summary_hands("xizhou/items.jsonl", **options)


@pytest.mark.parametrize("no", sorted(EXPECTED_LINES))
def test_items_liabilities_and_payments_match_the_hand_computed_log(no):
    hand = hands()[no - 1]
    scorings = RS.score(hand.outcome, hand.opts)
    assert {seat: by_code(s) for seat, s in scorings.items()} == EXPECTED_LINES[no]
    for seat, s in scorings.items():
        assert s.points == sum(EXPECTED_LINES[no][seat].values())
    liabilities = {(x.kind, x.seat, x.beneficiary) for x in RS.liabilities(hand.outcome, hand.opts)}
    assert liabilities == LIABILITIES.get(no, set())
    recorded = {(p["from"], p["to"]): p["amount"] for p in hand.settlement["payments"]}
    assert flows(pay(RS, hand)) == recorded


def test_a_zero_tai_win_is_not_a_win():
    # 1台起胡: hand 7 has no item at all
    scoring = RS.score(hands()[6].outcome, RS.options())["S"]
    assert scoring.points == 0 and scoring.limit == "below_minimum"


@pytest.mark.parametrize(
    ("config", "qing", "hun"),
    [("14/12", 14, 12), ("12/10", 12, 10), ("12/8", 12, 8), ("10/6", 10, 6)],
)
def test_flush_configurations(config, qing, hun):
    hs = hands(flush_config=config)
    assert by_code(RS.score(hs[24].outcome, hs[24].opts)["S"])["qingyise"] == qing
    assert by_code(RS.score(hs[25].outcome, hs[25].opts)["W"])["hunyise"] == hun
    # 大吊车 and 对对胡 count as 混一色
    assert by_code(RS.score(hs[26].outcome, hs[26].opts)["S"])["da_diao_che"] == hun
    assert by_code(RS.score(hs[27].outcome, hs[27].opts)["N"])["duiduihu"] == hun


def test_base_multiplies_every_payment():
    # hand 30 with 底分 5: M = 2 x 5 = 10; the bound E pays 5M = 50
    assert flows(pay(RS, hands(base=5)[29])) == {("E", "S"): 50}


def test_spec_flower_order_moves_ju_and_zhu():
    # hand 8 with 东=春梅 南=夏兰 西=秋竹 北=冬菊: W's own is 秋 only; 春 and 菊 are 野花
    hand = hands(flower_order="spec")[7]
    assert by_code(RS.score(hand.outcome, hand.opts)["W"]) == {
        "zheng_hua": 2,
        "ye_hua": 2,
        "menqing": 1,
    }


def test_four_flowers_set_option():
    # only a full set is 四花: hand 9 (6 flowers) keeps 春夏秋冬 together, 兰 正花 2, 竹 野花 1;
    # (16台, not 17), and hand 8's three flowers are no 四花 either way
    hs = hands(four_flowers="set")
    assert "si_hua" not in by_code(RS.score(hs[7].outcome, hs[7].opts)["W"])
    assert by_code(RS.score(hs[8].outcome, hs[8].opts)["S"]) == {
        "si_hua": 12,
        "zheng_hua": 2,
        "ye_hua": 1,
        "menqing": 1,
    }


def test_zhengfeng_stacks_option():
    hand = hands(zhengfeng_stacks=True)[10]
    assert by_code(RS.score(hand.outcome, hand.opts)["E"]) == {
        "zhengfeng": 2,
        "quanfeng": 1,
        "weifeng": 1,
        "menqing": 1,
    }


def test_white_pair_option_bars_pinghu():
    hand = hands(pinghu_white_pair=False)[4]
    assert by_code(RS.score(hand.outcome, hand.opts)["N"]) == {"menqing": 1}


def test_total_3_hu_bao_rule():
    # hand 32: S 吃 E three times, E claimed nothing from S: still 三包 under either rule
    hand = hands(hu_bao_rule="total_3")[31]
    assert {x.kind for x in RS.liabilities(hand.outcome, hand.opts)} == {"san_bao"}


def test_next_dealer():
    hs = hands()
    opts = RS.options()
    assert RS.next_dealer(hs[1].outcome, opts) == "E"  # dealer won: 连庄
    assert RS.next_dealer(hs[0].outcome, opts) == "S"  # N won: the dealer's 下家 deals


def test_the_full_path_replay_and_audit_agree_with_every_hand():
    # codec -> replay -> score/settle -> audit: no hand anomaly, no dispute, the same 台
    report = audit_records(fixture_records("xizhou/items.jsonl"))
    for h in report["hands"]:
        if h["no"] == 7:  # the 0-台 win: an anomaly on its win line, paid nothing
            assert [a["code"] for a in h["anomalies"]] == ["below_minimum"]
            continue
        assert (h["no"], h["anomalies"], h["disputes"]) == (h["no"], [], [])
        assert h["points"] == {s: sum(v.values()) for s, v in EXPECTED_LINES[h["no"]].items()}
    assert report["hands"][6]["limits"] == {"S": "below_minimum"}


def test_the_last_kong_follows_the_hand_asked_about():
    """``tai.last_kong`` remembers the kongs of the last hand's play: asked about two hands in
    turn (the second's play equal but a distinct tuple, then a different one), each answers its own."""
    from engine.model import Action, HandOutcome
    from engine.rulesets import tai

    def outcome(*actions):
        return HandOutcome(no=1, seats={}, wins=(), showdowns={}, actions=tuple(actions))

    draw = Action(1, "draw", "E", "1m", "wall")
    kong = Action(2, "gang", "E", "2m", "gang_exposed", "S")
    added = Action(3, "gang", "E", "2m", "gang_added")
    plain, konged, grown = outcome(draw), outcome(draw, kong), outcome(draw, kong, added)
    for _ in range(2):
        assert tai.last_kong(plain, "E") is None
        assert tai.last_kong(konged, "E") == ("exposed", "S")
        assert tai.last_kong(outcome(draw, kong), "E") == ("exposed", "S")
        assert tai.last_kong(grown, "E") == ("added", None)
        assert tai.last_kong(grown, "S") is None
