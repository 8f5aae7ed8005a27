"""A stand-in for an engine bug that some real log triggers: the audit crashes on any session
at table "poison". ``install()`` patches it into the engine (in a test worker before it starts)."""

from engine import audit

_real_audit = audit.audit
INSTALL = "import tests.workers.poison as poison; poison.install()"


def poisoned_audit(records, overrides=None):
    if records[0].get("table") == "poison":
        raise RuntimeError("engine bug: this log crashes the audit")
    return _real_audit(records, overrides)


def install() -> None:
    audit.audit = poisoned_audit
