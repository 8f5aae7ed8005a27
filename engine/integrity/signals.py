"""The integrity signals of a club: four tests over verified hands, corrected together.

- **feeding** (A, B): of A's deal-ins at tables where B sat, how many went to B, against the
  chance of each one going to B given how often each other player wins on discards (their
  wins per hand on the discards of the others but A, leaving out the discarder who gave them
  most, so that a colluding partner does not make a player look fast to everyone). A deal-in
  with several winners (一炮多响) is one event that reaches B if B is among them. Exact
  Poisson-binomial tail.
- **money_flow** (A, B): hands where the money recorded (as now in force) moved more from A to
  B than the rules settle, against hands where it moved less: under honest slips either way is
  as likely (exact sign test).
- **recording_favour** (R, P): of the payments R recorded that moved money (a disputed
  settlement R entered, a settlement R corrected), how often P was the one who gained most,
  against one chance in four (P is one of four players).
- **repeated_slips** (P): of the disputes resolved "as recorded", how often the recorded payment
  favoured P, against one chance in four.
- **play** (A, B): of A's deal-ins to B that the decision review looked at (full logs with a
  stored review), how many discards took A's hand further from 听牌 than its best choice,
  against A's other deal-ins at those tables (hypergeometric: Fisher's exact, one-sided).

Tests below the minimum sample are listed as not enough, with no p-value; the others are
corrected together (Benjamini–Hochberg) and flagged only when the q-value is at most the
threshold and, for counts against chance, the count is at least ``MIN_EFFECT`` times what
chance gives (the winners' rates are estimated, which makes small p-values come a little too
easily: measured in benchmarks/bench_integrity.py).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import permutations
from typing import Any

from engine.integrity.facts import CORRECTION, ENTRY, KEPT, HandFacts, HandRef, Shift
from engine.integrity.result import IntegrityResult, Signal
from engine.integrity.stats import (
    benjamini_hochberg,
    binomial_tail,
    hypergeometric_tail,
    tail_at_least,
)

MIN_HANDS = 100  # hands two players sat together before their pair is tested
MIN_EVENTS = 8  # recorded payments behind a recorder's or a player's test
THRESHOLD = 0.05  # the false discovery rate a flag stands for
MAX_REFS = 200  # hands linked from one signal
PRIOR_HANDS = 200  # the table mean's weight in a winner's rate, in hands
MIN_EFFECT = 1.5  # a count flagged is at least half again what chance gives


def integrity(
    hands: Sequence[HandFacts],
    club: str,
    since: str | None = None,
    until: str | None = None,
    min_hands: int = MIN_HANDS,
    min_events: int = MIN_EVENTS,
    threshold: float = THRESHOLD,
) -> IntegrityResult:
    """Every signal of ``hands`` (one club's, one period's), flagged where they stand out."""
    raw = (
        feeding(hands, min_hands)
        + money_flow(hands, min_hands)
        + recording_favour(hands, min_events)
        + repeated_slips(hands, min_events)
        + play(hands, min_hands)
    )
    tested = [i for i, s in enumerate(raw) if s["enough"]]
    q = benjamini_hochberg([raw[i]["p_value"] for i in tested])
    for i, qv in zip(tested, q, strict=True):
        raw[i]["q_value"] = qv
        raw[i]["flagged"] = qv <= threshold and (
            raw[i]["kind"] == "money_flow" or raw[i]["effect"] >= MIN_EFFECT
        )
    signals = sorted((Signal(**s) for s in raw), key=_order)
    return IntegrityResult(club=club, since=since, until=until, hands=len(hands),
                           min_hands=min_hands, min_events=min_events, threshold=threshold,
                           signals=tuple(signals))  # fmt: skip


def _order(s: Signal) -> tuple[bool, bool, float, str, tuple[str, ...]]:
    return (not s.flagged, not s.enough, s.q_value if s.q_value is not None else 2.0,
            s.kind, s.players)  # fmt: skip


def _signal(
    kind: str,
    players: Iterable[str],
    hands: int,
    events: int,
    observed: int,
    expected: float,
    effect: float,
    p: float | None,
    enough: bool,
    refs: Sequence[HandRef],
) -> dict[str, Any]:
    return {"kind": kind, "players": tuple(players), "hands": hands, "events": events,
            "observed": observed, "expected": round(expected, 6), "effect": round(effect, 6),
            "p_value": p if enough else None, "q_value": None, "flagged": False,
            "enough": enough, "refs": tuple(refs[-MAX_REFS:])}  # fmt: skip


def together(hands: Iterable[HandFacts]) -> dict[tuple[str, str], list[HandFacts]]:
    """Ordered pair -> the hands both sat at; pairs who never sat together are absent."""
    out: dict[tuple[str, str], list[HandFacts]] = defaultdict(list)
    for h in hands:
        for a, b in permutations(h.players, 2):
            out[(a, b)].append(h)
    return out


def feeding(hands: Sequence[HandFacts], min_hands: int) -> list[dict[str, Any]]:
    pairs = together(hands)
    wins_off: dict[tuple[str, str], int] = Counter()  # (discarder, winner) -> wins
    for h in hands:
        for discarder, winners in h.deal_ins:
            for w in winners:
                wins_off[(discarder, w)] += 1
    givers: dict[str, list[tuple[float, str]]] = defaultdict(list)  # winner -> (rate, discarder)
    for (d, x), shared in pairs.items():
        givers[x].append((wins_off[(d, x)] / len(shared), d))

    all_wins = sum(wins_off.values())
    mean = all_wins / max(1, sum(len(shared) for shared in pairs.values()))

    def rate(x: str, a: str) -> float:
        """x's wins per hand on the discards of the others but a, leaving out the one who gave
        x the most (one partner must not make x look fast to everyone), drawn towards the
        table's mean by ``PRIOR_HANDS`` hands' worth of it (a few hundred hands say little
        about one player's speed)."""
        others = sorted(g for g in givers[x] if g[1] != a)
        if len(others) > 1:
            others = others[:-1]
        wins = sum(wins_off[(d, x)] for _, d in others)
        hands = sum(len(pairs[(d, x)]) for _, d in others)
        return (wins + PRIOR_HANDS * mean + 0.5) / (hands + PRIOR_HANDS + 1)

    out = []
    for (a, b), shared in sorted(pairs.items()):
        chances, refs = [], []
        for h in shared:
            others = [p for p in h.players if p != a]
            for discarder, winners in h.deal_ins:
                if discarder != a:
                    continue
                chances.append(_reaches(b, others, len(winners), partial(rate, a=a)))
                if b in winners:
                    refs.append(h.ref)
        expected = sum(chances)
        enough = len(shared) >= min_hands
        p = tail_at_least(chances, len(refs)) if enough else None
        effect = len(refs) / expected if expected else 0.0
        out.append(
            _signal(
                "feeding",
                (a, b),
                len(shared),
                len(chances),
                len(refs),
                expected,
                effect,
                p,
                enough,
                refs,
            )
        )
    return out


def _reaches(b: str, others: list[str], winners: int, rate: Callable[[str], float]) -> float:
    """The chance that a deal-in with ``winners`` winners among ``others`` reaches ``b`` when
    each wins independently of the discarder in proportion to their rate: one winner, b's share;
    two, the share of the pairs that hold b (weight: the product of the rates); three, 1."""
    if winners >= len(others):
        return 1.0
    w = {x: rate(x) for x in others}
    if winners == 1:
        return w[b] / sum(w.values())
    pairs = [(x, y) for i, x in enumerate(others) for y in others[i + 1 :]]
    total = sum(w[x] * w[y] for x, y in pairs)
    return sum(w[x] * w[y] for x, y in pairs if b in (x, y)) / total


def money_flow(hands: Sequence[HandFacts], min_hands: int) -> list[dict[str, Any]]:
    out = []
    for (a, b), shared in sorted(together(hands).items()):
        more = [h for h in shared if h.residual.get((a, b))]
        less = [h for h in shared if h.residual.get((b, a))]
        amount = sum(h.residual.get((a, b), 0) - h.residual.get((b, a), 0) for h in shared)
        n = len(more) + len(less)
        enough = len(shared) >= min_hands
        p = binomial_tail(n, len(more), 0.5) if enough else None
        out.append(
            _signal(
                "money_flow",
                (a, b),
                len(shared),
                n,
                len(more),
                n / 2,
                amount,
                p,
                enough,
                [h.ref for h in more],
            )
        )
    return out


def recording_favour(hands: Sequence[HandFacts], min_events: int) -> list[dict[str, Any]]:
    by: dict[str, list[tuple[HandFacts, Shift]]] = defaultdict(list)
    for h in hands:
        for s in h.shifts:
            if s.kind in (ENTRY, CORRECTION) and s.by is not None:
                by[s.by].append((h, s))
    out = []
    for recorder, events in sorted(by.items()):
        out += _favour("recording_favour", (recorder,), events, min_events)
    return out


def play(hands: Sequence[HandFacts], min_hands: int) -> list[dict[str, Any]]:
    """Of A's reviewed deal-ins at hands where B sat, those to B whose discard was ``slower``
    than A's best choice, against A's other deal-ins there (a hypergeometric tail)."""
    out = []
    for (a, b), shared in sorted(together(hands).items()):
        mine = [(h, w, slow) for h in shared for d, w, slow in h.plays if d == a]
        if not mine:
            continue
        to_b = [(h, slow) for h, w, slow in mine if w == b]
        slow_all = sum(slow for _, _, slow in mine)
        refs = [h.ref for h, slow in to_b if slow]
        expected = len(to_b) * slow_all / len(mine)
        enough = len(shared) >= min_hands and bool(to_b)
        p = hypergeometric_tail(len(mine), slow_all, len(to_b), len(refs)) if enough else None
        out.append(
            _signal(
                "play",
                (a, b),
                len(shared),
                len(to_b),
                len(refs),
                expected,
                len(refs) / expected if expected else 0.0,
                p,
                enough,
                refs,
            )
        )
    return out


def repeated_slips(hands: Sequence[HandFacts], min_events: int) -> list[dict[str, Any]]:
    events = [(h, s) for h in hands for s in h.shifts if s.kind == KEPT]
    return _favour("repeated_slips", (), events, min_events)


def _favour(
    kind: str, lead: tuple[str, ...], events: list[tuple[HandFacts, Shift]], min_events: int
) -> list[dict[str, Any]]:
    """Per player seated at the events that had one clear beneficiary: how often it was them,
    against one in four (a binomial upper tail)."""
    clear = [(h, s.beneficiary) for h, s in events if s.beneficiary is not None]
    out = []
    for player in sorted({p for h, _ in clear for p in h.players}):
        seated = [(h, gainer) for h, gainer in clear if player in h.players]
        refs = [h.ref for h, gainer in seated if gainer == player]
        n = len(seated)
        enough = n >= min_events
        p = binomial_tail(n, len(refs), 0.25) if enough else None
        out.append(
            _signal(
                kind,
                (*lead, player),
                n,
                n,
                len(refs),
                n / 4,
                len(refs) / (n / 4) if n else 0.0,
                p,
                enough,
                refs,
            )
        )
    return out
