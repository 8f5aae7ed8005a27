"""Xizhou's payments (M = 台 × 底分): M from each on a self-draw, 2M from the discarder, 5M from
the seat liable for a kong alone; 三包 adds 2M (5M alone on a self-draw), 互包 doubles that part."""

from __future__ import annotations

from engine.model import SEATS
from engine.rulesets import tai
from engine.rulesets.base import Payment, SettleInput
from engine.rulesets.xizhou.liability import BAO_KINDS, GANG_KINDS, KIND_EN, KIND_ZH
from engine.rulesets.xizhou.options import Options

DISCARD_M, GANG_M, BAO_M, BAO_SELF_DRAW_M = 2, 5, 2, 5

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
        f"{KIND_ZH['huan_gang']}：杠牌并放炮的一家付5M",
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
    "discard": ("放炮：放炮的一家付2M", "a discard win: the discarder pays 2M"),
    "self_draw": ("自摸：每家付M", "self-draw: each pays M"),
}


def settle(inp: SettleInput, opts: Options, discard_factor: int = DISCARD_M) -> list[Payment]:
    """The payments of a hand, the discarder paying ``discard_factor`` × M (another factor: a
    table's mistake). Relations with different seats add up."""
    payments = []
    for win in inp.wins:
        m = inp.points.get(win.seat, 0) * opts.base
        each = f"{inp.points.get(win.seat, 0)} × {opts.base}"

        def pay(
            payer: str, times: int, rule: tuple[str, str], seat: str = win.seat, m: int = m,
            each: str = each,
        ) -> Payment:  # fmt: skip
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
