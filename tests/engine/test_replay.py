"""The replay state machine on hand-written logs: one fixture per anomaly, each with the exact
anomalies it must produce, plus the table states, the derived win flags and corrections."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.model import Showdown
from engine.replay import CHECKPOINT_EVERY, replay
from engine.rulesets import get_ruleset
from engine.state import ANOMALY_ZH
from engine.table import Table
from events.codec import parse_log

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
REPLAY = FIXTURES / "replay"


def records(name: str, where: Path = REPLAY) -> list[dict]:
    return parse_log((where / name).read_bytes()).records


def found(name: str) -> list[tuple[int | None, str]]:
    rp = replay(records(name))
    return sorted((a.seq, a.code) for h in rp.hands for a in h.anomalies)


# fixture -> the exact anomalies (seq, code) it must give; seq indexes the file's records
EXPECTED = {
    "clean.jsonl": [],
    "claims_and_kongs.jsonl": [],
    "concealed_and_exposed_kongs.jsonl": [],
    "robbed_kong.jsonl": [],
    "wenling_clean.jsonl": [],
    "instant_win.jsonl": [],
    "exhausted.jsonl": [],
    "tile_overcount.jsonl": [(6, "tile_overcount")],
    "summary_two_winners_one_discard.jsonl": [],
    "self_draw_limit_without_shape.jsonl": [],
    "summary_two_winners_overcount.jsonl": [(4, "tile_overcount")],
    "discard_not_in_hand.jsonl": [
        (8, "discard_not_in_hand"),
        (11, "not_winning"),
        (12, "showdown_mismatch"),
    ],
    "wrong_turn.jsonl": [(9, "wrong_turn")],
    "chi_not_from_left.jsonl": [(9, "chi_not_from_left")],
    "chi_not_sequence.jsonl": [(9, "chi_not_sequence")],
    "chi_without_tiles.jsonl": [(9, "chi_without_tiles"), (9, "hand_size")],
    "claim_with_wildcard.jsonl": [(9, "claim_with_wildcard")],
    "claim_no_discard.jsonl": [(10, "claim_no_discard")],
    "peng_without_pair.jsonl": [(9, "hand_size"), (9, "peng_without_pair")],
    "gang_without_tiles.jsonl": [(8, "gang_without_tiles"), (9, "hand_size"), (13, "not_winning")],
    "hand_size.jsonl": [(10, "hand_size"), (10, "wrong_turn")],
    "unknown_seat_tile.jsonl": [(6, "unknown_seat_tile")],
    "not_winning.jsonl": [(11, "not_winning")],
    "summary_not_winning.jsonl": [(3, "not_winning")],
    "showdown_mismatch.jsonl": [(12, "showdown_mismatch")],
    "play_after_end.jsonl": [(12, "play_after_end")],
    "wall_exhausted.jsonl": [(9, "wall_exhausted")],
    "exhausted_early.jsonl": [(11, "exhausted_early")],
    "win_priority.jsonl": [(11, "win_priority")],
    "multiple_winners.jsonl": [(12, "multiple_winners"), (12, "not_winning")],
    "win_tile_not_in_hand.jsonl": [(8, "not_winning"), (8, "win_tile_not_in_hand")],
    "back_draw_without_cause.jsonl": [(9, "back_draw_without_cause")],
    "hand_unfinished.jsonl": [(10, "hand_unfinished")],
    "duplicate_deal.jsonl": [(7, "duplicate_deal")],
    "duplicate_settlement.jsonl": [(14, "duplicate_settlement")],
    "bonus_not_revealed.jsonl": [(9, "bonus_not_revealed")],
    "reveal_not_in_hand.jsonl": [(11, "reveal_not_in_hand")],
    "win_on_discarded_wildcard.jsonl": [(14, "win_on_discarded_wildcard")],
    "won_after_discarding_wildcard.jsonl": [(14, "won_after_discarding_wildcard")],
    "discard_of_claimed.jsonl": [(9, "discard_of_claimed")],
}
WARNINGS = {"exhausted_early", "back_draw_without_cause", "duplicate_settlement"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_gives_exactly_its_anomalies(name):
    assert found(name) == EXPECTED[name]


def test_every_fixture_is_listed_and_every_required_code_has_one():
    on_disk = {p.name for p in REPLAY.glob("*.jsonl")}
    assert on_disk == set(EXPECTED)
    required = {
        "tile_overcount",
        "discard_not_in_hand",
        "wrong_turn",
        "chi_not_from_left",
        "chi_not_sequence",
        "claim_with_wildcard",
        "claim_no_discard",
        "peng_without_pair",
        "gang_without_tiles",
        "hand_size",
        "not_winning",
        "showdown_mismatch",
        "play_after_end",
        "wall_exhausted",
        "win_on_discarded_wildcard",
        "won_after_discarding_wildcard",
        "bonus_not_revealed",
        "unknown_seat_tile",
        "discard_of_claimed",
        "win_priority",
    }
    covered = {code for anomalies in EXPECTED.values() for _, code in anomalies}
    assert required <= covered
    assert covered <= set(ANOMALY_ZH)  # every code has its Chinese label


def test_severities():
    for name in EXPECTED:
        for hand in replay(records(name)).hands:
            for a in hand.anomalies:
                assert a.severity == ("warning" if a.code in WARNINGS else "error"), (name, a)
                assert a.message


def test_outcome_of_a_full_hand():
    hand = replay(records("claims_and_kongs.jsonl")).hands[0]
    out = hand.outcome
    assert not hand.summary and out.actions is not None
    (win,) = out.wins
    assert (win.seat, win.how, win.tile) == ("E", "self_draw", "7m")
    assert win.flags == {"kong_replacement"}
    east = out.showdowns["E"]
    assert sorted(east.concealed) == sorted(
        ["1m"] * 3 + ["2m", "3m", "4m", "5m", "6m", "7m", "1p", "1p"]
    )
    assert [(m.kind, m.tiles, m.from_seat) for m in east.melds] == [
        ("gang_added", ("9p",) * 4, "N")
    ]
    assert [(m.kind, m.tiles, m.from_seat) for m in out.showdowns["S"].melds] == [
        ("chi", ("4s", "5s", "6s"), "E")
    ]
    # 136 tiles - 53 dealt - the indicator - 7 draws (one from the back)
    assert out.wall_left == 136 - 53 - 1 - 7
    kinds = [a.kind for a in out.actions]
    assert kinds.count("draw") == 7 and "chi" in kinds and "peng" in kinds and "gang" in kinds


def test_concealed_and_exposed_kongs():
    hand = replay(records("concealed_and_exposed_kongs.jsonl")).hands[0]
    melds = {
        s: [(m.kind, m.tiles, m.from_seat) for m in show.melds]
        for s, show in hand.outcome.showdowns.items()
    }
    assert melds["E"] == [("gang_concealed", ("1m",) * 4, None)]
    assert melds["W"] == [("gang_exposed", ("2s",) * 4, "S")]
    gangs = [(a.seat, a.source) for a in hand.outcome.actions if a.kind == "gang"]
    assert gangs == [("E", "gang_concealed"), ("W", "gang_exposed")]
    end = hand.state_at(hand.steps - 1)
    assert [(d.tile, d.claimed_by) for d in end.discards["S"]] == [("2s", "W")]


def test_robbed_kong_reverts_the_kong_and_the_winner_gets_the_tile():
    out = replay(records("robbed_kong.jsonl")).hands[0].outcome
    assert [m.kind for m in out.showdowns["E"].melds] == ["peng"]
    assert out.showdowns["W"].concealed.count("9p") == 1
    assert out.wins[0].how == "robbed_kong" and out.wins[0].from_seat == "E"


def test_win_priority_keeps_the_right_hand_seat():
    out = replay(records("win_priority.jsonl")).hands[0].outcome
    assert out.winners == ("W",)  # S discarded; W is S's right-hand seat, E its left


def test_instant_win_and_bonus_replacement():
    hand = replay(records("instant_win.jsonl")).hands[0]
    assert hand.outcome.wins[0].how == "instant"
    assert hand.outcome.showdowns["E"].revealed == ("1f",)
    assert hand.outcome.wildcards == {"1m"}


def _flags(lines: str, east: str = "111234567m1199p5s") -> frozenset[str]:
    head = (
        '{"type":"session","ruleset":"huangyan","options":{},"club":"c","table":"1",'
        '"players":["a","b","c","d"],"started_at":"2026-11-28T19:30:00+08:00"}\n'
        '{"type":"hand","no":1,"seats":{"E":"a","S":"b","W":"c","N":"d"}}\n'
        f'{{"type":"deal","seat":"E","tiles":"{east}"}}\n'
        '{"type":"deal","seat":"S","tiles":"234567p234678s1z"}\n'
        '{"type":"deal","seat":"W","tiles":"789m123456p78p22s"}\n'
        '{"type":"deal","seat":"N","tiles":"456789s1357m246z"}\n'
    )
    hand = replay(parse_log(head + lines).records).hands[0]
    assert [a.code for a in hand.anomalies] == []
    return hand.outcome.wins[0].flags


def test_heaven_flag():
    win = '{"type":"win","seat":"E","how":"self_draw","tile":"9p"}\n'
    assert _flags(win, east="111234567m11999p") == {"heaven"}


def test_first_discard_flag():
    lines = (
        '{"type":"discard","seat":"E","tile":"9p"}\n'
        '{"type":"win","seat":"W","how":"discard","tile":"9p","from":"E"}\n'
    )
    assert _flags(lines) == {"first_discard"}


def test_first_draw_flag_and_none_later():
    opening = (
        '{"type":"discard","seat":"E","tile":"5s"}\n'
        '{"type":"draw","seat":"S","tile":"1z"}\n'
        '{"type":"discard","seat":"S","tile":"2s"}\n'
    )
    first_draw = '{"type":"draw","seat":"W","tile":"9p"}\n{"type":"win","seat":"W","how":"self_draw","tile":"9p"}\n'
    assert _flags(opening + first_draw) == {"first_draw"}
    later = (
        '{"type":"draw","seat":"W","tile":"8s"}\n'
        '{"type":"discard","seat":"W","tile":"8s"}\n'
        '{"type":"draw","seat":"N","tile":"9p"}\n'
        '{"type":"discard","seat":"N","tile":"9p"}\n'
        '{"type":"win","seat":"W","how":"discard","tile":"9p","from":"N"}\n'
    )
    assert _flags(opening + later) == frozenset()


def test_last_tile_flag_at_the_dead_wall():
    rp = replay(records("wall_exhausted.jsonl"), {"dead_wall": 81})
    assert rp.hands[0].outcome.wins[0].flags == {"last_tile"}
    assert [a.code for a in rp.hands[0].anomalies] == []


def test_summary_hand_takes_flags_from_the_record():
    rp = replay(records("summary.jsonl", FIXTURES / "audit"))
    first = rp.hands[0]
    assert first.summary and first.outcome.actions is None and first.outcome.wall_left is None
    assert first.outcome.wins[0].flags == {"first_draw"}
    assert set(first.outcome.showdowns) == {"S"}
    assert rp.hands[1].outcome.exhausted


def _reference_state(recs: list[dict], hand_start: int, step: int):
    """The final table of the log cut after the step-th record of its only hand."""
    hand = replay(recs[: hand_start + step + 1]).hands[0]
    return hand.state_at(hand.steps - 1)


@pytest.mark.parametrize(
    "name", ["claims_and_kongs.jsonl", "wenling_clean.jsonl", "robbed_kong.jsonl"]
)
def test_state_at_matches_a_replay_cut_at_that_step(name):
    recs = records(name)
    hand = replay(recs).hands[0]
    if name != "wenling_clean.jsonl":
        assert hand.steps > CHECKPOINT_EVERY  # steps past the first checkpoint are exercised
    first_deal = next(i for i, (_, r) in enumerate(hand.records) if r["type"] == "deal")
    for step in range(first_deal, hand.steps):  # a cut before the deal is a summary hand
        got, ref = hand.state_at(step), _reference_state(recs, hand.seq, step)
        assert got.step == step and got.seq == hand.records[step][0]
        for field in (
            "concealed",
            "melds",
            "revealed",
            "discards",
            "wall_left",
            "turn",
            "indicator",
            "wildcards",
            "ended",
            "winners",
        ):
            assert getattr(got, field) == getattr(ref, field), (step, field)


def test_states_along_a_hand():
    hand = replay(records("wenling_clean.jsonl")).hands[0]
    start = hand.state_at(0)
    assert start.concealed["E"] == () and start.wall_left == 144 and start.turn is None
    dealt = hand.state_at(6)  # hand, 2 dice, 4 deals
    assert len(dealt.concealed["E"]) == 17 and dealt.wall_left == 144 - 65 and dealt.turn == "E"
    assert dealt.indicator is None
    revealed = hand.state_at(9)  # wildcard, reveal 春, draw from the back
    assert revealed.revealed["E"] == ("1f",) and "1f" not in revealed.concealed["E"]
    assert revealed.wildcards == {"9s"} and revealed.wall_left == 144 - 65 - 1 - 1
    end = hand.state_at(hand.steps - 1)
    assert end.ended and end.winners == ("E",) and end.turn is None
    assert [(d.tile, d.claimed_by) for d in end.discards["S"]] == [("9p", "E")]
    with pytest.raises(IndexError):
        hand.state_at(hand.steps)


def test_corrections_apply_and_stay_visible():
    recs = records("corrections.jsonl", FIXTURES / "audit")
    rp = replay(recs)
    assert [(c.target, c.applied, c.replacement is None) for c in rp.corrections] == [
        (10, True, False),
        (11, True, True),
    ]
    assert rp.corrections[0].original["tile"] == "8p"
    assert rp.corrections[0].replacement["tile"] == "9p"
    assert rp.corrections[1].original["type"] == "draw"
    hand = rp.hands[0]
    seqs = [seq for seq, _ in hand.records]
    assert 11 not in seqs and dict(hand.records)[10]["tile"] == "9p"
    assert hand.anomalies == []


def test_a_correction_inserts_records_after_its_replacement_and_a_later_one_replaces_them():
    """A drawn hand corrected to a win gains the winner's showdown (its shape changes); the
    inserted records carry the correction's seq, and correcting the same target again drops them."""
    session = {"type": "session", "ruleset": "zhoushan", "players": ["甲", "乙", "丙", "丁"]}
    hand = {"type": "hand", "no": 1, "seats": {"E": "甲", "S": "乙", "W": "丙", "N": "丁"}}
    tiles = [f"{n}m" for n in "123456789"] + ["1p", "2p", "3p", "5p", "5p"]
    show = {"type": "showdown", "seat": "S", "concealed": tiles}
    win = {"type": "win", "seat": "S", "how": "self_draw", "tile": "5p"}
    paid = {"type": "settlement", "payments": []}
    to_win = {"type": "correction", "target": 2, "replacement": show, "inserted": [win], "by": "x"}
    recs = [session, hand, {"type": "exhausted"}, paid, to_win]
    rp = replay(recs)
    (h,) = rp.hands
    assert [(seq, rec["type"]) for seq, rec in h.records] == [
        (1, "hand"),
        (2, "showdown"),
        (4, "win"),
        (3, "settlement"),
    ]
    assert [w.seat for w in h.outcome.wins] == ["S"] and not h.outcome.exhausted
    assert rp.corrections[0].original == {"type": "exhausted"}
    assert rp.corrections[0].inserted == (win,)
    back = {"type": "correction", "target": 2, "replacement": {"type": "exhausted"}, "by": "x"}
    h = replay([*recs, back]).hands[0]
    assert [rec["type"] for _, rec in h.records] == ["hand", "exhausted", "settlement"]
    assert h.outcome.exhausted and not h.outcome.wins


def test_records_the_codec_would_refuse_still_give_anomalies_not_errors():
    recs = records("clean.jsonl")
    bad = [
        recs[0],
        {"type": "settlement", "payments": []},
        *recs[1:],
        {"type": "correction", "target": 99, "void": True, "reason": "?", "by": "x"},
    ]
    rp = replay(bad)
    assert sorted((a.seq, a.code) for a in rp.anomalies) == [
        (1, "record_outside_hand"),
        (15, "correction_target"),
    ]
    assert rp.corrections[0].applied is False


def test_option_overrides_reach_the_replay():
    rp = replay(records("clean.jsonl"), {"dead_wall": 82})
    assert [a.code for a in rp.hands[0].anomalies] == ["wall_exhausted"]


def test_phases_come_from_the_ruleset():
    hand = replay(records("clean.jsonl")).hands[0]

    class Phased(type(hand.ruleset)):
        def phases(self, history, opts):
            return (
                frozenset({"after_first_discard"})
                if any(a.kind == "discard" for a in history)
                else frozenset()
            )

    hand.ruleset = Phased()
    kinds = [rec["type"] for _, rec in hand.records]
    first_discard = kinds.index("discard")
    assert hand.state_at(first_discard - 1).phases == frozenset()
    assert hand.state_at(first_discard).phases == {"after_first_discard"}


def test_a_seat_holding_more_than_eight_of_a_tile_shows_them_all():
    """The concealed tiles are made from per-count runs up to 8; an overcounted log's seat may
    hold more (each draw is reported, the hand still shown as held)."""
    rs = get_ruleset("wenling")
    table = Table(rs, rs.options({}), summary=False)
    table.counts["E"][0], table.counts["E"][9] = 10, 2  # ten 1m, two 1p
    shown = table.showdown_of("E")
    assert shown.concealed == ("1m",) * 10 + ("1p", "1p")
    assert shown == Showdown("E", ("1m",) * 10 + ("1p", "1p"), (), ())
