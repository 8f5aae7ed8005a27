"""The efficiency review (效率复盘) as typed, versioned data: what the workers store per session
head and what the command line and the API print.

``to_dict`` gives plain JSON; ``from_dict`` reads it back, upcasting older versions first
(``REVIEW_VERSION`` counts the shapes; a stored review of another engine version is recomputed by
``fupan reverify``, but a reader must still open an older one).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any, TypeVar

# 2: the decisions' options, waits, rank and given-up kinds are no longer stored (computed on
# view); the 漏胡 checks of the stored version-1 reviews were older.
# 3: 漏胡 re-read from the seeds: a legal win worth 0 (zhoushan: no minimum) is missed and bars
# the next as a passed 胡; a discard win carries 地胡/海底 as the table gives them.
# 4: xizhou's face-down concealed kongs are unseen to the other seats; a limit made by a bonus
# tile drawn in play (wenling's fourth 白) is declared after its replacement, not missed.
# 5: a dealer's complete deal thrown away is a missed 天胡.
# 6: a deal-in next to a 现物 of lower shanten (also the faster cut) is avoidable, not only of equal.
# 7: every win's shanten before its winning tile, the dealer's 天胡 (its dealt tile) and a limit
# made in play (wenling's 3 得, 4 白: before the draw that made it) too.
REVIEW_VERSION = 7

_Line = TypeVar("_Line", "Decision", "MissedWin", "DealIn", "Claim")


@dataclass(frozen=True)
class Option:
    """One discard the seat could have made: the shanten after it and its effective tiles
    (kind → unseen copies)."""

    tile: str
    shanten: int
    tiles: dict[str, int]

    @property
    def effective(self) -> int:
        return sum(self.tiles.values())


@dataclass(frozen=True)
class Wait:
    """At a 听牌 choice: one waiting tile, its unseen copies and what a later win on it pays the
    seat under the ruleset's settlement (the payments to it less any it makes): ``self_draw``
    self-drawn, ``discard`` on each other seat's discard; 0 where the ruleset allows no such
    win (below its minimum, a seat barred, a tile nobody throws)."""

    tile: str
    unseen: int
    self_draw: int
    discard: dict[str, int]

    @property
    def value(self) -> float:
        """The expected payment of one unseen copy (docs/review.md): it is as likely to be drawn
        by each of the four seats; drawn by the seat, a self-draw; by another, thrown to it."""
        return (self.self_draw + sum(self.discard.values())) / 4


@dataclass(frozen=True)
class TenpaiChoice:
    """A discard that leaves the hand 听牌, with its waits weighed: Σ unseen × value."""

    discard: str
    waits: tuple[Wait, ...]

    @property
    def weight(self) -> float:
        return sum(w.unseen * w.value for w in self.waits)


@dataclass(frozen=True)
class Detail:
    """A decision's options, computed on view (the step or hand looked at) and by ``fupan
    review``, not stored: ``rank`` is the chosen discard's place (1 = among the best),
    ``given_up`` the kinds the best discard keeps effective and the chosen one does not,
    ``options`` every distinct discard best first, ``tenpai`` every cut that keeps 听牌."""

    rank: int
    given_up: tuple[str, ...]
    options: tuple[Option, ...]
    tenpai: tuple[TenpaiChoice, ...] = ()


@dataclass(frozen=True)
class Decision:
    """One discard reviewed. ``best`` are the discards with the lowest shanten and then the most
    unseen effective tiles (in tile order); ``effective`` the chosen one's unseen effective
    tiles. These are what the workers store; ``detail`` is None there."""

    step: int
    seq: int
    seat: str
    discard: str
    shanten_before: int
    shanten_after: int
    best: tuple[str, ...]
    best_shanten: int
    effective: int
    best_effective: int
    line: int | None = None
    detail: Detail | None = None

    @property
    def mark(self) -> str:
        """``best``; ``slower`` (a higher shanten than the best); ``fewer`` (same shanten, fewer
        unseen effective tiles)."""
        if self.discard in self.best:
            return "best"
        return "slower" if self.shanten_after > self.best_shanten else "fewer"

    @property
    def lost(self) -> int:
        """Unseen effective tiles given up against the best discard (0 when among the best)."""
        return 0 if self.discard in self.best else max(self.best_effective - self.effective, 0)


@dataclass(frozen=True)
class MissedWin:
    """漏胡: the seat could have won, legally under the ruleset, and did not declare it."""

    step: int
    seq: int
    seat: str
    tile: str
    how: str  # "self_draw", "discard" or "robbed_kong" (an added kong it could have robbed)
    from_seat: str | None
    value: int
    line: int | None = None


@dataclass(frozen=True)
class DealIn:
    """放炮: ``seat``'s discard won by ``winner``; ``safe`` lists discards of the same shanten or
    a lower one that the winner had itself discarded (现物) — the deal-in was avoidable when it
    is not empty."""

    step: int
    seq: int
    seat: str
    winner: str
    tile: str
    safe: tuple[str, ...]
    line: int | None = None


@dataclass(frozen=True)
class Claim:
    """A 吃/碰/杠 and the seat's shanten before and after it."""

    step: int
    seq: int
    seat: str
    kind: str
    tile: str
    shanten_before: int
    shanten_after: int
    line: int | None = None

    @property
    def raised(self) -> bool:
        return self.shanten_after > self.shanten_before


@dataclass(frozen=True)
class WinCheck:
    """A winner's shanten just before its winning tile (0: the property the tests hold over
    simulated logs): on a discard or robbed kong, self-drawn (天胡: the dealer's dealt tile), a
    limit made in play (``instant``: before the draw of the 得 or bonus tile that made it; none
    for a limit held at the deal, which no tile made)."""

    seat: str
    tile: str | None
    how: str
    shanten_before: int


@dataclass(frozen=True)
class HandReview:
    """One hand's review; ``summary`` hands (no play recorded) have nothing to review."""

    no: int
    seq: int
    seats: dict[str, str]
    summary: bool
    decisions: tuple[Decision, ...] = ()
    missed_wins: tuple[MissedWin, ...] = ()
    deal_ins: tuple[DealIn, ...] = ()
    claims: tuple[Claim, ...] = ()
    wins: tuple[WinCheck, ...] = ()


@dataclass(frozen=True)
class SessionReview:
    version: int
    ruleset: str
    hands: tuple[HandReview, ...] = field(default_factory=tuple)

    @property
    def reviewable(self) -> bool:
        return any(not h.summary for h in self.hands)

    def with_lines(self, lines: list[int]) -> SessionReview:
        """The same review with each item's source line (``lines[seq]``, from the log parser)."""

        def at(item: _Line) -> _Line:
            ok = 0 <= item.seq < len(lines)
            return dataclasses.replace(item, line=lines[item.seq] if ok else None)

        hands = tuple(
            dataclasses.replace(
                h,
                decisions=tuple(map(at, h.decisions)),
                missed_wins=tuple(map(at, h.missed_wins)),
                deal_ins=tuple(map(at, h.deal_ins)),
                claims=tuple(map(at, h.claims)),
            )
            for h in self.hands
        )
        return dataclasses.replace(self, hands=hands)

    # -- JSON -----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "ruleset": self.ruleset,
            "hands": [_hand_dict(h) for h in self.hands],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> SessionReview:
        data = upcast(data)
        return cls(data["version"], data["ruleset"], tuple(_hand(h) for h in data["hands"]))


def upcast(data: dict[str, Any]) -> dict[str, Any]:
    """A stored review brought to ``REVIEW_VERSION``; a newer one than this engine knows is
    refused. Version 1 has every decision's detail stored: read as the current version with detail (its
    figures as they were computed then)."""
    version = data.get("version")
    if not isinstance(version, int) or not 1 <= version <= REVIEW_VERSION:
        raise ValueError(f"review version {version!r}: this engine reads 1 to {REVIEW_VERSION}")
    return {**data, "version": REVIEW_VERSION}


def _hand_dict(h: HandReview) -> dict[str, Any]:
    """Per hand, per seat: decisions, missed wins, deal-ins and claims (the issue's JSON)."""
    per_seat = {}
    for seat in h.seats:
        per_seat[seat] = {
            "player": h.seats[seat],
            "decisions": [decision_dict(d) for d in h.decisions if d.seat == seat],
            "missed_wins": [_flat(m) for m in h.missed_wins if m.seat == seat],
            "deal_ins": [_flat(d) for d in h.deal_ins if d.seat == seat],
            "claims": [{**_flat(c), "raised": c.raised} for c in h.claims if c.seat == seat],
        }
    return {
        "no": h.no,
        "seq": h.seq,
        "summary": h.summary,
        "seats": per_seat,
        "wins": [_flat(w) for w in h.wins],
    }


def _flat(item: Any) -> dict[str, Any]:
    """``dataclasses.asdict`` of a record of plain values (tuples stay tuples), without its deep
    copy: a stored session review has thousands of records, and asdict cost as much as the
    review itself."""
    return {name: getattr(item, name) for name in _names(item.__class__)}


@functools.cache
def _names(cls: type[Any]) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


_LEAN = (
    "step", "seq", "seat", "discard", "shanten_before", "shanten_after", "best",
    "best_shanten", "effective", "best_effective", "line",
)  # fmt: skip


def decision_dict(d: Decision) -> dict[str, Any]:
    """A decision as JSON: its figures, its detail when it has one, its ``mark`` and ``lost``."""
    out = {name: getattr(d, name) for name in _LEAN}
    out["best"] = list(d.best)
    if d.detail is not None:
        out.update(detail_dict(d.detail))
    out["mark"], out["lost"] = d.mark, d.lost
    return out


def detail_dict(x: Detail) -> dict[str, Any]:
    """A decision's detail as JSON: ``rank``, ``given_up``, ``options``, ``tenpai``."""
    return {
        "rank": x.rank,
        "given_up": list(x.given_up),
        "options": [
            {"tile": o.tile, "shanten": o.shanten, "effective": o.effective, "tiles": o.tiles}
            for o in x.options
        ],
        "tenpai": [
            {
                "discard": t.discard,
                "weight": t.weight,
                "waits": [{**_flat(w), "value": w.value} for w in t.waits],
            }
            for t in x.tenpai
        ],
    }


def _hand(data: dict[str, Any]) -> HandReview:
    seats = {seat: s["player"] for seat, s in data["seats"].items()}
    rows = data["seats"].values()
    decisions = sorted((_decision(d) for s in rows for d in s["decisions"]), key=lambda d: d.step)
    return HandReview(
        no=data["no"],
        seq=data["seq"],
        seats=seats,
        summary=data["summary"],
        decisions=tuple(decisions),
        missed_wins=tuple(
            sorted((MissedWin(**m) for s in rows for m in s["missed_wins"]), key=lambda m: m.step)
        ),
        deal_ins=tuple(
            sorted(
                (DealIn(**{**d, "safe": tuple(d["safe"])}) for s in rows for d in s["deal_ins"]),
                key=lambda d: d.step,
            )
        ),
        claims=tuple(
            sorted(
                (
                    Claim(**{k: v for k, v in c.items() if k != "raised"})
                    for s in rows
                    for c in s["claims"]
                ),
                key=lambda c: c.step,
            )
        ),
        wins=tuple(WinCheck(**w) for w in data["wins"]),
    )


def _decision(d: dict[str, Any]) -> Decision:
    detail = None
    if "options" in d:
        detail = Detail(
            rank=d["rank"],
            given_up=tuple(d["given_up"]),
            options=tuple(Option(o["tile"], o["shanten"], dict(o["tiles"])) for o in d["options"]),
            tenpai=_tenpai(d["tenpai"]),
        )
    lean: dict[str, Any] = {name: d.get(name) for name in _LEAN}
    return Decision(**{**lean, "best": tuple(d["best"])}, detail=detail)


def _tenpai(rows: list[dict[str, Any]]) -> tuple[TenpaiChoice, ...]:
    """The 听牌 cuts; none from a version-1 review (the one that stored them), whose waits held a
    self-draw's points only, not what a wait is worth now."""
    if any("self_draw" not in w for t in rows for w in t["waits"]):
        return ()
    return tuple(
        TenpaiChoice(
            t["discard"],
            tuple(
                Wait(w["tile"], w["unseen"], w["self_draw"], dict(w["discard"])) for w in t["waits"]
            ),
        )
        for t in rows
    )
