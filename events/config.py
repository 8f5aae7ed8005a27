"""Where fupan keeps its data and which servers it talks to, from ``FUPAN_*`` environment variables.

With nothing set, everything lives in one user data directory (SQLite database, signing key) and
the queue runs in-process: ``fupan serve`` alone is a complete installation.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

EMBEDDED = "embedded"


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    database_url: str
    migrate_database_url: str  # the owner role's, for `fupan db upgrade` (default: database_url)
    broker_url: str  # "embedded" or a Celery broker URL (redis://…)
    signing_key_path: Path

    @property
    def embedded_database(self) -> bool:
        """SQLite needs no administrator, so fupan migrates it by itself on first use."""
        return self.database_url.startswith("sqlite")

    @property
    def embedded_queue(self) -> bool:
        return self.broker_url == EMBEDDED


# The variables the settings are made of (HOME and XDG_DATA_HOME: the default data directory's).
_VARIABLES = ("FUPAN_DATA_DIR", "FUPAN_DATABASE_URL", "FUPAN_MIGRATE_DATABASE_URL",
              "FUPAN_BROKER_URL", "FUPAN_SIGNING_KEY", "HOME", "XDG_DATA_HOME")  # fmt: skip


def settings() -> Settings:
    """The settings from the environment as it is now (read on every call: tests change it),
    made once for each set of values (a worker asks ~3 times a session: the paths cost)."""
    env = os.environ
    return _settings(tuple(env.get(name) for name in _VARIABLES))


@functools.lru_cache(maxsize=16)
def _settings(values: tuple[str | None, ...]) -> Settings:
    env = dict(zip(_VARIABLES, values, strict=True))
    data_dir = Path(
        env.get("FUPAN_DATA_DIR") or platformdirs.user_data_dir("fupan", appauthor=False)
    )
    database_url = env.get("FUPAN_DATABASE_URL") or f"sqlite:///{data_dir / 'fupan.sqlite3'}"
    return Settings(
        data_dir=data_dir,
        database_url=database_url,
        migrate_database_url=env.get("FUPAN_MIGRATE_DATABASE_URL") or database_url,
        broker_url=env.get("FUPAN_BROKER_URL") or EMBEDDED,
        signing_key_path=Path(env.get("FUPAN_SIGNING_KEY") or data_dir / "signing-key.pem"),
    )
