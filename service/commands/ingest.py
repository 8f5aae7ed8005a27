"""``fupan ingest``: store log files and queue their verification.

Exit codes: 0 fine, 1 files were rejected, 2 bad input, 3 the workers did not store every file
(``--in-workers``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import Progress

from service.commands import common
from service.commands.common import console


def register(app: typer.Typer) -> None:
    app.command("ingest")(ingest)


def _log_files(paths: list[Path]) -> list[Path]:
    files = []
    for path in paths:
        if path.is_dir():
            files += sorted(
                p for p in path.rglob("*") if p.is_file() and p.suffix in (".jsonl", ".log", ".txt")
            )
        elif path.is_file():
            files.append(path)
        else:
            raise common.error(f"{path}: no such file or folder")
    return files


def ingest(
    paths: Annotated[
        list[Path], typer.Argument(help="Log files or folders (*.jsonl, *.log, *.txt).")
    ],
    club: Annotated[
        str | None, typer.Option(help="File the sessions under this club instead of the logs' own.")
    ] = None,
    in_workers: Annotated[
        bool,
        typer.Option(
            "--in-workers",
            help="Send the paths to the workers (FUPAN_BROKER_URL), which store and verify the "
            "files themselves, and wait until every file is stored: the fastest way with "
            "several workers; they must be able to read these paths.",
        ),
    ] = False,
) -> None:
    """Store logs (idempotent: a file already stored is reported as a duplicate) and queue their
    verification; with the embedded queue, wait for it."""
    from events import store
    from events.codec import LogFormatError
    from events.config import settings
    from workers import dispatch

    files = _log_files(paths)
    if in_workers:
        _send_to_workers(files, club)
        return
    stored = duplicates = 0
    rejected: dict[Path, str] = {}
    with common.database(), Progress(console=console, transient=True) as progress:
        bar = progress.add_task("storing", total=len(files))
        for path in files:
            try:
                result = store.ingest(data=path.read_bytes(), club=club)
            except OSError as e:
                rejected[path] = f"cannot read: {e.strerror or e}"
            except LogFormatError as e:
                rejected[path] = str(e)
            else:
                stored += result.created
                duplicates += not result.created
                dispatch.enqueue_verify(result.session.id)
            progress.advance(bar)
        if settings().embedded_queue:
            progress.update(bar, description="verifying", completed=0, total=None)
            dispatch.wait_embedded()
    _print_problems("rejected", rejected)
    console.print(f"{stored} stored, {duplicates} duplicate(s), {len(rejected)} rejected")
    raise typer.Exit(1 if rejected else 0)


def _print_problems(what: str, problems: dict) -> None:
    """Each file and why, its path unwrapped (so that it can be copied)."""
    for path, message in problems.items():
        console.print(f"[red]{what}[/] {path}:\n{message}", highlight=False, soft_wrap=True)


def _send_to_workers(files: list[Path], club: str | None) -> None:
    """Have the workers store and verify the files, and wait until every one is stored or
    rejected (exit 1 if any was rejected, 3 if the workers could not store some)."""
    from events.config import settings
    from workers import runs

    if settings().embedded_queue:
        raise common.error("--in-workers needs FUPAN_BROKER_URL (workers to send the files to)")
    if club is not None:
        raise common.error("--in-workers files the sessions under the logs' own clubs (no --club)")
    with Progress(console=console, transient=True) as progress:
        bar = progress.add_task("storing in the workers", total=len(files))
        try:
            outcome = runs.ingest_in_workers(
                files, on_progress=lambda done: progress.update(bar, completed=done)
            )
        except runs.Stalled as e:
            raise common.error(
                f"the workers made no progress: {e} (are workers running?)", 3
            ) from None
    _print_problems("rejected", outcome.rejected)
    _print_problems("not stored", outcome.failed)
    earlier = (
        f" ({outcome.stored_earlier} of them in an earlier try of their batch, cut short)"
        if outcome.stored_earlier
        else ""
    )
    console.print(
        f"{outcome.files} file(s): {outcome.stored} stored{earlier}, {outcome.duplicates} "
        f"already stored, {len(outcome.rejected)} rejected, {len(outcome.failed)} failed"
    )
    raise typer.Exit(3 if outcome.failed else 1 if outcome.rejected else 0)
