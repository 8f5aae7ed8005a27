"""``fupan serve`` (the web app with its embedded worker) and ``fupan users create``."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

console = Console()
users_app = typer.Typer(help="Manage web accounts.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)
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
    from werkzeug.serving import run_simple

    from service.app import create_app
    from workers.dispatch import start_embedded_worker

    app = create_app()
    if demo:
        from service.demo import load_demo

        with app.app_context():
            username, password, loaded = load_demo()
        console.print(f"[bold]demo login:[/] user [cyan]{username}[/] password [cyan]{password}[/]")
        console.print(f"demo sessions loaded this start: {loaded}")
    start_embedded_worker()
    console.print(f"fupan on http://{host}:{port}/  (Ctrl-C stops)")
    run_simple(host, port, app, threaded=True, use_reloader=False)


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
    from service import auth
    from service.app import create_app

    if password is None:
        password = typer.prompt("password", hide_input=True, confirmation_prompt=True)
    with create_app().app_context():
        try:
            user = auth.create_user(username, password)
            for name in club or ():
                auth.add_member(user, auth.get_or_create_club(name), role, player)
        except auth.AccountError as e:
            console.print(f"[red]error:[/] {e}")
            raise typer.Exit(2) from None
    console.print(f"created user {username}" + (f" in {', '.join(club)} as {role}" if club else ""))

