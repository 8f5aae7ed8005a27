"""黄岩麻将 (Huangyan, Taizhou): 136 tiles, 13 in hand, 得 wildcards, 胡 × 2^番 for every seat,
and the seed's two settlement modes (dealer wins / non-dealer wins). Clause-by-clause reading
and every decision on an ambiguous clause: docs/rules/huangyan.md.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from engine.hand import Decomposition, HandError, best_decomposition, decompositions
from engine.model import SEATS, HandOutcome, Meld, Showdown, Win, next_seat, who
from engine.rulesets import register
from engine.rulesets.base import (
    Anomaly,
    Item,
    Mistake,
    Payment,
    Ruleset,
    ScoreLine,
    Scoring,
    SettleInput,
    Step,
    Term,
    Text,
    reading_words,
    step,
)
from engine.rulesets.huangyan.about import ABOUT
from engine.rulesets.huangyan.options import Options
from engine.tiles import FACES, SEAT_WIND, is_dragon, is_terminal_or_honor, next_face

HAND_SIZE = 13  # 手上牌數 (the dealer holds one more)


def _half(amount: int, opts: Options) -> int:
    return (amount + (opts.half_rounding == "up")) // 2


def _pay(a: str, b: str, points: Mapping[str, int], halve: bool, opts: Options) -> list[Payment]:
    """The payment between two seats settling the difference of their 胡 (lower pays higher)."""
    lo, hi = sorted((a, b), key=lambda s: points.get(s, 0))
    amount = (points.get(hi, 0) - points.get(lo, 0)) * opts.li_per_hu
    formula = f"({points.get(hi, 0)} − {points.get(lo, 0)}) × {opts.li_per_hu}"
    rule = "half_difference" if halve else "difference"
    return _payment(lo, hi, _half(amount, opts) if halve else amount, rule, formula, halve, opts)


# The rules that make a payment: code -> (zh, en); the zh is the payment's ``reason``.
RULES = {
    "full": ("付胡家全额", "pays the winner in full"),
    "half": ("付胡家一半", "pays the winner half"),
    "difference": ("胡数相减", "the full difference of hu"),
    "half_difference": ("胡数相减除以二", "half the difference of hu"),
}
# A halved amount's half chip (the option ``half_rounding``): (zh, en).
HALF_CHIP = {
    "up": ("半粒进一", "half a chip rounded up"),
    "down": ("半粒舍去", "half a chip dropped"),
}


def _payment(
    payer: str, payee: str, amount: int, rule: str, formula: str, halved: bool, opts: Options
) -> list[Payment]:
    zh, en = RULES[rule]
    if halved:  # the rounding in words, the arithmetic language-free
        formula += " ÷ 2"
        half_zh, half_en = HALF_CHIP[opts.half_rounding]
        zh, en = f"{zh}（{half_zh}）", f"{en} ({half_en})"
    return [Payment(payer, payee, amount, zh, en, formula)] if amount > 0 else []


def settle_points(
    winner: str, dealer: str | None, points: Mapping[str, int], opts: Options, halving: bool = True
) -> list[Payment]:
    """付筹码篇: the winner is paid on its 胡, the others settle the differences of theirs.

    庄家胡: each 闲家 pays the dealer in full; the 闲家 settle half their differences.
    闲家胡: the dealer pays the winner in full, the other two half; dealer and each of those
    two settle their full difference, the two between them half. (``dealer=None`` and
    ``halving=False`` exist for the mistakes a table makes.)
    """
    won = points.get(winner, 0) * opts.li_per_hu
    formula = f"{points.get(winner, 0)} × {opts.li_per_hu}"
    others = [s for s in SEATS if s != winner]
    out = []
    for s in others:
        full = not halving or s == dealer or winner == dealer
        amount = won if full else _half(won, opts)
        out += _payment(s, winner, amount, "full" if full else "half", formula, not full, opts)
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            out += _pay(a, b, points, halving and dealer not in (a, b), opts)
    return out


# 计算规则: code -> (zh, en, value). 胡 items first, then 番.
HU_ITEMS = {
    "pair": ("门风对、字牌对", "own-wind or dragon pair", 2),
    "pung_yao": ("风、幺九、字牌刻子", "wind, terminal or dragon pung", 4),
    "pung": ("刻子", "pung", 2),
    "concealed_pung_yao": ("风、幺九、字牌暗刻", "concealed wind, terminal or dragon pung", 8),
    "concealed_pung": ("暗刻", "concealed pung", 4),
    "kong_exposed_yao": ("风、幺九、字牌明杠", "exposed wind, terminal or dragon kong", 16),
    "kong_exposed": ("明杠", "exposed kong", 8),
    "kong_concealed_yao": ("风、幺九、字牌暗杠", "concealed wind, terminal or dragon kong", 32),
    "kong_concealed": ("暗杠", "concealed kong", 16),
    "self_draw": ("自摸", "self-draw", 2),
    "kanchan": ("嵌档", "closed (middle) wait", 2),
    "pengpenghu": ("碰碰胡", "all pungs", 4),
}
FANS = {
    "dragon": ("中发白刻、杠", "dragon pung or kong", 1),
    "seat_wind": ("自家风刻、杠", "own-wind pung or kong", 1),
    "hard": ("无得（硬碰硬）", "no wildcard in hand", 1),
    "restored": ("得还原", "a wildcard standing for itself", 1),
    "half_flush": ("混一色", "one suit with honors", 1),
    "full_flush": ("清一色", "one suit", 3),
}
_MELD_SET = {
    "peng": "pung",
    "gang_exposed": "kong_exposed",
    "gang_added": "kong_exposed",
    "gang_concealed": "kong_concealed",
}


def _set_items(seat: str, sets: Iterable[tuple[str, str]], hu: Counter, fan: Counter) -> None:
    """Count pungs/kongs given as (kind, face): their 胡, and 番 for dragons and the own wind."""
    for kind, face in sets:
        hu[kind + "_yao" if is_terminal_or_honor(face) else kind] += 1
        if is_dragon(face):
            fan["dragon"] += 1
        elif face == SEAT_WIND[seat]:
            fan["seat_wind"] += 1


def _meld_sets(melds: Iterable[Meld]) -> list[tuple[str, str]]:
    return [(_MELD_SET[m.kind], m.face) for m in melds if m.kind in _MELD_SET]


def _is_scoring_pair(seat: str, face: str) -> bool:
    return is_dragon(face) or face == SEAT_WIND[seat]


def points_of(
    lines: Iterable[ScoreLine], opts: Options, steps: list[Step] | None = None
) -> tuple[int, int]:
    """(points, raw) from itemised lines: (胡 items + 底胡) × 2^番, rounded up, then capped."""
    lines = list(lines)
    hu = sum(x.value * x.count for x in lines if x.unit == "胡")
    fan = sum(x.value * x.count for x in lines if x.unit == "番")
    return _points(hu, fan, opts, steps)


def _points(hu: int, fan: int, opts: Options, steps: list[Step] | None = None) -> tuple[int, int]:
    """``steps``, when given, receives the arithmetic (the readings' search leaves it out)."""
    raw = hu * 2**fan
    rounded = -(-raw // opts.round_to) * opts.round_to
    points = min(rounded, opts.cap) if opts.cap > 0 else rounded
    if steps is not None:
        steps += [step("hu_sum", hu), step("fan_sum", fan), step("doubled", raw, fan)]
        steps += [step("round_up", rounded, opts.round_to)] if opts.round_to > 1 else []
        steps += [step("cap", points, opts.cap)] if opts.cap > 0 else []
    return points, raw


def _scoring(seat: str, hu: Counter, fan: Counter, base: int, opts: Options, reading=()) -> Scoring:
    lines = [ScoreLine(c, *HU_ITEMS[c], "胡", n) for c, n in hu.items() if n]
    if base:
        lines.append(ScoreLine("base", "底胡", "base", base, "胡"))
    lines += [ScoreLine(c, *FANS[c], "番", n) for c, n in fan.items() if n]
    steps: list[Step] = []
    points, raw = points_of(lines, opts, steps)
    return Scoring(seat, points, tuple(lines), raw, tuple(reading), steps=tuple(steps))


def _value(hu: Counter, fan: Counter, base: int, opts: Options) -> tuple[int, int]:
    """(points, raw) of counted items, as ``_scoring``'s lines give them, without the lines
    (the winner's best reading compares every reading by this)."""
    hu_total = sum(HU_ITEMS[c][2] * n for c, n in hu.items()) + base
    return _points(hu_total, sum(FANS[c][2] * n for c, n in fan.items()), opts)


def score_non_winner(show: Showdown, wildcards: frozenset[str], opts: Options) -> Scoring:
    """没胡的人: 胡 items × 2^番 (dragon and own-wind sets only). Three or four alike in hand
    are an 暗刻 (可暗杠未杠), each own-wind or dragon pair 2 胡. With ``non_winner_wildcards``
    the seat's 得 may also complete pairs and pungs (for 胡, never for 番); the best use counts."""
    wild = sorted(t for t in show.concealed if t in wildcards) if opts.non_winner_wildcards else []
    if not wild:
        return _held_scoring(show, Counter(show.concealed), {}, opts)
    real = Counter(show.concealed) - Counter(wild)
    best = None
    for kept in range(len(wild) + 1):  # 得 not used as wildcards count as their own face
        held = real + Counter(wild[:kept])
        for added in _allocations(sorted(held.items()), len(wild) - kept):
            scoring = _held_scoring(show, held, added, opts)
            if best is None or (scoring.points, scoring.raw) > (best.points, best.raw):
                best = scoring
    return best


def _allocations(counts: list[tuple[str, int]], budget: int):
    """Every way to add up to ``budget`` 得 to faces held once or twice (making pairs/pungs)."""
    if not counts or budget == 0:
        yield {}
        return
    (face, n), rest = counts[0], counts[1:]
    for k in range(0, min(budget, 3 - n) + 1) if n < 3 else (0,):
        for more in _allocations(rest, budget - k):
            yield {face: k, **more} if k else more


def _held_scoring(show: Showdown, held: Counter, added: dict[str, int], opts: Options) -> Scoring:
    hu, fan = Counter(), Counter()
    _set_items(show.seat, _meld_sets(show.melds), hu, fan)
    for t, n in held.items():
        k = added.get(t, 0)
        if n + k >= 3:
            _set_items(show.seat, [("concealed_pung", t)], hu, fan if k == 0 else Counter())
        elif n + k == 2 and _is_scoring_pair(show.seat, t):
            hu["pair"] += 1
    return _scoring(show.seat, hu, fan, 0, opts)


def _flush(faces: Iterable[str]) -> str | None:
    suits = {f[1] for f in faces}
    honors = "z" in suits
    if len(suits) - honors > 1:
        return None
    return "half_flush" if honors else "full_flush"


class _Winner(NamedTuple):
    """What the winner's readings share: its seat and melds, and the 得 it holds."""

    seat: str
    meld_sets: list[tuple[str, str]]
    meld_faces: list[str]
    chi_meld: bool
    held: int


def _winner(show: Showdown, wildcards: frozenset[str]) -> _Winner:
    return _Winner(
        show.seat,
        _meld_sets(show.melds),
        [t for m in show.melds for t in m.tiles],
        any(m.kind == "chi" for m in show.melds),
        sum(t in wildcards for t in show.concealed),
    )


def score_reading(d: Decomposition, w: _Winner, win: Win, opts: Options) -> Scoring:
    """The winner's 胡 and 番 for one reading ``d`` (an engine.hand Decomposition)."""
    hu, fan = _reading_items(d, w, win, opts)
    reading = [f"{wild}→{face}" for wild, face in d.assignments]
    return _scoring(w.seat, hu, fan, opts.base_hu, opts, reading)


def _reading_items(
    d: Decomposition, w: _Winner, win: Win, opts: Options
) -> tuple[Counter, Counter]:
    """The winner's 胡 and 番 items (code -> count) for one reading."""
    seat = w.seat
    hu, fan = Counter(), Counter()
    on_discard = win.how != "self_draw" and not opts.discard_pung_concealed
    sets = list(w.meld_sets)
    for i, g in enumerate(d.sets, start=1):
        if g.kind == "pung":
            sets.append(
                ("pung" if on_discard and d.win_group == i else "concealed_pung", g.faces[0])
            )
    _set_items(seat, sets, hu, fan)
    hu["pair"] = int(_is_scoring_pair(seat, d.pair.faces[0]))
    hu["self_draw"] = int(win.how == "self_draw")
    hu["kanchan"] = int(d.wait == "kanchan")
    chows = w.chi_meld or any(g.kind == "chow" for g in d.sets)
    hu["pengpenghu"] = int(opts.pengpenghu and not chows)
    fan["restored"] = d.restored
    fan["hard"] = int(w.held - (d.restored if opts.restored_then_hard else 0) == 0)
    flush = _flush([f for g in (d.pair, *d.sets) for f in g.faces] + w.meld_faces)
    if flush:
        fan[flush] = 1
    return hu, fan


def score_winner(outcome: HandOutcome, win: Win, opts: Options) -> Scoring:
    """The best reading the winner can claim over every way its 得 can stand (engine.hand)."""
    show = outcome.showdowns.get(win.seat)
    if show is None:
        return _nothing(win.seat, "no_showdown", "胡家未亮牌", "the winner's tiles were not shown")
    size = len(show.concealed) + 3 * len(show.melds)
    if size != HAND_SIZE + 1:
        return _nothing(
            win.seat, "bad_showdown", "亮牌有误", f"the winner shows {size} tiles, not 14"
        )
    wild = outcome.wildcards

    winner = _winner(show, wild)

    def key(d):
        return _value(*_reading_items(d, winner, win, opts), opts.base_hu, opts)

    try:
        best = best_decomposition(show.concealed, key, show.melds, wild, win.tile)
    except HandError as e:
        return _nothing(win.seat, "bad_showdown", "亮牌有误", f"the winner's tiles: {e}")
    if best is None:
        return _nothing(win.seat, "not_a_win", "不成胡", "the tiles shown are not a winning hand")
    return score_reading(best[1], winner, win, opts)


def winner_readings(outcome: HandOutcome, win: Win, opts: Options, limit: int = 5000):
    """(points, zh, en) of each reading of the winner's hand (at most ``limit``)."""
    show = outcome.showdowns.get(win.seat)
    if show is None or len(show.concealed) + 3 * len(show.melds) != HAND_SIZE + 1:
        return
    winner = _winner(show, outcome.wildcards)
    try:
        for n, d in enumerate(
            decompositions(show.concealed, show.melds, outcome.wildcards, win.tile)
        ):
            if n >= limit:
                return
            points, _ = _value(*_reading_items(d, winner, win, opts), opts.base_hu, opts)
            yield (points, *reading_words(d.assignments, d.wait, win.tile))
    except HandError:
        return


def _nothing(seat: str, code: str, zh: str, en: str) -> Scoring:
    return Scoring(seat, 0, (ScoreLine(code, zh, en, 0, "胡"),), 0)


def _flows(payments: Iterable[Payment]) -> frozenset[tuple[str, str, int]]:
    """Net amount per pair of seats, as the audit compares payments."""
    net = Counter()
    for p in payments:
        net[p.payer, p.payee] += p.amount
        net[p.payee, p.payer] -= p.amount
    return frozenset((a, b, n) for (a, b), n in net.items() if n > 0)


def _candidates(win: Win, dealer: str, scorings, points: Mapping[str, int], opts: Options):
    """(code, zh, en, payments) for each plausible mistake, most likely first."""
    w = win.seat

    def paid(changed=None, **kw):
        return settle_points(w, kw.pop("dealer", dealer), {**points, **(changed or {})}, opts, **kw)

    lines = scorings[w].lines
    for i, x in enumerate(lines):
        if x.value and x.count:
            less = (*lines[:i], dataclasses.replace(x, count=x.count - 1), *lines[i + 1 :])
            code = "fan_missed" if x.unit == "番" else "hu_missed"
            yield code, f"漏算{x.zh}", f"{x.en} not counted", paid({w: points_of(less, opts)[0]})
    extra = ScoreLine("fan_added", "多算一番", "one fan too many", 1, "番")
    yield (
        "fan_added",
        "多算一番",
        "one fan too many",
        paid({w: points_of((*lines, extra), opts)[0]}),
    )
    losers = [s for s in scorings if s != w]
    zero = dict.fromkeys(losers, 0)
    yield "non_winners_ignored", "没胡的人不算胡", "non-winners' hu not settled", paid(zero)
    for s in losers:
        yield "non_winner_missed", f"漏算{who(s)}的胡", f"{who(s)}'s hu not counted", paid({s: 0})
        no_fan = [x for x in scorings[s].lines if x.unit != "番"]
        if len(no_fan) < len(scorings[s].lines):
            flat = points_of(no_fan, opts)[0]
            yield (
                "non_winner_fan_missed",
                f"漏算{who(s)}的番",
                f"{who(s)}'s fan not counted",
                paid({s: flat}),
            )
    yield "no_halving", "该减半的没减半", "halves paid in full", paid(halving=False)
    yield (
        "dealer_as_non_dealer",
        "庄家按闲家算",
        "the dealer settled as a non-dealer",
        paid(dealer=None),
    )
    if w != dealer:
        yield (
            "winner_as_dealer",
            "闲家胡按庄家胡算",
            "a non-dealer's win settled as the dealer's",
            paid(dealer=w),
        )
    yield (
        "previous_dealer",
        f"按上一局的庄家({who('N')})算",
        f"the last hand's dealer ({who('N')}) taken as dealer",
        paid(dealer="N"),
    )
    flip = dataclasses.replace(opts, half_rounding="down" if opts.half_rounding == "up" else "up")
    yield (
        "half_rounding",
        "单数减半取整相反",
        "odd halves rounded the other way",
        settle_points(w, dealer, points, flip),
    )
    if win.from_seat in SEATS:
        yield (
            "discarder_paid_all",
            "放铳的人包付",
            "the discarder paid for everyone",
            [dataclasses.replace(p, payer=win.from_seat) if p.payee == w else p for p in paid()],
        )
    raw = {s: sc.raw for s, sc in scorings.items() if sc.raw is not None and sc.raw != sc.points}
    if raw:
        yield "cap_or_rounding_ignored", "封顶或进位没算", "cap or rounding ignored", paid(raw)


class Huangyan(Ruleset):
    name = "huangyan"
    title_zh = "黄岩麻将"
    title_en = "Huangyan mahjong"
    points_unit = ("胡", "hu × 2^fan")
    Options = Options
    hand_size = HAND_SIZE
    nonwinners_score = True
    has_flowers = False

    def tile_counts(self, opts: Options) -> dict[str, int]:
        return dict.fromkeys(FACES, 4)

    def items(self, opts: Options) -> tuple[Item, ...]:
        """The 胡 items (碰碰胡 only with its option), 底胡, then the 番."""
        hu = [
            Item(
                c,
                zh,
                en,
                v,
                "胡",
                "pengpenghu" if c == "pengpenghu" else None,
                opts.pengpenghu or c != "pengpenghu",
                about=ABOUT[c],
            )
            for c, (zh, en, v) in HU_ITEMS.items()
        ]
        base = Item("base", "底胡", "base", opts.base_hu, "胡", "base_hu", about=ABOUT["base"])
        fans = (Item(c, zh, en, v, "番", about=ABOUT[c]) for c, (zh, en, v) in FANS.items())
        return (*hu, base, *fans)

    def terms(self, opts: Options) -> tuple[Term, ...]:
        rule = self.option_value("wildcard_rule", opts.wildcard_rule)
        cap_zh = f"，最多{opts.cap}胡" if opts.cap else ""
        cap_en = f", at most {opts.cap}" if opts.cap else ""
        return (
            Term(
                "胡",
                f"分数。胡家：（各胡项 + 底胡{opts.base_hu}）× 2^番{cap_zh}；没胡的人也按自己的刻子、对子算胡，互相找差额。",
                f"The points. The winner: (its hu items + {opts.base_hu} base) × 2 to the power of "
                f"its fan{cap_en}; the others count their own pungs and pairs too and settle the "
                f"differences.",
            ),
            Term("番", "每一番使胡数翻一倍。", "Each fan doubles the hu."),
            Term(
                "得",
                f"百搭牌：{rule.zh}，可以当任何牌用（不能用来吃、碰）。",
                f"The wildcard: {rule.en}; it stands for any tile (never to chow or pung).",
            ),
            Term("庄", "庄家：东位，坐庄的一家。", "The dealer: the East seat."),
        )

    def payment_rules(self, opts: Options) -> tuple[Text, ...]:
        half = self.option_value("half_rounding", opts.half_rounding)
        return (
            Text(f"每胡付 {opts.li_per_hu} 粒。", f"Each hu is paid {opts.li_per_hu} chips."),
            Text(
                "庄家胡：每个闲家全额付给庄家；闲家之间按胡数差额的一半互相找。",
                "The dealer wins: each other seat pays the dealer in full; those three settle "
                "half their differences between them.",
            ),
            Text(
                "闲家胡：庄家全额付给胡家，另两家各付一半；庄家与这两家按胡数差额全额互找，这两家之间找一半。",
                "Another seat wins: the dealer pays the winner in full, the other two half; the "
                "dealer and each of those two settle their full difference, the two between "
                "them half.",
            ),
            Text(f"一半有零头时{half.zh}。", f"Odd halves are {half.en}."),
        )

    def wildcards(self, indicator: str | None, opts: Options) -> frozenset[str]:
        if indicator is None or opts.wildcard_rule == "none":
            return frozenset()
        if opts.wildcard_rule == "next":
            return frozenset({next_face(indicator)})
        return frozenset({indicator})

    def is_bonus(self, tile: str, wildcards: frozenset[str], opts: Options) -> bool:
        return False

    def dead_wall(self, back_draws: int, flowers_out: int, opts: Options) -> int:
        return opts.dead_wall

    def score(self, outcome: HandOutcome, opts: Options) -> dict[str, Scoring]:
        """Every seat that showed; the (single) winner with 底胡 and all its 番."""
        win = outcome.wins[0] if outcome.wins else None
        out = {}
        for seat in SEATS:
            if win is not None and seat == win.seat:
                out[seat] = score_winner(outcome, win, opts)
            elif seat in outcome.showdowns:
                out[seat] = score_non_winner(outcome.showdowns[seat], outcome.wildcards, opts)
        return out

    def settle(self, inp: SettleInput, opts: Options) -> list[Payment]:
        """The seed's two modes; a seat missing from ``points`` counted 0 胡, a draw pays nothing."""
        if not inp.wins:
            return []
        if len(inp.wins) > 1:
            seats = ", ".join(w.seat for w in inp.wins)
            raise ValueError(f"huangyan has one winner per hand, not {len(inp.wins)} ({seats})")
        return settle_points(inp.wins[0].seat, inp.dealer, inp.points, opts)

    def readings(self, outcome: HandOutcome, win: Win, opts: Options):
        return winner_readings(outcome, win, opts)

    def check_hand_start(
        self,
        hand: Mapping[str, Any],
        earlier: Sequence[tuple[Mapping[str, Any], HandOutcome]],
        opts: Options,
    ) -> list[Anomaly]:
        """换位篇: a seat change (``hand.seat_change``) needs ``seat_change_rounds`` 圈 (four
        passes of the deal each) since the last one; 搓菜 also counts them from the first hand."""
        if not hand.get("seat_change") or not earlier:
            return []
        passes, since_change = 0, False
        for record, outcome in reversed(earlier):
            passes += self.next_dealer(outcome, opts) != outcome.dealer
            if record.get("seat_change"):
                since_change = True
                break
        need = 4 * opts.seat_change_rounds
        if passes >= need or (not since_change and opts.seat_change_rule == "cuohu"):
            return []
        after = "the last seat change" if since_change else "the session began"
        return [
            Anomaly(
                None,
                "seat_change_too_early",
                "warning",
                f"seats changed after {passes} passes of the deal since {after}; "
                f"{opts.seat_change_rounds} rounds ({need} passes) must come first",
            )
        ]

    def mistakes(
        self,
        outcome: HandOutcome,
        scorings: Mapping[str, Scoring],
        inp: SettleInput,
        opts: Options,
    ) -> list[Mistake]:
        """What a table gets wrong, most likely first: an item or 番 of the winner missed, one
        番 too many, non-winners' 胡 forgotten, halves paid in full or rounded the other way,
        the wrong seat taken as dealer, the discarder paying for all, cap or rounding ignored."""
        if not inp.wins or inp.wins[0].seat not in scorings:
            return []
        win, dealer = inp.wins[0], inp.dealer
        right = _flows(self.settle(inp, opts))
        # Two mistakes that pay alike are both kept: the audit lists every one that reproduces
        # what was paid (only a "mistake" that pays what is owed is no mistake).
        return [
            Mistake(code, zh, en, tuple(pays))
            for code, zh, en, pays in _candidates(win, dealer, scorings, inp.points, opts)
            if _flows(pays) != right
        ]

    def next_dealer(self, outcome: HandOutcome, opts: Options) -> str:
        """庄家胡 keeps the deal (连庄); any other win passes it to 下家; a draw per option."""
        if outcome.dealer in outcome.winners:
            return outcome.dealer
        if not outcome.wins and opts.draw_dealer == "stay":
            return outcome.dealer
        return next_seat(outcome.dealer)


RULESET = register(Huangyan())
