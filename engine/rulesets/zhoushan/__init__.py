"""舟山/定海麻将 (Zhoushan, Dinghai): 144 tiles with flowers, 13 in hand, the standard shape only,
台 items capped at 4, paid as 台 × stake per payer (抢杠胡 5×). Clause-by-clause reading and every decision on
an ambiguous clause: docs/rules/zhoushan.md.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

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
from engine.rulesets import register, tai
from engine.rulesets.base import (
    Anomaly,
    Item,
    Liability,
    Mistake,
    Payment,
    Ruleset,
    ScoreLine,
    Scoring,
    SettleInput,
    Term,
    Text,
)
from engine.rulesets.claims import passed_peng
from engine.rulesets.zhoushan.about import ABOUT
from engine.rulesets.zhoushan.options import Options
from engine.tiles import DRAGONS, GREEN, RED, SEAT_WIND, WHITE

# Every 台 item (seed 台数); None: set by an option (``_option_tai``).
ITEMS: tai.ItemTable = {
    "zimo": ("自摸", "self-draw", 1),
    "gang_kai": ("杠上开花", "win on a kong/flower replacement", 2),
    "duidao": ("对倒", "pung wait won on a discard", 1),
    "kanchan": ("坎张", "closed wait", 1),
    "penchan": ("边张", "edge wait", 1),
    "dandiao": ("单钓将", "pair wait", 1),
    "paihu": ("排胡", "all chows", None),
    "red_pung": ("中3个", "three red dragons", 1),
    "green_pung": ("发3个", "three green dragons", 1),
    "white_pung": ("白3个", "three white dragons", 1),
    "quanfeng": ("圈风", "pung of the round wind", 1),
    "own_flower": ("正花", "own-seat flower", 1),
    "flower_set": ("一套花", "a full flower set", 2),
    "all_flowers": ("八花", "all eight flowers", 4),
    "pengpeng": ("碰碰胡", "all pungs", 2),
    "hunyise": ("混一色", "one suit and honors", 2),
    "qingyise": ("清一色", "one suit", 4),
    "haidi": ("海底捞月", "win on the last tile", 4),
    "tianhu": ("天胡", "dealer wins on the deal", 4),
    "dihu": ("地胡", "non-dealer wins on the first draw", 1),
}
_DRAGON_ITEMS = ((RED, "red_pung"), (GREEN, "green_pung"), (WHITE, "white_pung"))
_WAIT_ITEMS = {"kanchan": "kanchan", "penchan": "penchan"}
ROBBED_KONG_TIMES, BAO_TIMES = 5, 3  # 抢杠胡 pays 5 times, 杠上开花包三家 3 times


def count_tai(hand: tai.WinHand, outcome: HandOutcome, opts: Options) -> tuple[ScoreLine, ...]:
    """Every 台 item of one reading of a winning hand, before the cap."""

    def L(code: str, count: int = 1, value: int | None = None) -> ScoreLine:
        return tai.item_line(ITEMS, code, count, value)

    lines: list[ScoreLine] = []
    counts = Counter(hand.faces)
    lines += [L(code) for face, code in _DRAGON_ITEMS if counts[face] >= 3]
    lines += _flower_lines(tai.flowers_of(outcome, hand.seat), hand.seat, opts)
    flags = hand.flags
    if hand.self_drawn:
        if flags & {FLAG_KONG_REPLACEMENT, FLAG_BONUS_REPLACEMENT}:
            lines.append(L("gang_kai"))
        else:
            lines.append(L("zimo"))
    if hand.wait == "shanpon" and not hand.self_drawn:
        lines.append(L("duidao"))
    if hand.wait in _WAIT_ITEMS:
        lines.append(L(_WAIT_ITEMS[hand.wait]))
    if hand.wait == "tanki":
        lines.append(L("dandiao", value=opts.tanki_self_draw_tai if hand.self_drawn else None))
    if hand.all_pungs():
        lines.append(L("pengpeng"))
    kind = tai.flush(hand.faces)
    if kind in ("hun", "zi"):
        lines.append(L("hunyise"))
    elif kind == "qing":
        lines.append(L("qingyise"))
    plain_pair = hand.pair not in (*DRAGONS, SEAT_WIND[hand.seat], SEAT_WIND[outcome.round_wind])
    if hand.all_chows() and plain_pair and hand.wait == "ryanmen" and opts.pinghu_tai:
        lines.append(L("paihu", value=opts.pinghu_tai))
    if FLAG_LAST_TILE in flags and (hand.win.how == "discard" or opts.haidi == "both"):
        lines.append(L("haidi"))
    if FLAG_HEAVEN in flags:
        lines.append(L("tianhu"))
    if FLAG_FIRST_DRAW in flags:
        lines.append(L("dihu"))
    if SEAT_WIND[outcome.round_wind] in hand.pung_faces():
        lines.append(L("quanfeng"))
    return tuple(lines)


def _flower_lines(flowers: list[str], seat: str, opts: Options) -> list[ScoreLine]:
    """All eight: 4 台. Otherwise 2 台 per full set (春夏秋冬 / 梅兰竹菊), and 1 台 per own-seat
    flower (正花) outside a full set."""
    if len(flowers) == 8:
        return [tai.item_line(ITEMS, "all_flowers")]
    sets = tai.complete_flower_sets(flowers)
    in_sets = {f for group in sets for f in group}
    own = [f for f in flowers if f not in in_sets and tai.flower_seat(f, opts.flower_order) == seat]
    lines = [tai.item_line(ITEMS, "flower_set", len(sets))] if sets else []
    if own:
        lines.append(tai.item_line(ITEMS, "own_flower", len(own)))
    return lines


_OPTION_NAMES = frozenset(f.name for f in dataclasses.fields(Options))


class Zhoushan(Ruleset):
    name = "zhoushan"
    title_zh = "舟山(定海)麻将"
    title_en = "Zhoushan (Dinghai) mahjong"
    points_unit = ("台", "tai")
    Options = Options
    hand_size = 13
    has_flowers = True
    forbid_discard_of_claimed = True
    multiple_discard_winners = True
    passed_win_waits_for_draw = True  # the replay checks a passed 胡 (see docs)
    liability_kinds = ("gang_kai_bao",)

    def tile_counts(self, opts: Options) -> dict[str, int]:
        return tai.tile_counts_144()

    def items(self, opts: Options) -> tuple[Item, ...]:
        listed = tuple(
            dataclasses.replace(i, counts=bool(opts.pinghu_tai)) if i.code == "paihu" else i
            for i in tai.items(ITEMS, {"paihu": (opts.pinghu_tai, "pinghu_tai")}, ABOUT)
        )
        self_drawn = dataclasses.replace(
            next(i for i in listed if i.code == "dandiao"),
            value=opts.tanki_self_draw_tai,
            option="tanki_self_draw_tai",
            when=Text("自摸", "self-drawn"),
        )
        at = [i.code for i in listed].index("dandiao") + 1
        return (*listed[:at], self_drawn, *listed[at:])

    def terms(self, opts: Options) -> tuple[Term, ...]:
        cap_zh = f"每位胡家最多算{opts.cap}台（超过也按{opts.cap}台）" if opts.cap else "不封顶"
        cap_en = (
            f"at most {opts.cap} tai a winner (more count as {opts.cap})" if opts.cap else "no cap"
        )
        return (
            Term(
                "胡",
                "胡牌只认标准牌型：四组（顺子、刻子或杠）加一对将；0台也能胡。",
                "A win is the standard shape only: four sets and a pair; a 0-tai win is a win.",
            ),
            Term(
                "台",
                f"牌的分值单位：下表各项相加，{cap_zh}。",
                f"What a winning hand is worth: the items below added up, {cap_en}.",
            ),
            Term(
                "底",
                f"每家付款时在台数之外另加的{opts.base}台，所以0台的胡也有钱。每台 {opts.stake}。",
                f"{opts.base} tai every paying seat adds on top of the winner's tai, so a 0-tai "
                f"win still pays; each tai is worth {opts.stake}.",
            ),
            Term(
                "包",
                f"杠上开花包三家：明杠别家打出的牌后杠上开花，打出那张牌的一家替三家付（{BAO_TIMES}倍）。",
                f"Paying for all three on a kong: a win on the replacement after konging another "
                f"seat's discard; that discarder pays for all three ({BAO_TIMES} times).",
            ),
        )

    def payment_rules(self, opts: Options) -> tuple[Text, ...]:
        each = f"{opts.stake} × (底 {opts.base} + 台)"
        each_en = f"{opts.stake} × (base {opts.base} + tai)"
        discard = (
            Text(
                f"放铳：放铳者一家付 {each}。", f"On a discard: the discarder alone pays {each_en}."
            )
            if opts.discard_payer == "discarder"
            else Text(
                f"放铳：三家各付 {each}。",
                f"On a discard: each of the three others pays {each_en}.",
            )
        )
        return (
            Text(
                f"自摸：其余三家各付 {each}。",
                f"Self-draw: each of the other three pays {each_en}.",
            ),
            discard,
            Text(
                f"抢杠胡：被抢杠的一家付{ROBBED_KONG_TIMES}倍。",
                f"Robbing a kong: the robbed seat pays {ROBBED_KONG_TIMES} times that.",
            ),
            Text(
                f"杠上开花包三家：被包的一家付{BAO_TIMES}倍。",
                f"Paying for all three on a kong: the liable seat pays {BAO_TIMES} times that.",
            ),
            Text("一炮多响：每位胡家分别收款。", "Several winners on one discard are each paid."),
        )

    def dead_wall(self, back_draws: int, flowers_out: int, opts: Options) -> int:
        """The seed plays to the last tile (its 海底 and last-tile restrictions say so)."""
        return 0

    checked_kinds = frozenset({"chi", "peng", "gang"})

    def check(self, action: Action, history: Sequence[Action], opts: Options) -> list[Anomaly]:
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
            found.append(variant("base_missed", "没算底", "the base not paid", base=0))
        else:
            found.append(
                variant(
                    "base_added",
                    "本桌不算底，却按底1多付了",
                    "a base of 1 paid on top, though the table plays without a base",
                    base=1,
                )  # fmt: skip
            )
        if any(w.how == "discard" for w in inp.wins):
            other = "all" if opts.discard_payer == "discarder" else "discarder"
            found.append(
                variant(
                    "wrong_payer",
                    f"放铳胡由{_PAYER_ZH[other]}付了",
                    f"a discard win paid by {_PAYER_EN[other]}",
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
        return [(win.from_seat, ROBBED_KONG_TIMES, "robbed_kong")]
    if win.how == "discard" and win.from_seat and opts.discard_payer == "discarder":
        return [(win.from_seat, 1, "discard")]
    if win.how == "discard":
        return [(s, 1, "discard") for s in losers]
    if liable:
        return [(liable[0], BAO_TIMES, "kong_bloom_bao")]
    return [(s, 1, "self_draw") for s in losers]


_PAYER_EN = {"all": "all three", "discarder": "the discarder alone"}
_PAYER_ZH = {"all": "三家一起", "discarder": "放铳的一家单独"}

# The rules that make a payment: code -> (zh, en); the zh is the payment's ``reason``.
RULES = {
    "robbed_kong": (
        f"抢杠胡：被抢杠的一家付{ROBBED_KONG_TIMES}倍",
        f"robbing a kong: the konger pays {ROBBED_KONG_TIMES} ×",
    ),
    "discard": ("放铳：每台分值 × (底 + 台)", "a discard win: stake × (base + tai)"),
    "kong_bloom_bao": (
        f"杠上开花包三家：放杠的一家替三家付{BAO_TIMES}倍",
        "win on a kong's replacement: the kong's discarder pays for all three",
    ),
    "self_draw": ("自摸：每家付 每台分值 × (底 + 台)", "self-draw: each pays stake × (base + tai)"),
}

RULESET = register(Zhoushan())
