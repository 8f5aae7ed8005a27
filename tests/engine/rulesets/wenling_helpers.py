"""Shared by the wenling tests: outcomes of a fixture log through engine.replay."""

from pathlib import Path

from engine.replay import replay
from engine.rulesets import get_ruleset
from events.codec import parse_log

RS = get_ruleset("wenling")
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "wenling"


def records(name: str) -> list[dict]:
    return parse_log((FIXTURES / name).read_bytes()).records


def hands(name: str, **options) -> dict:
    """{hand no: HandReplay} of a fixture, replayed with ``options`` over the session's."""
    rp = replay(records(name), options)
    for h in rp.hands:
        assert h.anomalies == [], (h.no, h.anomalies)
    return {h.no: h for h in rp.hands}


def scored(name: str, no: int, **options):
    h = hands(name, **options)[no]
    return RS.score(h.outcome, h.opts)


def items(scoring) -> dict[str, int]:
    return {x.code: x.count for x in scoring.lines}
