"""西周麻将 (Xizhou): 144 tiles with flowers, 13 in hand, the standard shape only, 1 台 to win,
M = 台 × 底分, and 承包 (三包, 互包, 拉杠/送杠/还杠胡). Clause-by-clause reading and every decision
on an ambiguous clause: docs/rules/xizhou.md.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence

from engine.model import (
    FLAG_BONUS_REPLACEMENT,
    FLAG_FIRST_DISCARD,
    FLAG_HEAVEN,
    FLAG_KONG_REPLACEMENT,
    FLAG_LAST_TILE,
    SEATS,
    Action,
    HandOutcome,
    Win,
    who,
)
from engine.rulesets import register, tai
from engine.rulesets.base import (
    FLAG_RULES,
    Anomaly,
    FlagRule,
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
from engine.rulesets.xizhou.about import ABOUT
from engine.rulesets.xizhou.options import FLUSH_CONFIGS, Options
from engine.tiles import DRAGONS, GREEN, RED, SEAT_WIND, WHITE, WINDS, english

# A summary log's win flag: the winning discard was the discarder's first after its kong (杠后炮).
FLAG_AFTER_KONG = "after_kong"
GANG_KINDS = ("la_gang", "song_gang", "huan_gang")  # the winner's 承包 for a kong: 5M
BAO_KINDS = ("san_bao", "hu_bao")
KIND_ZH = {
    "la_gang": "拉杠胡",
    "song_gang": "送杠胡",
    "huan_gang": "还杠胡",
    "san_bao": "三包",
    "hu_bao": "互包",
}
KIND_EN = {
    "la_gang": "robbing an added kong",
    "song_gang": "a win on the replacement of a kong one fed",
    "huan_gang": "a win on the discard of a konger one fed",
    "san_bao": "bound after three claims",
    "hu_bao": "bound both ways",
}


# The rules that make a payment: code -> (zh, en), each language saying who pays how many M
# (M = 台 × 底分, the seed's 计算结果分); the zh is the payment's ``reason``.
RULES = {
    "la_gang": (
        f"{KIND_ZH['la_gang']}：被拉杠的一家付5M",
        f"{KIND_EN['la_gang']}: the robbed konger pays 5M",
    ),
    "song_gang": (
        f"{KIND_ZH['song_gang']}：点杠的一家付5M",
        f"{KIND_EN['song_gang']}: who fed the kong pays 5M",
    ),
    "huan_gang": (
        f"{KIND_ZH['huan_gang']}：杠牌并点炮的一家付5M",
        f"{KIND_EN['huan_gang']}: the konger pays 5M",
    ),
    "san_bao": (
        f"{KIND_ZH['san_bao']}：承包的一家付2M（自摸时5M）",
        f"{KIND_EN['san_bao']}: the bound seat pays 2M (5M on a self-draw)",
    ),
    "hu_bao": (
        f"{KIND_ZH['hu_bao']}：承包的一家付双倍",
        f"{KIND_EN['hu_bao']}: the bound seat pays double",
    ),
    "discard": ("点炮：点炮的一家付2M", "a discard win: the discarder pays 2M"),
    "self_draw": ("自摸：每家付M", "self-draw: each pays M"),
}


# Every 台 item (seed 台数计算); None: set by ``flush_config`` (see ``_flush_tai``).
ITEMS: tai.ItemTable = {
    "pinghu": ("平胡", "all chows", 1),
    "biandao": ("边倒", "edge wait", 1),
    "qiandao": ("嵌倒", "closed wait", 1),
    "dandiao": ("单吊", "pair wait", 1),
    "duidao": ("对倒", "pung wait", 1),
    "zimo": ("自摸", "self-draw", 1),
    "menqing": ("门清", "concealed hand", 1),
    "gang_kai": ("杠开", "win on a kong/flower replacement", 1),
    "song_gang": ("送杠胡", "kong replacement win after a claimed kong", 1),
    "la_gang": ("拉杠胡", "robbing an added kong", 1),
    "huan_gang": ("还杠胡", "win on the discard after a kong one fed", 1),
    "haidi": ("海底捞月", "self-draw of the last tile", 1),
    "dragon_pung": ("中发白", "dragon pung", 1),
    "quanfeng": ("圈风", "pung of the round wind", 1),
    "weifeng": ("位风", "pung of the seat wind", 1),
    "zhengfeng": ("正风", "pung of the seat and round wind", 2),
    "zheng_hua": ("正花", "own-seat flower", 2),
    "ye_hua": ("野花", "other seat's flower", 1),
    "si_hua": ("四花", "four flowers", 12),
    "ba_hua": ("八花", "all eight flowers", 25),
    "qingyise": ("清一色", "one suit", None),
    "hunyise": ("混一色", "one suit and honors", None),
    "da_diao_che": ("大吊车", "four melds and a single wait", None),
    "duiduihu": ("对对胡", "all pungs", None),
    "ziyise": ("字一色", "all honors", 40),
    "da_san_yuan": ("大三元", "pungs of all three dragons", 25),
    "da_si_xi": ("大四喜", "pungs of all four winds", 50),
    "tianhu": ("天胡", "dealer wins on the deal", 24),
    "dihu": ("地胡", "win on the dealer's first discard", 16),
}
_WAIT_ITEMS = {"penchan": "biandao", "kanchan": "qiandao", "tanki": "dandiao", "shanpon": "duidao"}
MIN_TAI = 1  # 1台起胡
DISCARD_M, GANG_M, BAO_M, BAO_SELF_DRAW_M, BAO_CLAIMS = 2, 5, 2, 5, 3


def _flush_tai(opts: Options) -> dict[str, tuple[int, str]]:
    """The 台 ``flush_config`` gives: 清一色 the first number, 混一色 (and 大吊车, 对对胡) the second."""
    qing, hun = FLUSH_CONFIGS[opts.flush_config]
    return {
        code: (qing if code == "qingyise" else hun, "flush_config")
        for code in ("qingyise", "hunyise", "da_diao_che", "duiduihu")
    }


def count_tai(hand: tai.WinHand, outcome: HandOutcome, opts: Options) -> tuple[ScoreLine, ...]:
    """Every 台 item of one reading of a winning hand, with the seed's no-stacking rules."""

    def L(code: str, count: int = 1, value: int | None = None) -> ScoreLine:
        return tai.item_line(ITEMS, code, count, value)

    qing, hun = FLUSH_CONFIGS[opts.flush_config]
    seat, flags, pungs = hand.seat, hand.flags, hand.pung_faces()
    lines = [_wait_line(hand, outcome, opts)] + _flower_lines(outcome, seat, opts)
    lines += _wind_lines(pungs, seat, outcome.round_wind, opts)
    if FLAG_HEAVEN in flags:
        lines.append(L("tianhu"))
    if FLAG_FIRST_DISCARD in flags:
        lines.append(L("dihu"))
    gang = gang_kind(outcome, hand.win)
    if gang == "song_gang":
        lines.append(L("song_gang"))
    elif hand.self_drawn and flags & {FLAG_KONG_REPLACEMENT, FLAG_BONUS_REPLACEMENT}:
        lines.append(L("gang_kai"))
    if gang == "la_gang":
        lines.append(L("la_gang"))
    if gang == "huan_gang":
        lines.append(L("huan_gang"))
    if hand.self_drawn and FLAG_LAST_TILE in flags:
        lines.append(L("haidi"))
    if hand.self_drawn:
        lines.append(L("zimo"))
    if not hand.open_melds():
        lines.append(L("menqing"))
    dragons = [d for d in DRAGONS if d in pungs]
    if len(dragons) == 3:
        lines.append(L("da_san_yuan"))
    elif dragons:
        lines.append(L("dragon_pung", len(dragons)))
    kind = tai.flush(hand.faces)
    if kind == "qing":
        lines.append(L("qingyise", value=qing))
    elif kind == "hun":
        lines.append(L("hunyise", value=hun))
    elif kind == "zi":
        lines.append(L("ziyise"))
    if hand.wait == "tanki" and len(hand.concealed) == 2:
        lines.append(L("da_diao_che", value=hun))
    if hand.all_pungs():
        lines.append(L("duiduihu", value=hun))
    return tuple(ln for ln in lines if ln is not None)


def _wait_line(hand: tai.WinHand, outcome: HandOutcome, opts: Options) -> ScoreLine | None:
    """边倒/嵌倒/单吊/对倒/平胡: one of them at most, 1 台."""
    if hand.wait in _WAIT_ITEMS:
        return tai.item_line(ITEMS, _WAIT_ITEMS[hand.wait])
    barred = {RED, GREEN, SEAT_WIND[hand.seat], SEAT_WIND[outcome.round_wind]}
    if not opts.pinghu_white_pair:
        barred.add(WHITE)
    if hand.wait == "ryanmen" and hand.all_chows() and hand.pair not in barred:
        return tai.item_line(ITEMS, "pinghu")
    return None


def _flower_lines(outcome: HandOutcome, seat: str, opts: Options) -> list[ScoreLine]:
    """八花 25 alone; 四花 12 for four flowers (not counting them as 正花/野花); 正花 2, 野花 1."""
    flowers = tai.flowers_of(outcome, seat)
    if len(flowers) == 8:
        return [tai.item_line(ITEMS, "ba_hua")]
    if opts.four_flowers == "set":
        sets = tai.complete_flower_sets(flowers)
    else:  # any four: leave out of the 四花 the flowers worth most on their own (正花)
        ranked = sorted(flowers, key=lambda f: tai.flower_seat(f, opts.flower_order) == seat)
        sets = [tuple(ranked[:4])] if len(flowers) >= 4 else []
    grouped = {f for group in sets for f in group}
    own = sum(
        1 for f in flowers if f not in grouped and tai.flower_seat(f, opts.flower_order) == seat
    )
    other = len(flowers) - len(grouped) - own
    lines = [tai.item_line(ITEMS, "si_hua", len(sets))] if sets else []
    if own:
        lines.append(tai.item_line(ITEMS, "zheng_hua", own))
    if other:
        lines.append(tai.item_line(ITEMS, "ye_hua", other))
    return lines


def _wind_lines(pungs: list[str], seat: str, round_wind: str, opts: Options) -> list[ScoreLine]:
    """大四喜 50 replaces the wind items. A pung of the seat's wind is 位风 1, of the round's 圈风 1;
    of a wind that is both, 正风 2 (plus 圈风 and 位风 only with ``zhengfeng_stacks``)."""
    if all(w in pungs for w in WINDS):
        return [tai.item_line(ITEMS, "da_si_xi")]
    own, rnd = SEAT_WIND[seat], SEAT_WIND[round_wind]
    lines = []
    if own == rnd and own in pungs:
        lines.append(tai.item_line(ITEMS, "zhengfeng"))
        if not opts.zhengfeng_stacks:
            return lines
    if rnd in pungs:
        lines.append(tai.item_line(ITEMS, "quanfeng"))
    if own in pungs:
        lines.append(tai.item_line(ITEMS, "weifeng"))
    return lines


# -- 承包 --------------------------------------------------------------------------------------


def gang_kind(outcome: HandOutcome, win: Win) -> str | None:
    """拉杠胡 (robbing an added kong), 送杠胡 (replacement win after a kong of someone's discard)
    or 还杠胡 (win on the discard a seat made right after konging the winner's discard)."""
    if win.how == "robbed_kong":
        return "la_gang"
    if win.how == "self_draw" and FLAG_KONG_REPLACEMENT in win.flags:
        return "song_gang" if tai.kong_feeder(outcome, win) else None
    if win.how == "discard" and win.from_seat:
        kong = tai.last_kong(outcome, win.from_seat)
        fed = kong is not None and kong[0] == "exposed" and kong[1] == win.seat
        return "huan_gang" if fed and _discard_after_kong(outcome, win) else None
    return None


def _discard_after_kong(outcome: HandOutcome, win: Win) -> bool:
    """Was the winning tile the discarder's first discard after its last kong?"""
    if outcome.actions is None:
        return FLAG_AFTER_KONG in win.flags
    discards = 0
    for a in reversed(outcome.actions):
        if a.seat != win.from_seat:
            continue
        if a.kind == "discard":
            discards += 1
        elif a.kind == "gang":
            return discards == 1
    return False


def after_kong_played(outcome: HandOutcome, win: Win, opts: Options) -> bool:
    """Does a full log's play show what a win line's ``after_kong`` flag claims: the winning
    tile was the discarder's first discard after its last kong?"""
    if win.how != "discard" or win.from_seat is None or outcome.actions is None:
        return False
    return _discard_after_kong(outcome, win)


def gang_liable(outcome: HandOutcome, win: Win) -> str | None:
    """Who pays 5M for the kong 承包 of this win."""
    kind = gang_kind(outcome, win)
    if kind == "song_gang":
        return tai.kong_feeder(outcome, win)
    return win.from_seat if kind else None


def bound_pairs(counts: Counter[tuple[str, str]], opts: Options) -> dict[frozenset[str], str]:
    """``{frozenset({a, b}): "san_bao" | "hu_bao"}`` for every pair of seats bound by their
    claims on each other (``counts`` as :func:`tai.claim_counts` gives them)."""
    pairs = {}
    for i, a in enumerate(SEATS):
        for b in SEATS[i + 1 :]:
            ab, ba = counts[(a, b)], counts[(b, a)]
            if opts.hu_bao_rule == "each_3":
                mutual = ab >= BAO_CLAIMS and ba >= BAO_CLAIMS
            else:
                mutual = ab > 0 and ba > 0 and ab + ba >= BAO_CLAIMS
            if mutual:
                pairs[frozenset((a, b))] = "hu_bao"
            elif ab >= BAO_CLAIMS or ba >= BAO_CLAIMS:
                pairs[frozenset((a, b))] = "san_bao"
    return pairs


class Xizhou(Ruleset):
    name = "xizhou"
    title_zh = "西周麻将"
    title_en = "Xizhou mahjong"
    points_unit = ("台", "tai")
    Options = Options
    hand_size = 13
    has_flowers = True
    dice_thrower = "E"  # "掷骰子：庄家掷骰子"
    multiple_discard_winners = True
    passed_win_waits_for_draw = True  # the replay checks a passed 胡 (see docs)
    flag_rules = FLAG_RULES | {
        FLAG_AFTER_KONG: FlagRule(
            "杠后炮",
            "the discard came right after the discarder's kong",
            frozenset({"discard"}),
            discarder_kong=True,
            from_play=False,
            played=after_kong_played,
        )
    }
    liability_kinds = (*GANG_KINDS, *BAO_KINDS)
    minimum_rule = "at least 1 tai"
    # The seed bars discarding the claimed tile itself (not a 吃's other end), with exceptions:
    # check() enforces it.
    forbid_discard_of_claimed = False

    def tile_counts(self, opts: Options) -> dict[str, int]:
        return tai.tile_counts_144()

    def items(self, opts: Options) -> tuple[Item, ...]:
        return tai.items(ITEMS, _flush_tai(opts), ABOUT)

    def terms(self, opts: Options) -> tuple[Term, ...]:
        return (
            Term(
                "胡",
                "胡牌只认标准牌型：四组（顺子、刻子或杠）加一对将。",
                "A win is the standard shape only: four sets (chows, pungs or kongs) and a pair.",
            ),
            Term(
                "台",
                f"牌的分值单位。下表各项相加，至少{MIN_TAI}台才能胡（{MIN_TAI}台起胡），不封顶。",
                f"What a winning hand is worth: the items below added up. A win needs at least "
                f"{MIN_TAI} tai; there is no cap.",
            ),
            Term(
                "底分",
                f"M = 台 × 底分（本局底分 {opts.base}）：付款都以M计。",
                f"M = tai × the base ({opts.base} here): every payment is a multiple of M.",
            ),
            Term(
                "包",
                f"承包：一家替别家付。三包：一家吃、碰、明杠另一家的牌达{BAO_CLAIMS}次；"
                f"互包：两家互相吃碰达到此数；拉杠胡、送杠胡、还杠胡：让胡牌成立的那一杠的一方独付。",
                f"Paying for others. Bound after three claims: one seat claimed {BAO_CLAIMS} times "
                f"(chow, pung, exposed kong) from another; bound both ways: the two claimed from "
                f"each other that often; robbing an added kong, a win on the replacement or on "
                f"the discard of a kong one fed: the seat whose kong made the win pays alone.",
            ),
        )

    def payment_rules(self, opts: Options) -> tuple[Text, ...]:
        return (
            Text("自摸：其余三家各付 M。", "Self-draw: each of the other three pays M."),
            Text(
                f"点炮（含抢杠）：放炮者一家付 {DISCARD_M}M。",
                f"On a discard (or a robbed kong): the discarder alone pays {DISCARD_M}M.",
            ),
            Text(
                f"拉杠胡、送杠胡、还杠胡：承包者一家付 {GANG_M}M。",
                f"Wins made by a kong (robbed, or fed by another seat): the liable seat alone pays "
                f"{GANG_M}M.",
            ),
            Text(
                f"三包：被包的一家另付 {BAO_M}M（自摸时独付 {BAO_SELF_DRAW_M}M）；互包此部分加倍。",
                f"Bound after three claims: the bound seat pays {BAO_M}M more ({BAO_SELF_DRAW_M}M "
                f"alone on a self-draw); bound both ways doubles that part.",
            ),
            Text(
                "一炮多响：每位胡家分别收款；与不同家的承包关系相加。",
                "Several winners on one discard are each paid; relations with different seats "
                "add up.",
            ),
        )

    def dead_wall(self, back_draws: int, flowers_out: int, opts: Options) -> int:
        """流局 at 16 live tiles left while not all 8 flowers are out, at 18 once they are."""
        return 18 if flowers_out >= 8 else 16

    checked_kinds = frozenset({"peng", "discard"})

    def check(self, action: Action, history: Sequence[Action], opts: Options) -> list[Anomaly]:
        """Asked about every discard (the replay's hot path): one call, the discard's first."""
        if action.kind == "peng":
            found = passed_peng(action, history)
        else:
            found = _discard_of_claimed(action, history, opts)
        return [found] if found else []

    def score(self, outcome: HandOutcome, opts: Options) -> dict[str, Scoring]:
        """1台起胡: a 0-台 win scores 0 with ``limit="not_winning"`` and is paid nothing."""
        return tai.score_wins(outcome, lambda h: count_tai(h, outcome, opts), 0, minimum=MIN_TAI)

    def readings(self, outcome: HandOutcome, win: Win, opts: Options):
        show = outcome.showdowns.get(win.seat)
        return tai.reading_points(win, show, lambda h: count_tai(h, outcome, opts), 0, 1)

    def liabilities(self, outcome: HandOutcome, opts: Options) -> tuple[Liability, ...]:
        out = []
        pairs = bound_pairs(tai.claim_counts(outcome), opts)
        for win in outcome.wins:
            kind = gang_kind(outcome, win)
            if kind:
                out.append(Liability(kind, gang_liable(outcome, win), win.seat))
            for pair, bao in pairs.items():
                if win.seat in pair:
                    (other,) = pair - {win.seat}
                    # "未胡的另一方": a bound partner who also won owes nothing for 三包
                    if other not in outcome.winners:
                        out.append(Liability(bao, other, win.seat))
        return tuple(out)

    def settle(self, inp: SettleInput, opts: Options) -> list[Payment]:
        """Self-draw: M from each; discard: 2M from the discarder; a kong 承包: 5M from the liable
        seat alone. 三包 adds 2M from the bound seat (on a self-draw it pays the 3M alone too:
        5M); 互包 doubles that part. Relations with different seats add up."""
        return _settle(inp, opts, DISCARD_M)

    def mistakes(self, outcome, scorings, inp, opts) -> list[Mistake]:
        """台 items forgotten, a 承包 not applied, a 还杠胡 the play does not show believed, 互包
        not doubled, a discard paid M instead of 2M or by all three like a self-draw, then one
        台 off."""

        def resettle(points: dict[str, int], i: SettleInput = inp, factor: int = DISCARD_M):
            return _settle(dataclasses.replace(i, points=points), opts, factor)

        def without(code, zh, en, liabilities) -> Mistake:
            changed = dataclasses.replace(inp, liabilities=tuple(liabilities))
            return Mistake(code, zh, en, tuple(resettle(dict(inp.points), changed)))

        found = list(tai.item_mistakes(scorings, outcome.winners, resettle, 0))
        for kind in (*GANG_KINDS, *BAO_KINDS):
            if any(x.kind == kind for x in inp.liabilities):
                rest = [x for x in inp.liabilities if x.kind != kind]
                found.append(
                    without(
                        f"{kind}_missed",
                        f"未按{KIND_ZH[kind]}承包",
                        f"{KIND_EN[kind]} not applied",
                        rest,
                    )
                )
        found += _huan_gang_believed(inp, resettle)
        if any(x.kind == "hu_bao" for x in inp.liabilities):
            as_san = [
                dataclasses.replace(x, kind="san_bao") if x.kind == "hu_bao" else x
                for x in inp.liabilities
            ]
            found.append(
                without(
                    "hu_bao_not_doubled",
                    "互包未翻倍",
                    "bound both ways paid as bound one way",
                    as_san,
                )
            )
        if any(w.how == "discard" for w in inp.wins):
            found.append(
                Mistake(
                    "discard_not_doubled",
                    "点炮只付了M，没付2M",
                    "a discard win paid M, not 2M",
                    tuple(resettle(dict(inp.points), inp, 1)),
                )
            )
            fed = {w.seat for w in inp.wins if w.how == "discard"}
            as_self_draw = dataclasses.replace(
                inp,
                wins=tuple(
                    dataclasses.replace(w, how="self_draw") if w.seat in fed else w
                    for w in inp.wins
                ),
                liabilities=tuple(x for x in inp.liabilities if x.beneficiary not in fed),
            )
            found.append(
                Mistake(
                    "discard_as_self_draw",
                    "点炮按自摸付了（三家各付M）",
                    "a discard win paid like a self-draw (M from each of the three)",
                    tuple(resettle(dict(inp.points), as_self_draw)),
                )
            )
        found += tai.off_by_one(scorings, outcome.winners, resettle)
        return found

    def next_dealer(self, outcome: HandOutcome, opts: Options) -> str:
        """连庄 on a dealer win, and on a drawn hand if the dealer made no kong; else 下家."""
        if outcome.wins:
            return "E" if "E" in outcome.winners else "S"
        return "S" if tai.made_kong(outcome, "E") else "E"


def _huan_gang_believed(inp: SettleInput, resettle) -> list[Mistake]:
    """A discard win the table took for 还杠胡 (a win line's ``after_kong`` the play does not
    show, or a kong misremembered): its 台 counted and the discarder paying 5M alone."""
    found = []
    for win in inp.wins:
        if win.how != "discard" or not win.from_seat:
            continue
        if any(x.beneficiary == win.seat and x.kind in GANG_KINDS for x in inp.liabilities):
            continue
        believed = (*inp.liabilities, Liability("huan_gang", win.from_seat, win.seat))
        points = {**inp.points, win.seat: inp.points.get(win.seat, 0) + ITEMS["huan_gang"][2]}
        by, to = who(win.from_seat), who(win.seat)
        found.append(
            Mistake(
                "huan_gang_believed",
                f"误按还杠胡承包：{by}打的这张不是开杠后的第一张牌，却算了还杠胡并由{by}独付5M",
                f"{KIND_EN['huan_gang']} believed (its tai counted, {by} paying 5M alone to {to}): "
                f"the winning tile was not the discarder's first discard after its kong",
                tuple(resettle(points, dataclasses.replace(inp, liabilities=believed))),
            )
        )
    return found


def _settle(inp: SettleInput, opts: Options, discard_factor: int) -> list[Payment]:
    """:meth:`Xizhou.settle` with the discarder paying ``discard_factor`` × M."""
    payments = []
    for win in inp.wins:
        m = inp.points.get(win.seat, 0) * opts.base
        each = f"{inp.points.get(win.seat, 0)} × {opts.base}"

        def pay(payer: str, times: int, rule: tuple[str, str], seat=win.seat, m=m, each=each):
            """``times`` × M from ``payer`` to the winner."""
            formula = f"{times} × {each}" if times > 1 else each
            return tai.paid(payer, seat, times * m, rule, formula)

        mine = [x for x in inp.liabilities if x.beneficiary == win.seat]
        gang = next((x for x in mine if x.kind in GANG_KINDS), None)
        bao = [x for x in mine if x.kind in BAO_KINDS]
        if gang:
            payments.append(pay(gang.seat, GANG_M, RULES[gang.kind]))
        elif win.how in ("discard", "robbed_kong") and win.from_seat:
            payments.append(pay(win.from_seat, discard_factor, RULES["discard"]))
        elif not bao:
            payments += [pay(s, 1, RULES["self_draw"]) for s in SEATS if s != win.seat]
        self_drawn = not gang and win.how in ("self_draw", "instant")
        for x in bao:
            times = (BAO_SELF_DRAW_M if self_drawn else BAO_M) * (2 if x.kind == "hu_bao" else 1)
            payments.append(pay(x.seat, times, RULES[x.kind]))
    return tai.merge(payments)


def _discard_of_claimed(action: Action, history: Sequence[Action], opts: Options) -> Anomaly | None:
    """吃张打张/碰张打张 (discarding the tile just claimed; a 吃's other end is allowed) is barred
    unless the claim made a 三包/互包 with the discarder or leaves the seat one standing tile
    (大吊车)."""
    if action.kind != "discard" or not history:
        return None
    claim = history[-1]
    if claim.kind not in ("chi", "peng") or claim.seat != action.seat or claim.tile != action.tile:
        return None
    melds = [a for a in history if a.seat == action.seat and _new_meld(a)]
    pair = frozenset((claim.seat, claim.from_seat))
    if len(melds) >= 4 or pair in bound_pairs(tai.action_claims(history), opts):
        return None
    return Anomaly(
        action.seq,
        "discard_of_claimed",
        "error",
        f"{who(action.seat)} discarded {english(action.tile)} right after claiming it",
    )


def _new_meld(a: Action) -> bool:
    """A step that lays down a new set (a 加杠 only grows a 碰)."""
    return a.kind in ("chi", "peng") or (a.kind == "gang" and a.source != "gang_added")


RULESET = register(Xizhou())
