"""``fupan reverify``: bring every stored session up to the running engine version.

Exit codes: 0 done, 2 bad input, 3 the workers made no progress or could not verify some
sessions (run it again: it resumes).
"""

from __future__ import annotations

import json
import time
from datetime import date, datetime
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

console = Console()


def register(app: typer.Typer) -> None:
    app.command("reverify")(reverify)


def reverify(
    every: Annotated[
        bool, typer.Option("--all", help="Every session without a result from this version.")
    ] = False,
    club: Annotated[str | None, typer.Option(help="Only this club's sessions.")] = None,
    since: Annotated[
        datetime | None,
        typer.Option(formats=["%Y-%m-%d"], help="Only sessions played on or after this day."),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="No progress bar; print the outcome as JSON (for scripts)."),
    ] = False,
) -> None:
    """Verify again, with this engine version, every session whose newest result is from an
    older one, and wait (a progress bar). Safe to kill and run again: it takes over the work
    in flight, verifies nothing twice and skips nothing. Each session's page then shows what
    changed (Verifications)."""
    from workers import runs

    day: date | None = since.date() if since else None
    columns = (TextColumn("verifying"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    started = time.perf_counter()
    with Progress(*columns, console=console, transient=True, disable=as_json) as progress:
        bar = progress.add_task("verifying", total=None)
        try:
            outcome = runs.reverify(
                every=every, club=club, since=day,
                on_start=lambda total: progress.update(bar, total=total),
                on_progress=lambda done: progress.update(bar, completed=done),
            )  # fmt: skip
        except runs.Stalled as e:
            console.print(f"[red]error:[/] the workers made no progress: {e}", highlight=False)
            raise typer.Exit(3) from None
    if as_json:
        seconds = round(time.perf_counter() - started, 3)
        typer.echo(json.dumps({**vars(outcome), "seconds": seconds}, ensure_ascii=False))
        raise typer.Exit(3 if outcome.failed else 0)
    for session_id, error in outcome.failed.items():
        console.print(
            f"[red]not verified[/] {session_id}: {error}", highlight=False, soft_wrap=True
        )
    counts = ", ".join(f"{n} {status}" for status, n in sorted(outcome.counts.items()))
    console.print(f"{outcome.sessions} session(s) to verify: {counts or 'nothing to do'}")
    raise typer.Exit(3 if outcome.failed else 0)
