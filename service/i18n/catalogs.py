"""The message catalogs, ``service/translations/<lang>/LC_MESSAGES/messages.po`` (msgids in
English): extracted from the Python, templates and JavaScript of ``service/`` as ``babel.cfg``
says, compiled to ``.mo`` when the app starts (no binary file in git, nothing to build before a
run). ``bash scripts/i18n update`` brings both catalogs up to date with the code
(new msgids get an empty zh msgstr to fill in; en copies the msgid); ``check`` lists what lacks a
translation, as the test does.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

SERVICE = Path(__file__).resolve().parents[1]
REPO = SERVICE.parent
TRANSLATIONS = SERVICE / "translations"
LANGUAGES = ("zh", "en")
HEADER = (
    "# fupan's user-facing strings, msgids in English: `bash scripts/i18n update` updates them.\n#"
)
FIXED_DATE = datetime(2026, 12, 1, tzinfo=UTC)  # not the run's date: one header line less to merge
KEYWORDS = {**DEFAULT_KEYWORDS, "lazy_gettext": None, "_l": None}
JS_MAP = [("**/static/**.js", "javascript")]


def po_path(lang: str) -> Path:
    return TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po"


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as f:
        return read_po(f, locale=lang)


def _collect(found: Iterable[tuple]) -> Catalog:
    catalog = Catalog(project="fupan", version="", creation_date=FIXED_DATE, charset="utf-8")
    for filename, _lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, None)], auto_comments=comments, context=context)
    return catalog


def extract() -> Catalog:
    """Every msgid the code uses, read from the sources (a git checkout) as babel.cfg says."""
    with (REPO / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    return _collect(extract_from_dir(str(REPO), method_map, options_map, KEYWORDS))


def js_msgids() -> set[str]:
    """The msgids the JavaScript files use (what the page's script catalog carries)."""
    found = extract_from_dir(str(SERVICE), JS_MAP, {}, KEYWORDS)
    return {m if isinstance(m, str) else m[0] for _f, _l, m, _c, _x in found}


def problems(template: Catalog | None = None) -> list[str]:
    """What lacks a translation: a msgid of the code missing from a catalog, or there with an
    empty or fuzzy msgstr."""
    template = template or extract()
    out = []
    for lang in LANGUAGES:
        catalog = read(lang)
        for message in template:
            if not message.id:
                continue
            have = catalog.get(message.id, message.context)
            where = ", ".join(sorted({f for f, _ in message.locations}))
            if have is None:
                out.append(f"{lang}: missing {message.id!r} ({where})")
                continue
            strings = have.string if isinstance(have.string, tuple) else (have.string,)
            if have.fuzzy or not all(strings):
                out.append(f"{lang}: untranslated {message.id!r} ({where})")
    return out


def update() -> None:
    """Merge the extracted msgids into both catalogs: new ones added, gone ones dropped, sorted
    by msgid without line numbers (so two branches adding strings rarely touch the same lines)."""
    template = extract()
    for lang in LANGUAGES:
        path = po_path(lang)
        catalog = read(lang) if path.exists() else Catalog(locale=lang, project="fupan")
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        catalog.header_comment, catalog.fuzzy = HEADER, False
        catalog.revision_date, catalog.version = FIXED_DATE, ""
        catalog.msgid_bugs_address = catalog.last_translator = catalog.language_team = ""
        if lang == "en":  # the msgids are English: a new one reads as itself until reworded
            for message in catalog:
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.id and not all(strings):
                    message.string = message.id
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as f:
            write_po(f, catalog, width=100, sort_output=True, include_lineno=False,
                     omit_header=False)  # fmt: skip


def merge_conflicts() -> None:
    """During a ``git merge`` that conflicts on the catalogs: each becomes the union of both
    sides (a msgid translated on one side keeps that translation; ours first), then ``update``."""
    for lang in LANGUAGES:
        path = po_path(lang).relative_to(REPO).as_posix()
        sides = []
        for stage in (2, 3):
            blob = subprocess.run(["git", "show", f":{stage}:{path}"], cwd=REPO,
                                  capture_output=True, check=True).stdout  # fmt: skip
            sides.append(read_po(io.BytesIO(blob), locale=lang))
        ours, theirs = sides
        for message in theirs:
            have = ours.get(message.id, message.context) if message.id else None
            if message.id and (have is None or not have.string):
                ours[message.id] = message
        with po_path(lang).open("wb") as f:
            write_po(f, ours, width=100, sort_output=True, include_lineno=False)
    update()


def compile_to(dest: Path) -> Path:
    """Each catalog compiled to ``dest/<lang>/LC_MESSAGES/messages.mo`` unless the .mo is newer
    than its .po; written aside and renamed, so gunicorn workers starting together never read
    half a file. Returns ``dest``."""
    for lang in LANGUAGES:
        source, target = po_path(lang), dest / lang / "LC_MESSAGES" / "messages.mo"
        if target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        draft = target.with_name(f"messages.mo.{os.getpid()}")
        with draft.open("wb") as f:
            write_mo(f, read(lang), use_fuzzy=False)
        os.replace(draft, target)
    return dest


def main(argv: list[str]) -> int:
    if argv in (["update"], ["merge"]):
        (update if argv == ["update"] else merge_conflicts)()
        argv = ["check"]
    if argv == ["check"]:
        found = problems()
        print("\n".join(found) or "every msgid is translated in zh and en")
        return 1 if found else 0
    print("usage: scripts/i18n update|check|merge", file=sys.stderr)
    return 2
