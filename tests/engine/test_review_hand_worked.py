"""More hand-worked efficiency-review cases, on what the other files cover least: 1-3 得 under
each ruleset's own shapes (wenling's 腊子 with a flower or dragon 得, huangyan's three 得 that are
no limit), unseen copies from the seat's view (the 得 indicator set aside or left in the wall,
flowers and 碰 shown by other seats, a 得 another seat threw), missed wins the rules bar or allow
after a passed 胡, a claim's shanten, and the order of a deal-in's 现物.

Every figure was worked out by hand from the seed text before the code ran; the arithmetic is in
each docstring. Standard-shape shanten: 8 - 2·sets - partials - pair for 13 tiles (10 - … for
wenling's 16), sets + partials at most 4 (5); a limit held at ``held`` of ``count`` is
``count - held - 1`` from 听牌. Unseen = 4 (a flower: 1) less the seat's own tiles, every meld,
revealed tile and river tile, and the indicator when it is set aside.
"""

from __future__ import annotations

import pytest

from engine.efficiency import Draws, draws
from tests.engine.test_review_cases import d, draw, first, log, review
from tests.engine.test_review_seed_rules import missed, option, wenling_hand, win

SCATTERED = "1m4m7m1p4p7p1s4s7s1z2z3z4z"  # 13 tiles: no two within two ranks, honors apart
E_WENLING = "2m5m8m2p5p8p2s5s8s6z7z3m6m3p6p3s6s"  # wenling's dealer: 17, no 得 9p, no bonus
E_13 = "3m8m2p5p8p2s8s3z4z6z7z6m9p9m"  # a 14-tile dealer that wins nothing


def reveal(seat: str, tile: str, then: str) -> list[dict]:
    """A bonus tile shown and its replacement drawn from the back."""
    return [{"type": "reveal", "seat": seat, "tile": tile}, draw(seat, then, back=True)]


# == wenling: two 得 and 三个得 ===================================================================
TWO_DE = SCATTERED + "6z7z9p9p"  # the dealer's 17: two 得 (indicator 9p) and 15 loose tiles


@pytest.mark.parametrize(("in_wall", "unseen"), [(False, 1), (True, 2)])
def test_wenling_two_de_wait_for_the_third_whatever_else_is_cut(in_wall, unseen):
    """Two 得 held: "三个得" is one 得 away (3 - 2 - 1 = 0), the standard shape far (15 loose
    tiles, no pair, no partial: 得得X is one set, 10 - 2 = 8). Every cut but a 得 keeps 听牌 on
    the 9p alone; cutting a 得 is one step back (3 - 1 - 1 = 1; standard 10 - 1 = 9). Unseen 9p:
    4 less the two held less the indicator set aside = 1; where the club leaves the indicator in
    the wall (option indicator_in_wall) it can still be drawn: 2."""
    opts = {"indicator_in_wall": in_wall}
    x = first(review(log("wenling", {"E": TWO_DE}, [d("E", "1z")], 16, "9p", opts)))
    assert (x.shanten_before, x.shanten_after, x.mark) == (0, 0, "best")
    loose = ("1m", "4m", "7m", "1p", "4p", "7p", "1s", "4s", "7s", "1z", "2z", "3z", "4z", "6z")
    assert x.best == (*loose, "7z")
    assert option(x, "1z") == {"9p": unseen} and x.effective == x.best_effective == unseen
    cut_de = next(o for o in x.detail.options if o.tile == "9p")
    assert cut_de.shanten == 1


def test_wenling_a_de_thrown_by_another_seat_is_seen():
    """S holds two 得 (9p): 听牌 on the third (4 - 2 - indicator = 1 unseen) at its first cut;
    W then draws and throws a 9p, so at S's next cut none is left to draw: 0."""
    s = SCATTERED + "6z9p9p"
    plays = [
        d("E", "2m"),
        draw("S", "9s"),
        d("S", "9s"),
        draw("W", "9p"),
        d("W", "9p"),
        draw("N", "8m"),
        d("N", "8m"),
        draw("E", "1s"),
        d("E", "1s"),
        draw("S", "3m"),
        d("S", "3m"),
    ]
    hand = review(log("wenling", {"S": s, "E": E_WENLING}, plays, 16, "9p"))
    one, two = (x for x in hand.decisions if x.seat == "S")
    assert (one.shanten_after, option(one, "9s"), one.effective) == (0, {"9p": 1}, 1)
    assert (two.shanten_after, option(two, "3m"), two.effective) == (0, {"9p": 0}, 0)


def test_wenling_two_de_and_three_whites_wait_on_either():
    """Two 得 (9p) and three 白 shown: "三个得" and "四个白板" are each one tile away, both 听牌;
    the 白, revealed when drawn, helps the 四个白板 only."""
    got = draws(wenling_hand(SCATTERED + "6z9p9p", "9p", revealed="5z5z5z"))
    assert got == Draws(0, ("9p", "5z"))


def test_wenling_one_de_completes_a_set_or_the_pair():
    """得 = 9p; 123m 456m 789m 123s + 5p 7p 1z 得 (16). A draw X completes it when 5p 7p 1z 得 X
    are a set and a pair: 6p (567p, 1z 得 the pair), 1z (11z, 5p 得 7p), a 9p (得 as 6p, the
    other as the 1z's pair). 5p or 7p pair up but leave 7p/5p 1z 得: no. 三个得 stays 1 away
    (one held: 3 - 1 - 1) and a drawn 得 brings it to 0 only, not below the standard shape."""
    got = draws(wenling_hand("123m456m789m123s5p7p1z9p", "9p"))
    assert got == Draws(0, ("6p", "9p", "1z"))


def test_wenling_naonao_a_dragon_de_held_twice():
    """Indicator 7z (中): 闹闹, 得 = the other 中, not revealed ("若闹闹时，'得'牌是不能翻出来的").
    Two held: 三个得 0 from 听牌; 四红中 4 - 2 - 1 = 1; the standard shape far (one partial, 79m).
    Only a 中 helps."""
    got = draws(wenling_hand(SCATTERED[:-2] + "4z9m7z7z", "7z"))
    assert got == Draws(0, ("7z",))


def test_wenling_flower_de_two_held_wait_on_the_last_of_the_group():
    """Indicator 5f (梅): 得 = 兰竹菊 ("若翻出来的是'春'的花牌，则夏秋冬是'得'，梅兰竹菊以此相同"),
    held, not revealed. 兰竹 held: 三个得 0; 梅兰竹菊 needs the 梅, set aside: 4 - 2 - 1 = 1.
    Only the 菊 helps (it is the third 得)."""
    got = draws(wenling_hand(SCATTERED + "9m6f7f", "5f"))
    assert got == Draws(0, ("8f",))


# == wenling: a flower group and the flowers other seats show =====================================
S_FLOWERS = SCATTERED + "1f2f3f"


@pytest.mark.parametrize(("w_shows", "unseen"), [(True, 0), (False, 1)])
def test_wenling_the_last_flower_of_a_group_shown_by_another_seat(w_shows, unseen):
    """S shows 春夏秋 at the deal (replaced by 6z 7z 9s): "春夏秋冬齐全" is one flower away, 听牌
    whatever S cuts (no flower is held). The 冬 is the one useful draw; when W shows it at the
    deal it is seen and none is left (0), else 1."""
    w = SCATTERED + "8m8p" + ("4f" if w_shows else "9m")
    plays = [
        *reveal("S", "1f", "6z"),
        *reveal("S", "2f", "7z"),
        *reveal("S", "3f", "9s"),
        *(reveal("W", "4f", "9m") if w_shows else []),
        d("E", "2m"),
        draw("S", "2z"),
        d("S", "1z"),
    ]
    hand = review(log("wenling", {"S": S_FLOWERS, "W": w, "E": E_WENLING}, plays, 16, "9p"))
    x = first(hand, "S")
    assert (x.shanten_before, x.shanten_after, x.mark) == (0, 0, "best")
    assert option(x, "1z") == {"4f": unseen} and x.effective == unseen
    assert len(x.best) == 16  # every distinct tile held: all of them keep 听牌 on the 冬


# == huangyan: the indicator and three 得 =========================================================
@pytest.mark.parametrize(
    ("options", "waits"),
    [({}, {"3m": 4, "6m": 3}), ({"wildcard_rule": "next"}, {"3m": 4, "6m": 3, "7m": 4})],
)
def test_huangyan_the_turned_up_tile_is_seen_whatever_the_de(options, waits):
    """123p 456p 789s 11z 45m + 9m; cut 9m: 45m waits on 3m or 6m. Indicator 6m, set aside: one
    6m seen (3 left). By default the 得 is the other 6m (the same kind: 3); under wildcard_rule
    next the 得 is 7m, all four unseen, each a wait (a 得 stands for the 3m or the 6m)."""
    x = first(
        review(log("huangyan", {"E": "123p456p789s11z45m9m"}, [d("E", "9m")], 13, "6m", options))
    )
    assert (x.shanten_after, x.best, option(x, "9m")) == (0, ("9m",), waits)
    assert x.effective == sum(waits.values())


def test_huangyan_three_de_are_a_wait_on_six_kinds_not_a_limit():
    """得 = 7m (indicator 7m), all three held: no 腊子 in huangyan. 123m 456p 11z 得得得 9s 2z 5z:
    cut 5z → 11z pair, 得得9s a set, 得2z a partial: 听牌. Completing draws X: 2z (2z2z得), 7s 8s
    9s (with 9s and a 得), 1z (111z, 得2z the pair), a 得. Unseen: 7m 4 - 3 - indicator = 0, 7s 4,
    8s 4, 9s 3, 1z 2, 2z 3 = 16; cutting 2z keeps the 5z instead: 16 too (best: 2z 5z). Cutting
    9s leaves 2z 5z 1z 7m: 3 + 3 + 2 + 0 = 8; a 得 or 1z one step back."""
    x = first(review(log("huangyan", {"E": "123m456p11z777m9s2z5z"}, [d("E", "5z")], 13, "7m")))
    assert option(x, "5z") == {"7m": 0, "7s": 4, "8s": 4, "9s": 3, "1z": 2, "2z": 3}
    assert (x.shanten_after, x.effective, x.best, x.mark) == (0, 16, ("2z", "5z"), "best")
    assert sum(option(x, "9s").values()) == 8
    assert {o.tile: o.shanten for o in x.detail.options}["7m"] == 1


# == a meld another seat shows =====================================================================
def test_zhoushan_a_pung_shown_by_another_seat_is_seen():
    """W pungs E's 6m (three 6m on the table); S later draws 5m and cuts 2z: 45m waits on 3m
    (4 unseen: E's 3m is in its hand) or 6m (4 - 3 = 1): 5. Cutting 4m or 5m instead leaves two
    singles (1 from 听牌)."""
    w = "6m6m1z2m5m8m2p5p8p2s5s8s3z"
    plays = [
        d("E", "6m"),
        {"type": "peng", "seat": "W"},
        d("W", "1z"),
        draw("N", "9p"),
        d("N", "9p"),
        draw("E", "9s"),
        d("E", "9s"),
        draw("S", "5m"),
        d("S", "2z"),
    ]
    hand = review(log("zhoushan", {"S": "123p456p789s11z4m2z", "W": w, "E": E_13}, plays))
    x = first(hand, "S")
    assert (x.shanten_after, x.best, option(x, "2z"), x.effective) == (
        0,
        ("2z",),
        {"3m": 4, "6m": 1},
        5,
    )


# == missed wins: what a passed 胡 bars and what it does not ======================================
WAITS_356 = "4445m123p456p111s"  # 门清, waits on 3m (345m), 5m (444m 55m), 6m (456m)


@pytest.mark.parametrize("ruleset", ["zhoushan", "xizhou"])
def test_a_passed_win_does_not_bar_the_seats_own_draw(ruleset):
    """S lets E's 6m go (漏胡 on a discard), then draws the 3m: "在玩家下次摸牌前如再次被点炮不可胡牌"
    bars wins on others' tiles only, and the draw ends it anyway: the self-drawn 3m it throws back
    is a second missed win."""
    plays = [d("E", "6m"), draw("S", "3m"), d("S", "3m")]
    hand = review(log(ruleset, {"S": WAITS_356, "E": E_13}, plays))
    assert missed(hand) == [("S", "6m", "discard", "E"), ("S", "3m", "self_draw", None)]


@pytest.mark.parametrize("ruleset", ["zhoushan", "xizhou"])
def test_after_its_draw_a_passed_seat_may_win_on_a_discard_again(ruleset):
    """S lets W's 5m go; N's 6m and E's 3m come before its next draw: barred, not missed. S draws
    (1z) and cuts it; W's next 6m completes S again and is missed."""
    plays = [
        d("E", "9p"),
        draw("S", "9s"),
        d("S", "9s"),
        draw("W", "5m"),
        d("W", "5m"),
        draw("N", "6m"),
        d("N", "6m"),
        draw("E", "3m"),
        d("E", "3m"),
        draw("S", "1z"),
        d("S", "1z"),
        draw("W", "6m"),
        d("W", "6m"),
    ]
    hand = review(log(ruleset, {"S": WAITS_356, "E": E_13}, plays))
    assert missed(hand) == [("S", "5m", "discard", "W"), ("S", "6m", "discard", "W")]


def test_huangyan_has_no_passed_win_bar():
    """huangyan.txt says nothing of a passed 胡 (passed_win_waits_for_draw off): S (12m 边张 on
    3m) lets W's 3m go and N's 3m right after: two missed wins."""
    plays = [
        d("E", "9m"),
        draw("S", "1p"),
        d("S", "1p"),
        draw("W", "3m"),
        d("W", "3m"),
        draw("N", "3m"),
        d("N", "3m"),
    ]
    hand = review(log("huangyan", {"S": "12m456p789s111z55z", "E": E_13}, plays, 13, "7m"))
    assert missed(hand) == [("S", "3m", "discard", "W"), ("S", "3m", "discard", "N")]


# == a claim's shanten =============================================================================
def test_a_pung_that_lowers_the_shanten_is_not_raised():
    """S: 123m 456p 78s 11z 55z 9m: two sets, 78s and 55z partials, 11z the pair: 8 - 4 - 2 - 1 = 1.
    It pungs E's 1z: 111z is a set, 55z the pair, 78s a partial, the 9m to cut: 8 - 6 - 1 - 1 =
    0."""
    e = "1z3m8m2p5p8p2s8s3z4z6z7z6m9p"
    plays = [d("E", "1z"), {"type": "peng", "seat": "S"}, d("S", "9m")]
    hand = review(log("zhoushan", {"S": "123m456p78s11z55z9m", "E": e}, plays))
    claim = hand.claims[0]
    assert (claim.seat, claim.kind, claim.shanten_before, claim.shanten_after) == (
        "S",
        "peng",
        1,
        0,
    )
    assert not claim.raised and hand.missed_wins == ()


# == a deal-in's 现物, ranked as the options are ===================================================
def test_a_deal_ins_safe_tiles_are_ranked_by_what_their_cut_keeps():
    """E: 123m 456m 789p 55s 1z 9s + the 3z it draws last; S (four sets, 单吊 3z) threw 1z and 9s
    before. Each of 3z, 1z, 9s leaves three sets, the 55s pair and two singles (1 from 听牌).
    Unseen to E then (rivers E 6z 4p, S 1z 9s, W 9m 2p, N 8p 2s): 1z 2, 3z 3, 5s 2, 7s 4, 8s 4,
    9s 2. Cut 3z keeps 1z 5s 7s 8s 9s = 14; cut 1z keeps 3z 5s 7s 8s 9s = 15 (the best); cut 9s
    keeps 1z 3z 5s = 7. E cuts 3z (one tile fewer) and S wins on it: both 现物 were safe at
    equal shanten, 1z (15) before 9s (7)."""
    plays = [
        d("E", "6z"),
        draw("S", "1z"),
        d("S", "1z"),
        draw("W", "9m"),
        d("W", "9m"),
        draw("N", "8p"),
        d("N", "8p"),
        draw("E", "4p"),
        d("E", "4p"),
        draw("S", "9s"),
        d("S", "9s"),
        draw("W", "2p"),
        d("W", "2p"),
        draw("N", "2s"),
        d("N", "2s"),
        draw("E", "3z"),
        d("E", "3z"),
        win("S", "discard", "3z", "E"),
    ]
    deal = {"E": "123m456m789p55s1z9s6z", "S": "234m567p345s678s3z"}
    hand = review(log("zhoushan", deal, plays))
    x = [x for x in hand.decisions if x.seat == "E"][-1]
    assert (x.discard, x.shanten_after, x.effective, x.best, x.best_effective, x.mark) == (
        "3z",
        1,
        14,
        ("1z",),
        15,
        "fewer",
    )
    assert option(x, "3z") == {"1z": 2, "5s": 2, "7s": 4, "8s": 4, "9s": 2}
    assert option(x, "9s") == {"1z": 2, "3z": 3, "5s": 2}
    assert [(i.seat, i.winner, i.tile, i.safe) for i in hand.deal_ins] == [
        ("E", "S", "3z", ("1z", "9s"))
    ]
    assert missed(hand) == [] and [(w.seat, w.shanten_before) for w in hand.wins] == [("S", 0)]
