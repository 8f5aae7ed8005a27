"""西周 行牌规则 on full play-by-play logs: 三包/互包 building up (and the 吃张打张 exception),
送杠胡/还杠胡 from the play steps,
一炮多响, 流局 at 16/18 live tiles and the dealer after it, passed 碰/胡; check() on single steps;
the audit's explanations of disputed settlements."""

import pytest

from engine.audit import audit_records
from engine.model import HandOutcome, Meld, Showdown
from engine.replay import replay
from engine.rulesets import get_ruleset
from tests.engine.rulesets.review_helpers import fixture_records
from tests.engine.rulesets.tai_helpers import act, errors, explain, play_out, summary_hands

RS = get_ruleset("xizhou")
OPTS = RS.options()


def test_full_logs_san_bao_multiple_winners_and_kong_bao_audit_clean():
    report = audit_records(fixture_records("xizhou/flow.jsonl"))
    assert report["ok"], report
    first, second = report["hands"][:2]
    assert {(p["from"], p["reason"]) for p in first["expected_payments"]} == {
        ("W", "放炮：放炮的一家付2M"),
        ("E", "三包：承包的一家付2M（自摸时5M）"),
    }
    assert second["winners"] == ["S", "N"]
    # 送杠胡 and 还杠胡 found from the play steps (no flags in the log)
    song, huan = report["hands"][3:5]
    assert [x["code"] for x in song["items"]["S"]] == ["song_gang", "zimo"]
    assert [(p["from"], p["amount"]) for p in song["expected_payments"]] == [("E", 10)]
    assert {x["code"] for x in huan["items"]["E"]} == {"huan_gang", "pinghu", "menqing"}
    assert [(p["from"], p["amount"]) for p in huan["expected_payments"]] == [("W", 15)]
    # 互包 built up by 吃 one way and 碰 the other: the bound discarder pays 2M + 2 x 2M
    mutual = report["hands"][5]
    assert [(p["reason"], p["amount"]) for p in mutual["expected_payments"]] == [
        ("放炮：放炮的一家付2M", 2),
        ("互包：承包的一家付双倍", 4),
    ]


def test_passed_peng_and_win_and_the_other_end_of_a_chi():
    recs = fixture_records("zhoushan/restrictions.jsonl")
    recs[0] = recs[0] | {"ruleset": "xizhou"}
    hands = replay(recs).hands
    assert errors(hands[0]) == [(13, "passed_peng")]  # 能碰不碰，下次摸牌前不可再碰
    assert errors(hands[1]) == [(28, "passed_win")]  # 选择不胡，下次摸牌前…不可胡牌
    # 3456吃6 … 3是可以打的: discarding the other end of a 吃 is allowed in xizhou
    assert errors(hands[2]) == [(40, "chi_not_from_left")]


def chi(seq, seat, tile, by):
    return act(seq, "chi", seat, tile, from_seat=by)


def test_discarding_the_claimed_tile_is_barred_unless_bao_or_da_diao_che():
    first = (act(1, "discard", "E", "6m"), chi(2, "S", "6m", "E"))
    assert [a.code for a in RS.check(act(3, "discard", "S", "6m"), first, OPTS)] == [
        "discard_of_claimed"
    ]
    assert RS.check(act(3, "discard", "S", "3m"), first, OPTS) == []
    peng = (act(1, "discard", "W", "5p"), act(2, "peng", "S", "5p", from_seat="W"))
    assert [a.code for a in RS.check(act(3, "discard", "S", "5p"), peng, OPTS)] == [
        "discard_of_claimed"
    ]
    # the third claim on E makes 三包: 吃张打张 allowed
    third = (
        act(1, "discard", "E", "1m"), chi(2, "S", "1m", "E"), act(3, "discard", "S", "9p"),
        act(4, "discard", "E", "4m"), chi(5, "S", "4m", "E"), act(6, "discard", "S", "9s"),
        act(7, "discard", "E", "7m"), chi(8, "S", "7m", "E"),
    )  # fmt: skip
    assert RS.check(act(9, "discard", "S", "7m"), third, OPTS) == []
    # a fourth meld leaves one standing tile (大吊车): allowed too
    melds = (
        act(1, "discard", "W", "1p"), act(2, "peng", "S", "1p", from_seat="W"),
        act(3, "discard", "N", "2p"), act(4, "peng", "S", "2p", from_seat="N"),
        act(5, "gang", "S", "3p", source="gang_concealed"),
        act(6, "discard", "E", "5s"), chi(7, "S", "5s", "E"),
    )  # fmt: skip
    assert RS.check(act(8, "discard", "S", "5s"), melds, OPTS) == []
    # with a third meld only, the same discard is barred
    assert [a.code for a in RS.check(act(8, "discard", "S", "6m"), melds[:4] + first, OPTS)] == [
        "discard_of_claimed"
    ]


def hand_codes(recs: list[dict]) -> list[str]:
    return [a.code for a in replay(recs).hands[0].anomalies]


@pytest.mark.parametrize(("flowers", "dead"), [(7, 16), (8, 18), (0, 16)])
def test_exhausted_at_the_seeds_live_tile_count(flowers, dead):
    # 8花未全部补完，剩余16张流局；8花全部补完，剩余18张流局
    assert hand_codes(play_out("xizhou", flowers, dead)) == []
    assert "exhausted_early" in hand_codes(play_out("xizhou", flowers, dead + 2))
    assert "wall_exhausted" in hand_codes(play_out("xizhou", flowers, dead - 1))


def test_a_kong_replacement_is_no_flower_for_the_dead_wall():
    # 7 flowers out and a kong: the kong's back draw must not count as the 8th flower
    assert hand_codes(play_out("xizhou", 7, 16, dealer_kong=True)) == []
    assert "exhausted_early" in hand_codes(play_out("xizhou", 7, 18, dealer_kong=True))


def test_dealer_after_a_drawn_hand():
    # 流局时，庄家无杠连庄，有杠则庄家下家坐庄
    plain = replay(play_out("xizhou", 8, 18)).hands[0].outcome
    konged = replay(play_out("xizhou", 7, 18, dealer_kong=True)).hands[0].outcome
    assert RS.next_dealer(plain, OPTS) == "E"
    assert RS.next_dealer(konged, OPTS) == "S"
    shown = HandOutcome(no=1, seats={}, exhausted=True, showdowns={
        "E": Showdown("E", tuple("1234567m11p"), (Meld("gang_exposed", ("9s",) * 4, "N"),))
    })  # fmt: skip
    assert RS.next_dealer(shown, OPTS) == "S"


@pytest.mark.parametrize(
    ("no", "paid", "code"),
    [
        (9, {("N", "S"): 26}, "tai_missed"),  # 17台 with 正花 夏兰 forgotten: 2 x 13
        (17, {("S", "W"): 6}, "la_gang_missed"),  # 拉杠胡 paid as a discard: 2M
        (30, {("E", "S"): 2, ("W", "S"): 2, ("N", "S"): 2}, "san_bao_missed"),  # plain self-draw
        (33, {("W", "S"): 2, ("E", "S"): 2}, "hu_bao_not_doubled"),  # 互包 paid as 三包
        (1, {("W", "N"): 6}, "tai_added"),
        (9, {("N", "S"): 17}, "discard_not_doubled"),  # 点炮 paid M, not 2M
    ],
)
def test_mistakes_explain_disputed_settlements(no, paid, code):
    hand = summary_hands("xizhou/items.jsonl")[no - 1]
    assert explain(RS, hand, paid) == code
