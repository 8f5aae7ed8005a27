"""Dishonest tables on purpose, so the integrity signals can be measured where the truth is known.

- :class:`Collusion`: two players who help each other. A colluder holding a tile that completes
  the partner's hand discards it with probability ``strength`` (a feed, always won on); the
  partner lets any other win on the colluder's discard (or robbed kong) go by with the same
  probability, and then waits for its next draw before winning on anyone's tile (the strictest
  reading of 过胡, so every ruleset's replay accepts the log).
- :class:`Bias`: a recorder who leans one way: in a share of hands the settlement gains one
  extra payment to the named player from another seat (a quarter of the hand's largest payment,
  at least one point).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Collusion:
    players: tuple[str, str]
    strength: float

    def __post_init__(self) -> None:
        if len(set(self.players)) != 2:
            raise ValueError(
                f"collusion needs two different players (got {', '.join(self.players)})"
            )
        if not 0.0 <= self.strength <= 1.0:
            raise ValueError(
                f"the collusion strength must be between 0 and 1 (got {self.strength})"
            )

    def seats(self, seats: dict[str, str]) -> dict[str, str]:
        """Colluder's seat -> partner's seat at this hand (empty unless both sit)."""
        at = {name: seat for seat, name in seats.items()}
        a, b = self.players
        return {at[a]: at[b], at[b]: at[a]} if a in at and b in at else {}


@dataclass(frozen=True, slots=True)
class Bias:
    player: str
    share: float

    def __post_init__(self) -> None:
        if not 0.0 <= self.share <= 1.0:
            raise ValueError(f"the bias share must be between 0 and 1 (got {self.share})")


def lean(
    rng: random.Random, bias: Bias, seats: dict[str, str], settlement: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, str] | None]:
    """``(settlement, fault)``: the settlement with one extra payment to the bias's player (when
    they sit at the hand and the draw says so), else unchanged and None."""
    at = {name: seat for seat, name in seats.items()}
    if bias.player not in at or rng.random() >= bias.share:
        return settlement, None
    to = at[bias.player]
    payer = rng.choice([s for s in seats if s != to])
    largest = max((p["amount"] for p in settlement["payments"]), default=0)
    amount = max(1, largest // 4)
    paid = [*settlement["payments"], {"from": payer, "to": to, "amount": amount}]
    fault = {"kind": "settlement", "code": "recording_bias",
             "note": f"{seats[payer]} pays {bias.player} {amount} beyond the rules"}  # fmt: skip
    return {**settlement, "payments": paid}, fault
