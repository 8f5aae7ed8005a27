"""What the two 台-counting rulesets (zhoushan, xizhou) truly share: the 144-tile set, which
flower belongs to which seat, the facts about a winning hand that their 台 items test (pungs,
suits, wait shape, claims between seats), how a winner is scored from its 台 items
(``TaiWinner``), and the table mistakes a 台 count invites.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from operator import itemgetter
from typing import Any, NamedTuple

from engine.hand import HandError
from engine.hand import readings as hand_readings
from engine.model import (
    FLAG_BONUS_REPLACEMENT,
    FLAG_KONG_REPLACEMENT,
    KIND,
    SEAT,
    SEATS,
    SEQ,
    SOURCE,
    WALL_LEFT,
    Action,
    HandOutcome,
    Meld,
    Showdown,
    StepFields,
    Win,
    who,
)
from engine.rulesets.base import (
    Anomaly,
    Item,
    Mistake,
    Payment,
    ScoreLine,
    Scoring,
    Step,
    Text,
    option,
    payment,
    reading_words,
    step,
)
from engine.tiles import FACES, FLOWERS

SEASONS = ("1f", "2f", "3f", "4f")  # 春夏秋冬
PLANTS = ("5f", "6f", "7f", "8f")  # 梅兰竹菊 (tile numbering of the v1 spec)

# Which flowers are a seat's own (正花). "spec": n and n+4 belong to seat n (东=春梅, 南=夏兰,
# 西=秋竹, 北=冬菊), the order 春夏秋冬梅兰竹菊. "tile_numbers": the numbers printed on real
# tiles, 梅1 兰2 菊3 竹4 (the order a seed writes as 梅兰菊竹): 西=秋菊, 北=冬竹.
FLOWER_ORDERS = {
    "spec": Text("东=春梅 南=夏兰 西=秋竹 北=冬菊",
                 "East: spring and plum, South: summer and orchid, West: autumn and bamboo, "
                 "North: winter and chrysanthemum"),
    "tile_numbers": Text("按牌上的数字梅1兰2菊3竹4：东=春梅 南=夏兰 西=秋菊 北=冬竹",
                         "by the numbers on the tiles (plum 1, orchid 2, chrysanthemum 3, bamboo 4): "
                         "East: spring and plum, South: summer and orchid, West: autumn and "
                         "chrysanthemum, North: winter and bamboo"),
}  # fmt: skip


def barred_win_option() -> Any:
    """The option ``barred_win_stands`` of both 台 rulesets, which bar a win after a passed 胡
    before the seat's own next draw (``Ruleset.passed_win_waits_for_draw``)."""
    return option(
        False,
        "a win after a passed win, before the seat's own next draw (which the rules bar), is "
        "still scored and paid as the table played it (default: it is no win and owes nothing)",
        zh="放弃过的胡在自己摸牌前又胡（规则不许）时照常算分付钱（默认：不算胡，不付钱）",
    )


_PLANT_SEAT = {
    "spec": {"5f": "E", "6f": "S", "7f": "W", "8f": "N"},
    "tile_numbers": {"5f": "E", "6f": "S", "8f": "W", "7f": "N"},
}


def tile_counts_144() -> dict[str, int]:
    """4 of each of the 34 faces and 1 of each of the 8 flowers: 144 tiles."""
    return dict.fromkeys(FACES, 4) | dict.fromkeys(FLOWERS, 1)


def flower_seat(flower: str, order: str) -> str:
    """The seat whose own flower (正花) this is."""
    if flower in SEASONS:
        return SEATS[SEASONS.index(flower)]
    return _PLANT_SEAT[order][flower]


def complete_flower_sets(flowers: Iterable[str]) -> list[tuple[str, ...]]:
    """The full sets (春夏秋冬 and/or 梅兰竹菊) among ``flowers``."""
    have = set(flowers)
    return [group for group in (SEASONS, PLANTS) if have.issuperset(group)]


# -- the winning hand --------------------------------------------------------------------


class WinHand(NamedTuple):
    """One reading of a winner's hand: what the 台 items look at.

    ``concealed`` are the standing tiles (the winning tile included, no flowers); ``sets`` are
    ``(kind, face)`` for every set, fixed melds included (kind ``chow``/``pung``; a kong is a
    ``pung`` here), ``pair`` the pair's face, ``wait`` the decomposition's wait shape. What every
    reading of the hand shares is worked out once: ``faces`` (every tile, concealed and melds,
    flowers excluded), their ``flush`` and the ``flowers`` the seat revealed (sorted).
    """

    seat: str
    win: Win
    show: Showdown
    concealed: tuple[str, ...]
    sets: tuple[tuple[str, str], ...]
    pair: str
    wait: str | None
    faces: tuple[str, ...]
    flush: str | None
    flowers: tuple[str, ...]

    @property
    def flags(self) -> frozenset[str]:
        """The win's flags: the replay derives them for a full log, a summary log states them."""
        return self.win.flags

    @property
    def self_drawn(self) -> bool:
        return self.win.how == "self_draw"

    def pung_faces(self) -> list[str]:
        return [face for kind, face in self.sets if kind == "pung"]

    def all_pungs(self) -> bool:
        return all(kind == "pung" for kind, _ in self.sets)

    def all_chows(self) -> bool:
        return all(kind == "chow" for kind, _ in self.sets)

    def open_melds(self) -> list[Meld]:
        """Melds made from another seat's tile (吃, 碰, 明杠, and a 加杠 on a 碰)."""
        return [m for m in self.show.melds if m.kind != "gang_concealed"]


_new = tuple.__new__  # (a WinHand without NamedTuple's ``__new__``, which parses in Python)


def flush(faces: Iterable[str]) -> str | None:
    """``qing`` 清一色 (one suit only), ``hun`` 混一色 (one suit and honors), ``zi`` 字一色 (honors
    only), or None."""
    suits = {t[1] for t in faces}
    if suits == {"z"}:
        return "zi"
    if len(suits - {"z"}) != 1:
        return None
    return "hun" if "z" in suits else "qing"


def readings(win: Win, show: Showdown) -> Iterator[WinHand]:
    """Every reading of the winner's hand (engine.hand.decompositions' order), as
    :class:`WinHand`: the sets once a grouping, one WinHand per winning-tile shape."""
    concealed = tuple(t for t in show.concealed if t[1] != "f")  # (is_flower, inline: per tile)
    melds = tuple(show.melds)
    meld_sets = tuple(("chow" if m.kind == "chi" else "pung", m.face) for m in melds)
    faces = (*concealed, *(t for m in melds for t in m.tiles))
    shared = faces, flush(faces), tuple(_flowers(show))
    for r in hand_readings(concealed, melds, (), win.tile):
        sets = meld_sets + tuple(  # (a group's faces ascend: its first is its lowest)
            ("chow" if g.kind == "chow" else "pung", g.faces[0]) for g in r.sets
        )
        pair = r.pair.faces[0]
        for _, wait in r.shapes:
            yield _new(WinHand, (win.seat, win, show, concealed, sets, pair, wait, *shared))


def flowers_of(outcome: HandOutcome, seat: str) -> list[str]:
    """The flowers ``seat`` revealed (from its showdown; a full log's reveals are there too)."""
    show = outcome.showdowns.get(seat)
    return [] if show is None else _flowers(show)


def _flowers(show: Showdown) -> list[str]:
    return sorted({t for t in (*show.revealed, *show.concealed) if t[1] == "f"})  # (is_flower)


def reading_points(
    win: Win,
    show: Showdown | None,
    count: Callable[[WinHand], tuple[ScoreLine, ...]],
    cap: int,
    minimum: int = 0,
) -> Iterator[tuple[int, str, str]]:
    """``(台 paid, zh, en)`` of every reading of a winner's hand, as :func:`score_wins` would pay
    it (after the cap; 0 below ``minimum``), described by the wait the winning tile made."""
    if show is None or not win.tile:
        return
    try:
        for hand in readings(win, show):
            raw = total(count(hand))
            points = 0 if raw < minimum else min(raw, cap) if cap else raw
            yield (points, *reading_words((), hand.wait, win.tile))
    except HandError:
        return


# -- history: kongs and claims ---------------------------------------------------------------


def last_kong(outcome: HandOutcome, seat: str) -> tuple[str, str | None] | None:
    """``(kind, from_seat)`` of the last 杠 ``seat`` made, kind one of ``exposed``/``concealed``/
    ``added``: from the actions of a full log, else the last kong listed in its showdown (a
    summary log lists melds in the order they were made)."""
    if outcome.actions is not None:
        for a in reversed(_kongs(outcome.actions)):
            if a.seat == seat:
                kind = (a.source or "exposed").removeprefix("gang_")
                return kind, a.from_seat
        return None
    show = outcome.showdowns.get(seat)
    kongs = [m for m in (show.melds if show else ()) if m.is_kong]
    if not kongs:
        return None
    return kongs[-1].kind.removeprefix("gang_"), kongs[-1].from_seat


def _kongs(actions: Sequence[Action]) -> tuple[Action, ...]:
    """The 杠 steps of a hand's play; memoised for the last hand asked (its scoring and its 承包
    ask several times; the pair is swapped whole, so threads are safe). (A comprehension: a
    ``compress`` over ``map(str.__eq__, …)`` costs twice as much, the bound slot wrapper
    making an argument tuple a step.)"""
    global _last_kongs
    last = _last_kongs
    if last[0] is not actions:
        kongs = tuple([a for a in actions if a.kind == _GANG])
        last = _last_kongs = (actions, kongs)
    return last[1]


_GANG = "gang"
_last_kongs: tuple[Sequence[Action], tuple[Action, ...]] = ((), ())


def on_kong_replacement(outcome: HandOutcome, win: Win) -> bool:
    """Is ``win`` self-drawn on its kong's replacement? Also when that replacement was a flower
    and the win came on the flower's own replacement: a full log shows only back draws and
    reveals of the winner since its kong (the replay flags such a win ``bonus_replacement``)."""
    if win.how != "self_draw":
        return False
    if FLAG_KONG_REPLACEMENT in win.flags:
        return True
    if FLAG_BONUS_REPLACEMENT not in win.flags or outcome.actions is None:
        return False
    for a in reversed(outcome.actions):
        if a.seat != win.seat or a.kind in ("win", "reveal"):
            continue
        if a.kind != "draw" or a.source != "back":
            return a.kind == "gang"
    return False


def kong_feeder(outcome: HandOutcome, win: Win) -> str | None:
    """The seat whose discard the winner konged (明杠) right before winning on the kong's
    replacement tile, a flower replaced on the way or not, or another kong made on that
    replacement (a 杠上杠 continues the kong it was made on) (zhoushan's 杠上开花包三家, xizhou's
    送杠胡); None for any other win. A summary log has no turns: :func:`listed_chain_start`."""
    if not on_kong_replacement(outcome, win):
        return None
    if outcome.actions is not None:
        return exposed_from(chain_start(outcome.actions, win.seat))
    return listed_exposed_from(listed_chain_start(outcome, win.seat))


def chain_start(actions: Sequence[Action], seat: str, after_discard: bool = False) -> Action | None:
    """The first 杠 of ``seat``'s last turn: of the kongs it made one after another, each on the
    replacement of the one before (flowers shown and replaced on the way), the first — a 明杠
    of a discard, or its own. None if that turn made no kong. ``after_discard``: the turn that
    ended with the seat's last step, a discard (the 杠后炮)."""
    first = None
    for a in reversed(actions):
        if a.seat != seat or a.kind in ("win", "reveal"):
            continue
        if after_discard:
            if a.kind != "discard":
                return None
            after_discard = False
        elif a.kind == "gang":
            first = a
        elif a.kind != "draw" or a.source != "back":
            return first
    return first


def listed_chain_start(outcome: HandOutcome, seat: str) -> Meld | None:
    """A summary log's :func:`chain_start`: the last 杠 listed in ``seat``'s showdown (melds are
    listed in the order made) or, when it says it was made ``on_replacement`` of the 杠 listed
    before it (杠上杠), that one, back to the chain's first. None if it lists no 杠."""
    show = outcome.showdowns.get(seat)
    melds = show.melds if show else ()
    at = next((i for i in range(len(melds) - 1, -1, -1) if melds[i].is_kong), None)
    if at is None:
        return None
    while melds[at].on_replacement and at > 0 and melds[at - 1].is_kong:
        at -= 1
    return melds[at]


def listed_exposed_from(kong: Meld | None) -> str | None:
    """Whose discard a listed ``kong`` took, if it is a 明杠."""
    return kong.from_seat if kong is not None and kong.kind == "gang_exposed" else None


def exposed_from(kong: Action | None) -> str | None:
    """Whose discard ``kong`` took, if it is a 明杠."""
    if kong is None or (kong.source or "gang_exposed") != "gang_exposed":
        return None
    return kong.from_seat


def made_kong(outcome: HandOutcome, seat: str) -> bool:
    """Did ``seat`` make any 杠 this hand?"""
    return last_kong(outcome, seat) is not None


def claim_counts(outcome: HandOutcome) -> Counter[tuple[str, str]]:
    """``{(claimer, discarder): n}``: how many 吃/碰/明杠 each seat made on each other's discards.
    A full log counts its claim actions; a summary log counts the showdown melds' ``from`` (a 加杠
    counts once, for the 碰 it grew from)."""
    if outcome.actions is not None:
        return action_claims(outcome.actions)
    counts: Counter[tuple[str, str]] = Counter()
    for seat, show in outcome.showdowns.items():
        for m in show.melds:
            if m.kind != "gang_concealed" and m.from_seat and m.from_seat != seat:
                counts[(seat, m.from_seat)] += 1
    return counts


def action_claims(actions: Iterable[Action]) -> Counter[tuple[str, str]]:
    """:func:`claim_counts` of a run of play steps (those with a ``from_seat`` picked out by a
    C loop first: draws and discards, most of a hand, have none)."""
    steps = actions if isinstance(actions, (list, tuple)) else list(actions)
    return Counter(
        (a.seat, a.from_seat)
        for a in compress(steps, map(_FROM_SEAT, steps))
        if a.from_seat != a.seat
        and (a.kind in ("chi", "peng") or (a.kind == "gang" and a.source == "gang_exposed"))
    )


_FROM_SEAT = itemgetter(Action._fields.index("from_seat"))  # (an item: cheaper than attrgetter)


# -- restrictions the replay cannot see generically ----------------------------------------------


def claim_on_last(
    action: StepFields, history: Sequence[StepFields], dead_wall: int
) -> Anomaly | None:
    """No 吃/碰/杠 on the discard made after the last tile was drawn, and no 杠 on the last tile
    (steps by position: ``engine.model.SEQ`` …)."""
    kind = action[KIND]
    if kind in ("chi", "peng") or (kind == "gang" and action[SOURCE] == "gang_exposed"):
        fed = None
        for a in reversed(history):  # (the claimed discard: normally the last step)
            if a[KIND] == "discard":
                fed = a
                break
        if fed is not None and (left := fed[WALL_LEFT]) is not None and left <= dead_wall:
            return Anomaly(
                action[SEQ],
                "claim_last_discard",
                "error",
                f"{who(action[SEAT])} claims the discard made after the last tile",
            )
    elif kind == "gang" and (left := action[WALL_LEFT]) is not None and left <= dead_wall:
        return Anomaly(
            action[SEQ],
            "kong_last_tile",
            "error",
            f"{who(action[SEAT])} kongs after drawing the last tile",
        )
    return None


# -- scoring helpers ---------------------------------------------------------------------------


@lru_cache(maxsize=1024, typed=True)
def line(code: str, zh: str, en: str, value: int, count: int = 1) -> ScoreLine:
    """(Memoised: a ScoreLine is immutable, and a few dozen recur in every hand.)"""
    return ScoreLine(code=code, zh=zh, en=en, value=value, unit="台", count=count)


# A ruleset's 台 items: code -> (zh, en, 台); 台 None when an option sets it.
ItemTable = Mapping[str, tuple[str, str, int | None]]


def item_line(table: ItemTable, code: str, count: int = 1, value: int | None = None) -> ScoreLine:
    """The line of ``count`` items ``code`` at the table's value (or ``value``, from an option)."""
    zh, en, fixed = table[code]
    amount = fixed if value is None else value
    assert amount is not None  # an item whose 台 an option sets is given its value
    return line(code, zh, en, amount, count)


def items(
    table: ItemTable, set_by: Mapping[str, tuple[int, str]], about: Mapping[str, Text]
) -> tuple[Item, ...]:
    """The rules' list of a table: an item whose 台 is None takes ``set_by[code]`` =
    (台, the option that sets it); ``about[code]`` says what it is."""
    out = []
    for code, (zh, en, value) in table.items():
        option = None
        if value is None:
            value, option = set_by[code]
        out.append(Item(code, zh, en, value, "台", option, about=about[code]))
    return tuple(out)


def total(lines: Iterable[ScoreLine]) -> int:
    return sum(ln.value * ln.count for ln in lines)


def capped(raw: int, cap: int, steps: list[Step] | None = None) -> int:
    """The 台 paid on: the sum, at most ``cap`` (0: no cap). ``steps``, when given, receives
    the arithmetic (the readings' search leaves it out)."""
    points = min(raw, cap) if cap else raw
    if steps is not None:
        steps += [step("tai_sum", raw)] + ([step("cap", points, cap)] if cap else [])
    return points


def score_wins(
    outcome: HandOutcome,
    count: Callable[[WinHand], tuple[ScoreLine, ...]],
    cap: int,
    minimum: int = 0,
) -> dict[str, Scoring]:
    """Every winner's scoring on its best reading (most 台 after the cap, then before it). A hand
    that is no win scores 0 with ``limit="not_winning"``; one with fewer than ``minimum`` 台
    scores 0 with ``limit="below_minimum"`` (the audit reports it, see ``score_anomalies``)."""
    result = {}
    for win in outcome.wins:
        show = outcome.showdowns.get(win.seat)
        best, key = None, None
        try:
            for hand in readings(win, show) if show and win.tile else ():
                lines = count(hand)
                raw = total(lines)
                k = (capped(raw, cap), raw)
                if key is None or k > key:
                    best, key = lines, k
        except HandError:  # impossible tiles; the replay reports them as not_winning
            best = None
        if best is None:
            result[win.seat] = Scoring(win.seat, 0, (), 0, limit="not_winning")
            continue
        steps: list[Step] = []
        raw = total(best)
        points = capped(raw, cap, steps)
        if raw < minimum:
            steps.append(step("below_minimum", 0, minimum))
            result[win.seat] = Scoring(
                win.seat, 0, best, raw, limit="below_minimum", steps=tuple(steps)
            )
        else:
            result[win.seat] = Scoring(win.seat, points, best, raw, steps=tuple(steps))
    return result


# One reading's 台 lines, before the cap: (the reading, the hand, the options).
CountTai = Callable[[WinHand, HandOutcome, Any], tuple[ScoreLine, ...]]


@dataclass(frozen=True)
class TaiWinner:
    """A 台 ruleset's winner part (``engine.rulesets.assembled.Winner``): ``count`` gives each
    reading's 台, the best reading is paid, at most ``cap`` of the options (0: none), and a
    win under ``minimum`` 台 is no win; ``listed`` gives the rules page's items."""

    count: CountTai
    listed: Callable[[Any], tuple[Item, ...]]
    cap: Callable[[Any], int] = lambda opts: 0
    minimum: int = 0

    def score(self, outcome: HandOutcome, opts: Any) -> dict[str, Scoring]:
        count = self.count
        return score_wins(outcome, lambda h: count(h, outcome, opts), self.cap(opts), self.minimum)

    def readings(self, outcome: HandOutcome, win: Win, opts: Any) -> Iterator[tuple[int, str, str]]:
        show, count = outcome.showdowns.get(win.seat), self.count
        return reading_points(
            win, show, lambda h: count(h, outcome, opts), self.cap(opts), self.minimum
        )

    def items(self, opts: Any) -> tuple[Item, ...]:
        return self.listed(opts)


def paid(payer: str, payee: str, amount: int, rule: tuple[str, str], formula: str) -> Payment:
    """A payment made by ``rule`` (zh, en) with its arithmetic."""
    return payment(payer, payee, amount, rule[0], rule[1], formula)


def merge(payments: Iterable[Payment]) -> list[Payment]:
    """One payment per (payer, payee, reason), amounts and arithmetic added; zero amounts
    dropped."""
    merged: dict[tuple[str, str, str], Payment] = {}
    for p in payments:
        key = (p.payer, p.payee, p.reason)
        if key in merged:
            q = merged[key]
            p = payment(
                q.payer, q.payee, q.amount + p.amount, q.reason, q.en, f"{q.formula} + {p.formula}"
            )
        merged[key] = p
    return [p for p in merged.values() if p.amount]


def _variants(
    scorings: Mapping[str, Scoring], resettle: Callable[[dict[str, int]], list[Payment]]
) -> Callable[[str, int], tuple[Payment, ...]]:
    points = {seat: s.points for seat, s in scorings.items()}
    return lambda seat, value: tuple(resettle(points | {seat: max(value, 0)}))


def item_mistakes(
    scorings: Mapping[str, Scoring],
    winners: Iterable[str],
    resettle: Callable[[dict[str, int]], list[Payment]],
    cap: int,
) -> Iterator[Mistake]:
    """A winner's 台 with the cap ignored, or with one item forgotten (``resettle`` pays on
    changed points)."""
    variant = _variants(scorings, resettle)
    for seat in winners:
        s = scorings.get(seat)
        if s is None:
            continue
        raw = s.raw if s.raw is not None else s.points
        if cap and raw > cap:
            yield Mistake(
                "cap_ignored",
                f"{who(seat)}超过封顶仍按{raw}台付",
                f"{who(seat)}: the {cap}-tai cap ignored ({raw} tai paid)",
                variant(seat, raw),
            )
        for ln in s.lines:
            value = raw - ln.value * ln.count
            value = min(value, cap) if cap else value
            if value != s.points:
                yield Mistake(
                    "tai_missed",
                    f"{who(seat)}漏算{ln.zh}",
                    f"{who(seat)}: {ln.en} not counted",
                    variant(seat, value),
                )


def off_by_one(
    scorings: Mapping[str, Scoring],
    winners: Iterable[str],
    resettle: Callable[[dict[str, int]], list[Payment]],
) -> Iterator[Mistake]:
    """A winner paid on one 台 too many or too few (an item added or miscounted)."""
    variant = _variants(scorings, resettle)
    for seat in winners:
        if seat in scorings:
            points = scorings[seat].points
            yield Mistake(
                "tai_added",
                f"{who(seat)}多算1台",
                f"{who(seat)}: one tai too many",
                variant(seat, points + 1),
            )
            yield Mistake(
                "tai_short",
                f"{who(seat)}少算1台",
                f"{who(seat)}: one tai too few",
                variant(seat, points - 1),
            )
