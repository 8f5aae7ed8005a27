"""Database engines and schema migrations.

SQLite writers take the write lock when their transaction begins (``BEGIN IMMEDIATE``) so two
appenders queue on the busy timeout instead of failing halfway; WAL lets readers run meanwhile.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import psycopg
from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, insert, inspect
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, SQLModel

from events.config import settings

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


class Utf8Text(bytes):
    """UTF-8 bytes that PostgreSQL takes as a ``text`` value (psycopg sends them as they are;
    a ``str`` would be encoded again). SQLite takes a ``str``: see ``text_value``."""


class _Utf8TextDumper(psycopg.adapt.Dumper):
    oid = psycopg.postgres.types["text"].oid

    def dump(self, obj: bytes) -> bytes:
        return obj


psycopg.adapters.register_dumper(Utf8Text, _Utf8TextDumper)


def text_value(utf8: bytes, connection: Connection | Engine) -> str | Utf8Text:
    """A ``Text`` column's value for ``utf8`` on ``connection`` (or an engine's connections):
    the bytes on PostgreSQL, else their text."""
    if connection.dialect.driver == "psycopg":
        return Utf8Text(utf8)
    return utf8.decode()


def insert_rows(
    connection: Connection, model: type[SQLModel], rows: Sequence[Mapping[str, Any]]
) -> None:
    """Insert ``rows`` (each a dict of the same columns) into ``model``'s table, in the caller's
    transaction. PostgreSQL takes them by COPY, one message for them all: ``execute`` with a
    list sends a statement a row (~25 µs of the sender's CPU a row, ~5 by COPY). The values go
    through the columns' own bind processing (JSON by the same encoder), and an error is
    SQLAlchemy's, as ``execute`` raises it (a taken key: IntegrityError)."""
    if not rows:
        return
    dialect = connection.dialect
    driver = connection.connection.driver_connection if dialect.driver == "psycopg" else None
    if not isinstance(driver, psycopg.Connection):
        connection.execute(insert(model), list(rows))
        return
    table = inspect(model).local_table
    names = list(rows[0])
    processors = [
        (n, bind)
        for n, name in enumerate(names)
        if (bind := table.c[name].type.dialect_impl(dialect).bind_processor(dialect))
    ]
    preparer = dialect.identifier_preparer
    columns = ", ".join(map(preparer.quote, names))
    statement = f"COPY {preparer.format_table(table)} ({columns}) FROM STDIN"
    cursor = driver.cursor()
    try:
        with cursor.copy(statement) as copy:
            for row in rows:
                values = [row[name] for name in names]
                for n, bind in processors:
                    values[n] = bind(values[n])
                copy.write_row(values)
    except psycopg.Error as e:
        raise DBAPIError.instance(statement, None, e, psycopg.Error, dialect=dialect) from e
    finally:
        cursor.close()


_engines: dict[str, Engine] = {}
_upgraded: set[Engine] = set()  # opened and upgraded by get_engine, not yet taken
_lock = threading.Lock()


def get_engine(url: str | None = None) -> Engine:
    """The process-wide engine for ``url`` (default: FUPAN_DATABASE_URL); on the embedded
    SQLite default the schema is upgraded the first time it is opened (the store then seals its
    log: ``take_upgraded``)."""
    current = settings()
    url = url or current.database_url
    with _lock:
        if url not in _engines:
            engine = make_engine(url)
            if url == current.database_url and current.embedded_database:
                upgrade(engine)
                _upgraded.add(engine)
            _engines[url] = engine
        return _engines[url]


def take_upgraded(engine: Engine) -> bool:
    """True once for an engine ``get_engine`` upgraded when it opened it: the caller does what
    follows an upgrade (``events.store`` seals its log, as ``fupan db upgrade`` does on a server
    database). Kept out of this module so that the store builds on it, not the other way."""
    with _lock:
        if engine not in _upgraded:
            return False
        _upgraded.discard(engine)
        return True


def db_session(engine: Engine | None = None) -> Session:
    """A session on ``engine`` (default: the configured database) whose objects stay readable
    after it closes."""
    return Session(engine or get_engine(), expire_on_commit=False)


def make_engine(url: str) -> Engine:
    """A new engine for ``url``; SQLite gets its pragmas and immediate write transactions."""
    if not url.startswith("sqlite"):
        return create_engine(url, pool_pre_ping=True)
    path = url.split("///", 1)[1] if "///" in url else ""
    if path and path != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": 60, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: object) -> None:
        dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=60000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")

    return engine


# A new revision's file is named <UTC date and time>_<id>.py, so that a listing sorts in the order
# the files apply. The files before it keep their names: their ids (what deployed databases
# record) are in no date order, and 0005 applies after 0010 (docs/store.md, "Migrations").
FILE_TEMPLATE = "%%(year)d_%%(month).2d_%%(day).2d_%%(hour).2d%%(minute).2d_%%(rev)s"


def alembic_config(engine: Engine | None) -> Config:
    """Alembic configured in code: the scripts ship inside the package, no alembic.ini needed
    (``engine``: None when no database is needed, e.g. to list or write revisions)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("file_template", FILE_TEMPLATE)
    config.set_main_option("timezone", "UTC")
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (idempotent)."""
    command.upgrade(alembic_config(engine), revision)


def analyze(engine: Engine) -> bool:
    """PostgreSQL: refresh the planner's statistics (``ANALYZE``, a sample: ~1 s at a million
    hands). Without them, a store loaded while autovacuum was off or behind is planned as if
    empty: the events of 200 sessions were read by a sequential scan of all 106 M events (27 s
    instead of 0.1 s), and every session's read paid for JIT compiling. False on SQLite."""
    if engine.dialect.name != "postgresql":
        return False
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.exec_driver_sql("ANALYZE")
    return True


# What the app and the workers may do to each table on PostgreSQL; the migrations run as the
# tables' owner, the only role that can alter, drop or disable their triggers. None: nothing.
APP_PRIVILEGES = {
    "sessions": "SELECT, INSERT, UPDATE (head_seq, head_hash)",  # an append moves the head
    "event_chunks": "SELECT, INSERT",
    "receipts": "SELECT, INSERT",
    "verifications": "SELECT, INSERT",
    "log_leaves": "SELECT, INSERT",
    "log_checkpoints": "SELECT, INSERT",
    "log_cosignatures": "SELECT, INSERT",
    "web_digest": "SELECT, INSERT",  # filled with ON CONFLICT DO NOTHING
    "web_digest_player": "SELECT, INSERT",
    "web_ledger_payment": "SELECT, INSERT",  # a transfer marked paid is a new row, never edited
    "integrity_results": "SELECT, INSERT",  # derived, one row per source
    "web_club_history": "SELECT, INSERT",  # a club's history is appended to
    "reviews": "SELECT, INSERT",  # derived, one row per session head and engine version
    "session_withdrawals": "SELECT, INSERT",  # a withdrawal and its restoration are new rows
    "alembic_version": None,
}
# The web's other tables (web_user, web_club, web_membership, web_api_token …) are its own
# mutable state, not evidence: passwords change, tokens are revoked, members leave.
WEB_STATE = "SELECT, INSERT, UPDATE, DELETE"


class GrantRefused(ValueError):
    """The app role cannot be given least privilege (unknown table, or it owns tables)."""


def grant_app_role(engine: Engine, role: str) -> list[tuple[str, str | None]]:
    """Give ``role`` (the app's and workers' database role) exactly APP_PRIVILEGES on every table
    of the current schema, revoking anything else; returns (table, privileges) pairs. Run as the
    owner after each upgrade: new tables need their grants."""
    if engine.dialect.name != "postgresql":
        raise GrantRefused("database roles are PostgreSQL's: a SQLite file has none")
    quote = engine.dialect.identifier_preparer.quote
    with engine.begin() as connection:
        schema: str = connection.exec_driver_sql("SELECT current_schema()").scalar_one()
        tables = connection.exec_driver_sql(
            "SELECT tablename, tableowner FROM pg_tables WHERE schemaname = %s ORDER BY tablename",
            (schema,),
        ).all()
        owned = [table for table, owner in tables if owner == role]
        if owned:
            raise GrantRefused(
                f"role {role} owns {', '.join(owned)}: migrate as another role (the owner)"
            )
        granted = []
        for table, _ in tables:
            if table in APP_PRIVILEGES:
                privileges = APP_PRIVILEGES[table]
            elif table.startswith("web_"):
                privileges = WEB_STATE
            else:
                raise GrantRefused(f"no privileges decided for table {table}: see APP_PRIVILEGES")
            connection.exec_driver_sql(f"REVOKE ALL ON TABLE {quote(table)} FROM {quote(role)}")
            if privileges:
                connection.exec_driver_sql(
                    f"GRANT {privileges} ON TABLE {quote(table)} TO {quote(role)}"
                )
            granted.append((table, privileges))
        connection.exec_driver_sql(f"GRANT USAGE ON SCHEMA {quote(schema)} TO {quote(role)}")
        connection.exec_driver_sql(  # id columns: nextval only
            f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA {quote(schema)} TO {quote(role)}"
        )
    return granted


def dispose_all(*, close: bool = True) -> None:
    """Forget every engine and its pooled connections. In a forked child pass ``close=False``:
    the connections belong to the parent, and closing them would end the parent's sessions."""
    with _lock:
        for engine in _engines.values():
            engine.dispose(close=close)
        _engines.clear()
        _upgraded.clear()
