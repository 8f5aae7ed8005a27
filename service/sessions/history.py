"""A session's verification history: each result, what changed since the one before it
(``engine.verdicts``) and why (a new engine version, corrections appended, other options)."""

from __future__ import annotations

import json

from engine import verdicts
from events.models import TableSession, Verification
from service.sessions import queries

CAUSES = {
    "engine": ("引擎升级后重新核对", "re-verified by another engine version"),
    "head": ("记录被更正或续记", "the log was corrected or extended"),
    "options": ("核对选项改变", "verified with other options"),
}


def entries(s: TableSession, rows: list[Verification], reports: list[dict | None]) -> list[dict]:
    """The results oldest first, each after the first with ``changes`` (None when either
    result has no report: the audit failed) and ``causes``."""
    heads = [r.head_seq for r in rows]
    changed = len(set(heads)) > 1
    events = queries.stream_outline(s.id, min(heads), max(heads)) if changed else []
    out = []
    for i, (row, report) in enumerate(zip(rows, reports, strict=True)):
        entry = _entry(row, report)
        if i:
            prev, prev_report = rows[i - 1], reports[i - 1]
            both = prev_report is not None and report is not None
            entry["changes"] = verdicts.changes(prev_report, report) if both else None
            entry["causes"] = _causes(prev, row, events)
        out.append(entry)
    return out


def _entry(v: Verification, report: dict | None) -> dict:
    return {
        "id": v.id,
        "created_at": v.created_at.isoformat(),
        "engine_version": v.engine_version,
        "head_seq": v.head_seq,
        "options": json.loads(v.options),
        "status": v.status,
        "error": v.error,
        "ok": None if report is None else report["ok"],
        "disputes": v.disputes,
        "anomalies": v.anomalies,
        "changes": None,
        "causes": [],
    }


def _causes(prev: Verification, v: Verification, events: list[queries.Outlined]) -> list[dict]:
    out = []
    if prev.engine_version != v.engine_version:
        out.append(_cause("engine", prev.engine_version, v.engine_version))
    if prev.head_seq != v.head_seq:
        out.append(_head(prev.head_seq, v.head_seq, events))
    if prev.options_hash != v.options_hash:
        out.append(_cause("options", json.loads(prev.options), json.loads(v.options)))
    return out


def _cause(code: str, before, after) -> dict:
    zh, en = CAUSES[code]
    return {"code": code, "zh": zh, "en": en, "before": before, "after": after}


def _head(before: int, after: int, events: list[queries.Outlined]) -> dict:
    """The records between two heads: each correction (who, why, what it targets) and how many
    other records were appended (a session recorded at the table grows hand by hand)."""
    low, high = sorted((before, after))
    between = [e for e in events if low < e.seq <= high]
    hands = [(e.seq, e.record["no"]) for e in events if e.type == "hand"]
    types = {e.seq: e.type for e in events}
    corrections = [
        {"seq": e.seq, "by": e.record["by"], "reason": e.record["reason"],
         "target": e.record["target"], "target_type": types.get(e.record["target"]),
         "void": bool(e.record.get("void")),
         "hand": max((no for at, no in hands if at <= e.record["target"]), default=None)}
        for e in between if e.type == "correction"
    ]  # fmt: skip
    cause = _cause("head", before, after)
    cause.update(corrections=corrections, appended=len(between) - len(corrections))
    return cause
