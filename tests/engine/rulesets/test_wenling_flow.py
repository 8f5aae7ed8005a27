"""Full play-by-play logs (built here from hands and a draw sequence) for the flow rules:
包三家 for a 生牌 in the 生牌阶段 and its exemption, 特殊处罚2 (中/发 before 一上一听), the
passed-碰 rule, the dice, and instant wins at the deal by several seats."""

import dataclasses
import json

from engine.audit import audit_records
from engine.hand import shanten
from engine.replay import replay
from engine.tiles import parse_tiles
from events.codec import parse_log
from tests.engine.rulesets.wenling_helpers import RS

SESSION = {
    "type": "session",
    "ruleset": "wenling",
    "options": {},
    "club": "温岭",
    "table": "1",
    "players": ["甲", "乙", "丙", "丁"],
    "started_at": "2026-11-28T19:30:00+08:00",
}
HAND = {"type": "hand", "no": 1, "seats": {"E": "甲", "S": "乙", "W": "丙", "N": "丁"}}
TURN = ("S", "W", "N", "E")


def build(deal: dict[str, str], first: str, draws: list[str], end: list[dict], indicator="9s"):
    """Dice, deal, 得, E's first discard, then each seat in turn draws a tile and throws it
    (摸切) for every tile of ``draws``; ``end`` closes the hand. Canonical records via the codec."""
    recs = [
        SESSION,
        HAND,
        {"type": "dice", "seat": "E", "dice": [3, 4]},
        {"type": "dice", "seat": "E", "dice": [2, 6]},
    ]
    recs += [{"type": "deal", "seat": s, "tiles": t} for s, t in deal.items()]
    recs.append({"type": "wildcard", "indicator": indicator})
    recs.append({"type": "discard", "seat": "E", "tile": first})
    for k, tile in enumerate(draws):
        seat = TURN[k % 4]
        recs.append({"type": "draw", "seat": seat, "tile": tile})
        recs.append({"type": "discard", "seat": seat, "tile": tile})
    recs += end
    text = "\n".join(json.dumps(r, ensure_ascii=False) for r in recs)
    return parse_log(text).records


# 西 holds only kinds nobody throws (all 生牌) and is far from 听牌; 南 waits on 5p/8p.
SOUTH = "123456789m234p67p88s"
WEST = "1z2z3z4z6z7z1s4s7s2p5p3m6m9m5s8p"
EAST = "9s9s1m" + "1z2z3z4z6z7z1s4s7s2p5p3m6m9m"  # two 得; throws the 1m first
NORTH = "9s" + "1z2z3z4z6z7z1s4s7s2p5p3m6m9m5s"
# 摸切 tiles: every copy left of the kinds that neither 西 nor the winning 5p belong to.
POOL = parse_tiles("2m4m5m7m8m1p3p4p6p7p9p2s3s6s") * 3 + parse_tiles("1p9p2s3s6s8s8s")


def raw_stage_hand(west=WEST, last_draw="1z", first="1m", east=EAST, draws=49):
    """西's last draw comes after ``draws`` 摸切 draws (49: 28 live tiles left, 生牌阶段)."""
    end = [
        {"type": "draw", "seat": "W", "tile": last_draw},
        {"type": "discard", "seat": "W", "tile": "5p"},
        {"type": "win", "seat": "S", "how": "discard", "tile": "5p", "from": "W"},
    ]
    deal = {"E": east, "S": SOUTH, "W": west, "N": NORTH}
    return build(deal, first, POOL[:draws], end)


def outcome_of(records):
    hand = replay(records).hands[0]
    return hand.outcome, hand.anomalies


def test_fixture_hands_are_sound():
    west = parse_tiles(WEST)
    west.remove("5p")
    assert shanten(west + ["1z"]) >= 1 and len(POOL) == 49


def test_raw_tile_in_raw_stage_makes_the_thrower_pay_for_all():
    # 西 ends holding a 1m, the kind 东 threw first: not all 生牌, so 包三家.
    outcome, anomalies = outcome_of(raw_stage_hand(last_draw="1m"))
    assert [a.code for a in anomalies if a.severity == "error"] == []
    assert outcome.wall_left == 78 - 50
    assert [(lb.kind, lb.seat, lb.beneficiary) for lb in RS.liabilities(outcome, RS.options())] == [
        ("bao_san_jia", "W", "S")
    ]


def test_all_raw_and_not_ready_is_exempt():
    # 西 keeps only kinds never thrown (its last draw 东 too) and is not 听牌: normal payment.
    outcome, _ = outcome_of(raw_stage_hand(last_draw="1z"))
    assert RS.liabilities(outcome, RS.options()) == ()


def test_exemption_judged_before_the_discard_by_option():
    # judged before the discard, 西's hand still holds the 5p: still all 生牌 → exempt;
    # with the 1m drawn, both readings make 西 liable.
    opts = RS.options({"bao_exemption_judged": "before"})
    assert RS.liabilities(outcome_of(raw_stage_hand(last_draw="1z"))[0], opts) == ()
    assert len(RS.liabilities(outcome_of(raw_stage_hand(last_draw="1m"))[0], opts)) == 1


def test_not_yet_raw_stage_or_not_a_raw_tile_is_no_liability():
    early, _ = outcome_of(raw_stage_hand(last_draw="1m", draws=45))  # 32 live tiles left
    assert early.wall_left == 32 and RS.liabilities(early, RS.options()) == ()
    thrown = EAST.replace("1m", "5p", 1)  # 东 throws a 5p first: the winning 5p is no 生牌
    outcome, anomalies = outcome_of(raw_stage_hand(last_draw="1m", first="5p", east=thrown))
    assert [a for a in anomalies if a.severity == "error"] == []
    assert RS.liabilities(outcome, RS.options()) == ()


def test_a_lone_back_tile_starts_the_raw_stage_one_tile_earlier():
    # 31 live tiles: 生牌阶段 only if an odd number of back draws left a lone tile at the back
    outcome, _ = outcome_of(raw_stage_hand(last_draw="1m", draws=46))
    assert outcome.wall_left == 31 and RS.liabilities(outcome, RS.options()) == ()
    actions = list(outcome.actions)
    first_draw = next(i for i, a in enumerate(actions) if a.kind == "draw")
    actions[first_draw] = actions[first_draw]._replace(source="back")
    lone = dataclasses.replace(outcome, actions=tuple(actions))
    assert [lb.kind for lb in RS.liabilities(lone, RS.options())] == ["bao_san_jia"]


def test_the_whole_path_settles_bao_through_the_audit():
    hand = audit_records(raw_stage_hand(last_draw="1m"))["hands"][0]
    # 南 123456789m 234p 567p 88s on 5p: 旁胡 + 无得 → 20 × 4 = 80. 东 (two 得 and singles):
    # 得得 + one real 东/中/… → a pung, 8 胡 → 10; 北 (one 得): a 门风 or 字牌 pair 2 胡 → 10.
    # 西 liable, counted 0: pays 南 3 × 8, 东 1, 北 1; 东 and 北 are level.
    assert hand["points"] == {"E": 10, "S": 80, "W": 0, "N": 10}  # 西: singles only
    assert _flows(hand["expected_payments"]) == {("W", "S"): 24, ("W", "E"): 1, ("W", "N"): 1}


def _flows(payments):
    return {(p["from"], p["to"]): p["amount"] for p in payments}


def dragon_hand(west: str, south="123456789m234p567p7z"):
    """西 throws 中 on its first turn and 南 wins on it (单吊 中)."""
    deal = {
        "E": "9s9s9s1m" + "1z2z3z4z1s4s7s2p5p3m6m9m5s",
        "S": south,
        "W": west,
        "N": "1z2z3z4z6z1s4s7s2p5p3m6m9m5s8p8p",
    }
    end = [
        {"type": "draw", "seat": "W", "tile": "2m"},
        {"type": "discard", "seat": "W", "tile": "7z"},
        {"type": "win", "seat": "S", "how": "discard", "tile": "7z", "from": "W"},
    ]
    return build(deal, "1m", ["4m"], end)


FAR = "1z2z3z4z6z7z1s4s7s2p5p3m6m9m5s8p"  # many tiles from 听牌
NEAR = "123456789p123s45s1z7z"  # after throwing 中 (and drawing 2m): one tile from 听牌


def test_red_before_one_step_from_ready_is_bao():
    far = parse_tiles(FAR)
    far.remove("7z")
    assert shanten(far + ["2m"]) >= 2
    outcome, anomalies = outcome_of(dragon_hand(FAR))
    assert [a for a in anomalies if a.severity == "error"] == []
    assert [(lb.kind, lb.seat) for lb in RS.liabilities(outcome, RS.options())] == [
        ("bao_san_jia_dragon", "W")
    ]


def test_red_when_one_step_from_ready_is_normal():
    near = parse_tiles(NEAR)
    near.remove("7z")
    assert shanten(near + ["2m"]) == 1
    outcome, anomalies = outcome_of(dragon_hand(NEAR))
    assert [a for a in anomalies if a.severity == "error"] == []
    assert RS.liabilities(outcome, RS.options()) == ()


def test_passed_peng_in_a_full_log():
    # 南 holds 1m1m: it lets 西's 1m go, then pengs 北's 1m without having drawn in between.
    deal = {
        "E": "2m3m4m5m6m7m8m9m1p2p3p4p5p6p7p8p9p",
        "S": "1m1m9m9m1p2p3p4p5p6p7p8p9p1s2s3s",
        "W": "1s2s3s4s5s6s7s8s1p1z1z2z2z3z3z4z",
        "N": "4s5s6s7s8s9m4z4z6z6z6z7z7z7z2m3m",
    }
    end = [
        {"type": "peng", "seat": "S"},
        {"type": "discard", "seat": "S", "tile": "9m"},
        {"type": "exhausted"},
    ]
    hand = replay(build(deal, "9p", ["8p", "1m", "1m"], end)).hands[0]
    codes = [a.code for a in hand.anomalies]
    assert codes.count("passed_peng") == 1
    ok = replay(
        build(
            deal,
            "9p",
            ["8p", "1m"],
            [
                {"type": "peng", "seat": "S"},
                {"type": "discard", "seat": "S", "tile": "9m"},
                {"type": "exhausted"},
            ],
        )
    ).hands[0]
    assert "passed_peng" not in [a.code for a in ok.anomalies]


def test_instant_wins_at_the_deal_by_two_seats():
    deal = {
        "E": "9s9s9s1m2m3m4m5m6m7m8m1p2p3p4p5p6p",  # three 得
        "S": "5z5z5z5z1m2m3m4m5m6m7m8m1p2p3p4p",  # four whites
        "W": "1s2s3s4s5s6s7s8s1p1z1z2z2z3z3z4z",
        "N": "4s5s6s7s8s9m4z4z6z6z6z7z7z7z2m3m",
    }
    recs = [
        SESSION,
        HAND,
        {"type": "dice", "seat": "E", "dice": [3, 4]},
        {"type": "dice", "seat": "E", "dice": [2, 6]},
    ]
    recs += [{"type": "deal", "seat": s, "tiles": t} for s, t in deal.items()]
    recs.append({"type": "wildcard", "indicator": "9s"})
    for tile in ("9p", "9p", "9p", "9p"):
        recs.append({"type": "reveal", "seat": "S", "tile": "5z"})
        recs.append({"type": "draw", "seat": "S", "tile": tile, "from": "back"})
    recs += [
        {"type": "win", "seat": "E", "how": "instant"},
        {"type": "win", "seat": "S", "how": "instant"},
    ]
    records = parse_log("\n".join(json.dumps(r, ensure_ascii=False) for r in recs)).records
    hand = replay(records).hands[0]
    assert [a for a in hand.anomalies if a.severity == "error"] == []
    s = RS.score(hand.outcome, hand.opts)
    assert {k: (v.points, v.lines[0].code) for k, v in s.items() if v.limit} == {
        "E": (500, "three_de"),
        "S": (500, "four_white"),
    }
    assert RS.next_dealer(hand.outcome, hand.opts) == "E"


def test_one_step_from_ready_judged_before_the_discard_by_option():
    # before the throw 西 holds the 中 too (17 tiles): the near hand is still one step away,
    # the far one still two or more.
    opts = RS.options({"yishang_judged": "before"})
    assert RS.liabilities(outcome_of(dragon_hand(NEAR))[0], opts) == ()
    assert len(RS.liabilities(outcome_of(dragon_hand(FAR))[0], opts)) == 1


def test_raw_stage_phase_for_the_replay_display():
    hand = replay(raw_stage_hand(last_draw="1m")).hands[0]
    actions = hand.outcome.actions
    at = next(i for i, a in enumerate(actions) if a.wall_left is not None and a.wall_left <= 30)
    assert RS.phases(actions[:at], RS.options()) == frozenset()
    assert RS.phases(actions[: at + 1], RS.options()) == {"raw_stage"}


def test_nobody_wins_on_a_discarded_de():
    # 东 throws a 得 (九条) first; 南 (holding 123456789m 234p 67p 88s) claims it as its 5p/8p.
    end = [{"type": "win", "seat": "S", "how": "discard", "tile": "9s", "from": "E"}]
    deal = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
    hand = replay(build(deal, "9s", [], end)).hands[0]
    assert "win_on_discarded_wildcard" in [a.code for a in hand.anomalies]
