"""engine.verdicts.changes: each kind of change with its hand, subject, before and after; none
for equal reports; and on real pairs of reports (the same simulated plays with and without table
mistakes, an option changed, corrections applied) the changes, applied to the older report's
verdict, give the newer one's: a missed difference fails."""

from __future__ import annotations

import copy
import re
from pathlib import Path

import pytest

from engine import verdicts
from engine.audit import audit_records
from engine.report import Report
from engine.rulesets import SHIPPED
from engine.simulate import generate_session
from engine.verdicts import LABELS
from events.codec import parse_log

AUDIT = Path(__file__).resolve().parents[1] / "fixtures" / "audit"


def audit(name: str, overrides: dict | None = None) -> dict:
    return audit_records(parse_log((AUDIT / name).read_bytes()).records, overrides)


def changes(before: dict, after: dict) -> list[dict]:
    """The changes between two reports' JSON forms (edited here as plain data)."""
    return verdicts.changes(Report.from_dict(before), Report.from_dict(after))


@pytest.fixture(scope="module")
def disputed() -> dict:
    """One huangyan hand where the table forgot 硬碰硬 (disputes with an explanation)."""
    return audit("fan_missed.jsonl")


def changed(report: dict, edit) -> list[dict]:
    after = copy.deepcopy(report)
    edit(after)
    return changes(report, after)


def test_equal_reports_have_no_change(disputed):
    assert changes(disputed, copy.deepcopy(disputed)) == []
    for ruleset in SHIPPED:
        records, _ = generate_session(ruleset, 6, seed=3, faults=0.5)
        assert changes(audit_records(records), audit_records(records)) == []


def test_dispute_amount_names_the_pair_by_player(disputed):
    def edit(r):
        r["hands"][0]["disputes"][0]["recorded"] += 5

    (c,) = changed(disputed, edit)
    d = disputed["hands"][0]["disputes"][0]
    seats = disputed["hands"][0]["seats"]
    assert c["hand"] == 1 and c["code"] == "dispute_amount"
    names = f"{seats[d['from']]} → {seats[d['to']]}"
    assert c["what"] == {"seats": [d["from"], d["to"]], "zh": names, "en": names}
    assert c["before"] == {"expected": d["expected"], "recorded": d["recorded"]}
    assert c["after"] == {"expected": d["expected"], "recorded": d["recorded"] + 5}
    assert (c["zh"], c["en"]) == LABELS["dispute_amount"]


def test_dispute_gone_and_new_and_the_verdict(disputed):
    def settle(r):
        r["hands"][0]["disputes"] = []
        r["ok"] = True

    gone = changed(disputed, settle)
    n = len(disputed["hands"][0]["disputes"])
    assert [c["code"] for c in gone] == ["verdict"] + ["dispute_removed"] * n
    assert gone[0]["hand"] is None and (gone[0]["before"], gone[0]["after"]) == (False, True)
    assert all(c["after"] is None and c["before"]["expected"] >= 0 for c in gone[1:])
    back = changes(_applied(disputed, settle), disputed)
    assert [c["code"] for c in back] == ["verdict"] + ["dispute_added"] * n


def _applied(report: dict, edit) -> dict:
    out = copy.deepcopy(report)
    edit(out)
    return out


def test_explanation_changed(disputed):
    def edit(r):
        for d in r["hands"][0]["disputes"]:
            d["explanation"] = None

    (c,) = changed(disputed, edit)
    assert c["code"] == "explanation" and c["hand"] == 1 and c["after"] is None
    assert c["before"] == disputed["hands"][0]["disputes"][0]["explanation"]


def test_anomalies_by_code_and_seq_on_a_hand_and_the_session(disputed):
    anomaly = {"seq": 9, "code": "wrong_turn", "zh": "不按顺序", "en": "out of turn", "severity": "error",
               "message": "W draws out of turn"}  # fmt: skip

    def add(r):
        r["hands"][0]["anomalies"].append(anomaly)
        r["anomalies"].append({**anomaly, "code": "dealer_rotation"})

    added = changed(disputed, add)
    assert [(c["hand"], c["code"], c["what"], c["after"]["code"]) for c in added] == [
        (None, "anomaly_added", None, "dealer_rotation"),
        (1, "anomaly_added", None, "wrong_turn")]  # fmt: skip
    assert added[1]["after"] == {"seq": 9, "code": "wrong_turn", "zh": "不按顺序",
                                 "message": "W draws out of turn"}  # fmt: skip
    moved = changes(_applied(disputed, add), _applied(disputed, lambda r: (add(r), _move(r))))
    assert [(c["code"], c["before"], c["after"]) for c in moved] == [
        ("anomaly_removed", added[1]["after"], None),
        ("anomaly_added", None, {**added[1]["after"], "seq": 10}),
    ]


def _move(r: dict) -> None:
    r["hands"][0]["anomalies"][0] = {**r["hands"][0]["anomalies"][0], "seq": 10}


def test_points_and_expected_net_per_seat(disputed):
    def edit(r):
        r["hands"][0]["points"]["W"] += 2
        r["hands"][0]["expected_net"]["E"] -= 4

    points, net = changed(disputed, edit)
    hand = disputed["hands"][0]
    west, east = hand["seats"]["W"], hand["seats"]["E"]
    assert (points["code"], points["what"], points["after"] - points["before"]) == (
        "points", {"seats": ["W"], "zh": west, "en": west}, 2)  # fmt: skip
    assert (net["code"], net["what"], net["before"], net["after"]) == (
        "expected_net", {"seats": ["E"], "zh": east, "en": east}, hand["expected_net"]["E"],
        hand["expected_net"]["E"] - 4)  # fmt: skip


def test_a_seat_without_a_player_is_named_in_words_never_by_its_letter(disputed):
    """No seat letter reaches a reader: a seat with no player's name reads 东 / East."""

    def edit(r):
        r["hands"][0]["points"]["W"] += 2

    unnamed = copy.deepcopy(disputed)
    del unnamed["hands"][0]["seats"]["W"]
    (c,) = changes(unnamed, _applied(unnamed, edit))
    assert c["what"] == {"seats": ["W"], "zh": "西", "en": "West"}
    for found in changes(disputed, _applied(disputed, edit)) + [c]:
        assert not re.search(r"\b[ESWN]\b|\([ESWN]\)", found["what"]["zh"] + found["what"]["en"])


def test_hand_added_and_removed():
    records, _ = generate_session("wenling", 4, seed=8)
    full = audit_records(records)
    last = max(i for i, r in enumerate(records) if r["type"] == "hand")
    fewer = audit_records(records[:last])
    assert changes(full, fewer) == [
        {"hand": 4, "code": "hand_removed", "zh": "删去一局", "en": "hand removed", "what": None,
         "before": full["hands"][3]["result"], "after": None}]  # fmt: skip
    assert [(c["hand"], c["code"], c["before"]) for c in changes(fewer, full)] == [
        (4, "hand_added", None)]  # fmt: skip


def verdict(report: dict) -> dict:
    """What the changes speak of, per hand: the verdict a club sees."""
    return {
        "ok": report["ok"],
        "anomalies": {(a["seq"], a["code"]) for a in report["anomalies"]},
        "hands": {h["no"]: {
            "disputes": {(d["from"], d["to"]): (d["expected"], d["recorded"]) for d in h["disputes"]},
            "explanation": h["disputes"][0]["explanation"] if h["disputes"] else None,
            "anomalies": {(a["seq"], a["code"]) for a in h["anomalies"]},
            "points": h["points"], "expected_net": h["expected_net"],
        } for h in report["hands"]},
    }  # fmt: skip


def apply(before: dict, after: dict, found: list[dict]) -> dict:
    """The older verdict with the changes applied (an added hand is taken whole from the newer
    report: its change says only that it came)."""
    out = copy.deepcopy(verdict(before))
    whole = verdict(after)["hands"]
    for c in found:
        hand = out["hands"].get(c["hand"]) if c["hand"] is not None else out
        code = c["code"]
        if code == "verdict":
            out["ok"] = c["after"]
        elif code == "hand_added":
            out["hands"][c["hand"]] = whole[c["hand"]]
        elif code == "hand_removed":
            del out["hands"][c["hand"]]
        elif code.startswith("dispute"):
            pair = tuple(c["what"]["seats"])
            hand["disputes"].pop(pair, None)
            if c["after"] is not None:
                hand["disputes"][pair] = (c["after"]["expected"], c["after"]["recorded"])
        elif code == "explanation":
            hand["explanation"] = c["after"]
        elif code.startswith("anomaly"):
            value = c["before"] or c["after"]
            hand["anomalies"] ^= {(value["seq"], value["code"])}
        else:
            hand[code][c["what"]["seats"][0]] = c["after"]
    was = verdict(before)["hands"]
    for no, h in out["hands"].items():  # an explanation is compared only while disputes stay
        if not (h["disputes"] and was.get(no, {}).get("disputes")):
            h["explanation"] = whole[no]["explanation"]
    return out


def pairs():
    for ruleset in SHIPPED:
        clean, _ = generate_session(ruleset, 8, seed=5)
        faulty, faults = generate_session(ruleset, 8, seed=5, faults=0.5)
        assert faults
        yield ruleset, audit_records(clean), audit_records(faulty)
    yield "option", audit("fan_missed.jsonl"), audit("fan_missed.jsonl", {"base_hu": "20"})
    records = parse_log((AUDIT / "corrections.jsonl").read_bytes()).records
    first = next(i for i, r in enumerate(records) if r["type"] == "correction")
    yield "corrections", audit_records(records[:first]), audit_records(records)


@pytest.mark.parametrize("name, before, after", [pytest.param(*p, id=p[0]) for p in pairs()])
def test_changes_explain_every_difference(name, before, after):
    found = changes(before, after)
    assert found, name  # these pairs differ
    assert apply(before, after, found) == verdict(after)
    assert apply(after, before, changes(after, before)) == verdict(before)
    assert all(c["hand"] is None or isinstance(c["hand"], int) for c in found)
