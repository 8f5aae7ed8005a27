"""``fupan verify``, ``fupan settle`` and ``fupan rules``: the audit from the command line.

Exit codes of ``verify``: 0 every file clean, 1 disputes or anomalies found, 2 invalid input
(format errors, each with its line number, on stderr).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from engine.audit import audit_records, net
from engine.model import SEATS, WIN_HOWS, Win
from engine.rulesets import get_ruleset, ruleset_names
from engine.rulesets.base import Liability, SettleInput
from engine.tiles import chinese
from events.codec import LogFormatError, parse_log

console = Console()
HOW_ZH = {"self_draw": "自摸", "discard": "点炮", "robbed_kong": "抢杠", "instant": "起手胡"}
RESULT_ZH = {"win": "胡", "exhausted": "黄牌", "unfinished": "未完"}


def register(app: typer.Typer) -> None:
    app.command("verify")(verify)
    app.command("settle")(settle)
    app.command("rules")(rules)


def fail(message: str, code: int = 2) -> typer.Exit:
    """The message on stderr and the exit to raise (2: bad input)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def parse_pairs(values: list[str], what: str) -> dict[str, str]:
    """``["a=1", "b=2,c=3"]`` -> ``{"a": "1", "b": "2", "c": "3"}``; a clear error otherwise."""
    out = {}
    for value in values:
        for item in filter(None, (v.strip() for v in value.split(","))):
            key, sep, val = item.partition("=")
            if not sep or not key.strip():
                raise fail(f"{what} {item!r} is not KEY=VALUE")
            if key.strip() in out:
                raise fail(f"{what} {key.strip()} is given twice")
            out[key.strip()] = val.strip()
    return out


def _table(*columns: str, title: str | None = None) -> Table:
    """A rich table whose cells wrap instead of being cut with an ellipsis."""
    table = Table(title=title)
    for column in columns:
        table.add_column(column, overflow="fold")
    return table


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
            {"line": e.line, "record_type": e.record_type, "field": e.field, "code": e.code,
             "params": dict(e.params), "message": e.message}
            for e in exc.errors
        ]
        return _invalid(path, errors, [str(e) for e in exc.errors])
    except ValueError as exc:  # unknown ruleset, bad option: the messages list the valid ones
        return _invalid(path, [{"line": 1, "message": str(exc)}])
    _add_lines(report, parsed.lines)
    return {"path": str(path), **report}


def _invalid(path: Path, errors: list[dict], texts: list[str] | None = None) -> dict:
    for i, e in enumerate(errors):
        text = texts[i] if texts and i < len(texts) else (
            f"line {e['line']}: {e['message']}" if e["line"] else e["message"]
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
    totals = _table("玩家 player", "应得 expected", "实得 recorded", title="合计 totals")
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
    table = _table("座 seat", "玩家", "胡/台", "明细 items", "应 expected", "实 recorded")
    recorded = hand["recorded_net"] or {}
    for seat in SEATS:
        items = "、".join(
            f"{i['zh']} {i['value']}{i['unit']}" + (f"×{i['count']}" if i["count"] != 1 else "")
            for i in hand["items"].get(seat, ())
        )
        table.add_row(
            seat, hand["seats"].get(seat, ""), str(hand["points"].get(seat, "")), items,
            f"{hand['expected_net'][seat]:+d}", f"{recorded[seat]:+d}" if recorded else "-",
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
        console.print(f"  [dim]照桌上所记 taken on the table's word {where}: {word['zh']} ({word['en']})[/]")
    _print_anomalies(hand["anomalies"], "")


def _print_anomalies(anomalies: list[dict], title: str) -> None:
    for a in anomalies:
        colour = "red" if a["severity"] == "error" else "yellow"
        where = f"line {a['line']}" if a.get("line") else ""
        label = f"{a['zh']} {a.get('en', '')}".strip() or a["code"]
        console.print(f"  [{colour}]{label}[/] ({a['code']}) {title} {where}: {a['message']}")


# -- settle --------------------------------------------------------------------------------------
def settle(
    ruleset: Annotated[str, typer.Option("--ruleset", "-r", help=f"One of {', '.join(ruleset_names())}.")],
    winner: Annotated[list[str], typer.Option("--winner", "-w", help="Winning seat E/S/W/N (repeatable).")],
    points: Annotated[
        list[str] | None, typer.Option("--points", "-p", help="Points per seat: E=20,S=28,W=6,N=12.")
    ] = None,
    how: Annotated[str, typer.Option(help=f"How the win came: {', '.join(WIN_HOWS)}.")] = "self_draw",
    from_seat: Annotated[str | None, typer.Option("--from", help="The discarder (or robbed konger).")] = None,
    liable: Annotated[str | None, typer.Option(help="A seat that pays for the others.")] = None,
    liability: Annotated[str, typer.Option(help="The kind of liability.")] = "bao_san_jia",
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Ruleset option KEY=VALUE.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help='Print {"payments": [...], "net": {...}}.')] = False,
) -> None:
    """Settle one hand from points alone: who pays whom.

    Examples:

      fupan settle -r huangyan --winner E --points E=20,S=28,W=6,N=12

      fupan settle -r huangyan --winner N --points E=20,S=28,W=6,N=12 --json

      fupan settle -r wenling --winner S --how discard --from W --liable W --points S=140
    """
    rs, opts = _ruleset(ruleset, option or [])
    for seat in (*winner, from_seat, liable):
        if seat is not None and seat not in SEATS:
            raise fail(f"seat {seat!r} is not one of {', '.join(SEATS)}")
    if how not in WIN_HOWS:
        raise fail(f"--how {how!r} is not one of {', '.join(WIN_HOWS)}")
    pts = {}
    for seat, value in parse_pairs(points or [], "points").items():
        if seat not in SEATS or not value.lstrip("-").isdigit():
            raise fail(f"points {seat}={value} must be SEAT=INTEGER with SEAT in E/S/W/N")
        pts[seat] = int(value)
    if liable is not None and liability not in rs.liability_kinds:
        kinds = ", ".join(rs.liability_kinds) or "none"
        raise fail(f"--liability {liability!r} is not a liability of {rs.name} (it has: {kinds})")
    wins = tuple(Win(w, how, None, from_seat) for w in winner)
    liabilities = tuple(Liability(liability, liable, w) for w in winner) if liable else ()
    try:
        payments = rs.settle(SettleInput(wins, pts, liabilities), opts)
    except (ValueError, KeyError) as exc:
        raise fail(f"{rs.name} cannot settle this: {exc}") from None
    balance = net(payments)
    if as_json:
        out = {"payments": [{"from": p.payer, "to": p.payee, "amount": p.amount} for p in payments],
               "net": balance}
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    table = _table("付 from", "收 to", "数 amount", "缘由 reason", title=f"{rs.title_zh} 结算")
    for p in payments:
        table.add_row(p.payer, p.payee, str(p.amount), p.reason)
    console.print(table)
    console.print("  ".join(f"{seat} {balance[seat]:+d}" for seat in SEATS))


def _ruleset(name: str, option: list[str]):
    try:
        rs = get_ruleset(name)
        return rs, rs.options(parse_pairs(option, "option"))
    except ValueError as exc:  # UnknownRuleset, OptionError: the message lists the valid names
        raise fail(str(exc)) from None


# -- rules ---------------------------------------------------------------------------------------
def rules(
    name: Annotated[str | None, typer.Argument(help="A ruleset name; omit to list them all.")] = None,
) -> None:
    """List the rulesets, or print one ruleset's options (name, default, meaning).

    Examples:

      fupan rules

      fupan rules wenling
    """
    if name is None:
        table = _table("名 name", "规则 ruleset", title="rulesets")
        for n in ruleset_names():
            table.add_row(n, get_ruleset(n).title_zh)
        console.print(table)
        return
    rs, _ = _ruleset(name, [])
    table = _table("option", "default", "meaning", "values", title=f"{rs.name} {rs.title_zh}")
    for opt, default, doc in rs.describe_options():
        # what --option takes: each choice's code and what it means (the pages show the meaning)
        values = "; ".join(f"{value} = {label.en}" for value, label in rs.option_choices(opt))
        table.add_row(opt, repr(default), doc, values)
    console.print(table)
