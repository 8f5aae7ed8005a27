"""``fupan db upgrade`` and ``fupan db revision``: the database's schema (docs/store.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from service.commands import common
from service.commands.common import console

db_app = typer.Typer(help="The store's database schema.", no_args_is_help=True)


def register(app: typer.Typer) -> None:
    app.add_typer(db_app, name="db")


@db_app.command("upgrade")
def upgrade(
    revision: Annotated[str, typer.Argument(help="Target revision.")] = "head",
    grant_to: Annotated[
        str | None,
        typer.Option(
            help="Give this PostgreSQL role (the app's and workers') least privilege on every "
            "table. Default: the user of FUPAN_DATABASE_URL when FUPAN_MIGRATE_DATABASE_URL "
            "names another.",
        ),
    ] = None,
) -> None:
    """Create or migrate the tables as their owner (FUPAN_MIGRATE_DATABASE_URL, default
    FUPAN_DATABASE_URL; the SQLite default upgrades itself), refresh PostgreSQL's planner
    statistics, grant the app role its privileges, and log the sessions stored before the
    transparency log."""
    from alembic.util import CommandError
    from sqlalchemy.engine import make_url

    from events import db, store, transparency
    from events.config import settings

    current = settings()
    if grant_to is None and current.migrate_database_url != current.database_url:
        app_user = make_url(current.database_url).username
        if app_user != make_url(current.migrate_database_url).username:
            grant_to = app_user
    with common.database():
        engine = db.make_engine(current.migrate_database_url)
        try:
            db.upgrade(engine, revision)
        except CommandError as e:
            raise common.error(str(e)) from None
        url = engine.url.render_as_string(hide_password=True)
        console.print(f"database {url} is at revision {revision}", highlight=False)
        if db.analyze(engine):
            console.print("planner statistics refreshed (ANALYZE)", highlight=False)
        if grant_to:
            try:
                granted = db.grant_app_role(engine, grant_to)
            except db.GrantRefused as e:
                raise common.error(str(e)) from None
            for table, privileges in granted:
                console.print(
                    f"  {grant_to} on {table}: {privileges or 'nothing'}", highlight=False
                )
        if revision == "head":
            try:
                logged, _ = store.seal_log(engine=engine)
            except transparency.SealRefused as e:
                raise common.error(str(e), 1) from None
            if logged:
                console.print(f"{logged} stored session(s) entered in the transparency log")


@db_app.command("revision")
def revision(
    message: Annotated[str, typer.Argument(help="What the migration does, a few words.")],
    rev_id: Annotated[
        str, typer.Option("--id", help="Its revision id: the next number and a name, 0017_ledger.")
    ],
    autogenerate: Annotated[
        bool,
        typer.Option(
            help="Draft its operations from what the models have and the configured database "
            "(migrated to head) lacks."
        ),
    ] = False,
) -> None:
    """Write a new migration into events/migrations/versions, after the current head, as
    <UTC date>_<time>_<id>.py so that the files list in the order they apply."""
    from alembic import command
    from alembic.util import CommandError

    from events import db
    from events.config import settings

    engine = db.make_engine(settings().migrate_database_url) if autogenerate else None
    with common.database():
        try:
            script = command.revision(
                db.alembic_config(engine), message, autogenerate=autogenerate, rev_id=rev_id
            )
        except CommandError as e:
            raise common.error(str(e)) from None
    console.print(f"wrote {script.path}", highlight=False, soft_wrap=True)
