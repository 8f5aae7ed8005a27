"""舟山/定海麻将 (Zhoushan, Dinghai): 144 tiles with flowers, 13 in hand, the standard shape only,
台 items capped at 4, paid as 台 × stake per payer (抢杠胡 5×). Clause-by-clause reading and every decision on
an ambiguous clause: docs/rules/zhoushan.md.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass

from engine.model import (
    FLAG_BONUS_REPLACEMENT,
    FLAG_FIRST_DRAW,
    FLAG_HEAVEN,
    FLAG_KONG_REPLACEMENT,
    FLAG_LAST_TILE,
    SEATS,
    Action,
    HandOutcome,
    Win,
    next_seat,
)
from engine.rulesets import tai
from engine.rulesets.base import (
    Anomaly,
    Liability,
    Mistake,
    Payment,
    Ruleset,
    ScoreLine,
    Scoring,
    SettleInput,
    option,
)
from engine.rulesets.claims import passed_peng
from engine.tiles import DRAGONS, GREEN, RED, SEAT_WIND, WHITE


@dataclass(frozen=True)
class Options:
    stake: int = option(1, "amount paid per 台 (and per 底); the seed names no stake")
    base: int = option(
        0,
        "底: 台 every paying seat pays on top of the winner's 台 (the seed: 台 alone, "
        "'按照胡牌者的台数相应付分'; a club that pays a 底 sets 1)",
    )
    cap: int = option(
        4, "台 cap per winner (the seed: more than 4 台 still count as 4); 0 = none"
    )
    discard_payer: str = option(
        "discarder",
        "who pays a win on a discard (放铳): the 'discarder' alone, or 'all' three losers",
        ("discarder", "all"),
    )
    pinghu_tai: int = option(
        1, "台 of 排胡 (all chows, plain pair, two-sided wait); the seed omits it"
    )
    tanki_self_draw_tai: int = option(
        2, "台 of a self-drawn 单钓 (the seed: 2), counted beside 自摸's 1 台"
    )
    haidi: str = option(
        "discard",
        "海底捞月 on a win on the last 'discard' (the seed's words), or on 'both' that and a "
        "self-draw of the last tile",
        ("discard", "both"),
    )
    flower_order: str = option(
        "spec",
        "which flowers are a seat's own: 'spec' (东=春梅 南=夏兰 西=秋竹 北=冬菊, the seed's "
        "order 梅兰竹菊) or 'tile_numbers' (梅1兰2菊3竹4: 西=秋菊 北=冬竹)",
        tai.FLOWER_ORDERS,
    )


_DRAGON_ITEMS = (
    (RED, "red_pung", "中3个", "three 中"),
    (GREEN, "green_pung", "发3个", "three 发"),
    (WHITE, "white_pung", "白3个", "three 白"),
)
_WAIT_ITEMS = {
    "kanchan": ("kanchan", "坎张", "closed wait"),
    "penchan": ("penchan", "边张", "edge wait"),
}


def count_tai(hand: tai.WinHand, outcome: HandOutcome, opts: Options) -> tuple[ScoreLine, ...]:
    """Every 台 item of one reading of a winning hand, before the cap."""
    L = tai.line
    lines: list[ScoreLine] = []
    counts = Counter(hand.faces)
    lines += [L(code, zh, en, 1) for face, code, zh, en in _DRAGON_ITEMS if counts[face] >= 3]
    lines += _flower_lines(tai.flowers_of(outcome, hand.seat), hand.seat, opts)
    flags = hand.flags
    if hand.self_drawn:
        if flags & {FLAG_KONG_REPLACEMENT, FLAG_BONUS_REPLACEMENT}:
            lines.append(L("gang_kai", "杠上开花", "win on a kong/flower replacement", 2))
        else:
            lines.append(L("zimo", "自摸", "self-draw", 1))
    if hand.wait == "shanpon" and not hand.self_drawn:
        lines.append(L("duidao", "对倒", "pung wait won on a discard", 1))
    if hand.wait in _WAIT_ITEMS:
        lines.append(L(*_WAIT_ITEMS[hand.wait], 1))
    if hand.wait == "tanki":
        value = opts.tanki_self_draw_tai if hand.self_drawn else 1
        lines.append(L("dandiao", "单钓将", "pair wait", value))
    if hand.all_pungs():
        lines.append(L("pengpeng", "碰碰胡", "all pungs", 2))
    kind = tai.flush(hand.faces)
    if kind in ("hun", "zi"):
        lines.append(L("hunyise", "混一色", "one suit and honors", 2))
    elif kind == "qing":
        lines.append(L("qingyise", "清一色", "one suit", 4))
    plain_pair = hand.pair not in (*DRAGONS, SEAT_WIND[hand.seat], SEAT_WIND[outcome.round_wind])
    if hand.all_chows() and plain_pair and hand.wait == "ryanmen" and opts.pinghu_tai:
        lines.append(L("paihu", "排胡", "all chows", opts.pinghu_tai))
    if FLAG_LAST_TILE in flags and (hand.win.how == "discard" or opts.haidi == "both"):
        lines.append(L("haidi", "海底捞月", "win on the last tile", 4))
    if FLAG_HEAVEN in flags:
        lines.append(L("tianhu", "天胡", "dealer wins on the deal", 4))
    if FLAG_FIRST_DRAW in flags:
        lines.append(L("dihu", "地胡", "non-dealer wins on the first draw", 1))
    if SEAT_WIND[outcome.round_wind] in hand.pung_faces():
        lines.append(L("quanfeng", "圈风", "pung of the round wind", 1))
    return tuple(lines)


def _flower_lines(flowers: list[str], seat: str, opts: Options) -> list[ScoreLine]:
    """All eight: 4 台. Otherwise 2 台 per full set (春夏秋冬 / 梅兰竹菊), and 1 台 per own-seat
    flower (正花) outside a full set."""
    if len(flowers) == 8:
        return [tai.line("all_flowers", "八花", "all eight flowers", 4)]
    sets = tai.complete_flower_sets(flowers)
    in_sets = {f for group in sets for f in group}
    own = [f for f in flowers if f not in in_sets and tai.flower_seat(f, opts.flower_order) == seat]
    lines = [tai.line("flower_set", "一套花", "a full flower set", 2, len(sets))] if sets else []
    if own:
        lines.append(tai.line("own_flower", "正花", "own-seat flower", 1, len(own)))
    return lines


_OPTION_NAMES = frozenset(f.name for f in dataclasses.fields(Options))


class Zhoushan(Ruleset):
    name = "zhoushan"
    title_zh = "舟山(定海)麻将"
    points_unit = ("台", "台")
    Options = Options
    hand_size = 13
    has_flowers = True
    forbid_discard_of_claimed = True
    multiple_discard_winners = True
    passed_win_waits_for_draw = True  # the replay checks a passed 胡 (see docs)
    liability_kinds = ("gang_kai_bao",)

    def tile_counts(self, opts: Options) -> dict[str, int]:
        return tai.tile_counts_144()

    def dead_wall(self, back_draws: int, flowers_out: int, opts: Options) -> int:
        """The seed plays to the last tile (its 海底 and last-tile restrictions say so)."""
        return 0

    checked_kinds = frozenset({"chi", "peng", "gang"})

    def check(self, action: Action, history: tuple[Action, ...], opts: Options) -> list[Anomaly]:
        """Passed 碰/胡 before the next draw, and nothing claimed or konged at the last tile."""
        found = [passed_peng(action, history), tai.claim_on_last(action, history, 0)]
        return [a for a in found if a is not None]

    def score(self, outcome: HandOutcome, opts: Options) -> dict[str, Scoring]:
        return tai.score_wins(outcome, lambda h: count_tai(h, outcome, opts), opts.cap)

    def readings(self, outcome: HandOutcome, win, opts: Options):
        show = outcome.showdowns.get(win.seat)
        return tai.reading_points(win, show, lambda h: count_tai(h, outcome, opts), opts.cap)

    def liabilities(self, outcome: HandOutcome, opts: Options) -> tuple[Liability, ...]:
        """杠上开花 after a kong of someone's discard: that discarder pays for all three."""
        feeders = ((tai.kong_feeder(outcome, win), win.seat) for win in outcome.wins)
        return tuple(Liability("gang_kai_bao", fed, seat) for fed, seat in feeders if fed)

    def settle(self, inp: SettleInput, opts: Options) -> list[Payment]:
        payments = []
        for win in inp.wins:
            tai_count = inp.points.get(win.seat, 0)
            amount = opts.stake * (opts.base + tai_count)
            each = f"{opts.stake} × ({opts.base} + {tai_count})"
            for payer, times, rule in _payers(win, inp, opts):
                formula = f"{times} × {each}" if times > 1 else each
                payments.append(tai.paid(payer, win.seat, times * amount, RULES[rule], formula))
        return tai.merge(payments)

    def mistakes(self, outcome, scorings, inp, opts) -> list[Mistake]:
        """台 items forgotten or the cap ignored, the 底 forgotten, the wrong seats paying, then
        one 台 off."""

        def resettle(points, o: Options = opts, i: SettleInput = inp) -> list[Payment]:
            return self.settle(dataclasses.replace(i, points=points), o)

        def variant(code: str, zh: str, en: str, **change) -> Mistake:
            o = dataclasses.replace(opts, **{k: v for k, v in change.items() if k in _OPTION_NAMES})
            i = dataclasses.replace(
                inp, **{k: v for k, v in change.items() if k not in _OPTION_NAMES}
            )
            return Mistake(code, zh, en, tuple(resettle(dict(inp.points), o, i)))

        found = list(tai.item_mistakes(scorings, outcome.winners, resettle, opts.cap))
        if opts.base:
            found.append(variant("base_missed", "没算底", "the 底 not paid", base=0))
        else:
            found.append(variant("base_added", "多付了1底", "a 底 of 1 paid on top", base=1))
        if any(w.how == "discard" for w in inp.wins):
            other = "all" if opts.discard_payer == "discarder" else "discarder"
            found.append(
                variant(
                    "wrong_payer",
                    "放铳付款人错",
                    f"a discard win paid by {other}",
                    discard_payer=other,
                )
            )
        if inp.liabilities:
            found.append(
                variant(
                    "bao_missed",
                    "杠上开花未包三家",
                    "the kong's discarder did not pay for all three",
                    liabilities=(),
                )
            )
        if any(w.how == "robbed_kong" for w in inp.wins):
            plain = tuple(
                dataclasses.replace(w, how="discard") if w.how == "robbed_kong" else w
                for w in inp.wins
            )
            found.append(
                variant(
                    "robbed_not_fivefold",
                    "抢杠胡未付五倍",
                    "the robbed kong paid as a plain discard",
                    wins=plain,
                )
            )
        found += tai.off_by_one(scorings, outcome.winners, resettle)
        return found

    def next_dealer(self, outcome: HandOutcome, opts: Options) -> str:
        """连庄 on a dealer win or a drawn hand; otherwise 下庄. 一炮多响: the first winner
        counter-clockwise (in turn order) from the discarder deals next."""
        if not outcome.wins:
            return "E"
        if len(outcome.wins) > 1 and outcome.wins[0].from_seat:
            seat = next_seat(outcome.wins[0].from_seat)
            while seat not in outcome.winners:
                seat = next_seat(seat)
            return seat
        return "E" if outcome.wins[0].seat == "E" else "S"


def _payers(win: Win, inp: SettleInput, opts: Options) -> list[tuple[str, int, str]]:
    """(payer, how many times stake × (底 + 台), rule) of one win."""
    losers = [s for s in SEATS if s != win.seat]
    liable = [x.seat for x in inp.liabilities if x.beneficiary == win.seat]
    if win.how == "robbed_kong" and win.from_seat:
        return [(win.from_seat, 5, "robbed_kong")]
    if win.how == "discard" and win.from_seat and opts.discard_payer == "discarder":
        return [(win.from_seat, 1, "discard")]
    if win.how == "discard":
        return [(s, 1, "discard") for s in losers]
    if liable:
        return [(liable[0], 3, "kong_bloom_bao")]
    return [(s, 1, "self_draw") for s in losers]


# The rules that make a payment: code -> (zh, en); the zh is the payment's ``reason``.
RULES = {
    "robbed_kong": ("抢杠胡", "robbing a kong: the konger pays 5 ×"),
    "discard": ("放铳", "a discard win: stake × (底 + 台)"),
    "kong_bloom_bao": ("杠上开花包三家", "win on a kong's replacement: the kong's discarder pays for all three"),
    "self_draw": ("自摸", "self-draw: each pays stake × (底 + 台)"),
}

RULESET = Zhoushan()
