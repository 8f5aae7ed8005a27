"""舟山 play restrictions (特殊规则, 吃牌), 一炮多响, dealer rotation and the audit's explanations,
on full play-by-play logs in tests/fixtures/zhoushan/ and on check() directly."""

import pytest

from engine.audit import audit_records
from engine.replay import replay
from engine.rulesets import get_ruleset
from tests.engine.rulesets.review_helpers import fixture_records
from tests.engine.rulesets.tai_helpers import act, errors, explain, play_out, summary_hands

RS = get_ruleset("zhoushan")
OPTS = RS.options()


def test_restrictions_on_full_logs():
    hands = replay(fixture_records("zhoushan/restrictions.jsonl")).hands
    assert errors(hands[0]) == [(13, "passed_peng")]  # 放弃过的碰张同圈内不能再碰
    assert errors(hands[1]) == [(28, "passed_win")]  # 放弃过的胡 … 在自己摸牌前不能胡
    # 不允许吃打同张 (34万吃2万 不能打5万), and 吃 only from the left seat
    assert errors(hands[2]) == [(37, "discard_of_claimed"), (40, "chi_not_from_left")]


def test_passed_peng_is_allowed_again_after_the_seat_draws():
    history = (
        act(1, "discard", "W", "9m"),  # S lets it go
        act(2, "draw", "N", "5m"),
        act(3, "discard", "N", "1z"),
        act(4, "draw", "E", "5m"),
        act(5, "discard", "E", "2z"),
        act(6, "draw", "S", "3m"),  # S draws: the go-round is over
        act(7, "discard", "S", "3m"),
        act(8, "draw", "W", "5m"),
        act(9, "discard", "W", "9m"),
    )
    assert RS.check(act(10, "peng", "S", "9m", from_seat="W"), history, OPTS) == []
    before_draw = history[:5] + (act(6, "discard", "N", "9m"),)
    assert [
        a.code for a in RS.check(act(7, "peng", "S", "9m", from_seat="N"), before_draw, OPTS)
    ] == ["passed_peng"]


def test_no_claim_on_the_last_discard_and_no_kong_on_the_last_tile():
    last = (act(1, "draw", "S", "5m", wall_left=0), act(2, "discard", "S", "5m", wall_left=0))
    assert [
        a.code for a in RS.check(act(3, "peng", "W", "5m", from_seat="S", wall_left=0), last, OPTS)
    ] == ["claim_last_discard"]
    assert RS.check(act(3, "win", "W", "5m", "discard", "S", wall_left=0), last, OPTS) == []
    kong = act(2, "gang", "S", "5m", source="gang_concealed", wall_left=0)
    assert [a.code for a in RS.check(kong, last[:1], OPTS)] == ["kong_last_tile"]
    earlier = (act(1, "draw", "S", "5m", wall_left=1), act(2, "discard", "S", "5m", wall_left=1))
    assert RS.check(act(3, "peng", "W", "5m", from_seat="S", wall_left=1), earlier, OPTS) == []


def test_the_wall_played_to_its_last_tile():
    # 144 tiles, no dead wall: a drawn hand at 0 live tiles is clean …
    assert [a.code for a in replay(play_out("zhoushan", 8, 0)).hands[0].anomalies] == []
    # … and 碰 of the discard made after the last draw is not allowed
    hand = replay(play_out("zhoushan", 8, 0, claim_last=True)).hands[0]
    assert [a.code for a in hand.anomalies] == ["claim_last_discard"]


def test_multiple_winners_dealer_rotation_and_settlement_audit_clean():
    report = audit_records(fixture_records("zhoushan/flow.jsonl"))
    assert report["ok"], report
    first = report["hands"][0]
    assert first["winners"] == ["S", "N"] and first["points"] == {"S": 1, "N": 1}
    # 杠上开花 after konging E's discard, found from the play steps: E pays for all three
    kong = report["hands"][3]
    assert [(p["from"], p["amount"]) for p in kong["expected_payments"]] == [("E", 9)]


def test_wrong_rotation_after_multiple_winners_is_flagged():
    recs = fixture_records("zhoushan/flow.jsonl")
    # the ordinary 下庄 (S's player 小李 deals) is wrong after 一炮多响: N's player deals
    hand2 = next(i for i, r in enumerate(recs) if r["type"] == "hand" and r["no"] == 2)
    recs[hand2] = recs[hand2] | {"seats": {"E": "小李", "S": "老王", "W": "阿芳", "N": "阿强"}}
    codes = [a["code"] for a in audit_records(recs)["anomalies"]]
    assert "dealer_rotation" in codes


@pytest.mark.parametrize(
    ("no", "paid", "code"),
    [
        (13, {("W", "S"): 6}, "cap_ignored"),  # 5 台 paid uncapped: 1 + 5
        (2, {("E", "N"): 3, ("S", "N"): 3, ("W", "N"): 3}, "tai_missed"),  # 白3个 forgotten
        (1, {("W", "S"): 1}, "tai_missed"),  # 中3个 forgotten: the 底 alone
        (7, {("S", "E"): 3}, "tai_added"),  # 坎张 1 + one more
        (1, {("E", "S"): 2, ("W", "S"): 2, ("N", "S"): 2}, "wrong_payer"),  # all three paid
        (15, {("E", "S"): 3, ("W", "S"): 3, ("N", "S"): 3}, "bao_missed"),  # 杠开 not 包三家
        (17, {("S", "W"): 2}, "robbed_not_fivefold"),  # 抢杠 paid as a discard
    ],
)
def test_mistakes_explain_disputed_settlements(no, paid, code):
    hand = summary_hands("zhoushan/items.jsonl")[no - 1]
    assert explain(RS, hand, paid) == code


def test_base_missed_explains_a_settlement_without_the_base():
    # hand 13 with 底 2: W should pay 2 + 4 = 6; paid 4 is the 底 forgotten (one 台 short is 5)
    hand = summary_hands("zhoushan/items.jsonl", base=2)[12]
    assert explain(RS, hand, {("W", "S"): 4}) == "base_missed"


def test_a_discard_the_seat_claimed_itself_was_not_let_go():
    # W 吃s S's 7p, and later 碰s another 7p before drawing: it never let a 7p go by
    history = (
        act(1, "discard", "S", "7p"),
        act(2, "chi", "W", "7p", from_seat="S"),
        act(3, "discard", "W", "9s"),
        act(4, "draw", "N", "2s"),
        act(5, "discard", "N", "9p"),
        act(6, "peng", "S", "9p", from_seat="N"),
        act(7, "discard", "S", "7p"),
    )
    assert RS.check(act(8, "peng", "W", "7p", from_seat="S"), history, OPTS) == []
