"""The audit on simulated sessions of every ruleset (engine.simulate): clean logs come out clean,
and every injected table mistake is found — settlement faults explained by the very mistake
injected, log faults flagged at their record."""

from __future__ import annotations

import pytest

from engine.audit import audit_records
from engine.rulesets import SHIPPED
from engine.simulate import generate_session

LOG_FAULT_CODES = {"out_of_turn": "wrong_turn", "tile_miscount": "unknown_seat_tile"}


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_clean_simulated_session_is_clean(ruleset):
    records, faults = generate_session(ruleset, 12, seed=21)
    report = audit_records(records)
    assert faults == []
    assert report["ok"], [(h["no"], h["anomalies"], h["disputes"]) for h in report["hands"]]
    assert report["totals"] == report["recorded_totals"]


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_every_injected_fault_is_found(ruleset):
    records, faults = generate_session(ruleset, 12, seed=22, faults=1.0)
    report = audit_records(records)
    hands = {h["no"]: h for h in report["hands"]}
    assert len(faults) == 12
    for fault in faults:
        hand = hands[fault["hand"]]
        if fault["kind"] == "settlement":
            assert hand["disputes"], fault
            assert {d["explanation"]["code"] for d in hand["disputes"]} == {fault["code"]}, fault
        else:
            codes = {a["code"] for a in hand["anomalies"] if a["seq"] == fault["seq"]}
            assert LOG_FAULT_CODES[fault["code"]] in codes, (fault, hand["anomalies"])
