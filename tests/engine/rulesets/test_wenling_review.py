"""An independent review of wenling against the seed: hands computed by hand (the arithmetic in
each hand's note in tests/fixtures/wenling/review.jsonl), checked through the full path
(events.codec.parse_log -> engine.audit.audit_records), and disputed settlements
(review_disputes.jsonl) whose cause the audit must name."""

import json

import pytest

from engine.audit import audit_records
from engine.hand import shanten
from engine.model import Win
from engine.replay import replay
from engine.rulesets.base import Liability, OptionError, SettleInput
from events.codec import LogFormatError, parse_log
from tests.engine.rulesets.test_wenling_flow import WEST, raw_stage_hand
from tests.engine.rulesets.wenling_helpers import FIXTURES, RS, records

# Hand -> the points each scored seat gets (x2 session: each payment is points / 10 x 2).
POINTS = {
    1: {
        "E": 50,
        "S": 40,
        "W": 70,
        "N": 10,
    },  # 两面 not 旁胡, 无得; 闲家 门风暗刻, 碰风, own flower, 白
    2: {
        "E": 130,
        "S": 30,
        "W": 340,
        "N": 10,
    },  # 闹闹: 翻发/白 番, 2张得, 嵌档, 自摸; 闲家 得 without 番
    3: {
        "E": 0,
        "S": 20,
        "W": 30,
        "N": 500,
    },  # 四风会齐 with a 得, 包三家: 东 liable, its 10 counts 0
    4: {"S": 500},  # 双得还原 in two chows
    5: {"E": 500},  # 528 capped, not a 腊子
    6: {"N": 230},  # 杠上开花, 明杠, 加杠, 门风暗刻 made with 得 (winner: 番 kept), 靠柄
    7: {"S": 120, "W": 10},  # 抢杠胡, 嵌档; the robbed kong stays a 碰
    8: {"E": 260, "N": 50},  # 自摸得 + 2张得, 单吊 on a 得; 闲家 碰中
    9: {"W": 360},  # 对对胡, the pung completed by the discard is a 刻子
    10: {
        "E": 10,
        "S": 500,
        "W": 40,
        "N": 500,
    },  # two instant winners: 4张红花 and 3张得 (flower 得)
    11: {"S": 500},  # 地胡
    12: {},  # 黄牌
    13: {"E": 90, "W": 500},  # 旁胡 自摸; 闲家四风会齐 with a 得
    14: {"E": 500},  # 天胡
    15: {"N": 90},  # 旁胡 with 吃 and a 门风对
    16: {"S": 480},  # 清一色 just under the cap
    17: {"W": 290},  # 混一色, 单吊 on an honor
}

EXPLANATIONS = {
    1: "fan_missed",  # 无得 forgotten
    2: "cap_ignored",
    3: "bao_not_applied",
    4: "bao_wrongly_applied",  # the discarder made to pay for all
    5: "nonwinners_not_settled",
    6: "fan_missed",  # a non-winner's 番
    7: "base_missed",
    8: "rounded_down",
    9: "robbed_konger_paid_all",
    10: "multiplier_ignored",
    11: "bao_winner_only",
}


def _flows(payments):
    return {(p["from"], p["to"]): p["amount"] for p in payments}


@pytest.fixture(scope="module")
def review():
    return audit_records(records("review.jsonl"))


@pytest.fixture(scope="module")
def disputed():
    return audit_records(records("review_disputes.jsonl"))


def test_review_session_is_clean(review):
    assert review["anomalies"] == []
    assert [h["no"] for h in review["hands"]] == list(POINTS)
    assert all(h["anomalies"] == [] and h["disputes"] == [] for h in review["hands"])


@pytest.mark.parametrize("no", list(POINTS))
def test_points_and_payments_as_computed_by_hand(review, no):
    hand = review["hands"][no - 1]
    assert hand["points"] == POINTS[no]
    # the settlement line holds the hand-computed payments: the ruleset pays exactly those
    assert _flows(hand["expected_payments"]) == _flows(hand["recorded_payments"])


def test_limits_and_caps_are_told_apart(review):
    limits = {h["no"]: h["limits"] for h in review["hands"]}
    assert limits[5] == {} and limits[16] == {}  # 500 by the cap / 480 under it: not 腊子
    assert limits[10] == {"S": "laizi", "N": "laizi"} and limits[13] == {"W": "laizi"}
    items = {h["no"]: h["items"] for h in review["hands"]}
    assert [x["code"] for x in items[4]["S"]] == ["double_restore"]
    assert [x["code"] for x in items[3]["N"]] == ["four_winds"]


def test_dealer_passes_unless_the_dealer_wins(review):
    dealers = [h["seats"]["E"] for h in review["hands"]]
    assert dealers[:4] == ["甲", "甲", "乙", "丙"]  # 东 won hand 1; 西, 北 won hands 2, 3
    assert dealers[11:13] == ["甲", "乙"]  # 黄牌 in hand 12: 南 deals hand 13


@pytest.mark.parametrize("no", list(EXPLANATIONS))
def test_disputed_settlement_names_the_cause(disputed, no):
    hand = disputed["hands"][no - 1]
    assert hand["anomalies"] == [] and hand["disputes"]
    assert {d["explanation"]["code"] for d in hand["disputes"]} == {EXPLANATIONS[no]}


def test_explanations_name_the_item_and_the_player(disputed):
    """The seat at fault by its player's name (the hand's seating), never its letter."""
    zh = {h["no"]: h["disputes"][0]["explanation"]["zh"] for h in disputed["hands"]}
    en = {h["no"]: h["disputes"][0]["explanation"]["en"] for h in disputed["hands"]}
    seats = {h["no"]: h["seats"] for h in disputed["hands"]}
    assert zh[1] == f"胡牌家{seats[1]['S']}漏算无得"
    assert en[1] == f"no wildcard in hand (fan) missed ({seats[1]['S']})"
    assert zh[6].startswith(f"闲家{seats[6]['W']}漏算")
    assert zh[9] == f"被抢杠的{seats[9]['W']}错包全部"


def test_bao_exemption_all_raw_is_judged_on_the_hand_thrown_from():
    # 西 holds 5p 5p, every kind of its hand still 生, and throws one 5p (a 生牌) in the 生牌阶段;
    # 南 wins on it. When 西 chose, its whole hand was 生牌 and, after the throw, it waits on
    # nothing: no 包三家 (the seat had no safe tile). Judged all after the throw, its second 5p
    # is no longer 生 (only because of its own throw) and it would pay for everyone.
    west = WEST.replace("8p", "5p")
    outcome = replay(raw_stage_hand(west=west, last_draw="1z")).hands[0].outcome
    kept = list(outcome.showdowns["W"].concealed)
    assert kept.count("5p") == 1 and shanten(kept) > 0
    assert RS.liabilities(outcome, RS.options()) == ()
    after = RS.options({"bao_exemption_judged": "after"})
    assert [(lb.kind, lb.seat) for lb in RS.liabilities(outcome, after)] == [("bao_san_jia", "W")]


def _cli_settle(points, **options):
    """What ``fupan settle -r wenling --winner S --how discard --from W --points ...`` pays."""
    inp = SettleInput(wins=(Win("S", "discard", "5p", "W"),), points=points)
    return {(p.payer, p.payee): p.amount for p in RS.settle(inp, RS.options(options))}


def test_raw_points_from_the_command_line_are_totals_as_the_seed_pays_them():
    # 牌点汇总 over 500 counts 500: 528 -> 50 each, not 53.
    assert _cli_settle({"S": 528}) == {("E", "S"): 50, ("W", "S"): 50, ("N", "S"): 50}
    # Each total rounds up to 10 before the non-winners take differences: 西 139 -> 140,
    # 东 11 -> 20: 东 pays 西 (140-20)/10 = 12 (not (139-11)/10 rounded up = 13); 北 0 pays 14.
    assert _cli_settle({"S": 40, "W": 139, "E": 11, "N": 0}) == {
        ("E", "S"): 4,
        ("W", "S"): 4,
        ("N", "S"): 4,
        ("E", "W"): 12,
        ("N", "W"): 14,
        ("N", "E"): 2,
    }


def test_the_fupan_commands_agree():
    # `fupan verify` on the review file is clean; `fupan settle` from the points alone pays the
    # 包三家 of hand 3 as computed by hand (东 liable: 300 to 北, 4 to 南, 8 to 西).
    from typer.testing import CliRunner

    from service.cli import app

    runner = CliRunner()
    assert runner.invoke(app, ["verify", str(FIXTURES / "review.jsonl")]).exit_code == 0
    assert runner.invoke(app, ["verify", str(FIXTURES / "review_disputes.jsonl")]).exit_code == 1
    out = runner.invoke(
        app,
        [
            "settle",
            "-r",
            "wenling",
            "-o",
            "multiplier=2",
            "--winner",
            "N",
            "--how",
            "discard",
            "--from",
            "E",
            "--liable",
            "E",
            "--points",
            "N=500,E=10,S=20,W=30",
            "--json",
        ],
    )
    assert out.exit_code == 0, out.output
    flows = {(p["from"], p["to"]): p["amount"] for p in json.loads(out.stdout)["payments"]}
    assert flows == {("E", "N"): 300, ("E", "S"): 4, ("E", "W"): 8}


def test_a_multiplier_below_one_is_refused_clearly():
    # 加倍的比例 0 or -1 would pay nothing or pay the loser; the log format has no negative amounts.
    for bad in (0, -1):
        with pytest.raises(OptionError, match="option multiplier: .* is below 1"):
            RS.options({"multiplier": bad})
    text = (
        (FIXTURES / "review.jsonl")
        .read_text(encoding="utf-8")
        .replace('"multiplier":2', '"multiplier":0', 1)
    )
    with pytest.raises(LogFormatError, match="multiplier"):
        parse_log(text)


def test_settle_refuses_what_no_hand_produces():
    # `fupan settle --winner S --liable S` paid nothing (the winner's points zeroed as liable);
    # negative points paid nothing either. Both are now a clear error, exit 2.
    with pytest.raises(ValueError, match="liable seat S is a winner"):
        RS.settle(
            SettleInput(
                (Win("S", "discard", "5p", "W"),), {"S": 100}, (Liability("bao_san_jia", "S", "S"),)
            ),
            RS.options(),
        )
    with pytest.raises(ValueError, match="points of S are below 0"):
        _cli_settle({"S": -50})


def _summary(show: dict, wins: list, indicator="9s") -> list[dict]:
    """A one-hand summary log: the showdowns {seat: (concealed, revealed)} and the win lines."""
    recs = [
        records("review.jsonl")[0],
        {"type": "hand", "no": 1, "seats": dict(zip("ESWN", "甲乙丙丁", strict=True))},
        {"type": "wildcard", "indicator": indicator},
    ]
    recs += [
        {"type": "showdown", "seat": s, "concealed": c, "revealed": list(r)}
        for s, (c, r) in show.items()
    ]
    recs += [{"type": "win", **w} for w in wins]
    return parse_log("\n".join(json.dumps(r, ensure_ascii=False) for r in recs)).records


def test_a_seat_showing_an_automatic_win_it_did_not_declare_is_flagged():
    # 西 ends with three 得 and 北 with four whites: each was a 腊子 the moment it had them
    # (自动胡牌), so the hand cannot have ended with 东's win and its settlement is wrong.
    hand = audit_records(
        _summary(
            {
                "E": ("123456789m234567p88s", ()),
                "W": ("9s9s9s1m2m3m4m5m6m7m8m1p2p3p4p5p", ()),
                "N": ("1m2m3m4m5m6m7m8m1p2p3p4p6s6s7s7s", ("5z",) * 4),
            },
            [{"seat": "E", "how": "self_draw", "tile": "8s"}],
        )
    )["hands"][0]
    missed = [(a["code"], a["severity"], a["message"]) for a in hand["anomalies"]]
    name = {s: f"{hand['seats'][s]} shows " for s in "WN"}
    assert [(c, sev, m[: len(name[s])]) for (c, sev, m), s in zip(missed, "WN", strict=True)] == [
        ("instant_win_missed", "error", name["W"]),
        ("instant_win_missed", "error", name["N"]),
    ]
    declared = audit_records(
        _summary(
            {"N": ("1m2m3m4m5m6m7m8m1p2p3p4p6s6s7s7s", ("5z",) * 4)},
            [{"seat": "N", "how": "instant"}],
        )
    )["hands"][0]
    assert declared["anomalies"] == [] and declared["limits"] == {"N": "laizi"}
