"""No seat letter reaches a reader: every text the audit can show (each mistake a ruleset or any
table can make, each other reading of a hand, each payment rule, each anomaly) names a seat by
its player, or by its wind when no name is known, and its English says no Chinese (tiles by
their English names)."""

from __future__ import annotations

import re

import pytest

from engine.audit import audit_records
from engine.explain import reading_mistakes, table_slips
from engine.model import SEAT_NAMES, name_seats, named, who
from engine.replay import replay
from engine.rulesets import SHIPPED
from engine.simulate import generate_session

CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]")
LETTER_EN = re.compile(r"\b[ESWN]\b")
LETTER_ZH = re.compile(r"(?<![A-Za-z])[ESWN](?![A-Za-z])")
PLACEHOLDER = re.compile(r"\{[ESWN]\}")


def problems(zh: str, en: str, players=()) -> list[str]:
    """What a reader should not meet: a seat letter (or a placeholder left unnamed), and in
    English a Chinese character outside the players' names (data, as on a page)."""
    found = []
    if LETTER_ZH.search(zh) or PLACEHOLDER.search(zh):
        found.append(f"seat letter in {zh!r}")
    if LETTER_EN.search(en) or PLACEHOLDER.search(en):
        found.append(f"seat letter in {en!r}")
    bare = en
    for name in sorted(players, key=len, reverse=True):
        bare = bare.replace(name, " ")
    if CJK.search(bare):
        found.append(f"Chinese in {en!r}")
    return found


def test_name_seats_names_the_player_else_the_wind():
    seats = {"E": "阿强", "S": "小李", "W": "老王"}
    text = f"{who('E')}付给{who('N')}的款付了两次"
    assert name_seats(text, seats, "zh") == "阿强付给北的款付了两次"
    assert name_seats(f"{who('N')} paid {who('S')}", seats, "en") == "North paid 小李"
    assert name_seats(f"{who('W')}", {}, "en") == SEAT_NAMES["W"][1] == "West"
    assert who(None) == "?" and name_seats("{X} {E", seats, "en") == "{X} {E"
    label = {
        "code": "paid_twice",
        "zh": f"{who('S')}多算1番",
        "en": f"one fan too many ({who('S')})",
    }
    assert named(label, seats) == {"code": "paid_twice", "zh": "小李多算1番",
                                   "en": "one fan too many (小李)"}  # fmt: skip


def test_the_checker_sees_a_seat_letter_and_chinese():
    """The checks themselves can fail: the texts the audit used to show are caught."""
    assert problems("胡牌家E多算1番", "one 番 too many (E)") == [
        "seat letter in '胡牌家E多算1番'", "seat letter in 'one 番 too many (E)'",
        "Chinese in 'one 番 too many (E)'"]  # fmt: skip
    assert problems("N付给S的款付了两次", "S's hand read another way") != []
    assert problems("阿芳付给小李的款付了两次", "the winning 9 Bamboo as a pair wait (小李)") != []
    assert problems("阿芳付给小李的款付了两次", "the winning 9 Bamboo (小李)", ["小李"]) == []


@pytest.mark.parametrize("ruleset", SHIPPED)
@pytest.mark.parametrize("summary", [False, True], ids=["full", "summary"])
def test_every_mistake_and_reading_names_players_in_one_language(ruleset, summary):
    """Every candidate the explanation tries on every hand of a simulated session, named the
    way the audit names it, not only the ones that happened to fit."""
    records, _ = generate_session(ruleset, 8, seed=22, faults=1.0, summary=summary)
    found, tried = [], 0
    for hand in replay(records).hands:
        rs, opts, outcome = hand.ruleset, hand.opts, hand.outcome
        try:
            scorings = rs.score(outcome, opts)
            inp = rs.settle_input(outcome, scorings, opts)
            payments = rs.settle(inp, opts)
        except Exception:  # a hand the log broke (a fault): the audit reports it instead
            continue
        candidates = [*reading_mistakes(rs, outcome, scorings, inp, opts),
                      *rs.mistakes(outcome, scorings, inp, opts),
                      *table_slips(rs, outcome, inp, opts)]  # fmt: skip
        texts = [(m.zh, m.en) for m in candidates]
        texts += [(p.reason, p.en) for p in payments if p.reason]
        for zh, en in texts:
            tried += 1
            assert zh and en
            found += problems(
                name_seats(zh, outcome.seats, "zh"),
                name_seats(en, outcome.seats, "en"),
                outcome.seats.values(),
            )
    assert tried > 50
    assert sorted(set(found)) == []


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_the_report_names_players_in_explanations_payments_and_anomalies(ruleset):
    records, faults = generate_session(ruleset, 12, seed=22, faults=1.0)
    report = audit_records(records)
    found, players = [], report["session"]["players"]
    for h in report["hands"]:
        for e in [*h["explanations"], *h["top_ups"], *h["taken_on_word"]]:
            found += problems(e["zh"], e["en"], players)
        for p in h["expected_payments"]:
            found += problems(p.get("reason", ""), p.get("rule_en", ""), players)
        for a in h["anomalies"]:  # English (a Chinese page shows the zh label): no Chinese either
            found += problems(a["zh"], a["message"], players)
    for a in report["anomalies"]:
        found += problems(a["zh"], a["message"], players)
    assert any(h["explanations"] for h in report["hands"]) and faults
    assert found == []
