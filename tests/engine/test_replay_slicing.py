"""replay() cuts hands at the hand records: a log with no hand yet (the live recorder's) and
records before the first hand are handled, and every hand keeps exactly its own records."""

from engine.replay import replay
from engine.simulate import generate_session


def test_session_record_alone_gives_no_hands():
    records, _ = generate_session("wenling", 1, seed=1)
    rp = replay(records[:1])
    assert rp.hands == [] and rp.anomalies == []


def test_records_before_the_first_hand_are_anomalies_and_hands_partition_the_rest():
    records, _ = generate_session("huangyan", 3, seed=2)
    first_hand = next(i for i, r in enumerate(records) if r["type"] == "hand")
    stray = [r for r in records[first_hand:] if r["type"] == "draw"][:2]
    log = [records[0], *stray, *records[1:]]
    rp = replay(log)
    assert [(a.seq, a.code) for a in rp.anomalies] == [
        (1, "record_outside_hand"),
        (2, "record_outside_hand"),
    ]
    assert [h.no for h in rp.hands] == [1, 2, 3]
    cut = [seq for h in rp.hands for seq, _ in h.records]
    assert cut == list(range(first_hand + 2, len(log)))  # two stray records moved it on
    assert all(h.records[0][1]["type"] == "hand" for h in rp.hands)
