"""Every claim a log makes is checked (engine/checks.py, the list in docs/report.md): an impossible
claim is an anomaly on the record that makes it, and the hand is scored without it. Hands and
payments are computed by hand from the seeds; the seq of a record is its place in the log (0 the
session, 1 the hand line, 2 the first record after it)."""

from engine.audit import audit_records
from tests.engine.rulesets import test_wenling_flow as wenling_flow
from tests.engine.rulesets.review_helpers import fixture_records
from tests.engine.summary_log import codes_at, log, paid, settlement, show, win

# zhoushan: S holds 123m 456m 789p 234s 55s; on a self-drawn 4s (23s: two-sided) that is 排胡 1 +
# 自摸 1 = 2 台, and each of the three pays 2 (台 × stake 1).
PINGHU = "123m456m789p234s55s"


def zhoushan(*records, options=None) -> dict:
    return audit_records(log("zhoushan", list(records), options=options))["hands"][0]


def test_heaven_on_a_non_dealer_is_dropped():
    hand = zhoushan(show("S", PINGHU), win("S", "self_draw", "4s", flags=["heaven"]))
    assert codes_at(hand) == [(3, "impossible_flag")]  # the win line makes the claim
    assert hand["points"] == {"S": 2}  # no 天胡 4 台
    assert paid(hand) == [("E", "S", 2), ("N", "S", 2), ("W", "S", 2)]
    assert hand["wins"][0]["flags"] == []


def test_heaven_on_a_discard_win_is_dropped():
    # E wins on S's 4s: 排胡 1 台, the discarder pays 1.
    hand = zhoushan(show("E", PINGHU), win("E", "discard", "4s", "S", flags=["heaven"]))
    assert codes_at(hand) == [(3, "impossible_flag")]
    assert paid(hand) == [("S", "E", 1)]


def test_kong_replacement_without_a_kong_is_dropped():
    hand = zhoushan(show("S", PINGHU), win("S", "self_draw", "4s", flags=["kong_replacement"]))
    assert codes_at(hand) == [(3, "impossible_flag")]
    assert hand["points"] == {"S": 2}  # 自摸 1 + 排胡 1, not 杠上开花 2 + 排胡 1


def test_first_discard_needs_the_dealers_discard():
    # xizhou: N wins on W's 4s: 平胡 1 + 门清 1 = 2 台, W pays 2M = 4 (地胡 would add 16 台).
    records = [show("N", PINGHU), win("N", "discard", "4s", "W", flags=["first_discard"])]
    hand = audit_records(log("xizhou", records))["hands"][0]
    assert codes_at(hand) == [(3, "impossible_flag")]
    assert paid(hand) == [("W", "N", 4)]


def test_a_flag_the_ruleset_does_not_know_is_a_warning_and_ignored():
    hand = zhoushan(show("S", PINGHU), win("S", "self_draw", "4s", flags=["after_kong"]))
    assert codes_at(hand) == [(3, "unknown_flag")]
    assert hand["anomalies"][0]["severity"] == "warning"


def test_last_tile_on_a_summary_hand_is_taken_on_the_tables_word():
    hand = zhoushan(show("S", PINGHU), win("S", "discard", "4s", "W", flags=["last_tile"]))
    assert hand["anomalies"] == []
    assert [(w["seq"], w["claim"]) for w in hand["taken_on_word"]] == [
        (3, "last_tile"),
        (3, "from"),
    ]
    assert hand["points"] == {"S": 4}  # 排胡 1 + 海底捞月 4 = 5, capped at 4


def test_the_winning_tile_missing_from_the_shown_hand_is_no_win():
    hand = zhoushan(show("S", PINGHU), win("S", "discard", "6p", "W"))
    assert codes_at(hand) == [(3, "win_tile_not_shown")]
    assert hand["expected_payments"] == [] and hand["wins"][0]["stands"] is False


def test_a_chi_of_135_is_an_impossible_meld_and_no_win():
    hand = zhoushan(
        show("S", "123m456m789p55s", [("chi", "135s", "E")]), win("S", "self_draw", "5s")
    )
    assert (2, "meld_impossible") in codes_at(hand)  # the showdown line (the win is no win too)
    assert hand["expected_payments"] == []


def test_a_false_win_in_every_ruleset_owes_nothing():
    # seven pairs: no win in any of the four seeds (the basic shape only)
    for ruleset, concealed in [
        ("zhoushan", "1122m3344p5566s77z"),
        ("xizhou", "1122m3344p5566s77z"),
        ("huangyan", "1122m3344p5566s77z"),
        ("wenling", "1199m2288p3377s11z44z6z"),
    ]:
        records = [show("S", concealed), win("S", "self_draw", "1m")]
        hand = audit_records(log(ruleset, records))["hands"][0]
        assert "not_winning" in [a["code"] for a in hand["anomalies"]], ruleset
        assert hand["expected_payments"] == [], ruleset


# huangyan (13 tiles): W wins on N's 9m with 123m 456m 789m 123p 9m9m (no 得 indicator).
HY_WIN = [show("W", "123456789m123p99m"), win("W", "discard", "9m", "N")]


def test_a_non_winner_showing_the_wrong_number_of_tiles_is_not_scored():
    for concealed in ("11z22z33z", "111z222z333z444z55z6z"):  # 6 tiles, 15 tiles
        hand = audit_records(log("huangyan", [show("E", concealed), *HY_WIN]))["hands"][0]
        assert codes_at(hand) == [(2, "shown_hand_size")]  # E's showdown line
        assert "E" not in hand["points"]


def test_a_non_winner_may_show_a_hand_of_the_right_size():
    hand = audit_records(log("huangyan", [show("E", "111z222z333z4z5z6z7z"), *HY_WIN]))["hands"][0]
    assert hand["anomalies"] == [] and "E" in hand["points"]


# wenling 正常, 得 = 9s (indicator 9s). S (南) self-draws 7s holding 中中 西西 得 123s 456s 234s 56s:
# 得 as 中: 中暗刻 8 + 自摸 2 + 20 = 30 胡, 字牌刻 1 + 混一色 2 = 3 番 -> 240;
# 得 as 西: 西暗刻 8 + 中对 2 + 自摸 2 + 20 = 32 胡, 混一色 2 番 -> 128 -> 130.
WL_HAND = "77z33z9s123s456s234s567s"
WL_WIN = [{"type": "wildcard", "indicator": "9s"}]


def wenling(*records, options=None) -> dict:
    return audit_records(log("wenling", [*WL_WIN, *records], options=options))["hands"][0]


def test_wenling_best_reading():
    hand = wenling(show("S", WL_HAND), win("S", "self_draw", "7s"))
    assert hand["anomalies"] == [] and hand["points"] == {"S": 240}
    assert paid(hand) == [("E", "S", 24), ("N", "S", 24), ("W", "S", 24)]


def test_a_red_revealed_in_wenling_normal_is_not_scored():
    # N shows 16 tiles scoring nothing (no pair, no set) and claims a revealed 中: in 正常 only 白
    # and flowers are revealed ("正常…系统自动把白板和花牌翻到桌面上"), so not 4 胡.
    nothing = "13579m24689p1357s14z"
    hand = wenling(
        show("S", WL_HAND), show("N", nothing, revealed=["7z"]), win("S", "self_draw", "7s")
    )
    assert codes_at(hand) == [(4, "not_revealable")]
    assert hand["points"] == {"S": 240, "N": 0}


def test_a_de_revealed_in_naonao_is_not_scored():
    # 闹闹 (indicator 中): "若闹闹时，'得'牌是不能翻出来的".
    records = [
        {"type": "wildcard", "indicator": "7z"},
        show("N", "13579m24689p1357s14z", revealed=["7z"]),
        show("S", "123456789m123456p11s"),
        win("S", "self_draw", "1s"),
    ]
    hand = audit_records(log("wenling", records))["hands"][0]
    assert (3, "not_revealable") in codes_at(hand)
    assert hand["points"]["N"] == 0


def test_a_white_kept_concealed_in_wenling_normal_counts_as_revealed():
    # N keeps 白 among 16 concealed tiles: 正常 always reveals it (and draws a replacement), so it
    # counts as revealed, and the 15 tiles left are no hand that can exist: N is not scored.
    hand = wenling(
        show("S", WL_HAND), show("N", "13579m24689p1357s15z"), win("S", "self_draw", "7s")
    )
    assert codes_at(hand) == [(4, "bonus_concealed"), (4, "shown_hand_size")]
    assert hand["points"] == {"S": 240}


def test_bao_san_jia_on_a_self_draw_is_dropped():
    hand = wenling(show("S", WL_HAND), win("S", "self_draw", "7s", flags=["bao_san_jia"]))
    assert codes_at(hand) == [(4, "impossible_flag")]
    assert paid(hand) == [("E", "S", 24), ("N", "S", 24), ("W", "S", 24)]


def test_the_table_read_the_de_as_west():
    # 130 paid instead of 240: each pays 13, and the one explanation is the other reading.
    hand = wenling(
        show("S", WL_HAND),
        win("S", "self_draw", "7s"),
        settlement(("E", "S", 13), ("W", "S", 13), ("N", "S", 13)),
    )
    assert [e["code"] for e in hand["explanations"]] == ["other_reading"]
    assert "得作西" in hand["explanations"][0]["zh"] and "130" in hand["explanations"][0]["zh"]
    assert hand["disputes"][0]["explanation"]["code"] == "other_reading"
    assert [(t["from"], t["to"], t["amount"]) for t in hand["top_ups"]] == [
        ("E", "S", 11),
        ("W", "S", 11),
        ("N", "S", 11),
    ]


# zhoushan, base 1 (a club's 底): S holds 中中中 123m 456p 789s 9s and wins on W's 9s:
# 中3个 1 + 单钓将 1 = 2 台, W pays 1 + 2 = 3. (The 9s may also have completed 78s, a two-sided
# wait worth no 台: the best reading counts.)
ZS_RED = [show("S", "777z123m456p789s99s"), win("S", "discard", "9s", "W")]


def test_every_mistake_that_reproduces_the_payment_is_reported_in_order():
    hand = zhoushan(*ZS_RED, settlement(("W", "S", 2)), options={"base": 1})
    codes = [(e["code"], e["en"]) for e in hand["explanations"]]
    # the other reading first (the 9s taken as a two-sided wait: 1 台), then items of this hand
    # (中3个, 单钓将), then the rule (底 forgotten), then a bare count
    assert [c for c, _ in codes] == [
        "other_reading",
        "tai_missed",
        "tai_missed",
        "base_missed",
        "tai_short",
    ]
    assert "two-sided" in codes[0][1] and "three red dragons" in codes[1][1]


def test_nothing_fits_says_cause_unknown():
    hand = zhoushan(*ZS_RED, settlement(("W", "S", 17)))
    assert hand["explanations"] == [
        {"code": "cause_unknown", "zh": "原因不明", "en": "cause unknown"}
    ]
    assert hand["disputes"][0]["explanation"] is None


def test_top_ups_by_player_name():
    # the table made E pay W's discard: W (老王) owes E (阿强) back 2 (E paid 2 it did not owe).
    hand = zhoushan(*ZS_RED, settlement(("E", "S", 2)))
    assert [(t["from"], t["to"], t["amount"]) for t in hand["top_ups"]] == [("W", "E", 2)]
    assert hand["top_ups"][0]["zh"] == "老王再付阿强 2"
    assert hand["top_ups"][0]["en"] == "老王 owes 阿强 2 more"


def test_settlement_points_that_contradict_the_payments():
    wrong = zhoushan(*ZS_RED, settlement(("W", "S", 2), points={"S": 3}))
    assert (4, "points_contradict_payments") in codes_at(wrong)
    right = zhoushan(*ZS_RED, settlement(("W", "S", 2), points={"S": 2}))
    assert right["anomalies"] == []


def test_a_full_log_flag_the_play_does_not_bear_out():
    records = fixture_records("replay/clean.jsonl")
    seq = next(i for i, r in enumerate(records) if r["type"] == "win")
    records[seq] = records[seq] | {"flags": ["heaven"]}
    hand = audit_records(records)["hands"][0]
    assert (seq, "flag_not_borne_out") in codes_at(hand)


def test_a_full_log_reveal_of_a_tile_never_revealed():
    # wenling 正常 (得 9s): E reveals a 1m instead of its 春 (the 春 then is kept hidden too).
    records = fixture_records("replay/wenling_clean.jsonl")
    seq = next(i for i, r in enumerate(records) if r["type"] == "reveal")
    records[seq] = records[seq] | {"tile": "1m"}
    hand = audit_records(records)["hands"][0]
    assert (seq, "not_revealable") in codes_at(hand)


def test_an_exhausted_summary_hand_is_taken_on_the_tables_word():
    hand = zhoushan({"type": "exhausted"})
    assert hand["taken_on_word"][0]["claim"] == "exhausted" and hand["expected_payments"] == []


def test_xizhou_the_table_read_the_wait_as_two_sided():
    # S: 中中中 123m 456p 789s 99s, wins on W's 9s: 单吊 1 + 中发白 1 + 门清 1 = 3 台, W pays 2M = 6.
    # Read as 78s + 9s (two-sided, no wait item): 2 台, 4 paid. Any one item forgotten or one 台
    # short gives 4 too: all are listed, the other reading first.
    hand = audit_records(
        log(
            "xizhou",
            [
                show("S", "777z123m456p789s99s"),
                win("S", "discard", "9s", "W"),
                settlement(("W", "S", 4)),
            ],
        )
    )["hands"][0]
    assert paid(hand) == [("W", "S", 6)]
    assert [e["code"] for e in hand["explanations"]] == [
        "other_reading",
        "tai_missed",
        "tai_missed",
        "tai_missed",
        "tai_short",
    ]
    assert "两面" in hand["explanations"][0]["zh"]


def test_huangyan_the_table_read_the_de_as_another_tile():
    # 得 = 5p. W (闲家) holds 123m 456m 789m 34p 得 99s and wins on N's 9s. The 得 standing for
    # itself (345p): 底胡 10, 得还原 1 番 + 硬碰硬 1 番 (a restored 得 is no 得) -> 40; the dealer
    # pays 40, the other two half, 20. The table read the 得 as 2p (234p): 10 -> 10, 5, 5.
    records = [
        {"type": "wildcard", "indicator": "5p"},
        show("W", "123m456m789m345p99s"),
        win("W", "discard", "9s", "N"),
        settlement(("E", "W", 10), ("S", "W", 5), ("N", "W", 5)),
    ]
    hand = audit_records(log("huangyan", records))["hands"][0]
    assert hand["points"] == {"W": 40}
    assert paid(hand) == [("E", "W", 40), ("N", "W", 20), ("S", "W", 20)]
    assert [e["code"] for e in hand["explanations"]] == ["other_reading"]
    assert "得作二筒" in hand["explanations"][0]["zh"]
    assert [(t["from"], t["amount"]) for t in hand["top_ups"]] == [("E", 30), ("S", 15), ("N", 15)]


# 抢杠胡 in a summary log: the robbed seat was adding a fourth tile to its 碰 (zhoushan (14)
# "胡别人明杠的牌"; wenling "明杠家明杠失败，明杠家的杠牌以刻子计算"), so its shown hand keeps
# that 碰 of the winning tile. zhoushan: S robs W's 4s with PINGHU (23s + 4s, 排胡 1 台); "被抢杠
# 者，付抢杠者台数的五倍，其他玩家不付": W pays 5 × 1 = 5. W: 碰 444s + 10 concealed = 13 tiles.
ROBBED = win("S", "robbed_kong", "4s", "W")
W_PENG = show("W", "111z222z333z9m", [("peng", "444s", "N")])


def test_a_robbed_kong_with_the_robbed_seats_peng_shown_is_scored():
    hand = zhoushan(show("S", PINGHU), W_PENG, ROBBED)
    assert hand["anomalies"] == []
    assert paid(hand) == [("W", "S", 5)]
    assert "robbed_kong" not in [w["claim"] for w in hand["taken_on_word"]]


def test_a_robbed_kong_whose_robbed_seat_shows_no_peng_of_the_tile_is_no_win():
    # W shows its 13 tiles with a 碰 of 9m, not of 4s: it had nothing to add the 4s to.
    no_peng = show("W", "111z222z333z4s", [("peng", "999m", "N")])
    hand = zhoushan(show("S", PINGHU), no_peng, ROBBED)
    assert codes_at(hand) == [(4, "robbed_kong_no_peng")]  # the win line makes the claim
    assert hand["anomalies"][0]["severity"] == "error"
    message = hand["anomalies"][0]["message"]  # the robbed seat by its player, the tile in words
    assert hand["seats"]["W"] in message and "4 Bamboo" in message and "4s" not in message
    assert hand["expected_payments"] == [] and hand["wins"][0]["stands"] is False
    # the same 13 tiles all concealed: no 碰 at all
    closed = show("W", "111z222z333z999m4s")
    assert codes_at(zhoushan(show("S", PINGHU), closed, ROBBED)) == [(4, "robbed_kong_no_peng")]


def test_a_robbed_kong_shown_as_a_finished_kong_is_contradicted():
    # the kong failed (it counts as a 刻子): showing it as 加杠 is no 碰, and its four 4s with
    # S's make five.
    kong = show("W", "111z222z333z9m", [("gang_added", "4444s", "N")])
    codes = [c for _, c in codes_at(zhoushan(show("S", PINGHU), kong, ROBBED))]
    assert "robbed_kong_no_peng" in codes and "tile_overcount" in codes


def test_a_robbed_kong_without_the_robbed_seats_showdown_is_taken_on_the_tables_word():
    hand = zhoushan(show("S", PINGHU), ROBBED)
    assert hand["anomalies"] == []
    assert [(w["seq"], w["claim"]) for w in hand["taken_on_word"]] == [
        (3, "from"),
        (3, "robbed_kong"),
    ]
    assert paid(hand) == [("W", "S", 5)]


# Full logs: flags the ruleset judges from the play itself (wenling's 包三家 `bao_san_jia`,
# xizhou's 杠后炮 `after_kong`, docs/log-format.md "Win flags") are not scored from the claim;
# a claim the play contradicts is an anomaly on the win line that names the field.


def _win_seq(records: list[dict]) -> int:
    return next(i for i, r in enumerate(records) if r["type"] == "win")


def _claiming(records: list[dict], *flags: str) -> list[dict]:
    records = list(records)
    seq = _win_seq(records)
    records[seq] = records[seq] | {"flags": list(flags)}
    return records


def test_a_full_log_bao_san_jia_the_play_does_not_show_is_flagged():
    # 西 throws the 生牌 5p in the 生牌阶段 holding nothing but 生牌 and not 听牌: "不用承担包三家
    # 的责任" (exempt), so 南's win is paid as usual whatever the win line says.
    records = wenling_flow.raw_stage_hand(last_draw="1z")
    seq = _win_seq(records)
    plain = audit_records(records)["hands"][0]
    hand = audit_records(_claiming(records, "bao_san_jia"))["hands"][0]
    assert (seq, "flag_not_borne_out") in codes_at(hand)
    found = next(a for a in hand["anomalies"] if a["code"] == "flag_not_borne_out")
    # the claim in words, never its code nor the rule's Chinese
    assert "the discarder pays for all three" in found["message"]
    assert "bao_san_jia" not in found["message"] and "包" not in found["message"]
    assert found["severity"] == "error"
    assert paid(hand) == paid(plain)  # the play decides


def test_a_full_log_bao_san_jia_the_play_shows_is_no_anomaly():
    # 西 ends holding a 1m, a kind 东 threw: not all 生牌, so 西 pays for all (W→S 24, W→E 1,
    # W→N 1, as test_wenling_flow computes by hand); the claim agrees.
    records = wenling_flow.raw_stage_hand(last_draw="1m")
    hand = audit_records(_claiming(records, "bao_san_jia"))["hands"][0]
    assert [a for a in hand["anomalies"] if a["code"] == "flag_not_borne_out"] == []
    assert sorted((p["from"], p["to"], p["amount"]) for p in hand["expected_payments"]) == [
        ("W", "E", 1),
        ("W", "N", 1),
        ("W", "S", 24),
    ]


def test_a_full_log_bao_san_jia_for_a_red_thrown_far_from_ready_agrees():
    # 特殊处罚2: 西 throws 中 two or more tiles from 听牌 and 南 wins on it: 打者作包三家处理.
    records = wenling_flow.dragon_hand(wenling_flow.FAR)
    hand = audit_records(_claiming(records, "bao_san_jia"))["hands"][0]
    assert [a for a in hand["anomalies"] if a["code"] == "flag_not_borne_out"] == []


# xizhou, hand 5 of tests/fixtures/xizhou/flow.jsonl: W kongs E's 6p; E waits on 1p/4p.
XZ_DEAL = [
    {"type": "deal", "seat": "E", "tiles": "123m456m789s23p55s6p"},
    {"type": "deal", "seat": "S", "tiles": "789m789p1122334s"},
    {"type": "deal", "seat": "W", "tiles": "666p4p111222333z"},
    {"type": "deal", "seat": "N", "tiles": "44556677z56789s"},
    {"type": "discard", "seat": "E", "tile": "6p"},
    {"type": "gang", "seat": "W", "kind": "exposed", "tile": "6p"},
    {"type": "draw", "seat": "W", "tile": "7z", "from": "back"},
]


def xizhou_full(*play: dict) -> list[dict]:
    return log("xizhou", [*XZ_DEAL, *play, win("E", "discard", "4p", "W", flags=["after_kong"])])


def test_a_full_log_after_kong_the_play_shows_is_no_anomaly():
    # W's first discard after its kong is the 4p E wins on: 还杠胡 1 + 平胡 1 + 门清 1 = 3 台,
    # "杠牌并点炮玩家需付胡家5M": W pays 15.
    hand = audit_records(xizhou_full({"type": "discard", "seat": "W", "tile": "4p"}))["hands"][0]
    assert hand["anomalies"] == []
    assert paid(hand) == [("W", "E", 15)]


def contradicted_after_kong() -> list[dict]:
    """W throws the 7z first; a round later E wins on its 4p, claiming 杠后炮."""
    return xizhou_full(
        {"type": "discard", "seat": "W", "tile": "7z"},
        {"type": "draw", "seat": "N", "tile": "9m"},
        {"type": "discard", "seat": "N", "tile": "9m"},
        {"type": "draw", "seat": "E", "tile": "9p"},
        {"type": "discard", "seat": "E", "tile": "9p"},
        {"type": "draw", "seat": "S", "tile": "1m"},
        {"type": "discard", "seat": "S", "tile": "1m"},
        {"type": "draw", "seat": "W", "tile": "5m"},
        {"type": "discard", "seat": "W", "tile": "4p"},
    )


def test_a_full_log_after_kong_the_play_contradicts_is_flagged():
    # W throws the 7z first; a round later its 4p is no 杠后炮: 平胡 1 + 门清 1 = 2 台, W pays
    # 2M = 4, whatever the win line claims.
    records = contradicted_after_kong()
    hand = audit_records(records)["hands"][0]
    assert codes_at(hand) == [(_win_seq(records), "flag_not_borne_out")]
    message = hand["anomalies"][0]["message"]
    assert "right after the discarder's kong" in message and "after_kong" not in message
    assert paid(hand) == [("W", "E", 4)]


def test_a_table_that_believed_a_false_huan_gang_is_explained():
    # The contradicted 杠后炮 above, paid as the table believed it: 还杠胡 1 + 平胡 1 + 门清 1 =
    # 3 台, W alone pays 5M = 15 (instead of 2M = 4). The explanation names the mistake.
    records = contradicted_after_kong()
    records.append({"type": "settlement", "payments": [{"from": "W", "to": "E", "amount": 15}]})
    hand = audit_records(records)["hands"][0]
    assert hand["explanations"][0]["code"] == "huan_gang_believed"
    assert "还杠胡" in hand["explanations"][0]["zh"]
    assert "not the discarder's first discard after its kong" in hand["explanations"][0]["en"]


def test_a_table_that_believed_a_false_bao_san_jia_is_explained():
    # wenling: 西 is exempt (the bao_san_jia test above); the table made it pay for all three
    # anyway, as the claim said: bao_wrongly_applied.
    records = _claiming(wenling_flow.raw_stage_hand(last_draw="1z"), "bao_san_jia")
    claimed = audit_records(wenling_flow.raw_stage_hand(last_draw="1m"))["hands"][0]
    records.append({"type": "settlement", "payments": claimed["expected_payments"]})
    hand = audit_records(records)["hands"][0]
    assert hand["disputes"]
    assert "bao_wrongly_applied" in [e["code"] for e in hand["explanations"]]
