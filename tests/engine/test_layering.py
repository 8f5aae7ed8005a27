"""The engine is the hot path and must stay pure: it imports the standard library only."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def test_engine_imports_only_stdlib_and_itself():
    bad = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top != "engine" and top not in sys.stdlib_module_names:
                    bad.append(f"{path.relative_to(ENGINE.parent)}: {name}")
    assert bad == []
