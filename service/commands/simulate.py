"""``fupan simulate``: write synthetic, legal session logs (and optionally table mistakes) for a
ruleset, to test the audit and to feed benchmarks. See ``docs/simulate.md``.

Exit codes: 0 written, 2 bad arguments (unknown ruleset, bad option, unwritable directory),
1 the simulator broke a rule (a bug: the message names the hand and seed).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from engine.rulesets import UnknownRuleset, get_ruleset, ruleset_names
from engine.rulesets.base import OptionError
from engine.simulate import SimulationError, generate_session
from engine.simulate.collusion import Bias, Collusion
from engine.simulate.session import CLUB, PLAYERS, check_names
from events.codec import LogFormatError, canonical_json
from service.commands.common import fail, parse_pairs


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)


def simulate(
    ruleset: Annotated[
        str, typer.Option("--ruleset", "-r", help=f"One of {', '.join(ruleset_names())}.")
    ],
    out: Annotated[Path, typer.Option("--out", help="Directory for the .jsonl files (created).")],
    sessions: Annotated[int, typer.Option(min=1, help="Session files to write.")] = 1,
    hands: Annotated[int, typer.Option(min=1, help="Hands per session.")] = 8,
    seed: Annotated[
        int, typer.Option(help="Session i (from 0) is generated with seed SEED+i.")
    ] = 0,
    faults: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="Share of hands given one table mistake.")
    ] = 0.0,
    summary: Annotated[
        bool, typer.Option("--summary", help="Write summary (showdown) logs.")
    ] = False,
    club: Annotated[
        str, typer.Option("--club", help="The session's club: upload the file as a member of it.")
    ] = CLUB,
    players: Annotated[
        str | None,
        typer.Option(
            "--players", help="Four distinct player names, comma-separated (E,S,W,N at hand 1)."
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A ruleset option KEY=VALUE (repeatable)."),
    ] = None,
    collude: Annotated[
        str | None,
        typer.Option(
            "--collude", help="Two of the players, A,B, who help each other (feed, pass)."
        ),
    ] = None,
    strength: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="How often colluders help each other.")
    ] = 0.5,
    bias: Annotated[
        str | None,
        typer.Option("--bias", help="A player the recorder leans towards: extra payments to them."),
    ] = None,
    bias_share: Annotated[
        float, typer.Option(min=0.0, max=1.0, help="Share of hands with a --bias payment.")
    ] = 0.1,
) -> None:
    """Simulate sessions: a shuffled wall, four bots, the ruleset's own settlement."""
    try:
        rs = get_ruleset(ruleset)
        options = parse_pairs(option or [], "option")
        rs.options(options)
        names = PLAYERS if players is None else tuple(p.strip() for p in players.split(","))
        check_names(club, names)
        # the names as the log format takes them (at most 200 characters, no NUL …)
        canonical_json({"type": "session", "ruleset": ruleset, "club": club, "players": names})
        collusion, leaning = dishonesty(names, collude, strength, bias, bias_share)
    except LogFormatError as exc:
        raise fail(
            "; ".join(f"--{e.field.split('.')[0]}: {e.message}" for e in exc.errors)
        ) from None
    except (UnknownRuleset, OptionError, ValueError) as exc:
        raise fail(str(exc)) from None
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(f"cannot create {out}: {exc.strerror}") from None
    written = injected = 0
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not sys.stderr.isatty(),
        transient=True,
    )
    with progress:
        task = progress.add_task(f"simulating {ruleset}", total=sessions * hands)
        for i in range(sessions):
            try:
                records, found = generate_session(
                    ruleset,
                    hands,
                    seed + i,
                    faults=faults,
                    summary=summary,
                    options=options,
                    on_hand=lambda: progress.advance(task),
                    club=club,
                    players=names,
                    collusion=collusion,
                    bias=leaning,
                )
            except SimulationError as exc:
                raise fail(str(exc), 1) from None
            name = f"{ruleset}-{seed + i}"
            text = "".join(canonical_json(r) + "\n" for r in records)
            try:
                (out / f"{name}.jsonl").write_text(text, encoding="utf-8")
                if faults or leaning:
                    (out / f"{name}.faults.json").write_text(
                        json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
                    )
            except OSError as exc:
                raise fail(f"cannot write {out / name}: {exc.strerror}") from None
            written += 1
            injected += len(found)
    kind = "summary" if summary else "full"
    extra = f", {injected} faults" if faults or leaning else ""
    typer.echo(f"wrote {written} {kind} {ruleset} sessions of {hands} hands{extra} to {out}")


def dishonesty(players, collude: str | None, strength: float, bias: str | None, share: float):
    """(Collusion or None, Bias or None) from the options; ValueError naming the option when
    a name is not one of the players."""
    collusion = leaning = None
    if collude is not None:
        pair = tuple(p.strip() for p in collude.split(","))
        if len(pair) != 2 or any(p not in players for p in pair):
            raise ValueError(
                f"--collude: two of the players {', '.join(players)}, comma-separated "
                f"(got {collude!r})"
            )
        collusion = Collusion(pair, strength)
    if bias is not None:
        if bias.strip() not in players:
            raise ValueError(f"--bias: one of the players {', '.join(players)} (got {bias!r})")
        leaning = Bias(bias.strip(), share)
    return collusion, leaning
