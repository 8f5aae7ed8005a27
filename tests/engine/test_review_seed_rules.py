"""The efficiency review against each seed's own rules, ruleset by ruleset: the shapes it wins
with (read from the ruleset object), how it counts 得, who may win on what (漏胡), deal-ins with
现物, and what a 听牌 wait is worth. Every figure was worked out by hand from the seed text
before the code ran; the arithmetic is in each docstring.

Tiles: 1z-4z 东南西北, 5z 白, 6z 发, 7z 中, 1f-4f 春夏秋冬, 5f-8f 梅兰竹菊. At a seat's first
discard it sees only its own tiles (and the 得 indicator, set aside): a kind's unseen copies are 4
less its own (less the indicator). Seats not named get scattered tiles that win nothing.
"""

from __future__ import annotations

import json

import pytest

from engine.efficiency import Draws, Hand, draws, shanten
from engine.model import Meld
from engine.review import SessionReview, review_records
from engine.rulesets import get_ruleset
from engine.tiles import FACES, parse_tiles
from tests.engine.test_review_cases import d, draw, first, log, review

WENLING = get_ruleset("wenling")
W_OPTS = WENLING.options()


def wenling_hand(
    concealed: str,
    indicator: str,
    revealed: str = "",
    melds: tuple[Meld, ...] = (),
) -> Hand:
    """A wenling seat's tiles with the 得, winning shapes and bonus kinds the ruleset gives for
    ``indicator``."""
    wild = WENLING.wildcards(indicator, W_OPTS)
    bonus = frozenset(
        t for t in (*FACES, *(f"{n}f" for n in range(1, 9))) if WENLING.is_bonus(t, wild, W_OPTS)
    )
    return Hand(
        tuple(parse_tiles(concealed)),
        melds,
        tuple(parse_tiles(revealed)) if revealed else (),
        wild,
        WENLING.winning_shapes(wild, W_OPTS),
        bonus,
    )


def win(seat: str, how: str, tile: str, by: str | None = None) -> dict:
    return {"type": "win", "seat": seat, "how": how, "tile": tile, "from": by}


def missed(hand) -> list[tuple[str, str, str, str | None]]:
    return [(m.seat, m.tile, m.how, m.from_seat) for m in hand.missed_wins]


def option(decision, tile: str) -> dict[str, int]:
    return next(o for o in decision.detail.options if o.tile == tile).tiles


# == wenling: 得, 腊子 held or revealed (3 得, 4 白, a flower group, 闹闹 4 中 / 4 发) ==========
# "得 … 可替代任何牌"; "胡牌方式分别有：三个得、四个白板齐全、春夏秋冬齐全、梅兰竹菊齐全、闹闹时的四红中或
# 四发财，正常胡牌"; 白 and flowers (闹闹: every dragon and flower but 得) are revealed, not held.


def test_wenling_a_de_single_waits_on_every_tile_but_the_revealed_white():
    """Indicator 9p, 得 = 9p. Five sets + one 得 (16): 单吊 with the 得, any face completes it
    but 白 (a drawn 白 is revealed and replaced, it never joins the hand): 33 kinds. Unseen:
    33 × 4 = 132, less the seat's own 17 tiles (9 m, 1-6s, 9p, 1z), less the indicator 9p: 114."""
    e = "123m456m789m123s456s9p1z"
    x = first(review(log("wenling", {"E": e}, [d("E", "1z")], size=16, indicator="9p")))
    tiles = option(x, "1z")
    assert (x.shanten_after, x.mark, x.best) == (0, "best", ("1z",))
    assert set(tiles) == set(FACES) - {"5z"} and "5z" not in tiles
    assert tiles["9p"] == 2 and tiles["1z"] == 3 and x.effective == 114


def test_wenling_a_de_as_itself_and_as_any_tile():
    """得 = 9p; 123m 456m 789m 123s + 55s 7p 得 (16). A draw completes it when 55s 7p 得 X make a
    set and a pair: 7p 得 X a set (X = 5p 6p 7p 8p, or 9p: 得 as itself, 789p) with 55s the pair;
    or 55s + 得 a pung of 5s and 7p X a pair (X = 7p, or a 得); or X = 5s: 555s, 7p + 得 the
    pair. Unseen 5s 2, 5p 4, 6p 4, 7p 3, 8p 4, 9p 4-1-1 = 2: 19."""
    e = "123m456m789m123s55s7p9p1z"
    x = first(review(log("wenling", {"E": e}, [d("E", "1z")], size=16, indicator="9p")))
    assert option(x, "1z") == {"5p": 4, "6p": 4, "7p": 3, "8p": 4, "9p": 2, "5s": 2}
    assert (x.shanten_after, x.effective, x.mark) == (0, 19, "best")


def test_wenling_melds_count_as_sets_and_a_drawn_de_pairs_the_single():
    """Two 碰 + 123m 456m 789s 5p (10 concealed, 16 in all): five sets and a single, 听牌; the
    5p or any 得 (9p) completes it."""
    melds = (Meld("peng", ("1z",) * 3), Meld("peng", ("2z",) * 3))
    hand = wenling_hand("123m456m789s5p", "9p", melds=melds)
    got = draws(hand)
    assert (got.shanten, got.effective) == (0, ("5p", "9p"))


def test_wenling_the_revealed_whites_count_to_four_whites():
    """Indicator 8m (not 闹闹): three 白 revealed, 16 scattered tiles held: 四个白板 is one tile
    away (听牌), the 白 its only useful draw; the standard shape is far (one partial, 79m)."""
    hand = wenling_hand("1m4m7m1p4p7p1s4s7s1z2z3z4z6z9m9p", "8m", revealed="5z5z5z")
    got = draws(hand)
    assert (got.shanten, got.effective) == (0, ("5z",))


def test_wenling_naonao_three_revealed_green_dragons_and_not_otherwise():
    """闹闹 (indicator 1f, 得 = 夏秋冬): 发 is revealed, and four 发 win ("闹闹时的四红中或四发财"):
    with three shown, the 发 is the one useful draw. Under a normal 得 (8m) three 发 held are a
    pung only (one set, no pair, no partial: 8 from 听牌 by the standard shape): the closest shape
    is then three 得, none held (2 from 听牌), and the 发 helps nothing."""
    naonao = wenling_hand("1m4m7m1p4p7p1s4s7s1z2z3z4z9m9p9s", "1f", revealed="6z6z6z")
    got = draws(naonao)
    assert (got.shanten, got.effective) == (0, ("6z",))
    plain = draws(wenling_hand("1m4m7m1p4p7p1s4s7s1z2z3z4z6z6z6z", "8m"))
    assert (plain.shanten, plain.effective) == (2, ("8m",))


def test_wenling_flower_de_held_and_the_other_group_revealed():
    """Indicator 1f: 得 = 2f 3f 4f (held, wild), 闹闹 reveals 5f 6f 7f. Two 得 held: 三个得 is one
    away (4f, the last 得); three 梅兰竹 shown: 梅兰竹菊 is one away (8f). Both 听牌; the standard
    shape is far."""
    hand = wenling_hand("1m4m7m1p4p7p1s4s7s1z2z3z4z9m2f3f", "1f", revealed="5f6f7f")
    got = draws(hand)
    assert (got.shanten, set(got.effective)) == (0, {"4f", "8f"})


def test_wenling_three_de_are_a_win_by_themselves():
    """ "三个得 … 作为胡牌": three 得 held with 13 scattered tiles is complete (-1)."""
    hand = wenling_hand("1m4m7m1p4p7p1s4s7s1z2z3z4z9p9p9p", "9p")
    assert shanten(hand) == -1


# -- wenling: who may win on what ------------------------------------------------------------------
def test_wenling_a_de_hand_may_win_on_a_discard_and_the_first_discard_is_a_limit():
    """ "胡牌条件可由自摸所成，也可是别玩家打牌所成": a 得 hand wins on another seat's tile (not a
    thrown 得). S (five sets + 得) lets E's first discard 1z go: 漏胡, and a win on the dealer's
    first discard is 地胡, 腊子 500. S then draws 9s, which completes it again (自摸)."""
    s = "123m456m789m123s456s9p"
    plays = [d("E", "1z"), draw("S", "9s"), d("S", "9s")]
    e = "1m4m7m1p4p7p2s5s8s1z2z3z4z6z7z3p8p"
    hand = review(log("wenling", {"S": s, "E": e}, plays, size=16, indicator="9p"))
    assert missed(hand) == [("S", "1z", "discard", "E"), ("S", "9s", "self_draw", None)]
    assert hand.missed_wins[0].value == 500


def test_wenling_a_seat_that_threw_a_de_waits_for_nothing():
    """特殊处罚1 "若玩家不小心打了得，该玩家这副牌里不能再胡牌": S throws its 得 (3p) and later
    reaches 听牌 (11z + 45s: 3s or 6s): no wait is worth anything to it."""
    s = "123m456m789m123s45s3p1z"
    plays = [
        d("E", "9m"),
        draw("S", "2z"),
        d("S", "3p"),
        draw("W", "8m"),
        d("W", "8m"),
        draw("N", "8p"),
        d("N", "8p"),
        draw("E", "8s"),
        d("E", "8s"),
        draw("S", "1z"),
        d("S", "2z"),
    ]
    e = "2m5m8m2p5p8p2s5s8s1z2z3z4z6z7z9p9m"
    hand = review(log("wenling", {"S": s, "E": e}, plays, size=16, indicator="3p"))
    x = [x for x in hand.decisions if x.seat == "S"][1]
    assert x.discard == "2z" and x.shanten_after == 0
    got = [w for c in x.detail.tenpai for w in c.waits]
    assert {w.tile for w in got} >= {"3s", "6s"}
    assert all(w.self_draw == 0 and set(w.discard.values()) == {0} for w in got)


# == huangyan: 13 tiles, 得 (the indicator's other copies by default), the standard shape only ====
def test_huangyan_two_de_are_best_kept_beside_a_terminal_not_two_honors():
    """Indicator 7m, 得 = 7m. 123m 456p 789s + 1z 2z 9m 得 得 (14). Cut 9m: 1z 2z 得 得 want
    1z, 2z or 得: 3 + 3 + 1 = 7. Cut 2z (or 1z): 1z 9m 得 得 want 1z, 9m, 8m (789m), 7m:
    3 + 3 + 4 + 1 = 11. The 9m cut gives up four tiles."""
    e = "123m456p789s1z2z7m7m9m"
    x = first(review(log("huangyan", {"E": e}, [d("E", "9m")], indicator="7m")))
    assert (x.shanten_before, x.shanten_after, x.mark) == (0, 0, "fewer")
    assert x.best == ("1z", "2z") and (x.effective, x.best_effective, x.lost) == (7, 11, 4)
    assert option(x, "9m") == {"1z": 3, "2z": 3, "7m": 1}
    assert option(x, "2z") == {"1z": 3, "7m": 1, "8m": 4, "9m": 3}


def test_huangyan_has_no_three_de_limit():
    """Three 得 (wildcard_rule next: indicator 6m, 得 = 7m) and ten lone tiles: no 腊子 in
    huangyan, so four sets and a pair: each lone tile needs two fillers as a set and one as the
    pair: 4 × 2 + 1 = 9 fillers, 3 得 in hand, 6 to draw: 5 from 听牌."""
    rs = get_ruleset("huangyan")
    opts = rs.options({"wildcard_rule": "next"})
    wild = rs.wildcards("6m", opts)
    hand = Hand(
        tuple(parse_tiles("1m4m9m1p4p7p1s4s7s1z7m7m7m")),
        wildcards=wild,
        shapes=rs.winning_shapes(wild, opts),
    )
    assert wild == {"7m"} and shanten(hand) == 5


def test_huangyan_a_de_single_is_won_on_a_discard_too():
    """The seed bars no win with a 得: S (123m 456p 789s 111z + 得) waits on any tile; it lets E's
    9m go (漏胡 on a discard) and then draws 9p, which completes it (自摸)."""
    s = "123m456p789s111z7m"
    plays = [d("E", "9m"), draw("S", "9p"), d("S", "9p")]
    e = "3m8m2p5p8p2s8s3z4z6z2m6m9p9m"
    hand = review(log("huangyan", {"S": s, "E": e}, plays, indicator="7m"))
    assert missed(hand) == [("S", "9m", "discard", "E"), ("S", "9p", "self_draw", None)]
    assert all(m.value > 0 for m in hand.missed_wins)


def test_huangyan_a_thrown_de_bars_nothing():
    """huangyan.txt has no 特殊处罚1 (docs/rules/huangyan.md: discarding a 得 is allowed and does
    not stop the seat from winning). S (12m 456p 789s 111z 55z, 12m waiting on 3m) draws a 得 (7m):
    it stands for the 3m, a self-drawn win S lets go by throwing it; W's 3m then completes the
    hand again, and S may still win on it."""
    s = "12m456p789s111z55z"
    plays = [d("E", "9m"), draw("S", "7m"), d("S", "7m"), draw("W", "3m"), d("W", "3m")]
    e = "3m8m2p5p8p2s8s3z4z6z7z6m9p9m"
    hand = review(log("huangyan", {"S": s, "E": e}, plays, indicator="7m"))
    assert missed(hand) == [("S", "7m", "self_draw", None), ("S", "3m", "discard", "W")]


@pytest.mark.parametrize(
    ("thrown_de_win", "let_go"), [(True, [("S", "7m", "discard", "W")]), (False, [])]
)
def test_huangyan_a_win_on_a_thrown_de_follows_the_option(thrown_de_win, let_go):
    """S (12m 456p 789s 111z 55z) waits on 3m; W throws a 得 (7m), which stands for the 3m: a win
    S let go (the seed bars only 吃/碰 with a 得) — unless the club bars wins on a thrown 得
    (docs/rules/huangyan.md, option thrown_de_win)."""
    s = "12m456p789s111z55z"
    plays = [d("E", "9m"), draw("S", "1p"), d("S", "1p"), draw("W", "7m"), d("W", "7m")]
    e = "3m8m2p5p8p2s8s3z4z6z7z6m9p9m"
    opts = {"thrown_de_win": thrown_de_win}
    hand = review(log("huangyan", {"S": s, "E": e}, plays, indicator="7m", options=opts))
    assert missed(hand) == let_go


def test_huangyan_the_indicator_is_seen_only_when_it_is_the_de_kind():
    """123m 456p 789s 11z 89m waits on 7m alone (边张), the face and the 得 at once.
    wildcard_rule indicator (turned-up 7m, 得 = the other 7m): 4 - 1 = 3 to draw; wildcard_rule
    next (turned-up 6m, 得 = 7m, all four): 4."""
    e = "123m456p789s11z89m5z"
    plain = first(review(log("huangyan", {"E": e}, [d("E", "5z")], indicator="7m")))
    after = first(
        review(
            log(
                "huangyan",
                {"E": e},
                [d("E", "5z")],
                indicator="6m",
                options={"wildcard_rule": "next"},
            )
        )
    )
    assert option(plain, "5z") == {"7m": 3} and option(after, "5z") == {"7m": 4}
    assert plain.shanten_after == after.shanten_after == 0


# == zhoushan: the basic shape only, no minimum, a passed 胡 waits for the seat's draw ============
def test_zhoushan_seven_pairs_is_no_shape():
    """ "可和的牌型只有一种，即基本牌型，其它麻将中的七小对…都不能胡": six pairs + a single is 3 from
    听牌 (a pair and four pair-partials: 8 - 4 - 1), and the seventh pair is no win."""
    hand = Hand(tuple(parse_tiles("11m22m55p66p88s99s1z")))
    assert shanten(hand) == 3
    s = "11m22m55p66p88s99s1z"
    e = "3m8m2p5p8p2s8s3z4z6z7z6m9p1z"
    plays = [d("E", "1z"), draw("S", "9p"), d("S", "9p")]
    rec = review(log("zhoushan", {"S": s, "E": e}, plays))
    assert missed(rec) == []


@pytest.mark.parametrize("ruleset", ["zhoushan", "xizhou"])
def test_flowers_help_no_shape(ruleset):
    """Neither seed wins on flowers (八花 is a 台 item on a winning hand): with seven flowers shown
    and 123m 456p 789s 11z 89m (边张 7m), the eighth flower is no useful draw."""
    rs = get_ruleset(ruleset)
    opts = rs.options()
    flowers = tuple(f"{n}f" for n in range(1, 9))
    hand = Hand(
        tuple(parse_tiles("123m456p789s11z89m")),
        revealed=flowers[:7],
        shapes=rs.winning_shapes(frozenset(), opts),
        bonus=frozenset(f for f in flowers if rs.is_bonus(f, frozenset(), opts)),
    )
    assert draws(hand) == Draws(0, ("7m",))


def test_xizhou_the_last_tile_left_waits_on_its_pair():
    """大吊车 "只剩1张立牌单吊胡牌": four melds (they count as sets) and one tile: 听牌 on that
    tile's pair, nothing else."""
    melds = tuple(Meld("peng", (t,) * 3) for t in ("1m", "2p", "3s", "4z"))
    rs = get_ruleset("xizhou")
    hand = Hand(("5m",), melds, shapes=rs.winning_shapes(frozenset(), rs.options()))
    assert draws(hand) == Draws(0, ("5m",))


def test_zhoushan_a_win_worth_no_tai_is_still_a_win_and_passing_it_bars_the_next():
    """S: 78m 123p 456p 111s 99s waits on 6m or 9m, both 两面 with a pung (no 排胡): 0 台, yet
    the seed sets no minimum, so it is a win. S lets W's 6m go (漏胡, worth 0) and may not win
    on N's 9m before its own draw ("放弃过的胡…在自己摸牌前不能胡")."""
    s = "78m123p456p111s99s"
    plays = [
        d("E", "9p"),
        draw("S", "1z"),
        d("S", "1z"),
        draw("W", "6m"),
        d("W", "6m"),
        draw("N", "9m"),
        d("N", "9m"),
    ]
    hand = review(log("zhoushan", {"S": s, "E": "3m8m2p5p8p2s8s3z4z6z7z6m9p9m"}, plays))
    assert missed(hand) == [("S", "6m", "discard", "W")]
    assert hand.missed_wins[0].value == 0


def test_zhoushan_a_dealt_win_thrown_away_is_a_missed_heaven():
    """The dealer's 14th tile is its first draw ("庄家在第一轮可以摸14张牌"): dealt 123m 456p 789s
    11z 555z, complete, E throws 1z instead of declaring. "(17)天胡：庄家起牌就成胡，计4台" + 白3个 1
    + 自摸 1 = 6, capped at 4 ("台数超过4台，仍按4台计算"). The tile named is the last one dealt."""
    hand = review(log("zhoushan", {"E": "123m456p789s11z555z"}, [d("E", "1z")]))
    assert missed(hand) == [("E", "5z", "self_draw", None)]
    assert hand.missed_wins[0].value == 4


def waits(decision) -> dict[tuple[str, str], tuple[int, int, dict[str, int]]]:
    """(cut, wait) -> (unseen, what a self-drawn win pays the seat, what a win on each other
    seat's discard pays it)."""
    return {
        (c.discard, w.tile): (w.unseen, w.self_draw, w.discard)
        for c in decision.detail.tenpai
        for w in c.waits
    }


def weights(decision) -> dict[str, float]:
    return {c.discard: c.weight for c in decision.detail.tenpai}


def test_zhoushan_waits_are_valued_by_both_ways_of_winning_them():
    """At the dealer's first discard (no 天胡 for a later win). Stake 1, 底 0: a self-draw pays
    台 from each of three, a discard win 台 from the discarder alone (discard_payer default).
    Cut 4m: 67m waits 5m/8m, 两面, the pair 白 (no 排胡): 自摸 1 台 → 3; on a discard 0 台 → 0.
    Per copy (3 + 0 + 0 + 0) / 4 = 0.75, 4 unseen each: 6. Cut 7m: 46m waits 5m, 坎张: 自摸 +
    坎张 2 台 → 6; on a discard 坎张 1 台 → 1. Per copy (6 + 1 + 1 + 1) / 4 = 2.25, 4 unseen: 9.
    (Valued as a self-draw alone, both weighed 8.)"""
    x = first(review(log("zhoushan", {"E": "234m456p789s55z467m"}, [d("E", "4m")])))
    none = {"S": 0, "W": 0, "N": 0}
    assert waits(x) == {
        ("4m", "5m"): (4, 3, none),
        ("4m", "8m"): (4, 3, none),
        ("7m", "5m"): (4, 6, {"S": 1, "W": 1, "N": 1}),
    }
    assert weights(x) == {"4m": 6, "7m": 9}
    assert [w.value for c in x.detail.tenpai for w in c.waits if c.discard == "7m"] == [2.25]


def test_a_waits_worth_as_json_and_back():
    """The 7m cut of the case above as the API and ``fupan review --json`` give it, and the
    review read back the same."""
    rev = review_records(log("zhoushan", {"E": "234m456p789s55z467m"}, [d("E", "4m")]))
    data = json.loads(json.dumps(rev.to_dict()))
    assert data["hands"][0]["seats"]["E"]["decisions"][0]["tenpai"][1] == {
        "discard": "7m",
        "weight": 9,
        "waits": [
            {
                "tile": "5m",
                "unseen": 4,
                "self_draw": 6,
                "discard": {"S": 1, "W": 1, "N": 1},
                "value": 2.25,
            }
        ],
    }
    assert SessionReview.from_dict(data) == rev


def test_zhoushan_all_three_paying_a_discard_win():
    """discard_payer=all: the 坎张 on a discard, 1 台, is paid by each of three → 3. Cut 7m: per
    copy (6 + 3 + 3 + 3) / 4 = 3.75, × 4 = 15; cut 4m: a discard win still 0 台: 6."""
    plays = [d("E", "4m")]
    opts = {"discard_payer": "all"}
    x = first(review(log("zhoushan", {"E": "234m456p789s55z467m"}, plays, options=opts)))
    assert waits(x)[("7m", "5m")] == (4, 6, {"S": 3, "W": 3, "N": 3})
    assert weights(x) == {"4m": 6, "7m": 15}


def test_zhoushan_a_pung_wait_pays_more_on_a_discard():
    """ "(6)对倒：胡别人打出的牌，并且该牌与自己的牌组成一个刻子，计1台": 11m + 99s waits on 1m or 9s;
    self-drawn, 自摸 1 台 (对倒 only on another's tile) → 3; on a discard 对倒 1 台 → 1. Per copy
    (3 + 1 + 1 + 1) / 4 = 1.5, 2 unseen each: 6. Cutting the 1z is the one 听牌 cut."""
    x = first(review(log("zhoushan", {"E": "234m456p678s11m99s1z"}, [d("E", "1z")])))
    each = {"S": 1, "W": 1, "N": 1}
    assert waits(x) == {("1z", "1m"): (2, 3, each), ("1z", "9s"): (2, 3, each)}
    assert weights(x) == {"1z": 6}


def test_zhoushan_a_passed_seats_waits_keep_their_discard_value():
    """S (123m 456p 789s 55z 33s, 对倒 on 5z or 3s) lets W's 3s go (a passed 胡), then pungs N's
    5z, which it may not win on before its draw ("放弃过的胡…在自己摸牌前不能胡"), and cuts 1m:
    23m waits 1m/4m (两面) with 白3个 1 台: self-drawn + 自摸 2 台 → 6, on a discard 1. The bar
    lasts to S's next draw only, and the waits are weighed over the rest of the hand: each
    discard keeps its 1 (docs/review.md)."""
    plays = [
        d("E", "9p"),
        draw("S", "1z"),
        d("S", "1z"),
        draw("W", "3s"),
        d("W", "3s"),
        draw("N", "5z"),
        d("N", "5z"),
        {"type": "peng", "seat": "S"},
        d("S", "1m"),
    ]
    hand = review(log("zhoushan", {"S": "123m456p789s55z33s"}, plays))
    assert missed(hand) == [("S", "3s", "discard", "W")]
    x = [x for x in hand.decisions if x.seat == "S"][1]
    each = {"E": 1, "W": 1, "N": 1}
    got = waits(x)
    assert (got[("1m", "1m")], got[("1m", "4m")]) == ((3, 6, each), (4, 6, each))
    assert weights(x)["1m"] == 15.75


def test_xizhou_a_discard_win_below_one_tai_is_worth_nothing():
    """S chows 123p (not 门清), then cuts. Cut 1z: 4445m waits 3m/6m (两面 with 111s: 0 台 on a
    discard, below "1台起胡": no win, 0; self-drawn 自摸 1 台: M = 1 from each of three, 3) and 5m
    (单吊: 自摸 + 单吊 2 台 → 2M from each, 6; on a discard 单吊 1 台, the discarder pays 2M → 2).
    Unseen 3m 4, 6m 4, 5m 3 (S holds one): 4 × 0.75 + 4 × 0.75 + 3 × (6 + 2 + 2 + 2) / 4 = 15.
    Cut 5m: 444m waits 1z 单吊, the same 6 and 2, 3 unseen: 9."""
    s = "4445m12p456p111s1z"
    plays = [d("E", "3p"), {"type": "chi", "seat": "S", "tiles": ["1p", "2p"]}, d("S", "1z")]
    hand = review(log("xizhou", {"S": s, "E": "3m8m3p5p8p2s8s3z4z6z7z6m9p9m"}, plays))
    x = next(x for x in hand.decisions if x.seat == "S")
    none, single = {"E": 0, "W": 0, "N": 0}, {"E": 2, "W": 2, "N": 2}
    assert waits(x) == {
        ("1z", "3m"): (4, 3, none),
        ("1z", "5m"): (3, 6, single),
        ("1z", "6m"): (4, 3, none),
        ("5m", "1z"): (3, 6, single),
    }
    assert weights(x) == {"1z": 15, "5m": 9}


def test_xizhou_a_bound_partner_pays_more_on_every_way_of_winning():
    """S chows E's discard three times: 三包 ("吃碰杠同一家达到3次形成承包关系"). Then 555m 1z 2z:
    cut 2z waits on 1z, cut 1z on 2z, 单吊 1 台 (no 台 for a pair of winds), M = 1. Self-drawn, 2
    台: "未胡的另一方需独缴原本三家付的3M，并额外付2M，共计5M": E pays 10. On a discard, 1 台: the
    discarder's 2M plus E's 2M "在正常计算结果基础上额外付": 4 whoever throws it (E: 2M + 2M).
    Per copy (10 + 3 × 4) / 4 = 5.5, 3 unseen each (S holds one): 16.5."""
    s = "12m45p78s555m1z9m9p2z"
    e = "3m6p9s2m5m8m2p8p2s5s3z4z6z7z"

    def chow(tiles: str, thrown: str) -> list[dict]:
        return [{"type": "chi", "seat": "S", "tiles": parse_tiles(tiles)}, d("S", thrown)]

    def round_to_e(w: str, n: str, e_draws: str, e_throws: str) -> list[dict]:
        """W and N throw what they draw; E draws and throws another tile."""
        plays = [draw("W", w), d("W", w), draw("N", n), d("N", n)]
        return [*plays, draw("E", e_draws), d("E", e_throws)]

    plays = [
        d("E", "3m"),
        *chow("12m", "9m"),
        *round_to_e("1s", "4s", "7p", "6p"),
        *chow("45p", "9p"),
        *round_to_e("3p", "6s", "8m", "9s"),
        *chow("78s", "2z"),
    ]
    hand = review(log("xizhou", {"S": s, "E": e}, plays))
    x = [x for x in hand.decisions if x.seat == "S"][-1]
    bound = {"E": 4, "W": 4, "N": 4}
    assert waits(x) == {("2z", "1z"): (3, 10, bound), ("1z", "2z"): (3, 10, bound)}
    assert weights(x) == {"2z": 16.5, "1z": 16.5}


def test_huangyan_a_non_dealer_is_paid_in_full_by_the_dealer_and_half_by_the_others():
    """得 = 5s (indicator 5s). S (南): 123m 456p 789s 22z 89m, cutting the 9p it drew, waits on 7m
    or a 得. 7m: 22z 门风对 2 和, 硬碰硬 (no 得) 1 翻: (2 + 10) × 2 = 24 on a discard, (2 + 2 自摸
    + 10) × 2 = 28 self-drawn. A 得 as 7m: no 翻: 12 on a discard (the seed bars no win on a
    thrown 得), 14 self-drawn. 闲家胡: the dealer pays in full, the other two half (who threw
    the tile plays no part): 7m 28 + 14 + 14 = 56 and 24 + 12 + 12 = 48, per copy (56 + 3 × 48)
    / 4 = 50, 4 unseen: 200; 得 14 + 7 + 7 = 28 and 12 + 6 + 6 = 24, (28 + 72) / 4 = 25, 3
    unseen: 75. Weighed 275."""
    s = "123m456p789s22z89m"
    plays = [d("E", "5z"), draw("S", "9p"), d("S", "9p")]
    hand = review(log("huangyan", {"S": s}, plays, indicator="5s"))
    x = next(x for x in hand.decisions if x.seat == "S")
    assert waits(x) == {
        ("9p", "7m"): (4, 56, {"E": 48, "W": 48, "N": 48}),
        ("9p", "5s"): (3, 28, {"E": 24, "W": 24, "N": 24}),
    }
    assert weights(x) == {"9p": 275}


def test_huangyan_a_de_wait_where_the_club_bars_wins_on_a_thrown_de():
    """The case above with thrown_de_win=false: nobody wins on a thrown 得, so the 得 wait is
    worth its self-draw alone: 28 / 4 = 7 a copy, × 3 = 21; the 7m's 200 unchanged: 221."""
    s = "123m456p789s22z89m"
    plays = [d("E", "5z"), draw("S", "9p"), d("S", "9p")]
    opts = {"thrown_de_win": False}
    hand = review(log("huangyan", {"S": s}, plays, indicator="5s", options=opts))
    x = next(x for x in hand.decisions if x.seat == "S")
    assert waits(x)[("9p", "5s")] == (3, 28, {"E": 0, "W": 0, "N": 0})
    assert weights(x) == {"9p": 221}


def test_wenling_a_de_wait_is_won_by_a_self_draw_only():
    """得 = 9p. E: 123m 456m 789m 123s 55s 78p, cutting 1z, waits on 6p (两面) or a 得. 6p on a
    discard: 20 胡, 旁胡 + 无得 2 番: 80, each of three pays 8 → 24; self-drawn + 自摸 2 胡: 22 ×
    4 = 88 → 90, 9 each → 27. Per copy (27 + 3 × 24) / 4 = 24.75, 4 unseen: 99. A 得 self-drawn:
    22 胡, 旁胡 + 自摸得 2 番 (no 无得): 90 → 27; nobody wins on a thrown 得 ("其它玩家也不能用打出来
    的得使自己的牌胡倒"): 0. Per copy 27 / 4, 3 unseen (less the indicator): 20.25. Weighed
    119.25."""
    e = "123m456m789m123s55s78p1z"
    x = first(review(log("wenling", {"E": e}, [d("E", "1z")], size=16, indicator="9p")))
    assert waits(x) == {
        ("1z", "6p"): (4, 27, {"S": 24, "W": 24, "N": 24}),
        ("1z", "9p"): (3, 27, {"S": 0, "W": 0, "N": 0}),
    }
    assert weights(x) == {"1z": 119.25}


@pytest.mark.parametrize(("thrown_de_win", "on_a_thrown_de"), [(True, 120), (False, 0)])
def test_huangyan_a_de_wait_on_a_discard_follows_the_option(thrown_de_win, on_a_thrown_de):
    """得 = 9p. E (the dealer): 123m 456m 789m 55s 78p, cutting 1z, waits on 6p or a 得. 莊家胡
    "閒家按全額支付給莊家" (the others show nothing: 0 胡, no differences). 6p on a discard: 底 10,
    無得 1番: 20 from each → 60; self-drawn + 自摸 2: 24 → 72. A 得 self-drawn standing for its own
    9p: 還原 1番 + 無得 1番 ("“得”還原後…應去掉得的數量"): 12 × 4 = 48 → 144. A thrown 得 (the
    seed bars only 吃/碰 with one): 10 × 4 = 40 → 120, or nothing where the club bars it."""
    e = "123m456m789m55s78p1z"
    opts = {"thrown_de_win": thrown_de_win}
    x = first(review(log("huangyan", {"E": e}, [d("E", "1z")], indicator="9p", options=opts)))
    assert waits(x) == {
        ("1z", "6p"): (4, 72, {"S": 60, "W": 60, "N": 60}),
        ("1z", "9p"): (3, 144, dict.fromkeys("SWN", on_a_thrown_de)),
    }


def _two_winners(plays_tail: list[dict]) -> list[dict]:
    return [
        d("E", "3z"),
        draw("S", "2z"),
        d("S", "2z"),
        draw("W", "7z"),
        d("W", "7z"),
        draw("N", "9s"),
        d("N", "9s"),
        draw("E", "9m"),
        *plays_tail,
    ]


def test_zhoushan_two_winners_each_with_its_own_genbutsu():
    """一炮多响: E's 5s completes S (34s) and W (55s + 67s). E's loose tiles 2z 7z 1s 5s 9m are
    each 2 from 听牌 after the cut (three sets, four singles); S threw 2z, W threw 7z: against S
    the 2z was safe, against W the 7z."""
    deal = {
        "E": "123m456m789p2z3z7z1s5s",
        "S": "789m123p456p11z34s",
        "W": "123m456m789s55s67s",
    }
    plays = _two_winners(
        [d("E", "5s"), win("S", "discard", "5s", "E"), win("W", "discard", "5s", "E")]
    )
    hand = review(log("zhoushan", deal, plays))
    assert [(x.seat, x.winner, x.tile, x.safe) for x in hand.deal_ins] == [
        ("E", "S", "5s", ("2z",)),
        ("E", "W", "5s", ("7z",)),
    ]
    assert [(w.seat, w.shanten_before) for w in hand.wins] == [("S", 0), ("W", 0)]


def test_a_genbutsu_that_breaks_a_set_is_not_a_safe_choice():
    """W threw 1m; E holds 1m only inside 123m: cutting it is 3 from 听牌, not 2: no safe tile
    of equal shanten."""
    deal = {
        "E": "123m456m789p2z3z7z1s5s",
        "S": "789m123p456p11z34s",
        "W": "123m456m789s55s67s",
    }
    plays = [
        d("E", "3z"),
        draw("S", "2z"),
        d("S", "2z"),
        draw("W", "1m"),
        d("W", "1m"),
        draw("N", "9s"),
        d("N", "9s"),
        draw("E", "9m"),
        d("E", "5s"),
        win("W", "discard", "5s", "E"),
    ]
    hand = review(log("zhoushan", deal, plays))
    assert [(x.winner, x.safe) for x in hand.deal_ins] == [("W", ())]


# == xizhou: 1台起胡; a passed 点炮 bars the next until the seat draws =============================
def test_xizhou_a_hand_below_one_tai_is_no_win_and_bars_nothing():
    """S chows 123p: not 门清. 4445m 456p 111s: 3m/6m make 345m/456m + 44m, 两面 with pungs: no
    台 at all, below "1台起胡": no win, nothing to pass. 5m makes 444m + 55m: 单吊 1 台, a win
    it lets go."""
    s = "4445m12p456p111s1z"
    plays = [
        d("E", "3p"),
        {"type": "chi", "seat": "S", "tiles": ["1p", "2p"]},
        d("S", "1z"),
        draw("W", "6m"),
        d("W", "6m"),
        draw("N", "5m"),
        d("N", "5m"),
    ]
    hand = review(log("xizhou", {"S": s, "E": "3m8m3p5p8p2s8s3z4z6z7z6m9p9m"}, plays))
    assert missed(hand) == [("S", "5m", "discard", "N")]


def test_xizhou_a_passed_win_bars_discards_until_the_seat_draws():
    """门清 S: 4445m 123p 456p 111s waits on 3m, 5m, 6m (门清 1 台 at least). It lets W's 5m
    go; N's 6m and E's 3m come before its draw: "有人点炮时选择不胡，在玩家下次摸牌前如再次被点炮不可
    胡牌"."""
    s = "4445m123p456p111s"
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
    ]
    hand = review(log("xizhou", {"S": s, "E": "3m8m2p5p8p2s8s3z4z6z7z6m9p9m"}, plays))
    assert missed(hand) == [("S", "5m", "discard", "W")]


# == what a seat sees of another's concealed kong ================================================
N_KONG = "3333m1p4p7p1s4s2z2z3z4z"
E_KONG = "5m8m2p5p8p2s5s8s6z7z6m9p9m2z"
CLOSED = [d("E", "9m")]
OPEN = [d("E", "2z"), {"type": "peng", "seat": "N"}, d("N", "1p"), draw("E", "1s"), d("E", "9m")]


def _after_a_concealed_kong(ruleset: str, opening: list[dict]) -> int:
    """N declares a concealed kong of 3m (门清, or after its 碰 of E's 2z); S, waiting on 3m
    alone (12m 边张), then cuts the tile it drew: the 3m it can still draw, as S sees the table."""
    plays = [
        *opening,
        draw("S", "9p"),
        d("S", "9p"),
        draw("W", "8m"),
        d("W", "8m"),
        draw("N", "6z"),
        {"type": "gang", "seat": "N", "kind": "concealed", "tile": "3m"},
        draw("N", "7z", back=True),
        d("N", "7z"),
        draw("E", "8s"),
        d("E", "8s"),
        draw("S", "9s"),
        d("S", "9s"),
    ]
    deal = {"S": "12m456p789s111z55z", "N": N_KONG, "E": E_KONG}
    x = [x for x in review(log(ruleset, deal, plays)).decisions if x.seat == "S"][1]
    assert x.discard == "9s"
    return option(x, "9s")["3m"]


def test_xizhou_a_closed_seats_concealed_kong_is_not_seen():
    """xizhou.txt "当玩家门清时，暗杠不亮明": N is 门清, its kong lies face down; S cannot tell it
    is 3m: all four are unseen to S."""
    assert _after_a_concealed_kong("xizhou", CLOSED) == 4


def test_a_shown_concealed_kong_is_seen():
    """xizhou "非门清时，暗杠需亮明1张" (N has a 碰: one tile shown names the kind), and zhoushan
    (the seed is silent; shown, as wenling's and huangyan's "并亮出"): no 3m left for S."""
    assert _after_a_concealed_kong("xizhou", OPEN) == 0
    assert _after_a_concealed_kong("zhoushan", CLOSED) == 0


# -- wenling: a 腊子 completed by a bonus tile drawn in play ---------------------------------------
def _three_whites(tail: list[dict]):
    """S shows three 白 at the deal (replaced by 9m 9p 9s); E throws 2m; then ``tail``."""
    s = "1m4m7m1p4p7p1s4s7s1z2z3z4z5z5z5z"
    e = "2m5m8m2p5p8p2s5s8s6z7z3m6m3p6p3s6s"
    plays = [
        {"type": "reveal", "seat": "S", "tile": "5z"},
        draw("S", "9m", back=True),
        {"type": "reveal", "seat": "S", "tile": "5z"},
        draw("S", "9p", back=True),
        {"type": "reveal", "seat": "S", "tile": "5z"},
        draw("S", "9s", back=True),
        d("E", "2m"),
        *tail,
    ]
    return review(log("wenling", {"S": s, "E": e}, plays, size=16, indicator="1p"))


def _fourth_white(tail: list[dict]):
    """Then S draws the fourth 白 in play, shows it and takes its replacement (8m): "四个白板齐全"
    is a 腊子, 500."""
    shown = [draw("S", "5z"), {"type": "reveal", "seat": "S", "tile": "5z"}]
    return _three_whites([*shown, draw("S", "8m", back=True), *tail])


def test_wenling_a_fourth_white_declared_after_its_replacement_is_no_missed_win():
    """The win is declared after the replacement draw, as the table plays it: nothing missed."""
    assert missed(_fourth_white([{"type": "win", "seat": "S", "how": "instant"}])) == []


def test_wenling_a_fourth_white_not_declared_is_one_missed_win():
    """S throws the replacement instead: one missed win, on the 白 that made the 腊子 (the
    replacement drawn after it completed nothing new)."""
    hand = _fourth_white([d("S", "8m")])
    assert missed(hand) == [("S", "5z", "self_draw", None)]
    assert hand.missed_wins[0].value == 500


def test_wenling_a_white_is_won_by_a_self_draw_only_and_never_after_cutting_the_de():
    """S shows three 白 at the deal; after E's first discard it draws 6z: 四个白板 is one 白 away
    whatever it cuts (1 unseen: 4 less the three shown). Self-drawn, a 腊子: 500, each of three
    pays 50 → 150; a 白 is never thrown (whoever draws one shows it and takes a replacement,
    "在打牌过程中…拿到白板花牌…需翻出"): 0 on a discard. Cutting its 得 (1p) bars the seat for the
    rest of the hand (特殊处罚1): that cut's wait is worth nothing either way."""
    hand = _three_whites([draw("S", "6z"), d("S", "6z")])
    x = next(x for x in hand.decisions if x.seat == "S")
    got = waits(x)
    cuts = set(parse_tiles("1m4m7m1p4p7p1s4s7s1z2z3z4z9m9p9s6z"))
    assert {cut for cut, _ in got} == cuts and {tile for _, tile in got} == {"5z"}
    zero = {"E": 0, "W": 0, "N": 0}
    assert got.pop(("1p", "5z")) == (1, 0, zero)
    assert all(v == (1, 150, zero) for v in got.values())


# == every win's shanten before its winning tile ====================================================
def test_a_heaven_win_is_checked_on_the_dealt_hand_less_its_tile():
    """天胡 ("庄家起牌就成胡"): the dealer declares its dealt 123m 456p 789s 11z 555z on the 5z; less
    that tile, 11z 55z wait on 1z or 5z (对倒): 听牌, 0."""
    hand = review(log("zhoushan", {"E": "123m456p789s11z555z"}, [win("E", "self_draw", "5z")]))
    assert [(w.seat, w.tile, w.how, w.shanten_before) for w in hand.wins] == [
        ("E", "5z", "self_draw", 0)
    ]


def test_a_limit_made_in_play_is_checked_before_the_draw_that_made_it():
    """The fourth 白 drawn in play and declared: before that draw three 白 were shown, one from
    "四个白板齐全": 听牌, 0. (The replacement drawn after it is no part of it.)"""
    hand = _fourth_white([{"type": "win", "seat": "S", "how": "instant"}])
    assert [(w.seat, w.how, w.shanten_before) for w in hand.wins] == [("S", "instant", 0)]


def test_a_limit_held_at_the_deal_has_no_winning_tile_to_check():
    """Three 得 (9p) dealt to S, declared at once: complete as dealt, no tile made it: no check."""
    s = "1m4m7m1p4p7p1s4s7s1z2z3z4z9p9p9p"
    plays = [{"type": "win", "seat": "S", "how": "instant"}]
    hand = review(log("wenling", {"S": s}, plays, size=16, indicator="9p"))
    assert hand.wins == ()


def test_a_win_on_the_dealers_first_discard_is_checked():
    """地胡 (xizhou "庄家打出的第一张牌点炮"): S's 123m 456p 789s 11z 89m waits on 7m (边张) and wins
    on E's first discard: 听牌 before it, 0."""
    hand = review(
        log("xizhou", {"S": "123m456p789s11z89m"}, [d("E", "7m"), win("S", "discard", "7m", "E")])
    )
    assert [(w.seat, w.how, w.shanten_before) for w in hand.wins] == [("S", "discard", 0)]


def test_a_win_on_a_non_dealers_first_draw_is_checked():
    """地胡 (zhoushan "闲家摸第一张牌成胡"): S's dealt 123m 456p 789s 11z 89m draws the 7m first:
    听牌 before it, 0."""
    plays = [d("E", "9p"), draw("S", "7m"), win("S", "self_draw", "7m")]
    hand = review(log("zhoushan", {"S": "123m456p789s11z89m"}, plays))
    assert [(w.seat, w.how, w.shanten_before) for w in hand.wins] == [("S", "self_draw", 0)]
