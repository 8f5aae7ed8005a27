"""The command line's rooms (issue 28, 7): each module of service/commands/ holds the one command
(or group) it is named after, and re-verifying has one command, ``fupan reverify``."""

from __future__ import annotations

import importlib
from pathlib import Path

import click
import typer
import typer.main

from service import cli

COMMANDS = Path(cli.__file__).with_name("commands")
HELPERS = {"__init__", "common"}  # shared code, no command


def _names(group: click.Group, prefix: str = "") -> list[str]:
    """Every command's full name under ``group`` (``store check``, ``reverify``, …)."""
    out = []
    for name, command in group.commands.items():
        out.append(f"{prefix}{name}")
        if isinstance(command, click.Group):
            out += _names(command, f"{prefix}{name} ")
    return out


def test_each_command_module_registers_the_command_it_is_named_after():
    modules = sorted(p.stem for p in COMMANDS.glob("*.py") if p.stem not in HELPERS)
    assert sorted(cli.COMMAND_MODULES) == modules
    for name in modules:
        app = typer.Typer()
        importlib.import_module(f"service.commands.{name}").register(app)
        group = typer.main.get_group(app)
        assert list(group.commands) == [name], (name, list(group.commands))


def test_one_reverify_command():
    names = _names(typer.main.get_group(cli.app))
    assert [n for n in names if "verify" in n.split()[-1]] == ["verify", "reverify"]
