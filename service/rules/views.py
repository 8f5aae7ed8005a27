"""What the rules pages show, in one language: every item at the value the engine scores it,
the terms, the payment rules and the options in force, all read from ``engine.rulesets``
(no number is written here)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.glossary import GLOSSARY
from engine.rulesets import get_ruleset
from engine.rulesets.base import Item, Text


def pick(text: Text, language: str) -> str:
    return text.en if language == "en" else text.zh


def rules_view(name: str, opts: Any, language: str) -> dict:
    """``opts``: the options in force (a session's, or the defaults)."""
    rs = get_ruleset(name)
    texts = {n: t for n, _, t in rs.option_texts()}
    defaults = {n: d for n, d, _ in rs.describe_options()}
    return {
        "name": name,
        "title": pick(Text(rs.title_zh, rs.title_en), language),
        "terms": [
            {
                "term": t.term,
                "text": pick(t, language),
                "glossary": t.term in GLOSSARY_TERMS,
                "pinyin": PINYIN.get(t.term, "") if language == "en" else "",
            }
            for t in rs.terms(opts)
        ],
        "items": _entries(rs.items(opts), texts, language),
        "payments": [pick(t, language) for t in rs.payment_rules(opts)],
        "options": [
            {
                "name": n,
                "text": pick(texts[n], language),
                "value": pick(rs.option_value(n, getattr(opts, n)), language),
                "default": pick(rs.option_value(n, defaults[n]), language),
                "changed": getattr(opts, n) != defaults[n],
            }
            for n in defaults
        ],
    }


def _entries(items: tuple[Item, ...], texts: dict[str, Text], language: str) -> list[dict]:
    """One entry a code (its anchor), with each of its values (a second one ``when`` …)."""
    entries: dict[str, dict] = {}
    for item in items:
        entry = entries.setdefault(item.code, {
            "code": item.code, "name": item.en if language == "en" else item.zh,
            "unit": item.unit, "counts": item.counts, "values": [], "options": [],
            "about": pick(item.about, language) if item.about else None,
        })  # fmt: skip
        entry["values"].append(
            {"value": item.value, "when": pick(item.when, language) if item.when else None}
        )
        if item.option and texts[item.option] not in entry["options"]:
            entry["options"].append(texts[item.option])
    for entry in entries.values():
        entry["options"] = [pick(t, language) for t in entry["options"]]
    return list(entries.values())


GLOSSARY_TERMS = frozenset(e.term for e in GLOSSARY)
PINYIN = {e.term: e.pinyin for e in GLOSSARY}


@cache
def rule_codes(name: str) -> frozenset[str]:
    """The item codes with an entry on the rules page (a hand page links those)."""
    rs = get_ruleset(name)
    return frozenset(i.code for i in rs.items(rs.options()))


def glossary_view(language: str) -> list[dict]:
    """Each shared word (the subject, so shown as written, with its pinyin for an English
    reader) and what it means, in the page's language."""
    return [
        {"term": e.term, "pinyin": e.pinyin if language == "en" else "",
         "text": pick(Text(e.zh, e.en), language)}
        for e in GLOSSARY
    ]  # fmt: skip
