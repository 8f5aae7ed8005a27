"""``fupan serve``: the web app with its embedded worker."""

from __future__ import annotations

from typing import Annotated

import typer

from service.commands import common
from service.commands.common import console


def register(app: typer.Typer) -> None:
    app.command("serve")(serve)


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

    with common.clear_errors("start"):
        app = create_app()
        server = make_server(host, port, app, threaded=True)
        if demo:
            from service.demo import load_demo

            with app.app_context():
                username, password, loaded = load_demo()
            console.print(
                f"[bold]demo login:[/] user [cyan]{username}[/] password [cyan]{password}[/]"
            )
            console.print(f"demo sessions loaded this start: {loaded}")
        start_embedded_worker()
    console.print(f"fupan on http://{host}:{port}/  (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        console.print("stopped")
