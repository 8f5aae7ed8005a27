"""``fupan store check|checkpoint|prove|receipt|export|public-key``: the event store, its hash
chains, receipts and transparency log (docs/store.md).

Exit codes: 0 fine, 1 the store or a receipt does not verify, 2 bad input (unreadable file, not
a receipt, unknown session).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer

from service.commands import common
from service.commands.common import console

store_app = typer.Typer(
    help="Check the event store, its hash chains and receipts.", no_args_is_help=True
)


def register(app: typer.Typer) -> None:
    app.add_typer(store_app, name="store")


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

    key = common.read(public_key) if public_key else None
    subset = dict(club=club, since=since and since.date(), until=until and until.date())
    if any(v is not None for v in subset.values()) and (receipt or consistency):
        raise common.error("--club, --since and --until select sessions of the store to check, "
                    "not with --receipt or --consistency")  # fmt: skip
    if subset["since"] and subset["until"] and subset["until"] < subset["since"]:
        raise common.error("--until is before --since")
    if consistency is not None:
        if checkpoint is None:
            raise common.error("--consistency needs --checkpoint: the checkpoint you kept")
        _check_consistency(consistency, common.read(checkpoint).decode("utf-8", "replace"), key)
        return
    if receipt is None:
        note = common.read(checkpoint).decode("utf-8", "replace") if checkpoint else None
        try:
            with common.database():
                result = store.check_chains(public_key=key, checkpoint=note, **subset)
        except ValueError as e:  # an unusable --public-key or FUPAN_WITNESS_KEY
            raise common.error(str(e)) from None
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
        document = json.loads(common.read(receipt))
        with common.database():
            proof = store.check_receipt(
                document=document, public_key=key, log=common.read(log) if log else None
            )
    except ValueError as e:
        if isinstance(e, LogFormatError):
            raise common.error(f"{log} is not a valid log:\n{e}") from None
        raise common.error(f"{receipt} is not JSON: {e}") from None
    except ReceiptInvalid as e:
        raise common.error(f"receipt does NOT verify: {e}", 1) from None
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


def _check_consistency(path: Path, kept: str, key: bytes | None) -> None:
    from events import receipts, store, transparency

    try:
        document = json.loads(common.read(path))
        public = receipts.load_public_key(key or store.public_key_pem().encode())
        old, new = transparency.verify_consistency_document(document, kept, public)
    except ValueError as e:
        if isinstance(e, transparency.CheckpointInvalid):
            raise common.error(f"consistency proof does NOT verify: {e}", 1) from None
        raise common.error(f"{path} is not JSON: {e}") from None
    except receipts.ReceiptInvalid as e:
        raise common.error(str(e)) from None
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
        with common.database():
            document = store.consistency_proof(
                checkpoint=common.read(checkpoint).decode("utf-8", "replace")
            )
    except transparency.CheckpointInvalid as e:
        raise common.error(str(e), 1) from None
    typer.echo(json.dumps(document, ensure_ascii=False, indent=2))


@store_app.command("checkpoint")
def checkpoint_of() -> None:
    """Print the transparency log's newest signed checkpoint, for clubs to keep (and later pass
    to `fupan store check --checkpoint`); with a witness, cosigned by it. Logs sessions stored
    before the log first."""
    from events import store, transparency

    try:
        with common.database():
            _, note = store.seal_log()
    except transparency.SealRefused as e:
        raise common.error(str(e), 1) from None
    if note is None:
        raise common.error("the transparency log is empty: no session stored yet")
    with common.database():
        typer.echo(store.cosigned_checkpoint(note), nl=False)  # with a witness: its cosignature


@store_app.command("export")
def export(session_id: Annotated[str, typer.Argument(help="Session id.")]) -> None:
    """Print a session's stored log (canonical JSON Lines, corrections included)."""
    from events import store

    try:
        with common.database():
            typer.echo(store.export_log(session_id=session_id), nl=False)
    except store.SessionNotFound as e:
        raise common.error(str(e)) from None


@store_app.command("receipt")
def receipt_of(session_id: Annotated[str, typer.Argument(help="Session id.")]) -> None:
    """Print a session's newest receipt (JSON), for ``fupan store check --receipt``."""
    from events import store

    with common.database():
        documents = store.receipts_of(session_id=session_id)
    if not documents:
        raise common.error(f"no session {session_id!r}")
    typer.echo(json.dumps(documents[-1], ensure_ascii=False, indent=2))


@store_app.command("public-key")
def public_key() -> None:
    """Print the public key that checks this service's receipts (PEM)."""
    from events import store

    typer.echo(store.public_key_pem(), nl=False)
