"""Every code the report can show has a Chinese and an English label, and no label repeats its
own value ("基础20胡" shown as "基础20胡20胡")."""

import ast
from pathlib import Path

import pytest

from engine.audit import audit_records
from engine.rulesets import SHIPPED
from engine.simulate import generate_session
from engine.state import ANOMALY_LABELS

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# codes an engine.checks helper returns with its message rather than passing to Anomaly()
RETURNED_CODES = {"shown_hand_size", "meld_impossible"}


def anomaly_codes_in_source() -> set[str]:
    """The code argument of every Anomaly(seq, code, …), flag(seq, code, …) and
    flag_once(key, seq, code, …) call in the engine."""
    position = {"Anomaly": 1, "flag": 1, "flag_once": 2}
    codes = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            i = position.get(name)
            if i is not None and len(node.args) > i and isinstance(node.args[i], ast.Constant):
                codes.add(node.args[i].value)
    return codes


def test_every_anomaly_code_has_both_labels():
    codes = anomaly_codes_in_source() | RETURNED_CODES
    assert len(codes) > 40
    missing = sorted(c for c in codes if not all(ANOMALY_LABELS.get(c, ("", ""))))
    assert missing == []
    assert "1台起胡" in ANOMALY_LABELS["below_minimum"][0] + ANOMALY_LABELS["below_minimum"][1]


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_reports_label_everything_once(ruleset):
    for summary in (False, True):
        records, _ = generate_session(ruleset, 16, 3, faults=0.6, summary=summary)
        report = audit_records(records)
        for hand in report["hands"]:
            for a in hand["anomalies"]:
                assert a["zh"] and a["en"], a
            for e in hand["explanations"]:
                assert e["zh"] and e["en"], e
            for t in hand["top_ups"]:
                assert t["zh"] and t["en"], t
            for lines in hand["items"].values():
                for line in lines:
                    assert line["zh"] and line["en"]
                    assert not line["zh"].endswith(f"{line['value']}{line['unit']}"), line
