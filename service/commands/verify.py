"""``fupan verify``: the audit of log files from the command line.

Exit codes of ``verify``: 0 every file clean, 1 disputes or anomalies found, 2 invalid input
(format errors, each with its line number, on stderr).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

import typer

from engine.audit import audit
from engine.model import SEATS
from engine.report import Anomaly, HandReport, Report
from engine.tiles import chinese
from events.codec import LogFormatError, parse_log
from service.commands import common
from service.commands.common import console, parse_pairs

HOW_ZH = {"self_draw": "自摸", "discard": "放炮", "robbed_kong": "抢杠", "instant": "起手胡"}
RESULT_ZH = {"win": "胡", "exhausted": "黄牌", "unfinished": "未完"}


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)


# -- verify --------------------------------------------------------------------------------------
def verify(
    files: Annotated[list[Path], typer.Argument(help="Table logs (JSON Lines, log format v1).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON document.")] = False,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="Override a ruleset option: KEY=VALUE (repeatable)."),
    ] = None,
) -> None:
    """Replay and audit table logs: every move, every score, every payment.

    Examples:

      fupan verify session.jsonl

      fupan verify a.jsonl b.jsonl --json > report.json

      fupan verify session.jsonl --option multiplier=2

    Exit 0: clean; 1: disputes or anomalies; 2: invalid input (errors on stderr).
    """
    overrides = parse_pairs(option or [], "option")
    checked = [_verify_file(path, overrides) for path in files]
    ok = all(c.ok for c in checked)
    if as_json:
        files_json = [c.json() for c in checked]
        typer.echo(json.dumps({"ok": ok, "files": files_json}, ensure_ascii=False, indent=1))
    else:
        for c in checked:
            if c.report is not None:
                _print_report(c.path, c.report)
    invalid = any(c.report is None for c in checked)
    raise typer.Exit(2 if invalid else 0 if ok else 1)


@dataclass(frozen=True)
class _Checked:
    """One file's audit report (its anomalies and hands with their log lines), or its errors."""

    path: Path
    report: Report | None
    errors: list[dict] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.report is not None and self.report.ok

    def json(self) -> dict:
        if self.report is None:
            return {"path": str(self.path), "ok": False, "errors": self.errors}
        return {"path": str(self.path), **self.report.to_dict()}


def _verify_file(path: Path, overrides: dict[str, str]) -> _Checked:
    """The report of one file, or its errors (also on stderr)."""
    try:
        with path.open("rb") as stream:  # parse_log reads no more than its size limit
            parsed = parse_log(stream)
        report = audit(parsed.records, overrides)
    except OSError as exc:
        return _invalid(path, [{"line": None, "message": exc.strerror or str(exc)}])
    except LogFormatError as exc:
        errors = [
            {
                "line": e.line,
                "record_type": e.record_type,
                "field": e.field,
                "code": e.code,
                "params": dict(e.params),
                "message": e.message,
            }
            for e in exc.errors
        ]
        return _invalid(path, errors, [str(e) for e in exc.errors])
    except ValueError as exc:  # unknown ruleset, bad option: the messages list the valid ones
        return _invalid(path, [{"line": 1, "message": str(exc)}])
    return _Checked(path, _with_lines(report, parsed.lines))


def _invalid(path: Path, errors: list[dict], texts: list[str] | None = None) -> _Checked:
    for i, e in enumerate(errors):
        text = (
            texts[i]
            if texts and i < len(texts)
            else (f"line {e['line']}: {e['message']}" if e["line"] else e["message"])
        )
        typer.echo(f"{path}: {text}", err=True)
    return _Checked(path, None, errors)


def _with_lines(report: Report, lines: list[int]) -> Report:
    """The report with every anomaly, hand and claim taken on word given the source line of its
    record (seq indexes the parsed records)."""

    def line(seq: int | None) -> int | None:
        return lines[seq] if isinstance(seq, int) and 0 <= seq < len(lines) else None

    def placed(items):
        return tuple(dataclasses.replace(a, line=line(a.seq)) for a in items)

    hands = tuple(
        dataclasses.replace(
            h,
            line=line(h.seq),
            anomalies=placed(h.anomalies),
            taken_on_word=placed(h.taken_on_word),
        )
        for h in report.hands
    )
    return dataclasses.replace(report, hands=hands, anomalies=placed(report.anomalies))


def _print_report(path: Path, report: Report) -> None:
    s = report.session
    console.print(
        f"[bold]{path}[/]  {s.ruleset}  {s.club or ''} {s.table or ''}  "
        + ("[green]无误 clean[/]" if report.ok else "[red]有问题 problems found[/]")
    )
    for hand in report.hands:
        _print_hand(hand)
    _print_anomalies(report.anomalies, "场 session")
    totals = common.table("玩家 player", "应得 expected", "实得 recorded", title="合计 totals")
    for player, amount in report.totals.items():
        totals.add_row(player, str(amount), str(report.recorded_totals.get(player, "-")))
    console.print(totals)


def _print_hand(hand: HandReport) -> None:
    wins = "  ".join(
        f"{w.seat} {HOW_ZH.get(w.how, w.how)}"
        + (f" {chinese(w.tile)}" if w.tile else "")
        + (f" ({w.from_seat})" if w.from_seat else "")
        for w in hand.wins
    )
    wild = "".join(chinese(t) for t in hand.wildcards)
    console.print(
        f"\n[bold]第{hand.no}局 hand {hand.no}[/]  {RESULT_ZH[hand.result]}  {wins}"
        + (f"  得: {wild}" if wild else "")
    )
    table = common.table("座 seat", "玩家", "胡/台", "明细 items", "应 expected", "实 recorded")
    recorded = hand.recorded_net or {}
    for seat in SEATS:
        items = "、".join(
            f"{i.zh} {i.value}{i.unit}" + (f"×{i.count}" if i.count != 1 else "")
            for i in hand.items.get(seat, ())
        )
        table.add_row(
            seat,
            hand.seats.get(seat, ""),
            str(hand.points.get(seat, "")),
            items,
            f"{hand.expected_net[seat]:+d}",
            f"{recorded[seat]:+d}" if recorded else "-",
        )
    console.print(table)
    for d in hand.disputes:
        console.print(
            f"  [red]争议 dispute[/] {d.payer}→{d.payee}: expected {d.expected}, "
            f"recorded {d.recorded}"
        )
    for n, why in enumerate(hand.explanations, start=1):
        console.print(f"  可能原因 possible cause {n}: {why.zh} ({why.en})")
    for fix in hand.top_ups:
        console.print(f"  [bold]补付 top-up[/] {fix.zh} ({fix.en})")
    for word in hand.taken_on_word:
        where = f"line {word.line}" if word.line else ""
        console.print(
            f"  [dim]照桌上所记 taken on the table's word {where}: {word.zh} ({word.en})[/]"
        )
    _print_anomalies(hand.anomalies, "")


def _print_anomalies(anomalies: Sequence[Anomaly], title: str) -> None:
    for a in anomalies:
        colour = "red" if a.severity == "error" else "yellow"
        where = f"line {a.line}" if a.line else ""
        label = f"{a.zh} {a.en}".strip() or a.code
        console.print(f"  [{colour}]{label}[/] ({a.code}) {title} {where}: {a.message}")
