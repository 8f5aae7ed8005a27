"""The ``fupan`` command line: one Typer root; each concern registers its commands from
``service/commands/<command>.py``, a module named after its command (``fupan db …`` in
``db.py``) that exposes ``register(app)``."""

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
    "verify",
    "settle",
    "rules",
    "serve",
    "digest",
    "users",
    "db",
    "store",
    "ingest",
    "worker",
    "simulate",
    "reverify",
    "integrity",
    "review",
    "witness",
)  # the order of `fupan --help`

for _name in COMMAND_MODULES:
    importlib.import_module(f"service.commands.{_name}").register(app)


def main() -> None:
    app()
