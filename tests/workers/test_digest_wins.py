"""A player's wins and the hand values in the digests count only the wins that stand: a
declared win the rules bar (or whose tiles do not win) is no win on the player page either."""

from __future__ import annotations

from engine.audit import audit_records
from engine.report import load
from tests.engine.rulesets.review_helpers import fixture_records
from workers.digests import digest


def test_a_barred_win_is_no_win_in_the_digest():
    # zhoushan/passed_win.jsonl: hands 1 and 3 are won by a seat that let a win go by before
    # its draw (passed_win: no win), hands 2 and 4 stand; 小李, 老王 and 阿强 sit at S in turn.
    report = load(audit_records(fixture_records("zhoushan/passed_win.jsonl")))
    standing = [(h.no, w.seat) for h in report.hands for w in h.wins if w.stands]
    assert [no for no, _ in standing] == [2, 4]
    d = digest(report)
    assert sum(d.wins.values()) == 2
    assert d.wins == {report.hands[1].seats["S"]: 1, report.hands[3].seats["S"]: 1}
