"""``fupan db upgrade|revision``, ``fupan store check|checkpoint|prove|reverify|receipt|export|public-key``, ``fupan ingest``, ``fupan worker``.

Exit codes: 0 fine, 1 the store or a receipt does not verify (or files were rejected),
2 bad input (unreadable file, not a receipt, unknown session), 3 the workers did not store
every file (``fupan ingest --in-workers``).
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import Progress

console = Console()
db_app = typer.Typer(help="The store's database schema.", no_args_is_help=True)
store_app = typer.Typer(
    help="Check the event store, its hash chains and receipts.", no_args_is_help=True
)


def register(app: typer.Typer) -> None:
    app.add_typer(db_app, name="db")
    app.add_typer(store_app, name="store")
    app.command("ingest")(ingest)
    app.command(
        "worker", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
    )(worker)


def _fail(message: str, code: int = 2) -> typer.Exit:
    console.print(f"[red]error:[/] {message}", highlight=False, soft_wrap=True)  # paths copyable
    return typer.Exit(code)


@contextmanager
def _database():
    """Database trouble (server down, bad URL, schema missing) as one clear line."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from events.config import settings

    try:
        yield
    except (SQLAlchemyError, ArgumentError) as e:
        url = settings().database_url
        try:
            url = make_url(url).render_as_string(hide_password=True)
        except ArgumentError:
            pass
        cause = str(e.__cause__ or e).splitlines()[0]
        raise _fail(
            f"database {url}: {cause} (is it running, and migrated: `fupan db upgrade`?)"
        ) from None


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as e:
        raise _fail(f"cannot read {path}: {e.strerror or e}") from None


@db_app.command("upgrade")
def upgrade(
    revision: Annotated[str, typer.Argument(help="Target revision.")] = "head",
    grant_to: Annotated[
        str | None,
        typer.Option(
            help="Give this PostgreSQL role (the app's and workers') least privilege on every "
            "table. Default: the user of FUPAN_DATABASE_URL when FUPAN_MIGRATE_DATABASE_URL "
            "names another.",
        ),
    ] = None,
) -> None:
    """Create or migrate the tables as their owner (FUPAN_MIGRATE_DATABASE_URL, default
    FUPAN_DATABASE_URL; the SQLite default upgrades itself), refresh PostgreSQL's planner
    statistics, grant the app role its privileges, and log the sessions stored before the
    transparency log."""
    from alembic.util import CommandError
    from sqlalchemy.engine import make_url

    from events import db, store, transparency
    from events.config import settings

    current = settings()
    if grant_to is None and current.migrate_database_url != current.database_url:
        app_user = make_url(current.database_url).username
        if app_user != make_url(current.migrate_database_url).username:
            grant_to = app_user
    with _database():
        engine = db.make_engine(current.migrate_database_url)
        try:
            db.upgrade(engine, revision)
        except CommandError as e:
            raise _fail(str(e)) from None
        url = engine.url.render_as_string(hide_password=True)
        console.print(f"database {url} is at revision {revision}", highlight=False)
        if db.analyze(engine):
            console.print("planner statistics refreshed (ANALYZE)", highlight=False)
        if grant_to:
            try:
                granted = db.grant_app_role(engine, grant_to)
            except db.GrantRefused as e:
                raise _fail(str(e)) from None
            for table, privileges in granted:
                console.print(
                    f"  {grant_to} on {table}: {privileges or 'nothing'}", highlight=False
                )
        if revision == "head":
            try:
                logged, _ = store.seal_log(engine=engine)
            except transparency.SealRefused as e:
                raise _fail(str(e), 1) from None
            if logged:
                console.print(f"{logged} stored session(s) entered in the transparency log")


@db_app.command("revision")
def revision(
    message: Annotated[str, typer.Argument(help="What the migration does, a few words.")],
    rev_id: Annotated[
        str, typer.Option("--id", help="Its revision id: the next number and a name, 0017_ledger.")
    ],
    autogenerate: Annotated[
        bool,
        typer.Option(
            help="Draft its operations from what the models have and the configured database "
            "(migrated to head) lacks."
        ),
    ] = False,
) -> None:
    """Write a new migration into events/migrations/versions, after the current head, as
    <UTC date>_<time>_<id>.py so that the files list in the order they apply."""
    from alembic import command
    from alembic.util import CommandError

    from events import db
    from events.config import settings

    engine = db.make_engine(settings().migrate_database_url) if autogenerate else None
    with _database():
        try:
            script = command.revision(
                db.alembic_config(engine), message, autogenerate=autogenerate, rev_id=rev_id
            )
        except CommandError as e:
            raise _fail(str(e)) from None
    console.print(f"wrote {script.path}", highlight=False, soft_wrap=True)


@store_app.command("check")
def check(
    receipt: Annotated[Path | None, typer.Option(help="A receipt (JSON) to prove.")] = None,
    public_key: Annotated[
        Path | None, typer.Option(help="The service's public key (PEM); default: this server's.")
    ] = None,
    log: Annotated[
        Path | None,
        typer.Option(
            help="Prove the receipt against this log (the upload or an export) instead of the store."
        ),
    ] = None,
    checkpoint: Annotated[
        Path | None,
        typer.Option(
            help="An older signed checkpoint (from `fupan store checkpoint` or the web): also "
            "prove that today's log extends it."
        ),
    ] = None,
    consistency: Annotated[
        Path | None,
        typer.Option(
            help="A consistency proof (from `fupan store prove`) to check against the "
            "--checkpoint you kept, with the public key alone, without the database."
        ),
    ] = None,
    club: Annotated[
        str | None,
        typer.Option(help="Check only this club's sessions (see docs/store.md: what it misses)."),
    ] = None,
    since: Annotated[
        datetime | None,
        typer.Option(
            formats=["%Y-%m-%d"],
            help="Check only sessions played on or after this day (the log's started_at, else "
            "the day stored); also reports sessions deleted from the store that were logged "
            "since the day before.",
        ),
    ] = None,
    until: Annotated[
        datetime | None,
        typer.Option(
            formats=["%Y-%m-%d"], help="Check only sessions played on or before this day."
        ),
    ] = None,
) -> None:
    """Re-walk every hash chain, prove every head by its receipt and the transparency log, and the
    log by its checkpoints (and an older one with --checkpoint); or only one club's or period's
    sessions, each head proven in the newest checkpoint (--club, --since, --until); or prove one
    receipt; or check a consistency proof offline."""
    from events import store
    from events.codec import LogFormatError
    from events.receipts import ReceiptInvalid

    key = _read(public_key) if public_key else None
    subset = dict(club=club, since=since and since.date(), until=until and until.date())
    if any(v is not None for v in subset.values()) and (receipt or consistency):
        raise _fail("--club, --since and --until select sessions of the store to check, "
                    "not with --receipt or --consistency")  # fmt: skip
    if subset["since"] and subset["until"] and subset["until"] < subset["since"]:
        raise _fail("--until is before --since")
    if consistency is not None:
        if checkpoint is None:
            raise _fail("--consistency needs --checkpoint: the checkpoint you kept")
        _check_consistency(consistency, _read(checkpoint).decode("utf-8", "replace"), key)
        return
    if receipt is None:
        note = _read(checkpoint).decode("utf-8", "replace") if checkpoint else None
        try:
            with _database():
                result = store.check_chains(public_key=key, checkpoint=note, **subset)
        except ValueError as e:  # an unusable --public-key or FUPAN_WITNESS_KEY
            raise _fail(str(e)) from None
        for problem in [*result.broken, *result.problems]:
            console.print(f"[red]BROKEN[/] {problem}", highlight=False, soft_wrap=True)
        which = f"{result.selection}: " if result.selection else ""
        console.print(
            f"{which}{result.sessions} sessions, {result.events} events checked, "
            f"{len(result.broken)} broken",
            highlight=False,
            soft_wrap=True,
        )
        if result.checkpoint is not None:
            proven = (
                f" (heads proven by inclusion, {result.log_rows} log rows read)"
                if result.selection
                else ""
            )
            console.print(
                f"transparency log: {result.checkpoint.size} leaves, signed at "
                f"{result.checkpoint.time}{proven}, {len(result.problems)} problem(s)",
                highlight=False,
                soft_wrap=True,
            )
        if result.extends is not None:
            _say(
                f"[green]the log extends the checkpoint[/] of {result.extends.size} leaves "
                f"signed at {result.extends.time}"
            )
        _print_witness(result)
        raise typer.Exit(0 if result.ok else 1)
    try:
        document = json.loads(_read(receipt))
        with _database():
            proof = store.check_receipt(
                document=document, public_key=key, log=_read(log) if log else None
            )
    except ValueError as e:
        if isinstance(e, LogFormatError):
            raise _fail(f"{log} is not a valid log:\n{e}") from None
        raise _fail(f"{receipt} is not JSON: {e}") from None
    except ReceiptInvalid as e:
        raise _fail(f"receipt does NOT verify: {e}", 1) from None
    logged = (
        f"; in the signed transparency log of {proof.logged_in} leaves"
        if proof.logged_in
        else "; issued before the transparency log (no log proof)"
    )
    if proof.cosigned_by:
        logged += f", cosigned by the witness {proof.cosigned_by}"
    console.print(
        f"[green]receipt verified[/]: session {proof.session_id}, {proof.event_count} events as "
        f"receipted, {proof.corrections_after} correction(s) appended since{logged}",
        highlight=False,
        soft_wrap=True,
    )


def _check_consistency(path: Path, kept: str, key: bytes | None) -> None:
    from events import receipts, store, transparency

    try:
        document = json.loads(_read(path))
        public = receipts.load_public_key(key or store.public_key_pem().encode())
        old, new = transparency.verify_consistency_document(document, kept, public)
    except ValueError as e:
        if isinstance(e, transparency.CheckpointInvalid):
            raise _fail(f"consistency proof does NOT verify: {e}", 1) from None
        raise _fail(f"{path} is not JSON: {e}") from None
    except receipts.ReceiptInvalid as e:
        raise _fail(str(e)) from None
    console.print(
        f"[green]the log of {new.size} leaves (signed at {new.time}) extends the checkpoint of "
        f"{old.size} leaves (signed at {old.time})[/]",
        highlight=False,
        soft_wrap=True,
    )


@store_app.command("prove")
def prove(
    checkpoint: Annotated[Path, typer.Option(help="The older signed checkpoint a club kept.")],
) -> None:
    """Print a consistency proof (JSON) from an older checkpoint to the newest, which whoever kept
    the older one checks with the public key alone:
    `fupan store check --consistency FILE --checkpoint OLD --public-key K`."""
    from events import store, transparency

    try:
        with _database():
            document = store.consistency_proof(
                checkpoint=_read(checkpoint).decode("utf-8", "replace")
            )
    except transparency.CheckpointInvalid as e:
        raise _fail(str(e), 1) from None
    typer.echo(json.dumps(document, ensure_ascii=False, indent=2))


@store_app.command("checkpoint")
def checkpoint_of() -> None:
    """Print the transparency log's newest signed checkpoint, for clubs to keep (and later pass
    to `fupan store check --checkpoint`); with a witness, cosigned by it. Logs sessions stored
    before the log first."""
    from events import store, transparency

    try:
        with _database():
            _, note = store.seal_log()
    except transparency.SealRefused as e:
        raise _fail(str(e), 1) from None
    if note is None:
        raise _fail("the transparency log is empty: no session stored yet")
    with _database():
        typer.echo(store.cosigned_checkpoint(note), nl=False)  # with a witness: its cosignature


@store_app.command("export")
def export(session_id: Annotated[str, typer.Argument(help="Session id.")]) -> None:
    """Print a session's stored log (canonical JSON Lines, corrections included)."""
    from events import store

    try:
        with _database():
            typer.echo(store.export_log(session_id=session_id), nl=False)
    except store.SessionNotFound as e:
        raise _fail(str(e)) from None


@store_app.command("reverify")
def reverify() -> None:
    """Queue verification of every session this engine version has not verified (after an
    upgrade: all of them; older results are kept). With the embedded queue, wait for it."""
    from events.config import settings
    from workers import dispatch

    with _database():
        pending = dispatch.enqueue_reverify_all()
        if settings().embedded_queue:
            count = pending.result()
            dispatch.wait_embedded()
            console.print(f"{count} session(s) verified")
        else:
            console.print("queued: the workers will verify every session not yet verified")


@store_app.command("receipt")
def receipt_of(session_id: Annotated[str, typer.Argument(help="Session id.")]) -> None:
    """Print a session's newest receipt (JSON), for ``fupan store check --receipt``."""
    from events import store

    with _database():
        documents = store.receipts_of(session_id=session_id)
    if not documents:
        raise _fail(f"no session {session_id!r}")
    typer.echo(json.dumps(documents[-1], ensure_ascii=False, indent=2))


@store_app.command("public-key")
def public_key() -> None:
    """Print the public key that checks this service's receipts (PEM)."""
    from events import store

    typer.echo(store.public_key_pem(), nl=False)


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
            raise _fail(f"{path}: no such file or folder")
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
    with _database(), Progress(console=console, transient=True) as progress:
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


def _say(message: str) -> None:
    console.print(message, highlight=False, soft_wrap=True)


def _print_witness(result) -> None:
    if result.witness is None:
        _say(
            "[yellow]no witness[/] (FUPAN_WITNESS_URL is not set): a rollback or a fork of the "
            "store is caught only with a checkpoint kept outside it (--checkpoint)"
        )
    elif result.witnessed is not None:
        _say(
            f"[green]the log extends the witness's newest cosigned checkpoint[/] "
            f"({result.witness}: {result.witnessed.size} leaves signed at {result.witnessed.time})"
        )


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
        raise _fail("--in-workers needs FUPAN_BROKER_URL (workers to send the files to)")
    if club is not None:
        raise _fail("--in-workers files the sessions under the logs' own clubs (no --club)")
    with Progress(console=console, transient=True) as progress:
        bar = progress.add_task("storing in the workers", total=len(files))
        try:
            outcome = runs.ingest_in_workers(
                files, on_progress=lambda done: progress.update(bar, completed=done)
            )
        except runs.Stalled as e:
            raise _fail(f"the workers made no progress: {e} (are workers running?)", 3) from None
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


def worker(ctx: typer.Context) -> None:
    """Run a Celery worker on FUPAN_BROKER_URL (extra options go to ``celery worker``)."""
    from events.config import settings
    from workers.celery_app import app

    if settings().embedded_queue:
        raise _fail("FUPAN_BROKER_URL is not set: the embedded queue runs inside `fupan serve`")
    app.worker_main(["worker", "--loglevel", "INFO", *ctx.args])
