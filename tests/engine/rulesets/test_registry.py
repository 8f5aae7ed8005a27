"""One shape, one registry: every shipped ruleset is a package whose ``__init__`` registers its
``RULESET`` and whose ``options`` module holds its ``Options``; no module outside the ruleset
packages names a ruleset but the registry's ``SHIPPED`` (everything else asks the ruleset
object). The toy ruleset (test_toy_ruleset.py) shows one defined elsewhere fits the same way."""

from __future__ import annotations

import ast
import dataclasses
import importlib
from pathlib import Path

import pytest

from engine.rulesets import (
    SHIPPED,
    UnknownRuleset,
    get_ruleset,
    is_ruleset,
    register,
    ruleset_names,
)

ROOT = Path(__file__).resolve().parents[3]
LAYERS = ("engine", "events", "workers", "dashboards", "service")


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_ruleset_is_a_package_of_one_shape(name):
    package = importlib.import_module(f"engine.rulesets.{name}")
    assert hasattr(package, "__path__"), f"{name} is a module, not a package"
    options = importlib.import_module(f"engine.rulesets.{name}.options")
    assert package.RULESET is get_ruleset(name) and package.RULESET.name == name
    assert package.RULESET.Options is options.Options
    for field in dataclasses.fields(options.Options):  # both languages, side by side
        assert field.metadata["doc"] and field.metadata["zh"], field.name


# docs/engine.md, "A ruleset's package": the modules every shipped ruleset has.
PARTS = ("options", "flow", "winner", "settlement", "mistakes")


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_package_has_its_parts_and_an_init_that_only_assembles(name):
    """Its parts in their modules; ``__init__`` defines the ruleset class (its constants, texts
    and one call a hook) and registers it, and no module takes a name from ``__init__``."""
    folder = ROOT / "engine" / "rulesets" / name
    modules = {p.stem for p in folder.glob("*.py")}
    assert set(PARTS) <= modules, f"{name} lacks {set(PARTS) - modules}"
    init = ast.parse((folder / "__init__.py").read_text(encoding="utf-8"))
    top = [node for node in init.body if not isinstance(node, (ast.Import, ast.ImportFrom))]
    kinds = [type(node).__name__ for node in top]
    assert kinds[0] == "Expr" and kinds.count("ClassDef") == 1, kinds  # docstring, the class
    assigned = {t.id for node in top if isinstance(node, ast.Assign) for t in node.targets}
    assert assigned <= {"RULESET", "__all__"} and "RULESET" in assigned
    assert not [n for n in top if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
    for module in modules - {"__init__"}:
        for node in ast.walk(ast.parse((folder / f"{module}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == f"engine.rulesets.{name}":
                taken = {alias.name for alias in node.names}
                assert taken <= modules, f"{name}/{module}.py takes {taken - modules} from __init__"


def test_the_registry_lists_the_shipped_in_order_and_refuses_the_unknown():
    assert ruleset_names()[: len(SHIPPED)] == SHIPPED
    assert is_ruleset("xizhou") and not is_ruleset("guobiao") and not is_ruleset(None)
    with pytest.raises(UnknownRuleset, match="valid rulesets: wenling, huangyan, zhoushan, xizhou"):
        get_ruleset("guobiao")
    with pytest.raises(ValueError, match="lower-case"):
        register(type("Bad", (type(get_ruleset("wenling")),), {"name": "Wen-ling"})())


def test_no_module_outside_the_rulesets_names_one():
    named = []
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            rel = path.relative_to(ROOT)
            if rel.parts[:2] == ("engine", "rulesets") and len(rel.parts) > 3:
                continue  # inside a ruleset's own package
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and node.value in SHIPPED:
                    named.append(f"{rel}:{node.lineno} {node.value}")
    assert named == [f"engine/rulesets/__init__.py:{_shipped_line()} {n}" for n in SHIPPED]


def _shipped_line() -> int:
    source = (ROOT / "engine" / "rulesets" / "__init__.py").read_text(encoding="utf-8")
    return next(n for n, line in enumerate(source.splitlines(), 1) if line.startswith("SHIPPED"))
