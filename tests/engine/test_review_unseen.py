"""The walk's unseen copies, kept up as the hand goes (a river's count grows by its discards,
what every seat shows is counted again after any other record), against the count made from
scratch at each decision: every seat's melds, revealed tiles and unclaimed discards, the 得
indicator set aside, and (xizhou) the face-down concealed kongs of the other closed seats."""

from __future__ import annotations

import pytest

from engine.efficiency import Unseen, seen_count
from engine.model import SEATS
from engine.replay import replay
from engine.review import walk
from engine.rulesets import SHIPPED
from engine.simulate.session import generate_session


def _from_scratch(w: walk._Walk, seat: str) -> dict[str, int]:
    t, hide = w.table, w.rs.concealed_kong_hidden_while_closed
    seen = list(t.concealed(seat))
    for s in SEATS:
        if not (hide and s != seat and not any(m.kind in walk._OPEN_MELDS for m in t.melds[s])):
            seen += [x for m in t.melds[s] for x in m.tiles]
        else:
            seen += [x for m in t.melds[s] if m.kind != "gang_concealed" for x in m.tiles]
        seen += list(t.revealed[s]) + [d[0] for d in t.discards[s] if d[2] is None]
    if t.indicator and not w.rs.indicator_in_wall(w.opts):
        seen.append(t.indicator)
    return dict(Unseen(w.copies, seen_count(seen)))


@pytest.mark.parametrize("ruleset", SHIPPED)
def test_the_kept_unseen_count_is_the_count_from_scratch_at_every_decision(ruleset, monkeypatch):
    checked = []
    kept = walk._Walk._unseen

    def compare(self: walk._Walk, seat: str, concealed: tuple[str, ...]) -> Unseen:
        got = kept(self, seat, concealed)
        assert dict(got) == _from_scratch(self, seat)
        checked.append(seat)
        return got

    monkeypatch.setattr(walk._Walk, "_unseen", compare)
    for seed in (3, 4):
        for hand in replay(generate_session(ruleset, 6, seed=seed)[0]).hands:
            walk.review_hand(hand, detail=False)
    assert len(checked) > 200  # every discard of twelve hands
