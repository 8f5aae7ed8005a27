"""The table mistakes that explain a disputed xizhou settlement, each with what it would have
paid."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping

from engine.model import HandOutcome, who
from engine.rulesets import tai
from engine.rulesets.base import Liability, Mistake, Payment, Scoring, SettleInput
from engine.rulesets.xizhou import settlement
from engine.rulesets.xizhou.liability import BAO_KINDS, GANG_KINDS, KIND_EN, KIND_ZH
from engine.rulesets.xizhou.options import Options
from engine.rulesets.xizhou.winner import ITEMS


def mistakes(
    outcome: HandOutcome, scorings: Mapping[str, Scoring], inp: SettleInput, opts: Options
) -> list[Mistake]:
    """台 items forgotten, a 承包 not applied, a 拉杠胡/还杠胡 not seen at all, a 还杠胡 the play
    does not show believed, 互包 not doubled, a discard paid M instead of 2M or by all three
    like a self-draw, then one 台 off."""

    def resettle(
        points: dict[str, int], i: SettleInput = inp, factor: int = settlement.DISCARD_M
    ) -> list[Payment]:
        return settlement.settle(dataclasses.replace(i, points=points), opts, factor)

    def without(code: str, zh: str, en: str, liabilities: Iterable[Liability]) -> Mistake:
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
    found += _gang_unseen(inp, resettle)
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
                "放炮只付了M，没付2M",
                "a discard win paid M, not 2M",
                tuple(resettle(dict(inp.points), inp, 1)),
            )
        )
        fed = {w.seat for w in inp.wins if w.how == "discard"}
        as_self_draw = dataclasses.replace(
            inp,
            wins=tuple(
                dataclasses.replace(w, how="self_draw") if w.seat in fed else w for w in inp.wins
            ),
            liabilities=tuple(x for x in inp.liabilities if x.beneficiary not in fed),
        )
        found.append(
            Mistake(
                "discard_as_self_draw",
                "放炮按自摸付了（三家各付M）",
                "a discard win paid like a self-draw (M from each of the three)",
                tuple(resettle(dict(inp.points), as_self_draw)),
            )
        )
    found += tai.off_by_one(scorings, outcome.winners, resettle)
    return found


def _gang_unseen(
    inp: SettleInput, resettle: Callable[[dict[str, int], SettleInput], list[Payment]]
) -> list[Mistake]:
    """A 拉杠胡 or 还杠胡 the table did not see at all: neither its 1 台 counted nor its 5M
    承包 applied (a plain 放炮, 2M). (送杠胡 unseen is a plain 杠开 of the same 台:
    ``song_gang_missed``.)"""
    found = []
    for x in inp.liabilities:
        if x.kind not in ("la_gang", "huan_gang"):
            continue
        points = {**inp.points, x.beneficiary: max(inp.points.get(x.beneficiary, 0) - 1, 0)}
        rest = tuple(y for y in inp.liabilities if y is not x)
        found.append(
            Mistake(
                f"{x.kind}_unseen",
                f"没看出{KIND_ZH[x.kind]}：少算1台，也没按{KIND_ZH[x.kind]}承包（按放炮付2M）",
                f"{KIND_EN[x.kind]} not seen: its tai not counted and paid as a plain discard (2M)",
                tuple(resettle(points, dataclasses.replace(inp, liabilities=rest))),
            )
        )
    return found


def _huan_gang_believed(
    inp: SettleInput, resettle: Callable[[dict[str, int], SettleInput], list[Payment]]
) -> list[Mistake]:
    """A discard win the table took for 还杠胡 (a win line's ``after_kong`` the play does not
    show, or a kong misremembered): its 台 counted and the discarder paying 5M alone."""
    found = []
    for win in inp.wins:
        if win.how != "discard" or not win.from_seat:
            continue
        if any(x.beneficiary == win.seat and x.kind in GANG_KINDS for x in inp.liabilities):
            continue
        believed = (*inp.liabilities, Liability("huan_gang", win.from_seat, win.seat))
        points = {
            **inp.points,
            win.seat: inp.points.get(win.seat, 0) + (ITEMS["huan_gang"][2] or 0),
        }
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
