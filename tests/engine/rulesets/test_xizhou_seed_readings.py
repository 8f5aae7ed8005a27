"""xizhou.txt 胡牌 "可自摸或接点炮，1台起胡": a declared win worth 0 台 is no win, in a full log and in a
summary log alike: it does not stand, nothing is owed for it, and its seat settles as a seat that
did not win ("如三包的一方接点炮胡，未胡的另一方需…额外付2M给胡家"). Hands built here from the seed;
docs/rules/xizhou.md 6."""

from engine.audit import audit_records
from tests.engine.rulesets.seed_case_helpers import flows
from tests.engine.rulesets.test_seed_audit_zhoushan import deals, discard, draw
from tests.engine.summary_log import log, settlement, show, win

# 三包 between 东 and 南 (南 吃ed 东's tiles three times). 北 throws 4p.
# 南: 234p 55s + three 吃: 平胡 1 台 -> "点炮玩家付2M": 北 pays 2.
# 东: 123m 456s 234p 88m + 碰 999p, 4p completing 23p: 两面, a 碰 (no 平胡, no 门清), no other
# item: 0 台, no win.
SOUTH = show("S", "234p55s", [("chi", "123m", "E"), ("chi", "456m", "E"), ("chi", "789m", "E")])
EAST_ZERO = show("E", "123m456s234p88m", [("peng", "999p", "W")])


def test_a_zero_tai_win_beside_a_bound_partners_win_is_no_win():
    both = audit_records(log("xizhou", [EAST_ZERO, SOUTH, win("S", "discard", "4p", "N"),
                                        win("E", "discard", "4p", "N")]))["hands"][0]  # fmt: skip
    assert [a["code"] for a in both["anomalies"]] == ["below_minimum"]
    assert {w["seat"]: w["stands"] for w in both["wins"]} == {"S": True, "E": False}
    # 东 did not win, so it owes 南 the 三包 extra 2M = 2 (M = 1 台), as if it never declared.
    assert flows(both) == {("N", "S"): 2, ("E", "S"): 2}
    alone = audit_records(log("xizhou", [SOUTH, win("S", "discard", "4p", "N")]))["hands"][0]
    assert flows(both) == flows(alone)


def zero_tai_full_log() -> dict:
    """(full log) 南 碰s 东's 9p and holds 123s 456s 6788m; 西 throws 5m and 南 declares a win on
    it: 567m + 88m, 两面 with a 碰: 0 台. The table paid it as 平胡 1 台 (西 2). The audited hand."""
    records = [
        *deals("11223344559p237z", "99p123s456s6788m1z", "1112223334449m", "6677889s44z55z66z"),
        discard("E", "9p"),
        {"type": "peng", "seat": "S"},
        discard("S", "1z"),
        draw("W", "5m"),
        discard("W", "5m"),
        win("S", "discard", "5m", "W"),
        show("S", "123s456s56788m", [("peng", "999p", "E")]),
        settlement(("W", "S", 2)),
    ]
    return audit_records(log("xizhou", records))["hands"][0]


def test_a_zero_tai_win_in_a_full_log_is_no_win():
    hand = zero_tai_full_log()  # paid as 平胡 1 台: disputed
    assert [a["code"] for a in hand["anomalies"]] == ["below_minimum"]
    assert hand["limits"] == {"S": "below_minimum"} and hand["points"] == {"S": 0}
    assert [w["stands"] for w in hand["wins"]] == [False]
    assert hand["expected_payments"] == [] and hand["disputes"]


# "能碰不碰，下次摸牌前不可再碰" names no tile. 南 holds 99p and 88m; 西 throws 9p and 南 lets it
# go; 北 throws 8m and 南 pungs it before its next draw. The same tile's 碰 is barred either way
# (docs/rules/xizhou.md); another tile's only under the option passed_peng=any_tile.
PASSED_9P_PUNG_8M = [
    *deals("11223344559p237z", "99p123s456s6788m1z", "1112223334449m", "6677889s44z55z66z"),
    discard("E", "2z"),
    draw("S", "1m"),
    discard("S", "1m"),
    draw("W", "9p"),
    discard("W", "9p"),
    draw("N", "8m"),
    discard("N", "8m"),
    {"type": "peng", "seat": "S"},
    discard("S", "1z"),
    {"type": "exhausted"},
]


def errors_of(options: dict | None, play: list[dict]) -> list[str]:
    hand = audit_records(log("xizhou", play, options=options))["hands"][0]
    return [a["code"] for a in hand["anomalies"] if a["severity"] == "error"]


def test_a_pung_of_another_tile_after_a_passed_pung_under_the_any_tile_reading():
    assert errors_of(None, PASSED_9P_PUNG_8M) == []
    assert errors_of({"passed_peng": "any_tile"}, PASSED_9P_PUNG_8M) == ["passed_peng"]
    # 南 holding one 9p (the other a 7z) could not pung the 9p it let go: nothing is barred.
    one_9p = {"type": "deal", "seat": "S", "tiles": "9p7z123s456s6788m1z"}
    play = [PASSED_9P_PUNG_8M[0], one_9p, *PASSED_9P_PUNG_8M[2:]]  # (the deals: 东, 南, 西, 北)
    assert errors_of({"passed_peng": "any_tile"}, play) == []


def test_a_pung_of_the_same_tile_let_go_is_barred_under_either_reading():
    # 南 lets 西's 9p go and pungs 北's 9p before its next draw (东 holds a 5z for the 9p).
    play = [
        *deals("1122334455p5z237z", "99p123s456s6788m1z", "1112223334449m", "6677889s44z55z66z"),
        *PASSED_9P_PUNG_8M[4:9],  # to 西's 9p
        draw("N", "9p"),
        discard("N", "9p"),
        *PASSED_9P_PUNG_8M[11:],  # 南's 碰 and on
    ]
    assert errors_of(None, play) == errors_of({"passed_peng": "any_tile"}, play) == ["passed_peng"]


def test_a_zero_tai_win_paid_as_the_minimum_names_its_cause():
    # The full log above: 西 paid 南 2, i.e. 平胡 1 台 at "点炮玩家付2M", the least a win is
    # paid. The dispute says 南 was below the minimum and was paid as a win of 1 台.
    hand = zero_tai_full_log()
    assert {d["explanation"]["code"] for d in hand["disputes"]} == {"below_minimum_paid"}
    assert "不够起胡" in hand["disputes"][0]["explanation"]["zh"]
    assert "按1算" in hand["disputes"][0]["explanation"]["zh"]
