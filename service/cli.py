"""The ``fupan`` command line: one Typer root; each concern registers its commands from
``service/commands/<concern>.py`` (a module exposing ``register(app)``)."""

from __future__ import annotations

import importlib

import typer

from engine.rulesets import ruleset_names

try:  # the rulesets FUPAN_RULESETS names are imported here, before any command needs them
    RULESETS = ", ".join(ruleset_names())
except ImportError as e:
    typer.echo(f"error: {e}", err=True)
    raise SystemExit(2) from None

app = typer.Typer(
    help=f"复盘 fupan: replay and audit mahjong table logs ({RULESETS}).",
    no_args_is_help=True,
    add_completion=False,
)

# One entry per module in service/commands/; add yours here.
COMMAND_MODULES: tuple[str, ...] = (
    "verify", "web", "store", "simulate", "reverify", "integrity", "review", "witness",
)

for _name in COMMAND_MODULES:
    importlib.import_module(f"service.commands.{_name}").register(app)


def main() -> None:
    app()
