"""Property: in every ruleset, a valid simulated hand with one claim changed into an impossible one
gets an anomaly on the record that makes the claim, and no payment depends on the claim (the
expected payments are those of the hand without it, or nothing for a win that cannot stand).

A seeded loop over simulated sessions (engine.simulate: legal hands, the ruleset's own
settlement), summary and full logs. The counts of mutations tried and caught are printed and
written in docs/report.md (run with ``-s`` to see them)."""

import copy
from collections import Counter

import pytest

from engine.audit import audit_records
from engine.rulesets import SHIPPED, get_ruleset
from engine.simulate import generate_session
from engine.tiles import FACES

HANDS = 24


def hands_of(records: list[dict]) -> list[list[dict]]:
    """Each hand as a log of its own: the session record, then the hand's records."""
    starts = [i for i, r in enumerate(records) if r["type"] == "hand"]
    return [
        [records[0], *records[a:b]]
        for a, b in zip(starts, [*starts[1:], len(records)], strict=True)
    ]


def seen_tiles(log: list[dict]) -> Counter:
    seen = Counter()
    for r in log:
        if r["type"] == "showdown":
            seen.update(r["concealed"])
            seen.update(r.get("revealed", ()))
            seen.update(t for m in r.get("melds", ()) for t in m["tiles"])
        elif r["type"] == "wildcard":
            seen[r["indicator"]] += 1
    return seen


def _win_at(log):
    return next(((i, r) for i, r in enumerate(log) if r["type"] == "win"), (None, None))


def impossible_flag(log, rs, opts, summary):
    """Add a flag whose needs the win does not meet (win kind, dealer, kong shown, …)."""
    i, w = _win_at(log)
    if w is None:
        return None
    shows = {r["seat"]: r for r in log if r["type"] == "showdown"}
    mine = shows.get(w["seat"], {})
    has_kong = any(m["kind"].startswith("gang") for m in mine.get("melds", ()))
    for flag, rule in sorted(rs.flag_rules.items()):
        # a full log's flag the ruleset judges from the play is tried when it can judge it
        if flag in w.get("flags", ()) or not (summary or rule.from_play or rule.played):
            continue
        broken = (
            w["how"] not in rule.hows
            or (rule.dealer is True and w["seat"] != "E")
            or (rule.dealer is False and w["seat"] == "E")
            or (rule.from_dealer and w.get("from") != "E")
            or (rule.needs_kong and not has_kong)
            or (rule.needs_reveal and not mine.get("revealed"))
        )
        if broken:
            out = copy.deepcopy(log)
            out[i]["flags"] = sorted({*w.get("flags", ()), flag})
            return out, i, "impossible_flag" if summary else "flag_not_borne_out"
    return None


def never_revealed(log, rs, opts, summary):
    """Reveal (in a showdown) a tile kind the ruleset never reveals, with a copy to spare."""
    if not summary:
        return None
    wild = frozenset(
        rs.wildcards(next((r["indicator"] for r in log if r["type"] == "wildcard"), None), opts)
    )
    seen = seen_tiles(log)
    tile = next((t for t in FACES if seen[t] < 4 and not rs.is_bonus(t, wild, opts)), None)
    i = next((i for i, r in enumerate(log) if r["type"] == "showdown"), None)
    if tile is None or i is None:
        return None
    out = copy.deepcopy(log)
    out[i]["revealed"] = sorted([*out[i].get("revealed", ()), tile])
    return out, i, "not_revealable"


def winning_tile_hidden(log, rs, opts, summary):
    """Swap every copy of the winning tile in the winner's shown hand for another tile."""
    i, w = _win_at(log)
    if not summary or w is None or not w.get("tile"):
        return None
    j = next(
        (j for j, r in enumerate(log) if r["type"] == "showdown" and r["seat"] == w["seat"]), None
    )
    seen = seen_tiles(log)
    spare = [t for t in FACES if seen[t] < 3 and t != w["tile"]]
    n = log[j]["concealed"].count(w["tile"]) if j is not None else 0
    if not n or not spare:
        return None
    out = copy.deepcopy(log)
    out[j]["concealed"] = [t for t in out[j]["concealed"] if t != w["tile"]] + [spare[0]] * n
    return out, i, "win_tile_not_shown"


def non_winner_short(log, rs, opts, summary):
    """Drop one concealed tile from a non-winner's shown hand."""
    winners = {r["seat"] for r in log if r["type"] == "win"}
    j = next(
        (
            j
            for j, r in enumerate(log)
            if r["type"] == "showdown" and r["seat"] not in winners and r["concealed"]
        ),
        None,
    )
    if not summary or j is None:
        return None
    out = copy.deepcopy(log)
    out[j]["concealed"] = out[j]["concealed"][1:]
    return out, j, "shown_hand_size"


MUTATIONS = (impossible_flag, never_revealed, winning_tile_hidden, non_winner_short)


def _payments(hand):
    return sorted((p["from"], p["to"], p["amount"]) for p in hand["expected_payments"])


def run(ruleset: str, summary: bool) -> Counter:
    """Mutate every valid hand once per applicable mutation; count tried and caught."""
    rs = get_ruleset(ruleset)
    records, _ = generate_session(ruleset, HANDS, seed=11, summary=summary)
    opts = rs.options(records[0].get("options"))
    counts = Counter()
    for log in hands_of(records):
        clean = audit_records(log)["hands"][0]
        if clean["anomalies"] or clean["disputes"]:
            continue
        for mutate in MUTATIONS:
            found = mutate(log, rs, opts, summary)
            if found is None:
                continue
            mutated, seq, code = found
            hand = audit_records(mutated)["hands"][0]
            counts[f"{mutate.__name__} tried"] += 1
            flagged = (seq, code) in [(a["seq"], a["code"]) for a in hand["anomalies"]]
            if mutate in (impossible_flag, never_revealed):
                independent = _payments(hand) == _payments(clean)
            elif mutate is winning_tile_hidden:
                winner = log[seq]["seat"]
                independent = all(p[1] != winner for p in _payments(hand))
            else:
                independent = log[seq]["seat"] not in hand["points"]
            assert flagged and independent, (ruleset, summary, mutate.__name__, hand["anomalies"])
            counts[f"{mutate.__name__} caught"] += 1
    return counts


@pytest.mark.parametrize("summary", [True, False], ids=["summary", "full"])
@pytest.mark.parametrize("ruleset", SHIPPED)
def test_one_impossible_claim_is_caught_and_pays_nothing(ruleset, summary):
    counts = run(ruleset, summary)
    print(ruleset, "summary" if summary else "full", dict(sorted(counts.items())))
    assert sum(n for k, n in counts.items() if k.endswith("tried")) >= 10
    for key, n in counts.items():
        if key.endswith("tried"):
            assert counts[key.replace("tried", "caught")] == n
