"""Alembic environment: runs on the engine handed over by ``events.db.upgrade`` (or the configured
database when alembic is driven some other way), one transaction for the whole upgrade."""

from alembic import context

from events.config import settings
from events.db import make_engine
from events.models import SQLModel

engine = context.config.attributes.get("engine") or make_engine(settings().database_url)

with engine.connect() as connection:
    context.configure(connection=connection, target_metadata=SQLModel.metadata)
    with context.begin_transaction():
        context.run_migrations()
