"""The registry of rulesets by name: every other module asks it (and the ruleset object it
returns) instead of keeping a list of names.

A ruleset is a package ``<name>/`` whose ``__init__`` ends with ``RULESET = register(TheRuleset())``.
``SHIPPED`` is the one place that lists the packages shipped here, in the order pages list
them; each is imported on first ask, so ``get_ruleset("wenling")`` loads wenling alone. A
ruleset defined elsewhere (a club's own, the tests' toy) registers itself the same way when it
is imported and is then known to the log format, the simulator, the recorder and the pages.
A deployment names the modules of its own rulesets in ``FUPAN_RULESETS`` (comma-separated, the
same on every host): they are imported on the first question the registry cannot answer from
what it holds, so the web, the workers and the command line all know them.
"""

from __future__ import annotations

import importlib
import os

from engine.rulesets.base import Ruleset

SHIPPED = ("wenling", "huangyan", "zhoushan", "xizhou")

_REGISTRY: dict[str, Ruleset] = {}
_configured: list[str] = []  # the FUPAN_RULESETS modules imported so far


class UnknownRuleset(ValueError):
    def __init__(self, name: object):
        super().__init__(f"unknown ruleset {name!r}; valid rulesets: {', '.join(ruleset_names())}")


def register(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` known by its ``name``; returns it (``RULESET = register(...)``).
    A second ruleset under a name already taken is refused (re-importing the same class is not)."""
    name = ruleset.name
    if not name or not name.isidentifier() or not name.isascii() or name != name.lower():
        raise ValueError(f"a ruleset's name is lower-case ASCII letters, digits and _: {name!r}")
    known = _REGISTRY.get(name)
    if known is not None and type(known).__qualname__ != type(ruleset).__qualname__:
        raise ValueError(f"ruleset {name!r} is already registered ({type(known).__qualname__})")
    _REGISTRY[name] = ruleset
    return ruleset


def unregister(name: str) -> None:
    """Forget a ruleset registered from outside this package (a test's toy, when it is done)."""
    if name in SHIPPED:
        raise ValueError(f"ruleset {name!r} is shipped and stays registered")
    _REGISTRY.pop(name, None)


def _load_configured() -> None:
    """Import the modules ``FUPAN_RULESETS`` names that are not imported yet (each registers
    its ruleset); an error names the module."""
    wanted = [m.strip() for m in os.environ.get("FUPAN_RULESETS", "").split(",") if m.strip()]
    for module in wanted:
        if module in _configured:
            continue
        try:
            importlib.import_module(module)
        except ImportError as e:
            raise ImportError(
                f"FUPAN_RULESETS names {module!r}, which cannot be imported: {e}"
            ) from e
        _configured.append(module)


def is_ruleset(name: object) -> bool:
    """Is ``name`` a registered or shipped ruleset (without importing the shipped ones)?"""
    if not isinstance(name, str):
        return False
    if name not in _REGISTRY and name not in SHIPPED:
        _load_configured()
    return name in _REGISTRY or name in SHIPPED


def ruleset_names() -> tuple[str, ...]:
    """Every ruleset's name: the shipped ones in their order, then the others as registered."""
    _load_configured()
    return SHIPPED + tuple(name for name in _REGISTRY if name not in SHIPPED)


def get_ruleset(name: str) -> Ruleset:
    """The ruleset object registered as ``name``."""
    ruleset = _REGISTRY.get(name)
    if ruleset is not None:
        return ruleset
    if name not in SHIPPED:
        _load_configured()
        if name in _REGISTRY:
            return _REGISTRY[name]
        raise UnknownRuleset(name)
    importlib.import_module(f"{__name__}.{name}")
    return _REGISTRY[name]


def all_rulesets() -> tuple[Ruleset, ...]:
    """Every ruleset object, in the order of :func:`ruleset_names`."""
    return tuple(get_ruleset(name) for name in ruleset_names())
