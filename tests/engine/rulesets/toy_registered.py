"""The ``toy`` fixture: the toy ruleset (the package ``toy/`` beside this module) registered for
a test and forgotten after, so the other tests see the shipped rulesets alone. The package is
imported when a test asks, not when the tests are collected (this module is outside it for
that): its import registers it the first time, the fixture the times after. A test module
imports ``toy_fixture`` and names ``toy`` among a test's arguments."""

from __future__ import annotations

import importlib

import pytest

from engine.rulesets import register, unregister


@pytest.fixture(name="toy")
def toy_fixture():
    ruleset = register(importlib.import_module("tests.engine.rulesets.toy").RULESET)
    yield ruleset
    unregister(ruleset.name)
