"""An independent reading of each seed's payment clauses (plain loops, no ruleset code), checked
against the ruleset on random scored outcomes: who pays whom how much, given the wins, each
seat's points and what the table shows (claims, flags) — xizhou's 三包/互包 counted from the melds'
`from` by both sides.

xizhou: "M=总台数*底分"; "自摸：每人付M"; "点炮：点炮玩家付2M"; "三包：吃碰杠同一家达到3次形成承包关系（双向）";
"互包：两名玩家互相吃碰杠对方的牌达3次"; "拉杠胡：杠牌玩家需付胡家5M"; 三包 "接点炮胡，未胡的另一方需在正常计算
结果基础上额外付2M", "自摸胡，未胡的另一方需独缴原本三家付的3M，并额外付2M，共计5M"; "互包：原本三包双方需付出
的部分翻倍"; "不同玩家间三包/互包可累加"; "拉杠/送杠/还杠可与三包/互包累加". Decisions (docs/rules/xizhou.md):
互包 by `hu_bao_rule`; a kong 承包 win counts as a discard win for the 三包 part; partners that both
win owe each other nothing.
zhoushan: "自摸…其他三家，都要按照胡牌者的台数相应付分"; "抓别人的牌开杠，补牌后成胡，被开杠那家付3家";
"被抢杠者，付抢杠者台数的五倍，其他玩家不付". Decisions: amount = stake × (base + 台); a discard win
paid by the discarder (`discard_payer=discarder`) or all three (`all`).
wenling: C.1 "其他玩家向胡牌方支付：牌点汇总 /10 *加倍的比例"; C.2 "未胡牌玩家互相支付：（被支付方牌点汇总－
支付方牌点汇总） /10 *加倍比例"; "若结果大于或等于 500胡，则以500胡计"; "若有零数的以进 10 计算"; 被包方
处罚办法 1-4. Decision: several (instant) winners are each paid by every non-winner.
huangyan: 莊家胡 "閒家按全額支付給莊家", "閒家之間相減再除以2"; 閒家胡 "莊家按全額支付給閒家；其餘兩個閒家
減半給", "莊家和其餘兩家不減半；其餘兩家相減再減半". Decisions: odd halves by `half_rounding`, 粒 per 胡.
"""

from collections import defaultdict

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.model import Action, HandOutcome, Meld, Showdown, Win
from engine.rulesets import get_ruleset
from engine.rulesets.base import SettleInput

SEATS = "ESWN"
Flows = dict[tuple[str, str], int]


def engine_flows(ruleset: str, outcome: HandOutcome, points: dict, options: dict) -> Flows:
    rs = get_ruleset(ruleset)
    opts = rs.options(options)
    inp = SettleInput(wins=outcome.wins, points=points, liabilities=rs.liabilities(outcome, opts))
    out: Flows = defaultdict(int)
    for p in rs.settle(inp, opts):
        out[(p.payer, p.payee)] += p.amount
    return {k: v for k, v in out.items() if v}


def _net(flows: Flows) -> Flows:
    """Payments between the same two seats netted, as one direction."""
    net: dict[tuple[str, str], int] = defaultdict(int)
    for (a, b), n in flows.items():
        net[(a, b)] += n
        net[(b, a)] -= n
    return {k: v for k, v in net.items() if v > 0}


# ---- xizhou ---------------------------------------------------------------------------------


def xizhou_oracle(claims, wins, tai, base, rule) -> Flows:
    """claims[a][b]: how often a claimed b's discard."""

    def bound(a, b):
        if rule == "each_3":
            mutual = claims[a][b] >= 3 and claims[b][a] >= 3
        else:
            mutual = claims[a][b] and claims[b][a] and claims[a][b] + claims[b][a] >= 3
        return 2 if mutual else 1 if claims[a][b] >= 3 or claims[b][a] >= 3 else 0

    flows: Flows = defaultdict(int)
    winners = {w.seat for w in wins}
    for w in wins:
        m = tai[w.seat] * base
        partners = [p for p in SEATS if p not in winners and bound(w.seat, p)]
        if w.how == "self_draw":
            if not partners:
                for p in SEATS:
                    if p != w.seat:
                        flows[(p, w.seat)] += m
            for p in partners:
                flows[(p, w.seat)] += 5 * m * bound(w.seat, p)
            continue
        flows[(w.from_seat, w.seat)] += 5 * m if w.how == "robbed_kong" else 2 * m
        for p in partners:
            flows[(p, w.seat)] += 2 * m * bound(w.seat, p)
    return {k: v for k, v in flows.items() if v}


KINDS = ("chi", "peng", "gang_exposed")
MELD_TILES = {"chi": ("1m", "2m", "3m"), "peng": ("5p",) * 3, "gang_exposed": ("7s",) * 4}


@st.composite
def xizhou_case(draw):
    claims = {a: dict.fromkeys(SEATS, 0) for a in SEATS}
    melds = {}
    for a in SEATS:
        # mostly from one seat, so that three claims (and three each way) come up often
        main, other = draw(st.permutations([s for s in SEATS if s != a]))[:2]
        n = draw(st.integers(0, 4))
        froms = [main] * n + [other] * draw(st.integers(0, 4 - n))
        kinds = draw(st.lists(st.sampled_from(KINDS), min_size=len(froms), max_size=len(froms)))
        melds[a] = tuple(Meld(k, MELD_TILES[k], f) for k, f in zip(kinds, froms, strict=True))
        for f in froms:
            claims[a][f] += 1
    how = draw(st.sampled_from(["self_draw", "discard", "discard2", "robbed_kong"]))
    first = draw(st.sampled_from(SEATS))
    if how == "self_draw":
        wins = (Win(first, "self_draw", "9m"),)
    else:
        by = draw(st.sampled_from([s for s in SEATS if s != first]))
        kind = "robbed_kong" if how == "robbed_kong" else "discard"
        wins = (Win(first, kind, "9m", by),)
        if how == "discard2":
            second = draw(st.sampled_from([s for s in SEATS if s not in (first, by)]))
            wins += (Win(second, "discard", "9m", by),)
    tai = {w.seat: draw(st.integers(1, 30)) for w in wins}
    options = {
        "base": draw(st.integers(1, 3)),
        "hu_bao_rule": draw(st.sampled_from(["each_3", "total_3"])),
    }
    return claims, melds, wins, tai, options


@settings(max_examples=150, deadline=None)
@given(xizhou_case(), st.booleans(), st.randoms(use_true_random=False))
def test_xizhou_payments_and_bao_from_the_claims(case, played, rnd):
    """From the showdown melds (a summary log) or from the claim steps of a full log, shuffled,
    with 加杠 and 暗杠 (which claim nobody's discard) among them."""
    claims, melds, wins, tai, options = case
    if played:
        steps = [
            (ACTION[m.kind], s, m.tiles[0], KONG_SOURCE.get(m.kind), m.from_seat)
            for s in SEATS
            for m in melds[s]
        ]
        steps += [("gang", s, "8s", rnd.choice(["gang_added", "gang_concealed"]), None)
                  for s in SEATS if rnd.random() < 0.5]  # fmt: skip
        rnd.shuffle(steps)
        actions = tuple(
            Action(i, kind, seat, tile, source, by, 50)
            for i, (kind, seat, tile, source, by) in enumerate(steps)
        )
        outcome = HandOutcome(no=1, seats={}, wins=wins, actions=actions)
    else:
        shows = {s: Showdown(s, (), melds[s]) for s in SEATS}
        outcome = HandOutcome(no=1, seats={}, showdowns=shows, wins=wins)
    expected = xizhou_oracle(claims, wins, tai, options["base"], options["hu_bao_rule"])
    assert _net(engine_flows("xizhou", outcome, tai, options)) == _net(expected)


ACTION = {"chi": "chi", "peng": "peng", "gang_exposed": "gang"}  # as the replay records them
KONG_SOURCE = {"gang_exposed": "gang_exposed"}


# ---- zhoushan -------------------------------------------------------------------------------


@st.composite
def zhoushan_case(draw):
    winner = draw(st.sampled_from(SEATS))
    others = [s for s in SEATS if s != winner]
    how = draw(st.sampled_from(["self_draw", "kong_bao", "added_kong", "discard", "robbed_kong"]))
    by = draw(st.sampled_from(others))
    melds: tuple[Meld, ...] = ()
    flags: frozenset[str] = frozenset()
    if how in ("kong_bao", "added_kong"):
        kind = "gang_exposed" if how == "kong_bao" else "gang_added"
        melds = (Meld(kind, ("7s",) * 4, by),)
        flags = frozenset({"kong_replacement"})
        win = Win(winner, "self_draw", "9m", None, flags)
    elif how == "self_draw":
        win = Win(winner, "self_draw", "9m")
    else:
        win = Win(winner, how, "9m", by)
    options = {
        "stake": draw(st.integers(1, 3)),
        "base": draw(st.integers(0, 2)),
        "discard_payer": draw(st.sampled_from(["discarder", "all"])),
    }
    return win, melds, draw(st.integers(0, 4)), options


def zhoushan_oracle(win, melds, tai, options) -> Flows:
    amount = options["stake"] * (options["base"] + tai)
    others = [s for s in SEATS if s != win.seat]
    kong_bao = "kong_replacement" in win.flags and melds and melds[-1].kind == "gang_exposed"
    if kong_bao:
        payers = {melds[-1].from_seat: 3}
    elif win.how == "robbed_kong":
        payers = {win.from_seat: 5}
    elif win.how == "discard" and options["discard_payer"] == "discarder":
        payers = {win.from_seat: 1}
    else:
        payers = dict.fromkeys(others, 1)
    return {(p, win.seat): n * amount for p, n in payers.items() if n * amount}


@settings(max_examples=100, deadline=None)
@given(zhoushan_case())
def test_zhoushan_payments(case):
    win, melds, tai, options = case
    outcome = HandOutcome(
        no=1, seats={}, wins=(win,), showdowns={win.seat: Showdown(win.seat, (), melds)}
    )
    expected = zhoushan_oracle(win, melds, tai, options)
    assert engine_flows("zhoushan", outcome, {win.seat: tai}, options) == expected


# ---- wenling --------------------------------------------------------------------------------


def wenling_total(raw: int) -> int:
    """牌点汇总: at most 500, rounded up to 10."""
    return min(500, -(-raw // 10) * 10)


def wenling_oracle(wins, points, liable, mult) -> Flows:
    total = {s: wenling_total(points.get(s, 0)) for s in SEATS}
    winners = [w.seat for w in wins]
    losers = [s for s in SEATS if s not in winners]
    if liable:
        total[liable] = 0  # 1
    flows: Flows = defaultdict(int)

    def pays(a, b, n):
        flows[(liable if liable else a, b)] += n

    for w in winners:
        for s in losers:
            flows[(liable or s, w)] += total[w] // 10 * mult  # C.1; 2
    for i, a in enumerate(losers):
        for b in losers[i + 1 :]:
            lo, hi = (a, b) if total[a] <= total[b] else (b, a)
            payer = liable if liable and liable != hi else lo  # 3 and 4
            flows[(payer, hi)] += (total[hi] - total[lo]) // 10 * mult  # C.2
    return {k: v for k, v in flows.items() if v and k[0] != k[1]}


@st.composite
def wenling_case(draw):
    instant = draw(st.booleans())
    if instant:
        seats = draw(st.lists(st.sampled_from(SEATS), min_size=1, max_size=2, unique=True))
        wins = tuple(Win(s, "instant") for s in seats)
        liable = None
    else:
        winner = draw(st.sampled_from(SEATS))
        by = draw(st.sampled_from([s for s in SEATS if s != winner]))
        liable = by if draw(st.booleans()) else None
        flags = frozenset({"bao_san_jia"}) if liable else frozenset()
        how = draw(st.sampled_from(["discard", "self_draw"])) if not liable else "discard"
        wins = (Win(winner, how, "9m", by if how == "discard" else None, flags),)
    points = {s: draw(st.integers(0, 620)) for s in SEATS}
    return wins, points, liable, draw(st.integers(1, 3))


@settings(max_examples=150, deadline=None)
@given(wenling_case())
def test_wenling_payments_and_bao_san_jia(case):
    wins, points, liable, mult = case
    outcome = HandOutcome(no=1, seats={}, wins=wins)
    expected = wenling_oracle(wins, points, liable, mult)
    got = engine_flows("wenling", outcome, points, {"multiplier": mult})
    assert _net(got) == _net(expected)


# ---- huangyan -------------------------------------------------------------------------------


def huangyan_oracle(winner, points, li, rounding) -> Flows:
    def half(n):
        return (n + 1) // 2 if rounding == "up" else n // 2

    flows: Flows = defaultdict(int)
    pts = {s: points.get(s, 0) * li for s in SEATS}
    others = [s for s in SEATS if s != winner]
    for s in others:  # 莊家胡: 全額; 閒家胡: the dealer 全額, the other two 減半
        flows[(s, winner)] += pts[winner] if winner == "E" or s == "E" else half(pts[winner])
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            lo, hi = (a, b) if pts[a] <= pts[b] else (b, a)
            diff = pts[hi] - pts[lo]
            flows[(lo, hi)] += diff if "E" in (a, b) else half(diff)
    return {k: v for k, v in flows.items() if v}


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(SEATS),
    st.fixed_dictionaries({s: st.integers(0, 400) for s in SEATS}),
    st.integers(1, 3),
    st.sampled_from(["up", "down"]),
    st.sampled_from(["self_draw", "discard"]),
)
def test_huangyan_payments(winner, points, li, rounding, how):
    by = None if how == "self_draw" else ("S" if winner != "S" else "W")
    outcome = HandOutcome(no=1, seats={}, wins=(Win(winner, how, "9m", by),))
    options = {"li_per_hu": li, "half_rounding": rounding}
    expected = huangyan_oracle(winner, points, li, rounding)
    assert _net(engine_flows("huangyan", outcome, points, options)) == _net(expected)
