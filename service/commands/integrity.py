"""``fupan integrity --club NAME [--since D] [--until D] [--json]``: a club's integrity signals
over a period (docs/integrity.md), computed here from the stored verifications the way the
workers do it, and stored the same way.

Exit codes: 0 printed (flagged or not), 2 bad input (an unknown club, a bad day).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated

import typer

from service.commands.common import fail


def register(app: typer.Typer) -> None:
    app.command("integrity")(integrity)


def integrity(
    club: Annotated[str, typer.Option("--club", help="The club, as its logs name it.")],
    since: Annotated[
        datetime | None, typer.Option(formats=["%Y-%m-%d"], help="Sessions played on or after.")
    ] = None,
    until: Annotated[
        datetime | None, typer.Option(formats=["%Y-%m-%d"], help="Sessions played on or before.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help='Print {"signals": [...]} as JSON.')
    ] = False,
) -> None:
    """Patterns across a club's verified hands: who deals into whom, money beyond the rules,
    recorded payments leaning one way. A pattern to look at with its hands, not a verdict."""
    from service.app import create_app
    from service.integrity import signals_view

    first, last = since.date() if since else None, until.date() if until else None
    if first and last and first > last:
        raise fail(f"--since {first} is after --until {last}")
    try:
        with create_app().app_context():
            result = signals_view.compute_for(club, first, last)
    except LookupError as e:
        raise fail(str(e)) from None
    if as_json:
        typer.echo(json.dumps(signals_view.as_json(result), ensure_ascii=False, indent=1))
        return
    typer.echo(
        f"{club}: {result.hands} verified hands; minimum {result.min_hands} hands together "
        f"(pairs), {result.min_events} recorded payments (recorders, players)"
    )
    shown = [s for s in result.signals if s.enough]
    if not shown:
        typer.echo("not enough hands yet: no signal")
    for s in shown:
        mark = "FLAGGED" if s.flagged else "       "
        typer.echo(
            f"{mark} {s.kind:16} {' -> '.join(s.players):24} hands {s.hands:5} "
            f"observed {s.observed:g} expected {s.expected:.1f} effect {s.effect:.2f} "
            f"p {s.p_value:.3g} q {s.q_value:.3g}"
        )
