"""``fupan verify``: the audit of log files from the command line.

Exit codes of ``verify``: 0 every file clean, 1 disputes or anomalies found, 2 invalid input
(format errors, each with its line number, on stderr).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from engine.audit import audit_records
from engine.model import SEATS
from engine.tiles import chinese
from events.codec import LogFormatError, parse_log
from service.commands import common
from service.commands.common import console, parse_pairs

HOW_ZH = {"self_draw": "自摸", "discard": "点炮", "robbed_kong": "抢杠", "instant": "起手胡"}
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
    reports, invalid = [], False
    for path in files:
        report = _verify_file(path, overrides)
        invalid |= "errors" in report
        reports.append(report)
    ok = all(r["ok"] for r in reports)
    if as_json:
        typer.echo(json.dumps({"ok": ok, "files": reports}, ensure_ascii=False, indent=1))
    else:
        for report in reports:
            if "errors" not in report:
                _print_report(report)
    raise typer.Exit(2 if invalid else 0 if ok else 1)


def _verify_file(path: Path, overrides: dict[str, str]) -> dict:
    """The report of one file, or ``{"path", "ok": False, "errors": [...]}`` (also on stderr)."""
    try:
        with path.open("rb") as stream:  # parse_log reads no more than its size limit
            parsed = parse_log(stream)
        report = audit_records(parsed.records, overrides)
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
    _add_lines(report, parsed.lines)
    return {"path": str(path), **report}


def _invalid(path: Path, errors: list[dict], texts: list[str] | None = None) -> dict:
    for i, e in enumerate(errors):
        text = (
            texts[i]
            if texts and i < len(texts)
            else (f"line {e['line']}: {e['message']}" if e["line"] else e["message"])
        )
        typer.echo(f"{path}: {text}", err=True)
    return {"path": str(path), "ok": False, "errors": errors}


def _add_lines(report: dict, lines: list[int]) -> None:
    """Give every anomaly the source line of its record (seq indexes the parsed records)."""

    def line(seq):
        return lines[seq] if isinstance(seq, int) and 0 <= seq < len(lines) else None

    for a in report["anomalies"]:
        a["line"] = line(a["seq"])
    for hand in report["hands"]:
        hand["line"] = line(hand["seq"])
        for a in (*hand["anomalies"], *hand.get("taken_on_word", ())):
            a["line"] = line(a["seq"])


def _print_report(report: dict) -> None:
    s = report["session"]
    console.print(
        f"[bold]{report['path']}[/]  {s['ruleset']}  {s.get('club', '')} {s.get('table', '')}  "
        + ("[green]无误 clean[/]" if report["ok"] else "[red]有问题 problems found[/]")
    )
    for hand in report["hands"]:
        _print_hand(hand)
    _print_anomalies(report["anomalies"], "场 session")
    totals = common.table("玩家 player", "应得 expected", "实得 recorded", title="合计 totals")
    for player, amount in report["totals"].items():
        totals.add_row(player, str(amount), str(report["recorded_totals"].get(player, "-")))
    console.print(totals)


def _print_hand(hand: dict) -> None:
    wins = "  ".join(
        f"{w['seat']} {HOW_ZH.get(w['how'], w['how'])}"
        + (f" {chinese(w['tile'])}" if w["tile"] else "")
        + (f" ({w['from']})" if w["from"] else "")
        for w in hand["wins"]
    )
    wild = "".join(chinese(t) for t in hand["wildcards"])
    console.print(
        f"\n[bold]第{hand['no']}局 hand {hand['no']}[/]  {RESULT_ZH[hand['result']]}  {wins}"
        + (f"  得: {wild}" if wild else "")
    )
    table = common.table("座 seat", "玩家", "胡/台", "明细 items", "应 expected", "实 recorded")
    recorded = hand["recorded_net"] or {}
    for seat in SEATS:
        items = "、".join(
            f"{i['zh']} {i['value']}{i['unit']}" + (f"×{i['count']}" if i["count"] != 1 else "")
            for i in hand["items"].get(seat, ())
        )
        table.add_row(
            seat,
            hand["seats"].get(seat, ""),
            str(hand["points"].get(seat, "")),
            items,
            f"{hand['expected_net'][seat]:+d}",
            f"{recorded[seat]:+d}" if recorded else "-",
        )
    console.print(table)
    for d in hand["disputes"]:
        console.print(
            f"  [red]争议 dispute[/] {d['from']}→{d['to']}: expected {d['expected']}, "
            f"recorded {d['recorded']}"
        )
    for n, why in enumerate(hand.get("explanations", ()), start=1):
        console.print(f"  可能原因 possible cause {n}: {why['zh']} ({why['en']})")
    for fix in hand.get("top_ups", ()):
        console.print(f"  [bold]补付 top-up[/] {fix['zh']} ({fix['en']})")
    for word in hand.get("taken_on_word", ()):
        where = f"line {word['line']}" if word.get("line") else ""
        console.print(
            f"  [dim]照桌上所记 taken on the table's word {where}: {word['zh']} ({word['en']})[/]"
        )
    _print_anomalies(hand["anomalies"], "")


def _print_anomalies(anomalies: list[dict], title: str) -> None:
    for a in anomalies:
        colour = "red" if a["severity"] == "error" else "yellow"
        where = f"line {a['line']}" if a.get("line") else ""
        label = f"{a['zh']} {a.get('en', '')}".strip() or a["code"]
        console.print(f"  [{colour}]{label}[/] ({a['code']}) {title} {where}: {a['message']}")
