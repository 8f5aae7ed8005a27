"""Frozen dataclasses an audit makes by the thousand, built in one step.

A frozen dataclass's own ``__init__`` sets each field through ``object.__setattr__`` (its
``__setattr__`` refuses): a wrapped C call each, ~1,300 instructions a field, so a hand's
report (25 fields) costs ~35,000 to make. :func:`one_step_init` gives such a class (frozen, with
a ``__dict__``) an ``__init__`` of the same signature that sets the instance's ``__dict__`` once.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

_T = TypeVar("_T", bound=type)


def one_step_init(cls: _T) -> _T:
    """Replace a frozen dataclass's ``__init__`` (same parameters and defaults, no
    ``__post_init__``, no slots) by one that sets ``__dict__`` at once. A field whose value a
    data descriptor keeps (``HandOutcome.actions``) must keep it in ``__dict__`` under its own
    name."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    fields = dataclasses.fields(cls)
    if not params.frozen or not cls.__dictoffset__ or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: not a frozen dataclass with a __dict__")
    env: dict[str, Any] = {"_set": object.__setattr__, "_unset": dataclasses.MISSING}
    args, values = [], []
    for f in fields:
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: a field one_step_init does not take")
        value = f.name
        if f.default_factory is not dataclasses.MISSING:  # (a fresh value when not given)
            env[f"_factory_{f.name}"] = f.default_factory
            args.append(f"{f.name}=_unset")
            value = f"_factory_{f.name}() if {f.name} is _unset else {f.name}"
        elif f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            env[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
        values.append(f"{f.name!r}: {value}")
    source = (
        f"def __init__(self, {', '.join(args)}):\n"
        f"    _set(self, '__dict__', {{{', '.join(values)}}})\n"
    )
    exec(source, env)  # noqa: S102 (made of the class's own field names)
    init = env["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    cls.__init__ = init  # type: ignore[misc]
    return cls
