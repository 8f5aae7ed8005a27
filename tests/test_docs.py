"""Docs that cannot drift: every repository path named in README.md and docs/*.md exists (a
renamed module or a moved test fails here), none points outside the repository, and the
commands `.ci/run` runs are the README's, its last one exactly the README's test command."""

import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
TOP = sorted(
    p.name
    for p in ROOT.iterdir()
    if p.is_dir() and (not p.name.startswith((".", "_")) or p.name == ".ci") and p.name != "build"
    and not p.name.endswith(".egg-info") and p.name != "data"
)  # fmt: skip
# engine/hand.py, tests/service/conftest.py, docs/, .ci/run: a top-level folder, then a path; a
# shell glob, a <placeholder> or {a,b} is a pattern, not a path
PATH = re.compile(r"(?<![\w./-])((?:" + "|".join(map(re.escape, TOP)) + r")/[\w./*<>{}…-]*)")
OUTSIDE = re.compile(r"(?<![\w.])(\.\./[\w./-]+|/(?:[\w.-]+/)+[\w.-]+\.(?:md|py))")
UNITS = {"events/s", "hands/s", "sessions/s"}  # rates in docs/performance.md, not paths


def _paths(text: str) -> set[str]:
    found = set()
    for match in PATH.finditer(text):
        path = match.group(1).rstrip(".").split("::")[0]
        if not any(c in path for c in "*<>{}…") and path not in UNITS:
            found.add(path)
    return found


def test_every_repository_path_named_in_the_docs_exists():
    missing = {
        f"{doc.relative_to(ROOT)}: {path}"
        for doc in DOCS
        for path in _paths(doc.read_text(encoding="utf-8"))
        if not (ROOT / path).exists()
    }
    assert sorted(missing) == []


def test_every_relative_link_in_the_docs_exists():
    missing = {
        f"{doc.relative_to(ROOT)}: {target}"
        for doc in DOCS
        for target in re.findall(r"\]\(([^)#\s]+)", doc.read_text(encoding="utf-8"))
        if not target.startswith(("http:", "https:", "mailto:"))
        and not (doc.parent / target).exists()
    }
    assert sorted(missing) == []


def test_no_doc_names_a_file_outside_the_repository():
    outside = {
        f"{doc.relative_to(ROOT)}: {path}"
        for doc in DOCS
        for path in OUTSIDE.findall(doc.read_text(encoding="utf-8"))
        if path.startswith("/")
        or not Path(os.path.normpath(doc.parent / path)).is_relative_to(ROOT)
    }
    assert sorted(outside) == []


def test_the_path_finder_finds_paths():
    text = (
        "see `engine/hand.py`, engine/tiles.py::test_x and tests/service/<feature>/ at 9 events/s"
    )
    assert _paths(text) == {"engine/hand.py", "engine/tiles.py"}
    assert OUTSIDE.findall("the spec (/work/shared/spec/log-format.md, ../shared/DESIGN.md)") == [
        "/work/shared/spec/log-format.md", "../shared/DESIGN.md",
    ]  # fmt: skip


def _readme_test_command() -> str:
    """The command in the README's code block after "run them"."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.search(r"run them\*\*.*?```\n(.*?)\n```", readme, re.S).group(1).strip()


def test_ci_runs_the_readmes_commands_and_ends_with_its_test_command():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    steps = [
        line.strip()
        for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
        and not line.startswith(("set ", "cd "))
    ]  # fmt: skip
    assert steps[-1] == _readme_test_command()
    assert [s for s in steps if s not in readme] == []
