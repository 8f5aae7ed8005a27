"""The ``fupan`` command line: one Typer root; each concern registers its commands from
``service/commands/<concern>.py`` (a module exposing ``register(app)``)."""

from __future__ import annotations

import importlib

import typer

from engine.rulesets import ruleset_names

app = typer.Typer(
    help=f"复盘 fupan: replay and audit mahjong table logs ({', '.join(ruleset_names())}).",
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
