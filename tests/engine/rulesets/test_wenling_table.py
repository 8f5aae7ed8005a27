"""Wenling's table basics: tile set, 得, 闹闹, bonus tiles, instant wins, wall marks, dice,
the passed-碰 rule and the dealer rotation (seed: 基础知识, 打牌流程, 特殊限制类术语)."""

from engine.model import Action, HandOutcome, Showdown, Win
from engine.rulesets import get_ruleset
from engine.rulesets.wenling import table

RS = get_ruleset("wenling")
OPTS = RS.options()


def test_tile_set_is_144_with_one_of_each_flower():
    counts = RS.tile_counts(OPTS)
    assert sum(counts.values()) == 144
    assert counts["1f"] == 1 and counts["5z"] == 4
    assert RS.hand_size == 16 and RS.has_flowers


def test_wildcards_are_the_indicators_face_or_the_rest_of_its_flower_group():
    assert RS.wildcards("3m", OPTS) == {"3m"}
    assert RS.wildcards("2f", OPTS) == {"1f", "3f", "4f"}
    assert RS.wildcards("8f", OPTS) == {"5f", "6f", "7f"}
    assert RS.wildcards(None, OPTS) == frozenset()


def test_normal_reveals_white_and_flowers_naonao_every_dragon_and_flower_but_de():
    normal = RS.wildcards("1z", OPTS)
    assert RS.is_bonus("5z", normal, OPTS) and RS.is_bonus("7f", normal, OPTS)
    assert not RS.is_bonus("7z", normal, OPTS) and not RS.is_bonus("1z", normal, OPTS)
    red = RS.wildcards("7z", OPTS)
    assert table.is_naonao(red) and not table.is_naonao(normal)
    assert RS.is_bonus("5z", red, OPTS) and RS.is_bonus("6z", red, OPTS)
    assert not RS.is_bonus("7z", red, OPTS)
    spring = RS.wildcards("1f", OPTS)
    assert not RS.is_bonus("2f", spring, OPTS) and RS.is_bonus("5f", spring, OPTS)
    assert RS.is_bonus("7z", spring, OPTS) and not RS.is_bonus("1z", spring, OPTS)


def test_instant_wins():
    wild = RS.wildcards("3m", OPTS)
    plain = Showdown("E", tuple("1m 2m 4m 5m 6m 7m 8m 9m 1p 2p 3p 4p 5p 6p 7p 8p".split()))
    assert not RS.instant_win(plain, wild, OPTS)
    three_de = Showdown("S", ("3m", "3m", "3m", "1p"))
    assert RS.instant_win(three_de, wild, OPTS)
    whites = Showdown("W", ("1p",), revealed=("5z", "5z", "5z", "5z"))
    assert RS.instant_win(whites, wild, OPTS)
    flowers = Showdown("N", ("1p",), revealed=("5f", "6f", "7f", "8f"))
    assert table.instant_limits(table.show_tiles(flowers), wild, "spring") == ["black_flowers"]
    assert table.instant_limits(table.show_tiles(flowers), wild, "plum") == ["red_flowers"]
    reds = Showdown("N", ("1p",), revealed=("7z",) * 4)
    assert not RS.instant_win(reds, wild, OPTS)
    assert RS.instant_win(reds, RS.wildcards("6z", OPTS), OPTS)


def test_wall_marks_count_pairs_without_the_lone_back_tile():
    assert RS.dead_wall(0, 0, OPTS) == 16 and RS.dead_wall(3, 0, OPTS) == 17
    assert table.in_raw_stage(30, 0) and not table.in_raw_stage(31, 0)
    assert table.in_raw_stage(31, 1) and not table.in_raw_stage(32, 1)


def test_wall_break_from_the_two_throws():
    assert table.wall_break((2, 3), (1, 1)) == ("E", 7)
    assert table.wall_break((3, 3), (6, 6)) == ("S", 18)
    assert table.wall_break((1, 2), (1, 1)) == ("W", 5)
    assert table.wall_break((2, 2), (1, 1)) == ("N", 6)


def _a(seq, kind, seat, tile=None):
    return Action(seq=seq, kind=kind, seat=seat, tile=tile)


def test_passed_peng_is_flagged_until_the_seat_draws():
    history = (
        _a(1, "draw", "S", "9p"),
        _a(2, "discard", "S", "4m"),  # W holds 4m4m and lets it go
        _a(3, "draw", "W", "1p"),
        _a(4, "discard", "W", "1p"),
        _a(5, "draw", "N", "2p"),
        _a(6, "discard", "N", "4m"),
    )
    found = RS.check(_a(7, "peng", "W", "4m"), history, OPTS)
    assert [a.code for a in found] == []  # W drew at seq 3: the pass is forgiven
    history2 = (
        history[0],
        _a(2, "discard", "S", "4m"),
        _a(3, "draw", "W", "1p"),
        _a(4, "discard", "W", "1p"),
        _a(5, "discard", "N", "4m"),
    )
    found = RS.check(_a(6, "peng", "E", "4m"), history2, OPTS)
    assert [a.code for a in found] == ["passed_peng"]


def test_dice_thrown_twice_by_the_dealer():
    first = _a(1, "dice", "E")
    assert RS.check(first, (), OPTS) == []
    assert [a.code for a in RS.check(_a(3, "dice", "E"), (first, _a(2, "dice", "E")), OPTS)] == [
        "dice_extra_throw"
    ]
    assert RS.dice_thrower == "E"  # a throw by another seat: the replay's (test_dice_thrower.py)


def _outcome(wins=(), exhausted=False):
    return HandOutcome(no=1, seats=dict.fromkeys("ESWN", "p"), wins=wins, exhausted=exhausted)


def test_dealer_stays_on_a_win_and_passes_on_a_loss_or_a_draw():
    assert RS.next_dealer(_outcome((Win("E", "self_draw", "1m"),)), OPTS) == "E"
    assert RS.next_dealer(_outcome((Win("S", "discard", "1m", "E"),)), OPTS) == "S"
    assert RS.next_dealer(_outcome(exhausted=True), OPTS) == "S"
