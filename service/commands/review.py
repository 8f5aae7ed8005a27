"""``fupan review``: the efficiency review (效率复盘) of a full log from the command line.

It measures tile efficiency — the shanten (向听) after each discard and the unseen effective tiles
(有效牌) it keeps — plus missed wins (漏胡), deal-ins next to a safe tile of equal or lower shanten (放炮)
and claims that raised the shanten. It is not a judgement of the best play.
Exit codes: 0 reviewed (or nothing to review), 2 invalid input.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from engine.model import SEATS
from engine.review import hand_summary, review_records
from engine.tiles import chinese
from events.codec import LogFormatError, parse_log
from service.commands import common
from service.commands.common import fail
from service.review import NOTHING as _NOTHING

console = Console()
NOTHING = f"{_NOTHING['zh']} ({_NOTHING['en']})"
_MISSED_HOW = {
    "self_draw": "自摸 self-draw",
    "discard": "{by} 打出 discard",
    "robbed_kong": "抢 {by} 的加杠 robbed kong",
}


def register(app: typer.Typer) -> None:
    app.command("review")(review)


def review(
    log: Annotated[Path, typer.Argument(help="A table log (JSON Lines, log format v1).")],
    seat: Annotated[
        str | None, typer.Option("--seat", "-s", help="Only this seat: E, S, W or N.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
) -> None:
    """Efficiency review of every discard: shanten, effective tiles, missed wins, deal-ins.

    Examples:

      fupan review session.jsonl

      fupan review session.jsonl --seat S --json > review.json
    """
    if seat is not None and seat not in SEATS:
        raise fail(f"--seat {seat!r}: one of {', '.join(SEATS)}")
    try:
        with log.open("rb") as stream:
            parsed = parse_log(stream)
        result = review_records(parsed.records).with_lines(parsed.lines)
    except OSError as exc:
        raise fail(f"{log}: {exc.strerror or exc}") from None
    except LogFormatError as exc:
        for e in exc.errors:
            typer.echo(f"{log}: {e}", err=True)
        raise typer.Exit(2) from None
    except ValueError as exc:  # unknown ruleset, bad option, no session record
        raise fail(f"{log}: line 1: {exc}") from None
    data = result.to_dict()
    if seat is not None:
        for hand in data["hands"]:
            hand["seats"] = {s: v for s, v in hand["seats"].items() if s == seat}
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "path": str(log),
                    "reviewable": result.reviewable,
                    "note": None if result.reviewable else _NOTHING,
                    **data,
                },
                ensure_ascii=False,
                indent=1,
            )
        )
        return
    if not result.reviewable:
        console.print(NOTHING)
        return
    for hand, raw in zip(result.hands, data["hands"], strict=True):
        _print_hand(hand, raw, seat)


def _print_hand(hand, raw: dict, seat: str | None) -> None:
    console.print(f"\n[bold]第{hand.no}局 hand {hand.no}[/]")
    if hand.summary:
        console.print(f"  {NOTHING}")
        return
    figures = hand_summary(hand)
    table = common.table(
        "座 seat",
        "玩家 player",
        "打出 discards",
        "效率最佳 best",
        "少的有效牌 tiles lost",
        "漏胡 missed wins",
        "可避免的放炮 avoidable deal-ins",
    )
    for s, row in raw["seats"].items():
        f = figures[s]
        table.add_row(
            s,
            row["player"],
            str(f.decisions),
            str(f.best),
            str(f.lost),
            str(f.missed_wins),
            str(f.avoidable_deal_ins),
        )
    console.print(table)
    for x in hand.decisions:
        if x.mark == "best" or (seat and x.seat != seat):
            continue
        best = "、".join(map(chinese, x.best))
        console.print(
            f"  line {x.line} {x.seat} 打{chinese(x.discard)}: 向听 {x.shanten_after} "
            f"有效牌 {x.effective}; 效率最佳 打{best}: 向听 {x.best_shanten} 有效牌 {x.best_effective}"
        )
    for m in hand.missed_wins:
        if not seat or m.seat == seat:
            how = _MISSED_HOW.get(m.how, m.how).format(by=m.from_seat)
            console.print(
                f"  [red]漏胡 missed win[/] line {m.line} {m.seat}: {chinese(m.tile)} ({how})"
            )
    for d in hand.deal_ins:
        if (not seat or d.seat == seat) and d.safe:
            safe = "、".join(map(chinese, d.safe))
            console.print(
                f"  [yellow]放炮 deal-in[/] line {d.line} {d.seat}→{d.winner} "
                f"{chinese(d.tile)}; 效率不低的现物 safe at equal or lower shanten: {safe}"
            )
