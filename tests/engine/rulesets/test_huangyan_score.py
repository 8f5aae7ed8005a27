"""计算规则: hand-computed 胡 and 番 per item, on v1 summary logs in tests/fixtures/huangyan/."""

from pathlib import Path

import pytest

from engine.model import HandOutcome, Showdown, Win
from engine.replay import replay
from engine.rulesets import get_ruleset
from engine.tiles import parse_tiles
from events.codec import parse_log

RS = get_ruleset("huangyan")
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "huangyan"


def load(name: str, **options):
    """(outcome, recorded payments) per hand of a log, replayed with the session's options."""
    records = parse_log((FIXTURES / name).read_bytes()).records
    rp = replay(records, options)
    return rp.opts, [(h.outcome, _recorded(h.records)) for h in rp.hands]


def _recorded(records):
    paid = [r["payments"] for _, r in records if r["type"] == "settlement"]
    return {(p["from"], p["to"]): p["amount"] for p in paid[-1]} if paid else None


def lines(scoring):
    return {(x.code, x.unit): x.value * x.count for x in scoring.lines}


def test_seed_example_dealer_wins_non_winners():
    opts, hands = load("seed_examples.jsonl")
    outcome, _ = hands[0]
    s = RS.score(outcome, opts)
    # 南: 碰中 4胡 + 九条暗刻 8胡 + 白对 2胡 = 14胡, 中 1番 → 28.
    assert lines(s["S"]) == {
        ("pung_yao", "胡"): 4,
        ("concealed_pung_yao", "胡"): 8,
        ("pair", "胡"): 2,
        ("dragon", "番"): 1,
    }
    assert s["S"].points == 28
    # 西: 碰三筒 2胡 + 五万暗刻 4胡 = 6; the single 东 and 八九万 count nothing.
    assert s["W"].points == 6
    # 北: 一筒暗刻 8胡 + 六条暗刻 4胡 = 12; single 西, 北 count nothing.
    assert lines(s["N"]) == {("concealed_pung_yao", "胡"): 8, ("concealed_pung", "胡"): 4}
    assert s["N"].points == 12


def test_seed_example_non_dealer_wins_non_winners():
    opts, hands = load("seed_examples.jsonl")
    outcome, _ = hands[1]
    s = RS.score(outcome, opts)
    # 庄: 碰中 4 + 三筒暗刻 4 + 东对 (own wind) 2 = 10胡, 中 1番 → 20.
    assert lines(s["E"]) == {
        ("pung_yao", "胡"): 4,
        ("concealed_pung", "胡"): 4,
        ("pair", "胡"): 2,
        ("dragon", "番"): 1,
    }
    assert s["E"].points == 20
    # 南: 碰发 4 + 九条暗刻 8 + 白对 2 = 14胡, 发 1番 → 28.  西: 碰二筒 2 + 五万暗刻 4 = 6;
    # its 九万 is a 得 this hand but a non-winner's tiles count as they are.
    assert (s["S"].points, s["W"].points) == (28, 6)


def _flows(payments):
    return {(p.payer, p.payee): p.amount for p in payments}


def _settle(outcome, opts):
    scorings = RS.score(outcome, opts)
    return scorings, RS.settle(RS.settle_input(outcome, scorings, opts), opts)


def test_seed_example_dealer_wins_whole_path():
    # 庄 wins on 北's 4s (两面): no 胡 items, no 得 held → (0 + 10底胡) × 2 (无得) = 20.
    opts, hands = load("seed_examples.jsonl")
    outcome, recorded = hands[0]
    scorings, payments = _settle(outcome, opts)
    assert lines(scorings["E"]) == {("base", "胡"): 10, ("hard", "番"): 1}
    assert scorings["E"].points == 20
    assert _flows(payments) == recorded


def test_seed_example_non_dealer_wins_whole_path():
    # 北 自摸 2m (两面), its 九万 (得) stands for 5s/8s: 自摸 2 + 底胡 10 = 12, no 番 (holds 得).
    opts, hands = load("seed_examples.jsonl")
    outcome, recorded = hands[1]
    scorings, payments = _settle(outcome, opts)
    assert lines(scorings["N"]) == {("self_draw", "胡"): 2, ("base", "胡"): 10}
    assert scorings["N"].points == 12 and scorings["N"].reading in (("9m→5s",), ("9m→8s",))
    assert _flows(payments) == recorded


def _winner(no, **options):
    opts, hands = load("scoring_items.jsonl", **options)
    outcome, recorded = hands[no - 1]
    scoring = RS.score(outcome, opts)[outcome.wins[0].seat]
    return scoring, lines(scoring)


def test_self_draw_kanchan_concealed_pungs_own_wind_pair_dragon():
    # 南 自摸 2m into 1_3m (嵌档 2, 自摸 2); 中暗刻 8 + 1番; 九筒暗刻 8; 五条暗刻 4; 南风对 2;
    # no 得 held (得 = 8m) → 无得 1番.  (8+8+4+2+2+2 + 10) × 2^2 = 36 × 4 = 144.
    scoring, got = _winner(1)
    assert got == {
        ("concealed_pung_yao", "胡"): 16,
        ("concealed_pung", "胡"): 4,
        ("pair", "胡"): 2,
        ("self_draw", "胡"): 2,
        ("kanchan", "胡"): 2,
        ("base", "胡"): 10,
        ("dragon", "番"): 1,
        ("hard", "番"): 1,
    }
    assert scoring.points == 144


def test_pung_completed_by_a_discard_is_exposed_unless_option():
    # 西 wins on 北's 9s with 99s/11p (对倒): 九条 counts as 刻子 4, not 暗刻 8.
    # (4 + 10) × 2 (无得) = 28; with discard_pung_concealed: (8 + 10) × 2 = 36.
    scoring, got = _winner(2)
    assert got == {("pung_yao", "胡"): 4, ("base", "胡"): 10, ("hard", "番"): 1}
    assert scoring.points == 28
    assert _winner(2, discard_pung_concealed=True)[0].points == 36


def test_restored_wildcard_then_no_wildcard():
    # 得 = 3m; 庄 holds one 3m, used as itself in 123m: 得还原 1番, and with it restored the
    # hand holds no 得: 无得 1番.  自摸 2 (9s 边张 scores nothing) + 10 = 12 × 4 = 48.
    scoring, got = _winner(3)
    assert got == {
        ("self_draw", "胡"): 2,
        ("base", "胡"): 10,
        ("restored", "番"): 1,
        ("hard", "番"): 1,
    }
    assert scoring.points == 48 and scoring.reading == ("3m→3m",)
    # Clubs that do not stack them: 12 × 2 = 24.
    assert _winner(3, restored_then_hard=False)[0].points == 24


def test_two_wildcards_one_restored_one_as_red_dragon():
    # 得 = 4p; 北 holds two: one restored in 345p (1番), one makes 77z a 中暗刻 (8胡, 1番);
    # "二张得，一张还原，则算还原一番，一张得无番" → no 无得.  (8 + 10) × 2^2 = 72.
    # (Reading the 得 as 1s instead: 111s 8 + 中对 2 → (10 + 10) × 2 = 40, less.)
    scoring, got = _winner(4)
    assert got == {
        ("concealed_pung_yao", "胡"): 8,
        ("base", "胡"): 10,
        ("dragon", "番"): 1,
        ("restored", "番"): 1,
    }
    assert scoring.points == 72 and sorted(scoring.reading) == ["4p→4p", "4p→7z"]


def test_half_flush_own_wind_pung_exposed_kong():
    # 庄: 碰东 4胡 + 门风 1番; 九条明杠 16; 白对 2; 条子 + 字 → 混一色 1番; 无得 1番.
    # (4 + 16 + 2 + 10) × 2^3 = 32 × 8 = 256.
    scoring, got = _winner(5)
    assert got == {
        ("pung_yao", "胡"): 4,
        ("kong_exposed_yao", "胡"): 16,
        ("pair", "胡"): 2,
        ("base", "胡"): 10,
        ("seat_wind", "番"): 1,
        ("half_flush", "番"): 1,
        ("hard", "番"): 1,
    }
    assert scoring.points == 256


def test_full_flush_concealed_kong_and_the_pengpenghu_option():
    # 西: 二筒暗杠 16, 碰五筒 2, 七筒暗刻 4, 自摸 1p makes 一筒暗刻 8, 九筒对 0, 自摸 2;
    # 清一色 3番 + 无得 1番.  (16+2+4+8+2 + 10) × 2^4 = 42 × 16 = 672.
    scoring, got = _winner(6)
    assert got == {
        ("kong_concealed", "胡"): 16,
        ("pung", "胡"): 2,
        ("concealed_pung", "胡"): 4,
        ("concealed_pung_yao", "胡"): 8,
        ("self_draw", "胡"): 2,
        ("base", "胡"): 10,
        ("full_flush", "番"): 3,
        ("hard", "番"): 1,
    }
    assert scoring.points == 672
    # 碰碰胡 where the club counts it: +4胡 → 46 × 16 = 736.
    assert _winner(6, pengpenghu=True)[0].points == 736


def test_base_cap_and_rounding_options():
    # Hand 6 again: 底胡 20 → 52 × 16 = 832; cap 500 → 500 (raw 672 kept);
    # hand 4 rounded up to tens: 72 → 80.
    assert _winner(6, base_hu=20)[0].points == 832
    capped = _winner(6, cap=500)[0]
    assert (capped.points, capped.raw) == (500, 672)
    assert _winner(4, round_to=10)[0].points == 80


def test_non_winners_kongs_and_unclaimed_kongs():
    opts, hands = load("scoring_items.jsonl")
    outcome, recorded = hands[6]
    scorings, payments = _settle(outcome, opts)
    # 庄: 东暗杠 32 + 门风 1番, 五筒明杠 8, 碰九万 4, 中对 2 → 46 × 2 = 92.
    assert lines(scorings["E"]) == {
        ("kong_concealed_yao", "胡"): 32,
        ("kong_exposed", "胡"): 8,
        ("pung_yao", "胡"): 4,
        ("pair", "胡"): 2,
        ("seat_wind", "番"): 1,
    }
    # 西: 南加杠 16 (明杠), 碰发 4 + 1番, four 4s in hand not konged → 暗刻 4, 西风对 2 → 52.
    assert lines(scorings["W"]) == {
        ("kong_exposed_yao", "胡"): 16,
        ("pung_yao", "胡"): 4,
        ("concealed_pung", "胡"): 4,
        ("pair", "胡"): 2,
        ("dragon", "番"): 1,
    }
    # 北: 七筒暗刻 4, 一条暗刻 8, 白对 2, 北风对 2; 一万对 is worth 0 → 16.
    # 南 (winner on 庄's 7s, 边张): (0 + 10) × 2 (无得) = 20.
    assert {s: sc.points for s, sc in scorings.items()} == {"E": 92, "S": 20, "W": 52, "N": 16}
    # 庄→南 20, 西/北→南 10; 西→庄 92-52 = 40, 北→庄 92-16 = 76; 北→西 (52-16)/2 = 18.
    assert _flows(payments) == recorded


def test_every_item_is_its_own_line_with_chinese_and_english_names():
    scoring, _ = _winner(1)
    assert all(x.zh and x.en and x.code for x in scoring.lines)
    assert {x.unit for x in scoring.lines} == {"胡", "番"}


@pytest.mark.parametrize(
    ("concealed", "code"),
    [
        (None, "no_showdown"),
        ("123m456m789m1p2p3p4s5s", "not_a_win"),  # 14 tiles, no pair + sets
        ("123m456m789m1p1p", "bad_showdown"),  # 3 sets and a pair: 11 tiles, not 14
        ("234m456m789m1p1p2s3s4s", "bad_showdown"),  # the winning 1m is not in the hand
    ],
)
def test_a_winner_without_a_winning_hand_scores_nothing_with_a_reason(concealed, code):
    shows = {} if concealed is None else {"S": Showdown("S", tuple(parse_tiles(concealed)))}
    outcome = HandOutcome(
        no=1, seats=dict.fromkeys("ESWN", "x"), showdowns=shows, wins=(Win("S", "self_draw", "1m"),)
    )
    scoring = RS.score(outcome, RS.options())["S"]
    assert scoring.points == 0 and [x.code for x in scoring.lines] == [code]


def test_non_winner_wildcards_option_completes_pairs_and_pungs_without_fan():
    # 得 = 3m; 庄 holds 3m 3m, 东东, 中, 九条九条 and singles.  Default: tiles as they are →
    # 东对 (own wind) 2.  With the option: one 得 makes 东 an 暗刻 8 (no 门风番: 得 never make 番),
    # the other 九条 an 暗刻 8 → 16 (better than 中对 2 + 东对 2 + 九条暗刻 8 = 12).
    show = Showdown("E", tuple(parse_tiles("33m11z7z2p5p8p1s4s7s99s")))
    outcome = HandOutcome(
        no=1,
        seats=dict.fromkeys("ESWN", "x"),
        wildcards=frozenset({"3m"}),
        showdowns={"E": show},
        wins=(Win("S", "self_draw", "1m"),),
    )
    assert RS.score(outcome, RS.options())["E"].points == 2
    scoring = RS.score(outcome, RS.options({"non_winner_wildcards": True}))["E"]
    assert lines(scoring) == {("concealed_pung_yao", "胡"): 16}
    assert scoring.points == 16


def test_non_winner_wildcards_option_on_the_seed_hand():
    # Seed example 2: 西's 九万 (得) turns its single 中 into a 中对 (2胡): 6 → 8.
    opts, hands = load("seed_examples.jsonl", non_winner_wildcards=True)
    assert RS.score(hands[1][0], opts)["W"].points == 8


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"discard_pung_concealed": True, "pengpenghu": True},
        {"restored_then_hard": True, "wildcard_rule": "next", "cap": 300, "round_to": 10},
    ],
)
def test_the_winners_search_picks_the_reading_best_decomposition_picks(options):
    """The winner's search sums each reading once and each winning-tile shape on top; it must
    pick the first best reading as ``best_decomposition`` over every reading's items does."""
    from engine.hand import best_decomposition
    from engine.rulesets.huangyan import winner
    from engine.rulesets.huangyan.lines import value_of
    from engine.simulate import generate_session

    records, _ = generate_session("huangyan", 120, seed=5, options=options)
    rp = replay(records)
    compared = 0
    for hand in rp.hands:
        outcome = hand.outcome
        for win in outcome.wins:
            show = outcome.showdowns[win.seat]
            w = winner._winner(show, outcome.wildcards)

            def key(d, w=w, win=win):
                items = winner._reading_items(d, w, win, rp.opts)
                return value_of(*items, rp.opts.base_hu, rp.opts)

            found = best_decomposition(show.concealed, key, show.melds, outcome.wildcards, win.tile)
            assert found is not None
            expected = winner.score_reading(found[1], w, win, rp.opts)
            assert winner.score_winner(outcome, win, rp.opts) == expected
            compared += 1
    assert compared > 80
