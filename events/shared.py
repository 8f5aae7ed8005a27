"""Records that every parse of the same line shares (``events.codec``'s known lines): read-only,
so that no reader's change can reach another log's records. A reader that needs to change one
changes a copy (``dict(record)``; its lists ``list(value)``)."""

from __future__ import annotations

from typing import Any, NoReturn


def _refuse(self: object, *args: Any, **kwargs: Any) -> NoReturn:
    raise TypeError(f"a parsed record is read-only ({type(self).__name__}): change a copy")


class SharedList(list[Any]):
    """A list no one may change: a known line's dice or a chi's tiles."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = pop = remove = reverse = sort = clear = _refuse

    def __reduce__(self) -> tuple[type[SharedList], tuple[list[Any]]]:
        return type(self), (list(self),)  # pickle and copy: not item by item (refused)


class SharedRecord(dict[str, Any]):
    """A record no one may change; its ``copy()`` is a plain dict."""

    __slots__ = ()
    __setitem__ = __delitem__ = __ior__ = _refuse
    clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[type[SharedRecord], tuple[dict[str, Any]]]:
        return type(self), (dict(self),)


def shared(record: dict[str, Any]) -> SharedRecord:
    """``record`` read-only, its lists too (a known line's values are text, numbers or short
    lists of those: nothing deeper)."""
    return SharedRecord(
        {key: SharedList(value) if type(value) is list else value for key, value in record.items()}
    )
