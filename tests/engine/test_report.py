"""The typed report (engine/report.py): the audit's JSON form goes through the types unchanged,
older stored shapes are lifted to the current version by the upcaster, and the JSON Schema the
API documents is the types' own."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import jsonschema
import pytest

from engine import report as rpt
from engine.audit import audit, audit_records
from engine.rulesets import SHIPPED
from engine.rulesets.base import ScoreLine, Step
from engine.simulate import generate_session
from engine.state import ANOMALY_LABELS
from events.codec import parse_log

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
OLD = sorted((FIXTURES / "reports").glob("v1_*.json"))


def _log(relative: str) -> list[dict]:
    return parse_log((FIXTURES / relative).read_bytes()).records


def _reports():
    for relative in (
        "codec/wenling_full.jsonl",
        "audit/fan_missed.jsonl",
        "audit/corrections.jsonl",
        "huangyan/disputes.jsonl",
        "zhoushan/items.jsonl",
        "xizhou/items.jsonl",
    ):
        yield relative, _log(relative)
    for ruleset in SHIPPED:
        for summary in (False, True):
            records, _ = generate_session(ruleset, 6, seed=31, faults=0.5, summary=summary)
            yield f"{ruleset} {'summary' if summary else 'full'}", records


@pytest.mark.parametrize("name, records", [pytest.param(*r, id=r[0]) for r in _reports()])
def test_the_json_form_goes_through_the_types_unchanged(name, records):
    stored = json.loads(json.dumps(audit_records(records), ensure_ascii=False))
    assert stored["report_version"] == rpt.REPORT_VERSION
    loaded = rpt.load(stored)
    assert loaded.to_dict() == stored
    assert loaded == audit(records)
    jsonschema.validate(stored, _schema("Report"))


def test_score_lines_and_steps_are_their_fields_in_order():
    """The report holds the ruleset's ScoreLine and Step as they are: a new field shows up."""
    line, step = ScoreLine("fan_x", "番", "fan", 2, "番", 3), Step("cap", "封顶", "cap", 50, 50)
    for obj in (line, step):
        assert list(rpt.to_dict(obj).items()) == list(dataclasses.asdict(obj).items())


@pytest.mark.parametrize("path", OLD, ids=[p.stem for p in OLD])
def test_every_older_shape_loads_as_the_current_version(path):
    stored = json.loads(path.read_text())
    assert "report_version" not in stored  # version 1: stored before reports had a version
    report = rpt.load(stored)
    assert report.report_version == rpt.REPORT_VERSION
    lifted = report.to_dict()
    jsonschema.validate(lifted, _schema("Report"))
    assert [h["no"] for h in lifted["hands"]] == [h["no"] for h in stored["hands"]]
    assert lifted["totals"] == stored["totals"]
    for old, h in zip(stored["hands"], report.hands, strict=True):
        assert [a.code for a in h.anomalies] == [a["code"] for a in old["anomalies"]]
        for was, a in zip(old["anomalies"], h.anomalies, strict=True):
            labels = ANOMALY_LABELS[a.code]  # what the engine gives the code, where none was kept
            assert (a.zh, a.en) == (was.get("zh", labels[0]), was.get("en", labels[1]))
        # before the claim checks (which added ``stands``) every declared win was scored
        assert [w.stands for w in h.wins] == [w.get("stands", True) for w in old["wins"]]
        assert h.steps == {s: tuple(Step(**x) for x in v) for s, v in old.get("steps", {}).items()}
        assert h.top_ups == tuple(rpt.TopUp.from_dict(t) for t in old.get("top_ups", []))
        assert [d.to_dict() for d in h.disputes] == old["disputes"]


def test_explanations_of_a_report_made_before_hands_listed_them_come_from_its_disputes():
    stored = json.loads((FIXTURES / "reports" / "v1_2026-12-01a_fan_missed.json").read_text())
    (hand,) = rpt.load(stored).hands
    assert len(hand.disputes) == 3 and "explanations" not in stored["hands"][0]
    assert hand.explanations == (
        rpt.Explanation("fan_missed", "漏算无得（硬碰硬）", "no 得 in hand not counted"),
    )


def test_a_report_of_a_newer_version_or_no_report_is_refused():
    stored = audit_records(_log("audit/fan_missed.jsonl"))
    with pytest.raises(rpt.ReportError, match="report_version 3"):
        rpt.load({**stored, "report_version": 3})
    with pytest.raises(rpt.ReportError, match="HandReport: no 'seats'"):
        rpt.load(
            {**stored, "hands": [{k: v for k, v in stored["hands"][0].items() if k != "seats"}]}
        )
    with pytest.raises(rpt.ReportError):
        rpt.load({"ok": True})


def test_each_version_below_the_current_has_one_upcaster():
    assert sorted(rpt.UPCASTERS) == list(range(1, rpt.REPORT_VERSION))


def test_docs_openapi_has_the_types_schemas():
    """docs/openapi.json's report schemas are the types' (scripts/openapi_report.py writes them):
    a field added to a type and not to the docs fails here."""
    documented = json.loads((ROOT / "docs" / "openapi.json").read_text())["components"]["schemas"]
    for name, schema in rpt.json_schema().items():
        assert documented.get(name) == schema, name


def _schema(name: str) -> dict:
    """A type's schema with the others alongside, as jsonschema resolves ``$ref``s."""
    schemas = rpt.json_schema()
    return {**schemas[name], "components": {"schemas": schemas}}
