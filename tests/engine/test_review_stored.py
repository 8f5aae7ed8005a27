"""What the workers store (the review without each decision's detail) against the full review:
every stored figure equal, over the fixture logs and simulated sessions of every ruleset; and a
step's detail on view equal to the full review's at that step."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from engine.replay import replay
from engine.review import REVIEW_VERSION, SessionReview, review_replay, review_step
from engine.rulesets import SHIPPED
from engine.simulate.session import generate_session
from events.codec import LogFormatError, parse_log

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _fixture_logs() -> list[tuple[str, list[dict]]]:
    out = []
    for path in sorted(FIXTURES.rglob("*.jsonl")):
        try:
            with path.open("rb") as stream:
                out.append((path.name, parse_log(stream).records))
        except LogFormatError:
            continue
    return out


def _without_detail(review: SessionReview) -> SessionReview:
    hands = tuple(
        dataclasses.replace(
            h, decisions=tuple(dataclasses.replace(x, detail=None) for x in h.decisions)
        )
        for h in review.hands
    )
    return dataclasses.replace(review, hands=hands)


def _same(records: list[dict]) -> int:
    """Assert the stored review equals the full one without detail; how many decisions."""
    rep = replay(records)
    full = review_replay(rep)
    stored = review_replay(rep, detail=False)
    assert all(x.detail is None for h in stored.hands for x in h.decisions)
    assert all(x.detail is not None for h in full.hands for x in h.decisions)
    assert stored == _without_detail(full)
    return sum(len(h.decisions) for h in full.hands)


def test_the_fixture_logs_store_what_the_full_review_gives():
    logs = _fixture_logs()
    assert len(logs) > 40
    assert sum(_same(records) for _, records in logs) > 100


@pytest.mark.parametrize("ruleset", SHIPPED)
@pytest.mark.parametrize("seed", [11, 12])
def test_simulated_sessions_store_what_the_full_review_gives(ruleset, seed):
    records, _ = generate_session(ruleset, 5, seed=seed)
    assert _same(records) > 100


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_simulated_deal_ins_and_missed_wins_are_in_the_compared_sample(ruleset):
    records, _ = generate_session(ruleset, 8, seed=21)
    full = review_replay(replay(records), detail=False)
    assert any(h.deal_ins for h in full.hands)


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_a_steps_detail_on_view_is_the_full_reviews(ruleset):
    records, _ = generate_session(ruleset, 2, seed=31)
    rep = replay(records)
    rng = random.Random(ruleset)
    full = review_replay(rep)
    for hand, reviewed in zip(rep.hands, full.hands, strict=True):
        decisions = {x.step: x for x in reviewed.decisions}
        for step in rng.sample(sorted(decisions), 8):
            assert review_step(hand, step) == (decisions[step],)


def test_a_step_without_a_discard_has_no_decision():
    records, _ = generate_session("zhoushan", 1, seed=3)
    hand = replay(records).hands[0]
    draws = [i for i, (_, r) in enumerate(hand.records) if r.get("type") == "draw"]
    assert review_step(hand, draws[0]) == ()


def test_the_stored_json_has_no_options_and_reads_back():
    records, _ = generate_session("wenling", 2, seed=4)
    stored = review_replay(replay(records), detail=False)
    data = json.loads(json.dumps(stored.to_dict()))
    decision = next(d for h in data["hands"] for s in h["seats"].values() for d in s["decisions"])
    assert "options" not in decision and "tenpai" not in decision
    assert {"best", "effective", "best_effective", "mark", "lost"} <= set(decision)
    assert SessionReview.from_dict(data) == stored


def test_a_version_1_review_reads_with_its_detail_but_not_its_old_waits():
    """Version 1 stored every decision's detail; its 听牌 waits held a self-drawn win's points
    alone (``value``), not what a wait is worth now: read without them."""
    records, _ = generate_session("huangyan", 1, seed=4)
    full = review_replay(replay(records))
    old = json.loads(json.dumps({**full.to_dict(), "version": 1}))
    decisions = [d for h in old["hands"] for s in h["seats"].values() for d in s["decisions"]]
    for d in decisions:
        for t in d["tenpai"]:
            t["waits"] = [
                {"tile": w["tile"], "unseen": w["unseen"], "value": 1} for w in t["waits"]
            ]
    assert any(d["tenpai"] for d in decisions)  # the sample has 听牌 cuts to read
    assert REVIEW_VERSION == 7
    without = [
        dataclasses.replace(
            h,
            decisions=tuple(
                dataclasses.replace(x, detail=dataclasses.replace(x.detail, tenpai=()))
                for x in h.decisions
            ),
        )
        for h in full.hands
    ]
    assert SessionReview.from_dict(old) == dataclasses.replace(full, hands=tuple(without))
