"""The migrations: one head, no drift between the models (the store's and the web service's) and
the tables the migrations make, on SQLite and PostgreSQL; and a new revision's file named so that
it lists after every other, in the order the files apply."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

from alembic.script import ScriptDirectory
from typer.testing import CliRunner

from events import db
from service.cli import app

# In a fresh interpreter, so that the models compared are those env.py imports, not whatever this
# test process imported before.
CHECK = "from alembic import command; from events import db; command.check(db.alembic_config(db.get_engine()))"


def _scripts() -> ScriptDirectory:
    return ScriptDirectory.from_config(db.alembic_config(None))


def test_one_head_and_every_revision_reachable():
    scripts = _scripts()
    heads = scripts.get_heads()
    assert len(heads) == 1, heads
    chain = [s.revision for s in scripts.walk_revisions()]  # head first, back to the base
    files = [p for p in (db.MIGRATIONS / "versions").glob("*.py") if p.name != "__init__.py"]
    assert len(chain) == len(set(chain)) == len(files)
    assert chain[-1] == "0001_store" and chain[0] == heads[0]


def test_the_models_and_the_migrations_do_not_drift(database_url):
    """``alembic check``: autogenerate against the migrated database finds nothing to do."""
    result = subprocess.run(
        [sys.executable, "-c", CHECK],
        env={**os.environ, "FUPAN_DATABASE_URL": database_url},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]


def test_a_new_revision_lists_after_every_other(tmp_path, monkeypatch):
    shutil.copytree(db.MIGRATIONS, tmp_path / "migrations")
    monkeypatch.setattr(db, "MIGRATIONS", tmp_path / "migrations")
    before = sorted(p.name for p in (tmp_path / "migrations" / "versions").glob("[0-9]*.py"))
    head = _scripts().get_heads()

    result = CliRunner().invoke(app, ["db", "revision", "a test change", "--id", "0999_test"])
    assert result.exit_code == 0, result.output

    listed = sorted(p.name for p in (tmp_path / "migrations" / "versions").glob("[0-9]*.py"))
    assert listed[:-1] == before
    assert re.fullmatch(r"20\d\d_\d\d_\d\d_\d{4}_0999_test\.py", listed[-1]), listed[-1]
    new = _scripts().get_revision("0999_test")
    assert new.down_revision == head[0] and _scripts().get_heads() == ["0999_test"]
