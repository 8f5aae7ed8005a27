"""A club's integrity signals as a typed, versioned result: what the workers store (JSON) and
the pages, the API and ``fupan integrity`` read back through :func:`load_result`, which upcasts
older versions step by step (``UPCASTERS``), so readers never branch on an old shape."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.integrity.facts import HandRef

INTEGRITY_VERSION = 1

# What each kind of signal looks at (zh, en): a pattern, never an accusation.
KINDS = {
    "feeding": ("放炮去向", "where deal-ins go"),
    "money_flow": ("规则外的钱", "money beyond the rules between two players"),
    "recording_favour": ("记录偏向", "recorded payments leaning one way"),
    "repeated_slips": ("维持实付偏向一方", "disputes kept as recorded leaning one way"),
    "play": ("放炮前弃牌偏离效率", "deal-ins off the efficient discard"),
}


@dataclass(frozen=True, slots=True)
class Signal:
    """One test: ``players`` in the kind's order (feeding and money flow: from, to; recording
    favour: recorder, player; repeated slips: the player); ``hands``: the sample behind it
    (hands sat together; recorded payments looked at); ``observed`` against ``expected``
    events, ``effect`` their ratio (money flow: points beyond the rules); ``p_value`` and the
    Benjamini–Hochberg ``q_value`` are None below the minimum sample (``enough`` False);
    ``refs``: the hands behind the observed events."""

    kind: str
    players: tuple[str, ...]
    hands: int
    events: int
    observed: float
    expected: float
    effect: float
    p_value: float | None
    q_value: float | None
    flagged: bool
    enough: bool
    refs: tuple[HandRef, ...] = ()


@dataclass(frozen=True, slots=True)
class IntegrityResult:
    """The signals of ``club`` over sessions played from ``since`` to ``until`` (ISO days, None:
    open), computed from ``hands`` verified hands."""

    club: str
    since: str | None
    until: str | None
    hands: int
    min_hands: int
    min_events: int
    threshold: float
    signals: tuple[Signal, ...]
    integrity_version: int = INTEGRITY_VERSION

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


class IntegrityError(ValueError):
    """A stored result this engine cannot read (a newer version)."""


def upcast(data: dict[str, Any]) -> dict[str, Any]:
    """The JSON of any version so far in the current version's shape, one step at a time
    (``UPCASTERS``, as ``engine.report`` does it)."""
    version = data.get("integrity_version", 1)
    if version > INTEGRITY_VERSION:
        raise IntegrityError(f"integrity result version {version} is newer than this engine's")
    while version < INTEGRITY_VERSION:
        data = UPCASTERS[version](data)
        version = data["integrity_version"]
    return data


def load_result(data: dict[str, Any]) -> IntegrityResult:
    """An :class:`IntegrityResult` from its JSON, of any version so far."""
    data = upcast(data)
    signals = tuple(
        Signal(**{**s, "players": tuple(s["players"]),
                  "refs": tuple(HandRef(**r) for r in s["refs"])})
        for s in data["signals"]
    )  # fmt: skip
    return IntegrityResult(**{**data, "signals": signals})


# version -> the function that turns that version's JSON into the next one's (``upcast_v1_v2``
# when version 2 comes).
UPCASTERS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
