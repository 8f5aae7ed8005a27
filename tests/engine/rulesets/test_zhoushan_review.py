"""An independent review of zhoushan against its seed: twelve new hand-computed summary hands
(tests/fixtures/zhoushan/review.jsonl, the arithmetic in each hand's note) through the full path,
disputed settlements explained by the right cause, and the passed 胡 on another tile
(tests/fixtures/zhoushan/passed_win.jsonl) the replay now catches."""

import pytest

from engine.audit import audit_records
from engine.replay import replay
from tests.engine.rulesets.review_helpers import (
    assert_clean,
    audit_review,
    disputed,
    explanation,
    fixture_records,
)

POINTS = {
    1: {"S": 3},
    2: {"W": 4},
    3: {"E": 4},
    4: {"N": 1},
    5: {"S": 1, "W": 1},
    6: {"N": 4},
    7: {"S": 4},
    8: {"E": 3},
    9: {"W": 0},
    10: {"S": 4},
    11: {"E": 4},
    12: {"N": 3},
}


def test_review_hands_audit_clean():
    assert_clean(audit_review("zhoushan"), POINTS)


def test_capped_hands_keep_their_raw_tai():
    hands = audit_review("zhoushan")["hands"]
    raw = {
        h["no"]: sum(x["value"] * x["count"] for x in next(iter(h["items"].values())))
        for h in hands
        if h["no"] in (2, 6, 11)
    }
    assert raw == {2: 5, 6: 7, 11: 7}


@pytest.mark.parametrize(
    ("no", "payments", "code"),
    [
        (1, [("E", "S", 3), ("W", "S", 3), ("N", "S", 3)], "tai_missed"),  # one 台 item forgotten
        (2, [("N", "W", 6)], "cap_ignored"),  # 5台 paid past the 4-台 cap
        (8, [("N", "E", 4), ("S", "E", 4), ("W", "E", 4)], "wrong_payer"),  # all three paid
        (3, [("N", "E", 5), ("S", "E", 5), ("W", "E", 5)], "bao_missed"),  # 被开杠那家付3家 ignored
        (4, [("W", "N", 2)], "robbed_not_fivefold"),  # 抢杠胡 paid as a discard
    ],
)
def test_disputes_name_the_cause(no, payments, code):
    assert explanation(disputed("zhoushan", no, payments)) == code


def passed_win_errors(ruleset: str) -> list[list[tuple[int, str]]]:
    records = fixture_records("zhoushan/passed_win.jsonl")
    records[0] = records[0] | {"ruleset": ruleset, "options": {}}
    return [[(a.seq, a.code) for a in h.anomalies] for h in replay(records).hands]


@pytest.mark.parametrize("ruleset", ["zhoushan", "xizhou"])
def test_a_passed_win_bars_another_tile_until_the_seat_draws(ruleset):
    # 1: S lets W's 9s go by (seq 10), wins on N's 6s (seq 13) before drawing; 2: after a draw.
    # 3: S lets W's added kong of 9s go by (seq 60, 抢杠 passed), wins on N's 6s; 4: robbing that
    # very kong is allowed (S drew after letting N's 9s go by).
    assert passed_win_errors(ruleset) == [[(13, "passed_win")], [], [(65, "passed_win")], []]


def test_rulesets_without_the_rule_do_not_flag_it():
    assert passed_win_errors("huangyan") == [[], [], [], []]


def test_the_passed_win_log_is_otherwise_clean():
    records = fixture_records("zhoushan/passed_win.jsonl")
    report = audit_records(records)
    assert report["anomalies"] == []
    assert [[a["code"] for a in h["anomalies"]] for h in report["hands"]] == [
        ["passed_win"],
        [],
        ["passed_win"],
        [],
    ]
    # "放弃过的胡同圈内不能再胡": a barred win is no win, so what the table paid for hands 1 and 3
    # is disputed, named as a win the rules bar; a club that keeps such wins sets the option.
    causes = [[d["explanation"]["code"] for d in h["disputes"]] for h in report["hands"]]
    assert causes[1] == causes[3] == [] and causes[0] and causes[2]
    assert {c for c in causes[0] + causes[2]} == {"false_win_paid"}
    assert all(h["expected_payments"] == [] for h in (report["hands"][0], report["hands"][2]))
    records[0] = records[0] | {
        "options": records[0].get("options", {}) | {"barred_win_stands": True}
    }
    kept = audit_records(records)
    assert [h["disputes"] for h in kept["hands"]] == [[], [], [], []]


@pytest.mark.parametrize(
    ("overrides", "no", "payments"),
    [
        ({"discard_payer": "all"}, 8, [("N", "E", 4), ("S", "E", 4), ("W", "E", 4)]),
        ({"base": 0}, 9, []),  # a 0-台 win pays nothing without the 底
        ({"tanki_self_draw_tai": 1}, 3, [("S", "E", 12)]),  # 杠上开花2 + 单钓1: 3 x (1 + 3)
        ({"cap": 0}, 6, [("W", "N", 8)]),  # 7台 uncapped
        ({"stake": 5}, 4, [("W", "N", 50)]),  # 抢杠: 5 x 5 x (1 + 1)
    ],
)
def test_options_on_review_hands(overrides, no, payments):
    hand = audit_review("zhoushan", overrides)["hands"][no - 1]
    assert sorted((p["from"], p["to"], p["amount"]) for p in hand["expected_payments"]) == payments
