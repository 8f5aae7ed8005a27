"""Legality of claims and wins, wenling and huangyan, on full play-by-play logs (seed audit,
helper h-seeds-a, session 6). Each hand is built here; the clause it checks is quoted beside it.
得 is 九条 (indicator 9s)."""

import json

from engine.audit import audit_records
from events.codec import parse_log

SEATS = {"E": "甲", "S": "乙", "W": "丙", "N": "丁"}


def audited(ruleset: str, deal: dict[str, str], play: list[dict], **options: object) -> dict:
    recs = [
        {
            "type": "session",
            "ruleset": ruleset,
            "options": options,
            "players": list(SEATS.values()),
        },
        {"type": "hand", "no": 1, "seats": SEATS},
        {"type": "dice", "seat": "E", "dice": [3, 4]},
        {"type": "dice", "seat": "E", "dice": [2, 6]},
        *({"type": "deal", "seat": s, "tiles": t} for s, t in deal.items()),
        {"type": "wildcard", "indicator": "9s"},
        *play,
    ]
    text = "\n".join(json.dumps(r, ensure_ascii=False) for r in recs)
    return audit_records(parse_log(text).records)["hands"][0]


def codes(hand: dict) -> list[str]:
    return [a["code"] for a in hand["anomalies"]]


def turn(seat: str, tile: str) -> list[dict]:
    """Draw ``tile`` from the wall and throw it (摸切)."""
    return [
        {"type": "draw", "seat": seat, "tile": tile},
        {"type": "discard", "seat": seat, "tile": tile},
    ]


# Wenling (16 tiles, the dealer 17). 南 holds one 得 and, after a draw of 8s, 123456789m 234p 67p
# 88s (waits 5p/8p). Nobody else holds a scoring pair or pung.
W_DEAL = {
    "E": "1z2z3z4z6z7z1s3s5s7s2p5p8p1p4p7p9m",
    "S": "123456789m234p67p8s9s",
    "W": "1234567s1p9p23p2z3z4z6z7z",
    "N": "1m1m2m2m3m3m4m4m5m5m6m6m7m7m8m8m",
}


def test_wenling_winning_after_throwing_a_de_is_refused():
    # 特殊处罚1 "若玩家不小心打了'得'，该玩家这副牌里不能再胡牌": 南 throws its 得 and later
    # self-draws 5p to a complete hand: the win is flagged.
    play = [
        {"type": "discard", "seat": "E", "tile": "1z"},
        {"type": "draw", "seat": "S", "tile": "8s"},
        {"type": "discard", "seat": "S", "tile": "9s"},
        *turn("W", "9m"),
        *turn("N", "8p"),
        *turn("E", "7s"),
        {"type": "draw", "seat": "S", "tile": "5p"},
        {"type": "win", "seat": "S", "how": "self_draw", "tile": "5p"},
    ]
    hand = audited("wenling", W_DEAL, play)
    assert codes(hand) == ["won_after_discarding_wildcard"]
    # docs/rules/wenling.md 特殊处罚1: the seat cannot win, so the declared win is no win and
    # nobody owes anything for it (as a false win).
    assert hand["expected_payments"] == [] and "S" not in hand["points"]
    # A club that keeps the table's word (barred_win_stands): 自摸 2 + 20 = 22; 旁胡 1 + 无得 1
    # (its only 得 is gone) -> 88 -> 90.
    kept = audited("wenling", W_DEAL, play, barred_win_stands=True)
    assert codes(kept) == ["won_after_discarding_wildcard"]
    assert kept["points"]["S"] == 90


def test_huangyan_a_seat_that_threw_a_de_still_wins():
    # The huangyan seed has no 特殊处罚1 (docs: discarded_wildcard_blocks_win False): the same play
    # on 13 tiles is a clean win. 南 123456789m 567p 88s self-drawn: 自摸 2 + 底10 = 12; 無得 1翻
    # (no 得 left in hand) -> 24. 閒家胡: 东→南 24 (全額), 西→南 12, 北→南 12 (減半); the others
    # hold no scoring set or pair.
    deal = {
        "E": "1z2z3z4z5z6z7z1s3s5s7s2p5p8p",
        "S": "123456789m67p8s9s",
        "W": "1234567s1p9p23p4z6z",
        "N": "11m22m33m44m55m66m7m",
    }
    play = [
        {"type": "discard", "seat": "E", "tile": "1z"},
        {"type": "draw", "seat": "S", "tile": "8s"},
        {"type": "discard", "seat": "S", "tile": "9s"},
        *turn("W", "9m"),
        *turn("N", "8p"),
        *turn("E", "7s"),
        {"type": "draw", "seat": "S", "tile": "5p"},
        {"type": "win", "seat": "S", "how": "self_draw", "tile": "5p"},
    ]
    hand = audited("huangyan", deal, play)
    assert codes(hand) == []
    assert hand["points"] == {"E": 0, "S": 24, "W": 0, "N": 0}
    paid = {(p["from"], p["to"]): p["amount"] for p in hand["expected_payments"]}
    assert paid == {("E", "S"): 24, ("W", "S"): 12, ("N", "S"): 12}


def test_wenling_chow_with_a_de_is_refused():
    # 吃 "可通过吃牌成顺子，'得'不能'吃'": 南 chows 东's 7s with 8s and its 得 (9s).
    play = [
        {"type": "discard", "seat": "E", "tile": "7s"},
        {"type": "chi", "seat": "S", "tiles": ["8s", "9s"]},
        {"type": "discard", "seat": "S", "tile": "1m"},
        {"type": "exhausted"},
    ]
    hand = audited("wenling", W_DEAL, play)
    assert [a["code"] for a in hand["anomalies"] if a["severity"] == "error"] == [
        "claim_with_wildcard"
    ]


def test_wenling_chow_only_from_the_left():
    # 吃 "上家刚打的牌和玩家手里的牌成顺子": 西 chows 东's 2p (东 is 西's 对家; its 上家 is 南).
    play = [
        {"type": "discard", "seat": "E", "tile": "2p"},
        {"type": "chi", "seat": "W", "tiles": ["1p", "3p"]},
        {"type": "discard", "seat": "W", "tile": "9p"},
        {"type": "exhausted"},
    ]
    errors = [
        a["code"] for a in audited("wenling", W_DEAL, play)["anomalies"] if a["severity"] == "error"
    ]
    assert errors == ["chi_not_from_left"]
