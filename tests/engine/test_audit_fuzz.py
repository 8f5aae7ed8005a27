"""A rotating share of the audit fuzz (benchmarks/fuzz_audit.py) in every test run: 2,000 mutated
logs whose seed changes every day, so runs over time cover far more than one run could. The seed
is printed; a failure is reproduced with ``FUPAN_FUZZ_SEED=<seed>`` (or
``benchmarks/fuzz_audit.py 2000 --seed <seed>``)."""

from __future__ import annotations

import datetime
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from fuzz_audit import check, fuzz, guard_catcher, mutated_logs  # noqa: E402

SHARE = 2000
DEEP_SHARE = 500
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.mark.slow
def test_mutated_logs_are_audited_or_refused_never_a_traceback(capsys):
    seed = int(os.environ.get("FUPAN_FUZZ_SEED") or datetime.date.today().strftime("%Y%m%d"))
    with capsys.disabled():
        print(f"\naudit fuzz: seed {seed} (FUPAN_FUZZ_SEED={seed} to reproduce)")
    result = fuzz(seed, SHARE)
    assert result.logs == SHARE
    assert result.refused < SHARE  # most mutated logs still reach the audit
    assert result.failures == [], f"seed {seed}: {result.failures[:5]}"


@pytest.mark.slow
def test_mutated_and_corrected_logs_are_stepped_through_and_reviewed_never_a_traceback(capsys):
    """What the pages read too: the table at every step of every hand and the efficiency review,
    on mutated logs with corrections among the changes (fault kinds of every ruleset, full and
    summary, in the base logs). Found so: two win lines off one discard naming different tiles
    both stood and a one-winner settlement failed; a seat's win written twice was paid twice."""
    seed = int(os.environ.get("FUPAN_FUZZ_SEED") or datetime.date.today().strftime("%Y%m%d"))
    with capsys.disabled():
        print(f"\ndeep audit fuzz: seed {seed} (FUPAN_FUZZ_SEED={seed} to reproduce)")
    result = fuzz(seed, DEEP_SHARE, deep=True)
    assert result.refused < DEEP_SHARE
    assert result.failures == [], f"seed {seed}: {result.failures[:5]}"


def test_the_fuzz_counts_a_ruleset_failing_inside_the_audit(monkeypatch):
    # What the fuzz counts as a traceback besides an escaping exception: a ruleset call the
    # audit's guard catches (it reports score_failed and logs the traceback), like the KeyError
    # '3f' of wenling's non-winners (issue 26).
    from engine.rulesets.wenling import nonwinner

    data = (FIXTURES / "replay" / "wenling_clean.jsonl").read_bytes()
    with guard_catcher() as catcher:
        assert check(data, catcher) is None
        monkeypatch.setattr(nonwinner, "_held", lambda *args: {}["3f"])
        assert "KeyError" in (check(data, catcher) or "")


def test_the_fuzz_writes_corrections_that_the_codec_takes():
    # the "correct" change: most corrected logs reach the replay (a correction of the session or
    # of a correction is refused, as the format says)
    from events.codec import LogFormatError, parse_log

    corrected = taken = 0
    for _, data, done in mutated_logs(1, 300):
        if any(d.startswith("a correction") for d in done):
            corrected += 1
            try:
                taken += any(r["type"] == "correction" for r in parse_log(data).records)
            except LogFormatError:
                pass
    assert corrected > 50 and taken > corrected // 2


def test_a_field_a_record_type_does_not_have_is_ignored_whatever_its_value():
    # Found by the fuzz (seed 1): "seat": [] on a settlement line, which has no seat, met the
    # replay's bookkeeping of passed wins (zhoushan, xizhou) as an unhashable key.
    from engine.audit import audit_records
    from engine.simulate import generate_session

    for ruleset in ("zhoushan", "xizhou"):
        records, _ = generate_session(ruleset, 1, 1)
        for odd in ([], {}, "S"):
            changed = [{**r, "seat": odd} if r["type"] in ("settlement", "exhausted") else r
                       for r in records]  # fmt: skip
            assert audit_records(changed)["hands"][0]["anomalies"] == []
