"""``fupan settle``: one hand settled from points alone."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from engine.audit import net
from engine.model import SEATS, WIN_HOWS, Win
from engine.rulesets import ruleset_names
from engine.rulesets.base import Liability, SettleInput
from events.records import MAX_AMOUNT
from service.commands import common
from service.commands.common import console

FED_HOWS = ("discard", "robbed_kong")  # wins on another seat's tile: --from names that seat


def register(app: typer.Typer) -> None:
    app.command("settle")(settle)


def settle(
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help=f"One of {', '.join(ruleset_names())}.")
    ],
    winner: Annotated[
        list[str], typer.Option("--winner", "-w", help="Winning seat E/S/W/N (repeatable).")
    ],
    points: Annotated[
        list[str] | None,
        typer.Option("--points", "-p", help="Points per seat: E=20,S=28,W=6,N=12."),
    ] = None,
    how: Annotated[
        str, typer.Option(help=f"How the win came: {', '.join(WIN_HOWS)}.")
    ] = "self_draw",
    from_seat: Annotated[
        str | None, typer.Option("--from", help="The discarder (or robbed konger).")
    ] = None,
    liable: Annotated[str | None, typer.Option(help="A seat that pays for the others.")] = None,
    liability: Annotated[str, typer.Option(help="The kind of liability.")] = "bao_san_jia",
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Ruleset option KEY=VALUE.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help='Print {"payments": [...], "net": {...}}.')
    ] = False,
) -> None:
    """Settle one hand from points alone: who pays whom.

    Examples:

      fupan settle -r huangyan --winner E --points E=20,S=28,W=6,N=12

      fupan settle -r huangyan --winner N --points E=20,S=28,W=6,N=12 --json

      fupan settle -r wenling --winner S --how discard --from W --liable W --points S=140
    """
    rs, opts = common.ruleset(ruleset, option or [])
    for seat in (*winner, from_seat, liable):
        if seat is not None and seat not in SEATS:
            raise common.fail(f"seat {seat!r} is not one of {', '.join(SEATS)}")
    if how not in WIN_HOWS:
        raise common.fail(f"--how {how!r} is not one of {', '.join(WIN_HOWS)}")
    if how in FED_HOWS and (from_seat is None or from_seat in winner):
        raise common.fail(f"--how {how} needs --from: the seat that fed the win, not a winner")
    if how not in FED_HOWS and from_seat is not None:
        raise common.fail(
            f"--from is for a win on another seat's tile (--how {' or '.join(FED_HOWS)})"
        )
    pts = {}
    for seat, value in common.parse_pairs(points or [], "points").items():
        digits = value.strip().removeprefix("-")
        if seat not in SEATS or not (digits.isascii() and digits.isdigit()):
            raise common.fail(f"points {seat}={value} must be SEAT=INTEGER with SEAT in E/S/W/N")
        # a log's points are bounded so (docs/log-format.md, Amounts); int() refuses 4,301 digits
        if len(digits.lstrip("0")) > len(str(MAX_AMOUNT)) or abs(int(value)) > MAX_AMOUNT:
            shown = value if len(value) <= 14 else value[:14] + "…"
            raise common.fail(f"points {seat}={shown}: a seat's points lie within ±{MAX_AMOUNT}")
        pts[seat] = int(value)
    if liable is not None and liability not in rs.liability_kinds:
        kinds = ", ".join(rs.liability_kinds) or "none"
        raise common.fail(
            f"--liability {liability!r} is not a liability of {rs.name} (it has: {kinds})"
        )
    wins = tuple(Win(w, how, None, from_seat) for w in winner)
    liabilities = tuple(Liability(liability, liable, w) for w in winner) if liable else ()
    try:
        payments = rs.settle(SettleInput(wins, pts, liabilities), opts)
    except (ValueError, KeyError) as exc:
        raise common.fail(f"{rs.name} cannot settle this: {exc}") from None
    balance = net(payments)
    if as_json:
        out = {
            "payments": [{"from": p.payer, "to": p.payee, "amount": p.amount} for p in payments],
            "net": balance,
        }
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    table = common.table(
        "付 from", "收 to", "数 amount", "缘由 reason", title=f"{rs.title_zh} 结算"
    )
    for p in payments:
        table.add_row(p.payer, p.payee, str(p.amount), p.reason)
    console.print(table)
    console.print("  ".join(f"{seat} {balance[seat]:+d}" for seat in SEATS))
