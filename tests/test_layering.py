"""The layers import one way — service → workers → events → engine (dashboards: figures from
engine and events data) — and the engine, the hot path, only the standard library. Inside a
layer no module imports itself back (no import cycles, also through an import inside a
function), nor does a feature package of service/; in events/ the database's foundation
(config, models, engines and migrations) never imports the store built on it."""

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAY_IMPORT = {
    "engine": {"engine"},
    "events": {"engine", "events"},
    "workers": {"engine", "events", "workers"},
    "dashboards": {"engine", "events", "dashboards"},
    "service": {"engine", "events", "workers", "dashboards", "service"},
}
# The migration environment owns every table of the database, the web service's too: it reads
# their models for autogenerate and the drift test (tests/events/test_migrations.py).
EXCEPTIONS = {"events.migrations.env": {"service.models"}}


def _modules(package: str) -> dict[str, Path]:
    """Dotted module name -> file, for every module of a top-level package."""
    out = {}
    for path in (ROOT / package).rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _imports(path: Path) -> set[str]:
    """The absolute names a file imports when it runs, wherever the import statement is
    (``if TYPE_CHECKING:`` blocks only serve the type checker and are left out)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(n)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
        for stmt in node.body
        for n in ast.walk(stmt)
    }
    names = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}: relative import"
            names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
    return names


def _cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of ``graph`` (node -> the nodes it imports), as a path back to its start; []
    when there is none."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str]:
        if node in path:
            return path[path.index(node) :] + [node]
        if node in done:
            return []
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if found := visit(nxt):
                return found
        path.pop()
        done.add(node)
        return []

    return next((c for c in map(visit, sorted(graph)) if c), [])


def test_engine_imports_only_stdlib_and_itself():
    bad = [
        f"{name}: {imported}"
        for name, path in _modules("engine").items()
        for imported in _imports(path)
        if imported.split(".")[0] not in {"engine", *sys.stdlib_module_names}
    ]
    assert bad == []


def test_layers_import_one_way():
    bad = [
        f"{name}: {imported}"
        for layer, allowed in MAY_IMPORT.items()
        for name, path in _modules(layer).items()
        for imported in _imports(path) - EXCEPTIONS.get(name, set())
        if imported.split(".")[0] in MAY_IMPORT and imported.split(".")[0] not in allowed
    ]
    assert bad == []


def _graph(package: str) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports."""
    modules = _modules(package)
    graph = {}
    for name, path in modules.items():
        found = _imports(path) & modules.keys()  # `from a import b` names a and a.b: keep a.b
        graph[name] = {i for i in found if not any(j.startswith(f"{i}.") for j in found)}
    return graph


@pytest.mark.parametrize("layer", sorted(MAY_IMPORT))
def test_no_import_cycles_inside_a_layer(layer):
    assert _cycle(_graph(layer)) == []


def test_events_foundation_does_not_import_the_store():
    """events.db opens engines and runs the migrations; what follows an upgrade that needs the
    store (sealing the transparency log) is the caller's (events.store, ``fupan db upgrade``)."""
    foundation = {"events", "events.config", "events.models", "events.db"}
    graph = _graph("events")
    assert {name: graph[name] - foundation for name in foundation} == dict.fromkeys(
        foundation, set()
    )


def test_service_rooms_have_no_import_cycles():
    def room(name: str) -> str:  # service.sessions.views -> service.sessions; service.app stays
        return ".".join(name.split(".")[:2])

    rooms: dict[str, set[str]] = {}
    for name, imported in _graph("service").items():
        rooms.setdefault(room(name), set()).update(
            room(i) for i in imported if room(i) != room(name)
        )
    assert _cycle(rooms) == []


def test_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) == []
