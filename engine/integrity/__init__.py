"""Integrity signals: patterns across a club's verified hands (who deals into whom, money
beyond the rules, recorded payments leaning one way) with their effect size, sample, p-value
and Benjamini–Hochberg q-value. Pure functions over audit reports; see ``docs/integrity.md``."""

from engine.integrity.facts import HandFacts, HandRef, Shift, hand_facts
from engine.integrity.result import INTEGRITY_VERSION, KINDS, IntegrityResult, Signal, load_result
from engine.integrity.signals import MIN_EVENTS, MIN_HANDS, THRESHOLD, integrity

__all__ = [
    "INTEGRITY_VERSION",
    "KINDS",
    "MIN_EVENTS",
    "MIN_HANDS",
    "THRESHOLD",
    "HandFacts",
    "HandRef",
    "IntegrityResult",
    "Shift",
    "Signal",
    "hand_facts",
    "integrity",
    "load_result",
]
