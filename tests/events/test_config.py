"""The settings are the environment's as it is at each call, though made once for each set of
values."""

from __future__ import annotations

from events.config import settings


def test_the_settings_follow_the_environment_as_it_is_now(monkeypatch, tmp_path):
    for name in ("FUPAN_DATABASE_URL", "FUPAN_MIGRATE_DATABASE_URL", "FUPAN_SIGNING_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("FUPAN_DATA_DIR", str(tmp_path / "a"))
    first = settings()
    monkeypatch.setenv("FUPAN_DATA_DIR", str(tmp_path / "b"))
    assert settings().data_dir == tmp_path / "b"
    assert settings().database_url == f"sqlite:///{tmp_path / 'b' / 'fupan.sqlite3'}"
    assert settings().signing_key_path == tmp_path / "b" / "signing-key.pem"
    monkeypatch.setenv("FUPAN_BROKER_URL", "redis://elsewhere:1")
    assert settings().broker_url == "redis://elsewhere:1"
    monkeypatch.delenv("FUPAN_BROKER_URL")
    monkeypatch.setenv("FUPAN_DATA_DIR", str(tmp_path / "a"))
    assert settings() == first and settings().embedded_queue
    monkeypatch.delenv("FUPAN_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert settings().data_dir == tmp_path / "xdg" / "fupan"
