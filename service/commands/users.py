"""``fupan users create``: a web account in its clubs."""

from __future__ import annotations

from typing import Annotated

import typer

from service.commands import common
from service.commands.common import console

users_app = typer.Typer(help="Manage web accounts.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(users_app, name="users")


@users_app.command("create")
def create_user(
    username: Annotated[str, typer.Argument(help="Login name.")],
    password: Annotated[
        str | None, typer.Option(help="Password (asked when omitted; at least 8 characters).")
    ] = None,
    club: Annotated[
        list[str] | None, typer.Option("--club", help="Club to join (repeatable).")
    ] = None,
    role: Annotated[
        str, typer.Option(help="Role in those clubs: member, auditor or admin.")
    ] = "member",
    player: Annotated[str, typer.Option(help="The user's player name in the logs.")] = "",
) -> None:
    """Create a web account and add it to clubs."""
    from service.accounts import auth
    from service.app import create_app

    if password is None:
        password = typer.prompt("password", hide_input=True, confirmation_prompt=True)
    with common.clear_errors("reach the database"), create_app().app_context():
        try:
            auth.check_membership(role, player)
            for name in club or ():
                auth.fits(name.strip(), auth.MAX_NAME, "club")
            user = auth.create_user(username, password)
            for name in club or ():
                auth.add_member(user, auth.get_or_create_club(name), role, player)
        except auth.AccountError as e:
            console.print(f"[red]error:[/] {e}")
            raise typer.Exit(2) from None
    console.print(f"created user {username}" + (f" in {', '.join(club)} as {role}" if club else ""))
