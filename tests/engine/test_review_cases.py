"""Hand-written efficiency-review cases (classic efficiency shapes, the seeds' rules), each a short
log worked out by hand before the code ran. At a seat's first discard nothing is visible but its
own tiles, so a kind's unseen copies are 4 less the seat's own (less the 得 indicator set aside).

Seats not named in a case get scattered tiles (no two within two ranks) that can win nothing."""

from __future__ import annotations

import dataclasses
import json

import pytest

from engine.review import REVIEW_VERSION, SessionReview, review_records
from engine.tiles import FACES, parse_tiles
from events.codec import parse_log

PLAYERS = {"E": "甲", "S": "乙", "W": "丙", "N": "丁"}
_SCATTER = (
    [f"{r}{s}" for s in "mps" for r in (1, 4, 7)]
    + [f"{r}{s}" for s in "mps" for r in (2, 5, 8)]
    + [f"{r}{s}" for s in "mps" for r in (3, 6, 9)]
    + [f"{r}z" for r in range(1, 8)]
)


def _fill(taken: list[str], n: int) -> str:
    """``n`` scattered tiles from what is left of the set after ``taken``."""
    left = {f: 4 - taken.count(f) for f in FACES}
    out: list[str] = []
    order = _SCATTER * 4
    for f in order:
        if len(out) == n:
            break
        if left[f] > 0 and f not in out:
            out.append(f)
            left[f] -= 1
    taken += out
    return "".join(f"{t[0]}{t[1]}" for t in out)


def log(
    ruleset: str,
    deal: dict[str, str],
    plays: list[dict],
    size: int = 13,
    indicator: str | None = None,
    options: dict | None = None,
) -> list[dict]:
    """A parsed log: session (``options``), hand, (得 indicator), the deal (E one more), then
    ``plays``."""
    taken: list[str] = [t for tiles in deal.values() for t in parse_tiles(tiles)]
    taken += [p["tile"] for p in plays if p.get("type") == "draw"]
    if indicator:
        taken.append(indicator)
    lines = [
        {
            "type": "session",
            "ruleset": ruleset,
            "players": list(PLAYERS.values()),
            "options": options or {},
        },
        {"type": "hand", "no": 1, "seats": PLAYERS},
    ]
    if indicator:
        lines.append({"type": "wildcard", "indicator": indicator})
    for seat in "ESWN":
        n = size + (seat == "E")
        lines.append({"type": "deal", "seat": seat, "tiles": deal.get(seat) or _fill(taken, n)})
    lines += plays
    text = "\n".join(json.dumps(x, ensure_ascii=False) for x in lines)
    return parse_log(text.encode()).records


def d(seat: str, tile: str) -> dict:
    return {"type": "discard", "seat": seat, "tile": tile}


def draw(seat: str, tile: str, back: bool = False) -> dict:
    return {"type": "draw", "seat": seat, "tile": tile, **({"from": "back"} if back else {})}


def review(records):
    """The hand's full review; what the workers store (no detail) must be the same figures."""
    full = review_records(records)
    stored = review_records(records, detail=False)
    assert [dataclasses.replace(x, detail=None) for x in full.hands[0].decisions] == list(
        stored.hands[0].decisions
    )
    assert dataclasses.replace(stored.hands[0], decisions=full.hands[0].decisions) == full.hands[0]
    return full.hands[0]


def first(hand, seat: str = "E"):
    return next(x for x in hand.decisions if x.seat == seat)


# -- efficiency of one discard (zhoushan: the basic shape only, no 得) -----------------------------
TENPAI_14 = "23m456p789s11z555z9m"  # cut 9m: 23m waits 1m 4m


def test_cutting_the_loose_tile_is_the_best_and_keeps_both_sides():
    x = first(review(log("zhoushan", {"E": TENPAI_14}, [d("E", "9m")])))
    assert (x.shanten_before, x.shanten_after, x.detail.rank, x.mark) == (0, 0, 1, "best")
    assert x.best == ("9m",) and x.effective == 8 and x.best_effective == 8
    assert x.detail.given_up == () and x.lost == 0


def test_cutting_the_pair_falls_back_one_step():
    x = first(review(log("zhoushan", {"E": TENPAI_14}, [d("E", "1z")])))
    assert (x.shanten_after, x.mark, x.best) == (1, "slower", ("9m",))
    assert x.detail.rank > 1


def test_breaking_the_open_wait_falls_back_one_step():
    x = first(review(log("zhoushan", {"E": TENPAI_14}, [d("E", "2m")])))
    assert (x.shanten_after, x.mark) == (1, "slower")


def test_pair_and_open_wait_beat_two_loose_tiles():
    hand = "234m456p789s55z67m1z"  # cut 1z: 67m waits 5m 8m
    x = first(review(log("zhoushan", {"E": hand}, [d("E", "1z")])))
    assert (x.shanten_after, x.best, x.effective) == (0, ("1z",), 8)


def test_cutting_half_the_open_wait_is_slower():
    x = first(review(log("zhoushan", {"E": "234m456p789s55z67m1z"}, [d("E", "7m")])))
    assert (x.shanten_after, x.mark, x.best) == (1, "slower", ("1z",))


def test_closed_wait_instead_of_open_wait_gives_up_four_tiles():
    """46m7m: cut 4m keeps 67m (5m 8m, 8 tiles); cut 7m keeps 46m (5m only, 4)."""
    x = first(review(log("zhoushan", {"E": "234m456p789s55z467m"}, [d("E", "7m")])))
    assert (x.shanten_after, x.mark) == (0, "fewer")
    assert x.best == ("4m",) and x.best_effective == 8 and x.effective == 4
    assert x.lost == 4 and x.detail.given_up == ("8m",)


def test_the_best_discard_for_the_open_wait_is_found():
    x = first(review(log("zhoushan", {"E": "234m456p789s55z467m"}, [d("E", "4m")])))
    assert (x.mark, x.effective) == ("best", 8)


def test_pair_wait_kept_over_breaking_it():
    x = first(review(log("zhoushan", {"E": "234m456p789s67m11z9s"}, [d("E", "9s")])))
    assert (x.shanten_after, x.best, x.effective) == (0, ("9s",), 8)


def test_three_sided_wait_counts_own_copies_out():
    """23456m waits 1m 4m 7m: 4 + 3 (one 4m is held) + 4 = 11."""
    x = first(review(log("zhoushan", {"E": "23456m789s123p55z9p"}, [d("E", "9p")])))
    assert (x.shanten_after, x.effective) == (0, 11)
    option = next(o for o in x.detail.options if o.tile == "9p")
    assert option.tiles == {"1m": 4, "4m": 3, "7m": 4}


def test_two_single_waits_tie_and_both_are_best():
    """Cut either honor and wait on the other one (3 unseen each)."""
    x = first(review(log("zhoushan", {"E": "123m456p789s555z1z2z"}, [d("E", "2z")])))
    assert set(x.best) == {"1z", "2z"} and x.detail.rank == 1 and x.effective == 3


def test_every_distinct_tile_is_a_candidate():
    x = first(review(log("zhoushan", {"E": TENPAI_14}, [d("E", "9m")])))
    assert {o.tile for o in x.detail.options} == set(parse_tiles(TENPAI_14))
    shanten = [o.shanten for o in x.detail.options]
    assert shanten == sorted(shanten)


def test_a_discard_seen_by_the_seat_lowers_the_unseen_count():
    """E waits on 1m 4m; S throws a 1m; at E's next cut 1m has 3 unseen."""
    plays = [
        d("E", "9m"),
        draw("S", "1m"),
        d("S", "1m"),
        draw("W", "9p"),
        d("W", "9p"),
        draw("N", "9s"),
        d("N", "9s"),
        draw("E", "8p"),
        d("E", "8p"),
    ]
    deal = {"E": TENPAI_14}
    hand = review(log("zhoushan", deal, plays))
    second = [x for x in hand.decisions if x.seat == "E"][1]
    assert second.discard == "8p" and second.effective == 3 + 4


def test_tenpai_choices_are_weighed_by_what_the_win_pays():
    x = first(review(log("zhoushan", {"E": "234m456p789s55z467m"}, [d("E", "4m")])))
    choices = {c.discard: c for c in x.detail.tenpai}
    assert set(choices) == {"4m", "7m"}  # the two cuts that keep 听牌
    assert {w.tile for w in choices["4m"].waits} == {"5m", "8m"}
    assert all(w.value > 0 and w.unseen == 4 for w in choices["4m"].waits)
    # (the values, worked out: test_review_seed_rules.py::test_zhoushan_waits_are_valued_…)


def test_no_tenpai_choice_when_no_cut_reaches_tenpai():
    x = first(review(log("zhoushan", {"E": "1m4m7m1p4p7p1s4s7s1z2z3z4z5z"}, [d("E", "5z")])))
    assert x.detail.tenpai == () and x.shanten_after > 0


# -- missed wins (漏胡) -----------------------------------------------------------------------
S_WAITS = "123m456p789s11z55z"  # 双碰: 1z or 5z completes it


def test_self_drawn_win_not_declared_is_a_missed_win():
    hand = review(log("zhoushan", {"S": S_WAITS}, [d("E", "9m"), draw("S", "1z"), d("S", "9s")]))
    assert [(m.seat, m.tile, m.how) for m in hand.missed_wins] == [("S", "1z", "self_draw")]
    assert hand.missed_wins[0].value > 0


def test_declared_self_draw_is_no_missed_win():
    plays = [
        d("E", "9m"),
        draw("S", "1z"),
        {"type": "win", "seat": "S", "how": "self_draw", "tile": "1z"},
    ]
    hand = review(log("zhoushan", {"S": S_WAITS}, plays))
    assert hand.missed_wins == ()
    assert [(w.seat, w.shanten_before) for w in hand.wins] == [("S", 0)]


def test_a_winning_discard_let_go_is_a_missed_win():
    hand = review(
        log(
            "zhoushan",
            {"S": S_WAITS, "E": "1m4m7m1p4p7p1s4s7s2z3z4z5z6z"},
            [d("E", "5z"), draw("S", "9p"), d("S", "9p")],
        )
    )
    assert [(m.seat, m.tile, m.how, m.from_seat) for m in hand.missed_wins] == [
        ("S", "5z", "discard", "E")
    ]


def test_a_pung_instead_of_the_win_is_a_missed_win():
    hand = review(
        log(
            "zhoushan",
            {"S": S_WAITS, "E": "1m4m7m1p4p7p1s4s7s2z3z4z5z6z"},
            [d("E", "5z"), {"type": "peng", "seat": "S"}, d("S", "1z")],
        )
    )
    assert [(m.seat, m.tile) for m in hand.missed_wins] == [("S", "5z")]
    claim = hand.claims[0]
    assert (claim.seat, claim.kind, claim.shanten_before, claim.shanten_after) == (
        "S",
        "peng",
        0,
        -1,
    )
    assert not claim.raised


def test_a_win_on_the_discard_is_no_missed_win_for_the_winner():
    plays = [
        d("E", "5z"),
        {"type": "win", "seat": "S", "how": "discard", "tile": "5z", "from": "E"},
    ]
    hand = review(log("zhoushan", {"S": S_WAITS, "E": "1m4m7m1p4p7p1s4s7s2z3z4z5z6z"}, plays))
    assert hand.missed_wins == ()
    assert [(w.seat, w.how, w.shanten_before) for w in hand.wins] == [("S", "discard", 0)]


# S draws its 单吊 5z (complete) and declares a concealed kong of 3m instead of the win
S_KONG = {"S": "233334m456p789s5z"}
KONG_NOT_WIN = [
    d("E", "9m"),
    draw("S", "5z"),
    {"type": "gang", "seat": "S", "kind": "concealed", "tile": "3m"},
    draw("S", "9p", back=True),
    d("S", "9p"),
]


def test_a_concealed_kong_instead_of_the_win_raises_the_shanten():
    """S holds 233334m and draws its 单吊 5z: complete; a kong of 3m leaves 24m waiting on a 3m
    it holds all of (shape 听牌, 0): the claim raised the shanten from -1 and the win was missed."""
    hand = review(log("zhoushan", S_KONG, KONG_NOT_WIN))
    claim = hand.claims[0]
    assert (claim.kind, claim.shanten_before, claim.shanten_after, claim.raised) == (
        "gang",
        -1,
        0,
        True,
    )
    assert [(m.seat, m.tile, m.how) for m in hand.missed_wins] == [("S", "5z", "self_draw")]


# -- deal-ins (放铳) ------------------------------------------------------------------------------
E_LOOSE = "123m456m789p2z3z7z1s5s"  # three sets and loose tiles: any loose cut is as good
W_WAITS = "123m456p789s44z3z2z"  # draws 3z, cuts 2z: 双碰 on 3z 4z


def _deal_in_plays(w_cut: str) -> list[dict]:
    return [
        d("E", "7z"),
        draw("S", "9m"),
        d("S", "9m"),
        draw("W", "3z"),
        d("W", w_cut),
        draw("N", "8s"),
        d("N", "8s"),
        draw("E", "9s"),
        d("E", "3z"),
        {"type": "win", "seat": "W", "how": "discard", "tile": "3z", "from": "E"},
    ]


def test_deal_in_with_the_winners_own_discard_at_hand_was_avoidable():
    hand = review(log("zhoushan", {"E": E_LOOSE, "W": W_WAITS}, _deal_in_plays("2z")))
    (deal_in,) = hand.deal_ins
    assert (deal_in.seat, deal_in.winner, deal_in.tile, deal_in.safe) == ("E", "W", "3z", ("2z",))


def test_deal_in_without_a_safe_tile_of_equal_shanten():
    w = "123m456p789s44z3z6z"  # W cuts 6z, which E does not hold
    hand = review(log("zhoushan", {"E": E_LOOSE, "W": w}, _deal_in_plays("6z")))
    (deal_in,) = hand.deal_ins
    assert deal_in.safe == ()


def test_deal_in_when_the_winners_own_discard_was_also_the_faster_cut():
    """E breaks its pair of 3z (two steps from 听牌) into W's 双碰 while holding 2z, which W threw
    and whose cut keeps the pair (one step): the deal-in cost E nothing to avoid, it was
    avoidable a fortiori (a safe tile of lower shanten counts, not only one of equal shanten)."""
    plays = [
        d("E", "5s"),
        draw("S", "9m"),
        d("S", "9m"),
        draw("W", "3z"),
        d("W", "2z"),
        draw("N", "8s"),
        d("N", "8s"),
        draw("E", "9s"),
        d("E", "3z"),
        {"type": "win", "seat": "W", "how": "discard", "tile": "3z", "from": "E"},
    ]
    hand = review(log("zhoushan", {"E": "123m456m789p33z2z1s5s", "W": W_WAITS}, plays))
    cut = [x for x in hand.decisions if x.seat == "E"][-1]
    assert (cut.discard, cut.shanten_after, cut.best) == ("3z", 2, ("2z",))
    (deal_in,) = hand.deal_ins
    assert (deal_in.seat, deal_in.winner, deal_in.tile, deal_in.safe) == ("E", "W", "3z", ("2z",))


def test_the_winner_was_ready_before_its_winning_tile():
    hand = review(log("zhoushan", {"E": E_LOOSE, "W": W_WAITS}, _deal_in_plays("2z")))
    assert [(w.seat, w.shanten_before) for w in hand.wins] == [("W", 0)]


# -- wenling: 得, limits, and the seed's 特殊处罚 ---------------------------------------------------
# 得 = the indicator's other copies (wenling.txt 得牌); a thrown 得 bars its thrower from winning
# and nobody wins on it (特殊处罚1); 3 得 in hand win by themselves (自动胡牌).
W_E = "1m4m7m1p4p7p1s4s7s1z2z3z4z6z7z9p9p"  # 17 scattered tiles, E (dealer)


def test_wenling_cutting_a_de_is_a_step_back():
    e = "123m456p789s1z2z3z4z6z9m9p9p"  # 9p is 得 (indicator 9p): two 得
    x = first(review(log("wenling", {"E": e}, [d("E", "9p")], size=16, indicator="9p")))
    assert x.discard == "9p" and x.mark == "slower" and "9p" not in x.best


def test_wenling_the_indicator_is_not_unseen():
    """得 = 9p, indicator 9p set aside: with two 9p held, one 9p is left to draw."""
    e = "123m456p789s1z2z3z4z6z9m9p9p"
    x = first(review(log("wenling", {"E": e}, [d("E", "1z")], size=16, indicator="9p")))
    option = next(o for o in x.detail.options if o.tile == "1z")
    assert option.tiles.get("9p") == 1


def test_wenling_a_third_de_drawn_and_not_declared_is_a_missed_win():
    s = "1m4m7m1p4p7p1s4s7s1z2z3z4z6z3p3p"  # 3p is 得: two held
    plays = [d("E", "9p"), draw("S", "3p"), d("S", "7z")]
    e = "2m5m8m2p5p8p2s5s8s1z2z3z4z6z7z9p9s"
    hand = review(log("wenling", {"S": s, "E": e}, plays, size=16, indicator="3p"))
    assert [(m.seat, m.tile, m.how) for m in hand.missed_wins] == [("S", "3p", "self_draw")]


def test_wenling_after_throwing_a_de_the_seat_cannot_miss_a_win():
    s = "1m4m7m1p4p7p1s4s7s1z2z3z4z6z3p3p"
    plays = [
        d("E", "9p"),
        draw("S", "9s"),
        d("S", "3p"),
        draw("W", "8m"),
        d("W", "8m"),
        draw("N", "8p"),
        d("N", "8p"),
        draw("E", "8s"),
        d("E", "8s"),
        draw("S", "3p"),
        d("S", "9s"),
    ]
    e = "2m5m8m2p5p8p2s5s8s1z2z3z4z6z7z9p9s"
    hand = review(log("wenling", {"S": s, "E": e}, plays, size=16, indicator="3p"))
    assert [m for m in hand.missed_wins if m.seat == "S"] == []


def test_wenling_nobody_wins_on_a_thrown_de():
    """S waits on anything with a 得 single; E throws the 得 (3p): S may not take it."""
    s = "123m456m789m123s456s3p77z"  # 3 sets + 3 sets + 77z + 得: 单吊 any (16 tiles)
    e = "1m4m7m1p4p7p1s4s7s1z2z3z4z6z9p3p9s"
    hand = review(
        log(
            "wenling",
            {"S": s, "E": e},
            [d("E", "3p"), draw("S", "9p"), d("S", "9p")],
            size=16,
            indicator="3p",
        )
    )
    assert [m for m in hand.missed_wins if m.how == "discard"] == []


def test_wenling_flower_limit_draw_is_effective():
    """Three red flowers (春夏秋, 'spring' group by default) revealed: the 冬 is an effective tile."""
    plays = [
        {"type": "reveal", "seat": "E", "tile": "1f"},
        draw("E", "9m", back=True),
        {"type": "reveal", "seat": "E", "tile": "2f"},
        draw("E", "9s", back=True),
        {"type": "reveal", "seat": "E", "tile": "3f"},
        draw("E", "8m", back=True),
        d("E", "8m"),
    ]
    e = "1m4m7m1p4p7p1s4s7s1z2z3z4z6z1f2f3f"
    hand = review(log("wenling", {"E": e}, plays, size=16, indicator="5p"))
    x = first(hand)
    option = next(o for o in x.detail.options if o.tile == "8m")
    assert "4f" in option.tiles and option.tiles["4f"] == 1


# -- the result as data ------------------------------------------------------------------------------
def test_json_has_the_fields_the_issue_names_per_hand_per_seat():
    rev = review_records(log("zhoushan", {"E": TENPAI_14}, [d("E", "9m")]))
    data = rev.to_dict()
    assert data["version"] == REVIEW_VERSION
    seat = data["hands"][0]["seats"]["E"]
    decision = seat["decisions"][0]
    for key in (
        "step",
        "line",
        "discard",
        "shanten_before",
        "shanten_after",
        "best",
        "effective",
        "best_effective",
    ):
        assert key in decision
    assert "missed_wins" in seat and "deal_ins" in seat


def test_round_trip_through_json():
    rev = review_records(log("zhoushan", {"E": E_LOOSE, "W": W_WAITS}, _deal_in_plays("2z")))
    again = SessionReview.from_dict(json.loads(json.dumps(rev.to_dict())))
    assert again == rev


def test_a_newer_review_version_is_refused_not_misread():
    rev = review_records(log("zhoushan", {"E": TENPAI_14}, [d("E", "9m")])).to_dict()
    with pytest.raises(ValueError, match="version"):
        SessionReview.from_dict({**rev, "version": REVIEW_VERSION + 1})


def test_lines_come_from_the_parser():
    rev = review_records(log("zhoushan", {"E": TENPAI_14}, [d("E", "9m")]))
    lines = list(range(1, 100))
    assert rev.with_lines(lines).hands[0].decisions[0].line == rev.hands[0].decisions[0].seq + 1


def test_a_summary_log_has_nothing_to_review():
    text = "\n".join(
        json.dumps(x, ensure_ascii=False)
        for x in [
            {"type": "session", "ruleset": "zhoushan", "players": list(PLAYERS.values())},
            {"type": "hand", "no": 1, "seats": PLAYERS},
            {"type": "exhausted"},
        ]
    )
    rev = review_records(parse_log(text.encode()).records)
    assert rev.hands[0].summary and not rev.reviewable
    assert rev.hands[0].decisions == ()
