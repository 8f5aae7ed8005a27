"""``bash scripts/serve-demo`` restarts without reinstalling (issue 27, 6): pip runs on the first
start and after pyproject.toml changed, never on a plain restart. Run on a copy of the script
beside a stand-in virtualenv whose pip and fupan only write down that they ran."""

from __future__ import annotations

import shutil
import stat
import subprocess
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[3] / "scripts" / "serve-demo"


def _stand_in(path: Path, name: str, log: Path, then: str = "") -> None:
    path.write_text(f'#!/usr/bin/env bash\necho "{name} $*" >> "{log}"\n{then}')
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def test_a_restart_skips_pip_until_pyproject_changes(tmp_path):
    (tmp_path / "scripts").mkdir()
    shutil.copy(SCRIPT, tmp_path / "scripts" / "serve-demo")
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "fupan"\n')
    bin_ = tmp_path / ".venv" / "bin"
    bin_.mkdir(parents=True)
    log = tmp_path / "ran.log"
    _stand_in(bin_ / "python", "python", log)
    _stand_in(tmp_path / "fupan", "fupan", log)
    # pip "installs" the package: the fupan entry point appears, as an editable install makes it
    _stand_in(bin_ / "pip", "pip", log, f'cp "{tmp_path / "fupan"}" "{bin_ / "fupan"}"\n')

    def start() -> list[str]:
        log.write_text("")
        subprocess.run(["bash", str(tmp_path / "scripts" / "serve-demo"), "--port", "0"],
                       check=True, timeout=30)  # fmt: skip
        return [line.split()[0] for line in log.read_text().splitlines()]

    assert start() == ["pip", "fupan"]  # the first start installs
    assert start() == ["fupan"]  # a restart does not
    assert start() == ["fupan"]
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "fupan"\nversion = "2"\n')
    assert start() == ["pip", "fupan"]  # a changed pyproject.toml installs again
    assert start() == ["fupan"]
    assert "fupan serve --demo --port 0" in log.read_text()
