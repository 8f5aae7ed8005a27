"""A ruleset assembled from its package's modules (docs/engine.md, "A ruleset's package"): the
subclass names the module that plays each part in :class:`Parts`, and :class:`Assembled` makes
each hook one call into it, so the four packages do not each write the same delegating methods.

A part is any object with the part's functions (a module, or one object a module builds, like
``tai.TaiWinner``); what each must offer is the protocol below, checked by mypy where the
subclass names it. Every call passes the options, used or not, so one call serves every ruleset.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from engine.model import HandOutcome, StepFields, Win
from engine.rulesets.base import (
    Anomaly,
    Item,
    Liability,
    Mistake,
    Payment,
    Ruleset,
    Scoring,
    SettleInput,
)


class Winner(Protocol):
    """Scores a hand's seats, reads a winner's hand every legal way, lists the scoring items."""

    def score(self, outcome: HandOutcome, opts: Any, /) -> dict[str, Scoring]: ...

    def readings(
        self, outcome: HandOutcome, win: Win, opts: Any, /
    ) -> Iterable[tuple[int, str, str]]: ...

    def items(self, opts: Any, /) -> tuple[Item, ...]: ...


class Settlement(Protocol):
    def settle(self, inp: SettleInput, opts: Any, /) -> list[Payment]: ...


class Mistakes(Protocol):
    def mistakes(
        self, outcome: HandOutcome, scorings: Mapping[str, Scoring], inp: SettleInput, opts: Any, /
    ) -> Iterable[Mistake]: ...


class Dealer(Protocol):
    def next_dealer(self, outcome: HandOutcome, opts: Any, /) -> str: ...


class Liabilities(Protocol):
    def liabilities(self, outcome: HandOutcome, opts: Any, /) -> tuple[Liability, ...]: ...


class Checks(Protocol):
    """The ``check`` hook and the step kinds it can find anything in (``Ruleset.checked_kinds``)."""

    @property
    def CHECKED_KINDS(self) -> frozenset[str]: ...

    def check(
        self, action: StepFields, history: Sequence[StepFields], opts: Any, /
    ) -> list[Anomaly]: ...


@dataclass(frozen=True)
class Parts:
    """The module playing each part; a ruleset without liabilities or checks leaves them None
    (nobody pays for others; the replay asks it about no step)."""

    winner: Winner
    settlement: Settlement
    mistakes: Mistakes
    dealer: Dealer
    liability: Liabilities | None = None
    checks: Checks | None = None


class Assembled(Ruleset):
    """A :class:`Ruleset` whose hooks call its ``parts``; a subclass overrides a hook only where
    its package does more than one call (wenling's ``settle_input``, say)."""

    parts: ClassVar[Parts]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """``checked_kinds`` from the checks part: none without one, so the replay asks nothing."""
        super().__init_subclass__(**kwargs)
        checks = cls.parts.checks
        cls.checked_kinds = frozenset() if checks is None else checks.CHECKED_KINDS

    def items(self, opts: Any) -> tuple[Item, ...]:
        return self.parts.winner.items(opts)

    def check(self, action: StepFields, history: Sequence[StepFields], opts: Any) -> list[Anomaly]:
        checks = self.parts.checks
        return [] if checks is None else checks.check(action, history, opts)

    def score(self, outcome: HandOutcome, opts: Any) -> dict[str, Scoring]:
        return self.parts.winner.score(outcome, opts)

    def readings(self, outcome: HandOutcome, win: Win, opts: Any) -> Iterable[tuple[int, str, str]]:
        return self.parts.winner.readings(outcome, win, opts)

    def liabilities(self, outcome: HandOutcome, opts: Any) -> tuple[Liability, ...]:
        liability = self.parts.liability
        return () if liability is None else liability.liabilities(outcome, opts)

    def settle(self, inp: SettleInput, opts: Any) -> list[Payment]:
        return self.parts.settlement.settle(inp, opts)

    def mistakes(
        self, outcome: HandOutcome, scorings: Mapping[str, Scoring], inp: SettleInput, opts: Any
    ) -> list[Mistake]:
        return list(self.parts.mistakes.mistakes(outcome, scorings, inp, opts))

    def next_dealer(self, outcome: HandOutcome, opts: Any) -> str:
        return self.parts.dealer.next_dealer(outcome, opts)
