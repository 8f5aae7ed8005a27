"""``fupan digest``: fill the web's digest tables."""

from __future__ import annotations

import typer

from service.commands import common
from service.commands.common import console


def register(app: typer.Typer) -> None:
    app.command("digest")(digest)


def digest() -> None:
    """Digest every verification result the ledger, player pages and charts have not seen yet
    (after an upgrade or a large ingest), so that no page request pays for it."""
    from service.app import create_app
    from service.club import digests

    with common.clear_errors("reach the database"), create_app().app_context():
        done = digests.fill()
    console.print(f"digested {done} result(s)")
