"""The stored report's JSON (events.verifications.report_json): msgspec's encoder, meant to
write the bytes the standard library's compact encoder wrote, so stored reports read back the
same whichever wrote them; and the worker's form of a report for it (``engine.report.encodable``:
tuples, score lines and steps left as they are) is written as the report's JSON form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.audit import audit
from engine.report import encodable
from engine.rulesets import SHIPPED
from engine.simulate import generate_session
from events.codec import LogFormatError, parse_log
from events.verifications import report_json

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def stdlib(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def fixture_reports():
    for path in sorted(FIXTURES.glob("*/*.jsonl")):
        try:
            records = parse_log(path.read_bytes()).records
        except LogFormatError:
            continue  # the codec's bad examples
        try:
            yield path.name, audit(records)
        except Exception:  # noqa: BLE001 - a log the engine refuses has no report to store
            continue


def test_fixture_reports_are_written_as_the_standard_encoder_wrote_them():
    checked = 0
    for name, report in fixture_reports():
        data = report.to_dict()
        assert report_json(data) == stdlib(data), name
        assert report_json(encodable(report)) == report_json(data), name
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_simulated_reports_with_faults_are_written_the_same(ruleset):
    records, _ = generate_session(ruleset, 8, 7, faults=0.6)
    audited = audit(records)
    report = audited.to_dict()
    assert any(h["disputes"] or h["anomalies"] for h in report["hands"])  # not only clean hands
    assert report_json(report) == stdlib(report)
    assert report_json(encodable(audited)) == report_json(report)


def test_escapes_names_and_labels_as_the_standard_encoder():
    text = "".join(map(chr, range(0x30))) + '"\\ 阿强 \u2028\x7f 😀'
    data = {"players": [text], "options": {"rate": 0.5, "cap": None, "on": True}, "n": 2**70}
    assert report_json(data) == stdlib(data)
    assert json.loads(report_json({"x": 1e16})) == {"x": 1e16}  # spelt 1e16, read back the same
