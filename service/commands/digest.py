"""``fupan digest``: fill the digest tables the workers fill after each verification."""

from __future__ import annotations

import typer

from service.commands import common
from service.commands.common import console


def register(app: typer.Typer) -> None:
    app.command("digest")(digest)


def digest() -> None:
    """Digest every verification result that has none (the results stored before the workers
    wrote digests, or emptied by an upgrade) now; the workers' sweeper also fills them, in
    batches. The ledger, player pages and charts read only digests."""
    from service.app import create_app
    from service.db import engine
    from workers import digests

    with common.clear_errors("reach the database"), create_app().app_context():
        done = digests.fill(engine=engine())
    console.print(f"digested {done} result(s)")
