"""Alembic environment: runs on the engine handed over by ``events.db.upgrade`` (or the configured
database when alembic is driven some other way), one transaction for the whole upgrade.

The migrations own every table of the database, the store's (``events.models``) and the web
service's (``service.models``), so autogenerate and ``alembic check`` compare against both: the
one import here that reaches above ``events`` (tests/test_layering.py names it)."""

from typing import Any

from alembic import context
from sqlmodel import SQLModel

import events.models  # noqa: F401  (the store's tables)
import service.models  # noqa: F401  (the web service's tables, in the same metadata)
from events.config import settings
from events.db import make_engine

engine = context.config.attributes.get("engine") or make_engine(settings().database_url)


def include_object(
    obj: Any, name: str | None, type_: str, reflected: bool, compare_to: Any
) -> bool:
    """Leave out what the migrations make differently on purpose: on PostgreSQL, 0003 replaced
        events.stream's per-row foreign key by a statement-level trigger (event_chunks.stream since
    0017)."""
    return not (
        type_ == "foreign_key_constraint"
        and engine.dialect.name == "postgresql"
        and obj.table.name == "event_chunks"
    )


with engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=SQLModel.metadata,
        include_object=include_object,
    )
    with context.begin_transaction():
        context.run_migrations()
