"""What the command modules share: one console, errors as one clear line (``fail`` on stderr,
as the audit's commands print them; ``error`` on the console, as the store's and the web's do),
KEY=VALUE pairs, tables, a ruleset with its options."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

console = Console()


def fail(message: str, code: int = 2) -> typer.Exit:
    """The message on stderr and the exit to raise (2: bad input)."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def error(message: str, code: int = 2) -> typer.Exit:
    """The message on the console, its paths unwrapped so that they can be copied."""
    console.print(f"[red]error:[/] {message}", highlight=False, soft_wrap=True)  # paths copyable
    return typer.Exit(code)


@contextmanager
def database():
    """Database trouble (server down, bad URL, schema missing) as one clear line."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from events.config import settings

    try:
        yield
    except (SQLAlchemyError, ArgumentError) as e:
        url = settings().database_url
        try:
            url = make_url(url).render_as_string(hide_password=True)
        except ArgumentError:
            pass
        cause = str(e.__cause__ or e).splitlines()[0]
        raise error(
            f"database {url}: {cause} (is it running, and migrated: `fupan db upgrade`?)"
        ) from None


def read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as e:
        raise error(f"cannot read {path}: {e.strerror or e}") from None


@contextmanager
def clear_errors(what: str) -> Iterator[None]:
    """An unreachable database (or an OSError such as an unwritable data dir) is a one-line
    message and exit code 2. (A busy port is Werkzeug's own clear message, exit code 1.)"""
    from sqlalchemy.exc import SQLAlchemyError

    try:
        yield
    except (OSError, SQLAlchemyError) as e:
        reason = getattr(e, "orig", None) or e
        console.print(f"[red]error:[/] cannot {what}: {str(reason).splitlines()[0]}")
        raise typer.Exit(2) from None


def parse_pairs(values: list[str], what: str) -> dict[str, str]:
    """``["a=1", "b=2,c=3"]`` -> ``{"a": "1", "b": "2", "c": "3"}``; a clear error otherwise."""
    out = {}
    for value in values:
        for item in filter(None, (v.strip() for v in value.split(","))):
            key, sep, val = item.partition("=")
            if not sep or not key.strip():
                raise fail(f"{what} {item!r} is not KEY=VALUE")
            if key.strip() in out:
                raise fail(f"{what} {key.strip()} is given twice")
            out[key.strip()] = val.strip()
    return out


def table(*columns: str, title: str | None = None) -> Table:
    """A rich table whose cells wrap instead of being cut with an ellipsis."""
    out = Table(title=title)
    for column in columns:
        out.add_column(column, overflow="fold")
    return out


def ruleset(name: str, option: list[str]):
    """The ruleset named and its options from KEY=VALUE pairs; a clear error otherwise."""
    from engine.rulesets import get_ruleset

    try:
        rs = get_ruleset(name)
        return rs, rs.options(parse_pairs(option, "option"))
    except ValueError as exc:  # UnknownRuleset, OptionError: the message lists the valid names
        raise fail(str(exc)) from None
