"""The passed-胡 bookkeeping keeps one copy of a seat's hand while it does not change: the copy
must be the hand as it was at each offer, also after the seat's own claim changed it."""

from __future__ import annotations

import pytest

from engine.replay import replay
from events.codec import parse_log

# S is not waiting before its 碰 of 5z (123m456m9p78s11z55z); after it (and throwing 9p) it waits
# on 6s/9s. It lets E's 9s go by before the 碰 (no 胡 then), W's 9s after it (a 胡), and wins on
# N's 6s before drawing.
LOG = """
{"type":"session","ruleset":"zhoushan","players":["甲","乙","丙","丁"]}
{"type":"hand","no":1,"seats":{"E":"甲","S":"乙","W":"丙","N":"丁"}}
{"type":"deal","seat":"E","tiles":"123456m123456p9s7z"}
{"type":"deal","seat":"S","tiles":"123456m9p78s1155z"}
{"type":"deal","seat":"W","tiles":"789m789p9s223344z"}
{"type":"deal","seat":"N","tiles":"77m88p12399s6s566z"}
{"type":"discard","seat":"E","tile":"9s"}
{"type":"peng","seat":"N"}
{"type":"discard","seat":"N","tile":"5z"}
{"type":"peng","seat":"S"}
{"type":"discard","seat":"S","tile":"9p"}
{"type":"draw","seat":"W","tile":"5p"}
{"type":"discard","seat":"W","tile":"9s"}
{"type":"draw","seat":"N","tile":"1p"}
{"type":"discard","seat":"N","tile":"6s"}
{"type":"win","seat":"S","how":"discard","tile":"6s","from":"N"}
"""


@pytest.mark.parametrize("ruleset", ["zhoushan", "xizhou"])
def test_a_winning_tile_let_go_after_the_seats_own_claim_is_a_passed_win(ruleset):
    records = parse_log(LOG.strip()).records
    records[0] = records[0] | {"ruleset": ruleset}
    (hand,) = replay(records).hands
    found = [(a.seq, a.code, a.message) for a in hand.anomalies]
    assert [(seq, code) for seq, code, _ in found] == [(15, "passed_win")]
    assert "(step 12)" in found[0][2]  # W's 9s, not E's (no 胡 before the 碰)
