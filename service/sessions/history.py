"""A session's verification history: each result, what changed since the one before it
(``engine.verdicts``) and why (a new engine version, corrections appended, other options)."""

from __future__ import annotations

import json
from dataclasses import asdict

from engine import verdicts
from engine.report import Report
from engine.rulesets import get_ruleset
from engine.rulesets.base import OptionError, Text
from events import verifications
from events.models import TableSession, Verification
from service.sessions import queries

NO_VALUE = Text("—", "—")
UNKNOWN_OPTION = Text("本版本没有的选项", "an option this version does not have")
CAUSES = {
    "engine": ("引擎升级后重新核对", "re-verified by another engine version"),
    "head": ("记录被更正或续记", "the log was corrected or extended"),
    "options": ("核对选项改变", "verified with other options"),
}


def entries(s: TableSession, rows: list[Verification], reports: list[Report | None]) -> list[dict]:
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
            for cause in entry["causes"]:
                if cause["code"] == "options":
                    cause["options"] = options_changed(
                        s.ruleset, _resolved(s.ruleset, prev, prev_report),
                        _resolved(s.ruleset, row, report),
                    )  # fmt: skip
        out.append(entry)
    return out


def _entry(v: Verification, report: Report | None) -> dict:
    return {
        "id": v.id,
        "created_at": v.created_at.isoformat(),
        "engine_version": v.engine_version,
        "head_seq": v.head_seq,
        "options": json.loads(v.options),
        "status": v.status,
        "error": v.error,  # English, for developers: a page shows it on English pages only
        "failure": verifications.failure_kind(v.error) if v.status == "failed" else None,
        "ok": None if report is None else report.ok,
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


def _resolved(ruleset: str, v: Verification, report: Report | None) -> dict:
    """The options a result was made with: its report's (every option, resolved), else (a
    failed audit) the defaults with its overrides."""
    if report is not None:
        return report.session.options
    defaults = {name: default for name, default, _ in get_ruleset(ruleset).describe_options()}
    return {**defaults, **json.loads(v.options)}


def options_changed(ruleset: str, before: dict, after: dict) -> list[dict]:
    """Each option whose value differs, as the reader reads it: the option's label and each
    value's (``{code, zh, en}``; the ``label`` filter picks the page's language), in the
    ruleset's order of options."""
    rs = get_ruleset(ruleset)
    texts = {name: text for name, _, text in rs.option_texts()}

    def value(name: str, raw) -> dict:
        try:
            label = rs.option_value(name, getattr(rs.options({name: raw}), name))
        except (OptionError, TypeError, ValueError):  # gone, or not a value of this option
            label = NO_VALUE if raw is None else Text(str(raw), str(raw))
        return {"value": raw, "zh": label.zh, "en": label.en}

    known = [name for name in texts if name in before or name in after]
    unknown = sorted((before.keys() | after.keys()) - set(texts))
    return [
        {"code": name, **asdict(texts.get(name, UNKNOWN_OPTION)),
         "before": value(name, before.get(name)), "after": value(name, after.get(name))}
        for name in known + unknown
        if before.get(name) != after.get(name)
    ]  # fmt: skip


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
