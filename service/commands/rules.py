"""``fupan rules``: the rulesets, and one ruleset's options."""

from __future__ import annotations

from typing import Annotated

import typer

from engine.rulesets import get_ruleset, ruleset_names
from service.commands import common
from service.commands.common import console


def register(app: typer.Typer) -> None:
    app.command("rules")(rules)


def rules(
    name: Annotated[
        str | None, typer.Argument(help="A ruleset name; omit to list them all.")
    ] = None,
) -> None:
    """List the rulesets, or print one ruleset's options (name, default, meaning).

    Examples:

      fupan rules

      fupan rules wenling
    """
    if name is None:
        table = common.table("名 name", "规则 ruleset", title="rulesets")
        for n in ruleset_names():
            table.add_row(n, get_ruleset(n).title_zh)
        console.print(table)
        return
    rs, _ = common.ruleset(name, [])
    table = common.table("option", "default", "meaning", "values", title=f"{rs.name} {rs.title_zh}")
    for opt, default, doc in rs.describe_options():
        # what --option takes: each choice's code and what it means (the pages show the meaning)
        values = "; ".join(f"{value} = {label.en}" for value, label in rs.option_choices(opt))
        table.add_row(opt, repr(default), doc, values)
    console.print(table)
