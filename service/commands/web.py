"""``fupan serve`` (the web app with its embedded worker), ``fupan digest`` and ``fupan users
create``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer
from rich.console import Console
from sqlalchemy.exc import SQLAlchemyError

console = Console()
users_app = typer.Typer(help="Manage web accounts.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
    app.command("digest")(digest)
    app.add_typer(users_app, name="users")


def serve(
    host: Annotated[str, typer.Option(help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="TCP port.")] = 8000,
    demo: Annotated[
        bool, typer.Option("--demo", help="Create a demo admin and load demo sessions.")
    ] = False,
) -> None:
    """Start the web app (development server, threaded) with the embedded verification worker.

    In production run it under gunicorn instead (see docs/web.md)."""
    from werkzeug.serving import make_server

    from service.app import create_app
    from workers.dispatch import start_embedded_worker

    with _clear_errors("start"):
        app = create_app()
        server = make_server(host, port, app, threaded=True)
        if demo:
            from service.demo import load_demo

            with app.app_context():
                username, password, loaded = load_demo()
            console.print(f"[bold]demo login:[/] user [cyan]{username}[/] password [cyan]{password}[/]")
            console.print(f"demo sessions loaded this start: {loaded}")
        start_embedded_worker()
    console.print(f"fupan on http://{host}:{port}/  (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        console.print("stopped")


def digest() -> None:
    """Digest every verification result the ledger, player pages and charts have not seen yet
    (after an upgrade or a large ingest), so that no page request pays for it."""
    from service.app import create_app
    from service.club import digests

    with _clear_errors("reach the database"), create_app().app_context():
        done = digests.fill()
    console.print(f"digested {done} result(s)")


@contextmanager
def _clear_errors(what: str) -> Iterator[None]:
    """An unreachable database (or an OSError such as an unwritable data dir) is a one-line
    message and exit code 2. (A busy port is Werkzeug's own clear message, exit code 1.)"""
    try:
        yield
    except (OSError, SQLAlchemyError) as e:
        reason = getattr(e, "orig", None) or e
        console.print(f"[red]error:[/] cannot {what}: {str(reason).splitlines()[0]}")
        raise typer.Exit(2) from None


@users_app.command("create")
def create_user(
    username: Annotated[str, typer.Argument(help="Login name.")],
    password: Annotated[
        str | None, typer.Option(help="Password (asked when omitted; at least 8 characters).")
    ] = None,
    club: Annotated[list[str] | None, typer.Option("--club", help="Club to join (repeatable).")] = None,
    role: Annotated[str, typer.Option(help="Role in those clubs: member, auditor or admin.")] = "member",
    player: Annotated[str, typer.Option(help="The user's player name in the logs.")] = "",
) -> None:
    """Create a web account and add it to clubs."""
    from service.accounts import auth
    from service.app import create_app

    if password is None:
        password = typer.prompt("password", hide_input=True, confirmation_prompt=True)
    with _clear_errors("reach the database"), create_app().app_context():
        try:
            user = auth.create_user(username, password)
            for name in club or ():
                auth.add_member(user, auth.get_or_create_club(name), role, player)
        except auth.AccountError as e:
            console.print(f"[red]error:[/] {e}")
            raise typer.Exit(2) from None
    console.print(f"created user {username}" + (f" in {', '.join(club)} as {role}" if club else ""))

