"""Synthetic, legal table logs for every ruleset: a shuffled wall, four bots, the ruleset's own
scoring and settlement, optional table mistakes. Pure and deterministic for a seed.
See ``docs/simulate.md``.
"""

from engine.simulate.faults import LOG_FAULTS
from engine.simulate.session import SimulationError, generate_session

__all__ = ["LOG_FAULTS", "SimulationError", "generate_session"]
